"""A tournament's head is anchored outside Redis as a game's is (service/streams/anchor.py): its
appends mark it due, the worker's one sweep anchors it beside the games, the archiver anchors
its end before its record leaves Redis, and every read holds its stream against that anchor.

The rewrites a writer to Redis can make with every seal of the server's deleted, each refused
(409 `record_damaged`) as for a game (tests/streams/test_anchor.py):

- (a) a running tournament's last 5 events deleted, its head moved back, its snapshot and
  checkpoints deleted: `tail_missing`, the next command refused, nothing appended;
- (b) the same on a finished one with its end seal deleted: damage, never "registering";
- (c) event 2 edited, every later hash recomputed, stream and head rewritten, end seal,
  snapshot and checkpoints deleted: `record_rewritten`, no end seal written over it.

Two apps share the real Redis and a real archive directory: `worker` anchors (as the worker's
thread does), `web` serves from its own process memory.
"""
from __future__ import annotations

import time

import pytest

from service.jobs.sweepers import ArchiveSweeper
from service.streams import anchor_log, archive
from service.streams.anchor import ANCHOR_DUE
from service.streams.keys import archive_member
from service.streams.verified import end_key
from service.tournaments.archive import archivers_for
from tests.support.anchor import anchor, archive_url, bearer, cut_back, damaged, make_app, rewrite, stored, web  # noqa: F401 (fixtures)
from tests.tournaments.test_tournament_rest import BODY

NS = "tournament"


@pytest.fixture
def worker(redis_url, web, archive_url):
    """The worker's ledgers: its own process memory (caches, anchors looked up)."""
    app = make_app(redis_url, archive_url)
    return app.extensions["games"], app.extensions["tournaments"]


@pytest.fixture
def api(web):
    return web.test_client()


def cold(app) -> None:
    """The web process forgets its copies and the anchors it looked up (a process that never
    served the tournament)."""
    tournaments = app.extensions["tournaments"]
    tournaments.cache.clear()
    tournaments.anchors.forget()


def sweep(worker) -> dict:
    """The worker's anchor sweep: what became of each tournament (the tables' games aside)."""
    games, tournaments = worker
    return {m: outcome for m, outcome in anchor(games, tournaments=tournaments) if m.startswith(f"{NS}:")}


def post(api, tid: str, token: str, body: dict):
    return api.post(f"/v1/tournaments/{tid}/commands", json=body, headers=bearer(token))


def running(api, says: int = 30) -> tuple[str, str, list[str]]:
    """A tournament of four seated (round 1, its tables made, not played), then `says` lines of
    its talk: (id, organizer token, the entrants' tokens)."""
    made = api.post("/v1/tournaments", json={**BODY, "rounds": 1, "table_size": {"min": 4, "max": 4}}).get_json()
    tid, org = made["tournament_id"], made["organizer_token"]
    tokens = [api.post(f"/v1/tournaments/{tid}/entrants", json={"name": n}).get_json()["entrant_token"]
              for n in ("Ada", "Bix", "Cora", "Dov")]
    assert post(api, tid, org, {"type": "seat_round"}).status_code == 201
    for n in range(says):
        said = post(api, tid, tokens[n % 4], {"type": "say", "text": f"line {n}"})
        assert said.status_code == 201, said.get_data(as_text=True)
    return tid, org, tokens


def finished(api, says: int = 12) -> tuple[str, str]:
    """A tournament nobody entered, its organizer's talk, then finished (its seed revealed)."""
    made = api.post("/v1/tournaments", json=BODY).get_json()
    tid, org = made["tournament_id"], made["organizer_token"]
    for n in range(says):
        assert post(api, tid, org, {"type": "say", "text": f"note {n}"}).status_code == 201
    ended = post(api, tid, org, {"type": "finish"})
    assert ended.status_code == 201, ended.get_data(as_text=True)
    return tid, org


def audit_problems(api, tid: str) -> list[tuple[str, int]]:
    """What the tournament's audit names (anyone may read it, damaged or not)."""
    answer = api.get(f"/v1/tournaments/{tid}/audit")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    body = answer.get_json()
    assert body["chain"]["intact"] is not any(p["kind"] in ("tail_missing", "record_rewritten")
                                                for p in body["problems"])
    return [(p["kind"], p["version"]) for p in body["problems"]]


def head_of(api, tid: str) -> tuple[int, str]:
    state = api.get(f"/v1/tournaments/{tid}").get_json()
    return state["version"], state["status"]


# ---- anchored as a game is ------------------------------------------------------------------
def test_a_tournaments_appends_mark_it_due_and_the_workers_sweep_anchors_it(api, web, worker, redis_client):
    tid, _, _ = running(api, says=3)
    assert redis_client.zscore(ANCHOR_DUE, archive_member(tid, NS)) is not None, "its appends mark it due"
    head, status = head_of(api, tid)
    games, tournaments = worker
    sweeper = ArchiveSweeper(games, tournaments, 60, 3600).anchorer  # (the worker's thread, not started)
    assert set(sweeper.anchors) == {"game", NS}
    done = dict(anchor_log.sweep(sweeper.anchors, games.redis, sweeper.log, now=time.time() + 3600))
    assert done[archive_member(tid, NS)] == "anchored"
    held = tournaments.anchors.inspect(tid).anchored
    assert (held.version, held.finished, status) == (head, False, "running")
    assert held.head == web.extensions["tournaments"].load(tid)["head_hash"]
    # the log names it, with its receipt of that head (what a verifier holds the record against)
    audited = api.get(f"/v1/tournaments/{tid}/audit").get_json()
    assert audited["chain"] == {"intact": True, "first_break": None} and audited["problems"] == []
    assert {"kind": "anchor", "version": head, "sealed": True, "matches": True} in audited["caches"]
    heads = [h for b in anchor_log.AnchorLog.for_ledger(games).batches() for h in b["heads"] if h["id"] == tid]
    assert heads and heads[-1]["ns"] == NS and heads[-1]["version"] == head and heads[-1]["receipt"]


def test_the_archiver_anchors_a_tournaments_end_before_its_record_leaves_redis(api, worker):
    tid, _ = finished(api)
    games, tournaments = worker
    assert tournaments.anchors.inspect(tid).anchored is None  # (no sweep yet)
    result = archivers_for(games, tournaments)[NS].archive(tid, force=True)
    assert result.outcome == archive.ARCHIVED, result
    state = tournaments.load(tid)
    held = tournaments.anchors.inspect(tid).anchored
    assert (held.version, held.head, held.finished) == (state["version"], state["head_hash"], True)


# ---- (a) a running tournament rolled back ----------------------------------------------------
def test_a_running_tournament_rolled_back_with_its_seals_deleted_is_refused(api, web, worker, redis_client):
    tid, org, tokens = running(api)
    head, _ = head_of(api, tid)
    assert sweep(worker) == {archive_member(tid, NS): "anchored"}

    cut = cut_back(redis_client, tid, 5, NS)
    assert web.extensions["tournaments"].rebuild(tid)["version"] == cut  # what is left folds, running
    for app_cold in (False, True):  # the web process that served it, and one that never did
        if app_cold:
            cold(web)
        body = damaged(api.get(f"/v1/tournaments/{tid}", headers=bearer(org)), "tail_missing", cut + 1)
        assert f"at event {head}" in body["detail"] and "anchor" in body["detail"]
    damaged(api.get(f"/v1/tournaments/{tid}/standings"), "tail_missing", cut + 1)
    damaged(api.get(f"/v1/tournaments/{tid}/events"), "tail_missing", cut + 1)
    damaged(post(api, tid, tokens[0], {"type": "say", "text": "anyone there?"}), "tail_missing", cut + 1)
    assert len(stored(redis_client, tid, NS)) == cut, "nothing is appended to it"
    assert ("tail_missing", cut + 1) in audit_problems(api, tid)
    # the worker never anchors what it cannot read
    worker[1].anchors.mark(tid)
    assert sweep(worker) == {archive_member(tid, NS): "damaged"}
    assert worker[1].anchors.inspect(tid).anchored.version == head


# ---- (b) a finished tournament rolled back, its end seal deleted ------------------------------
def test_a_finished_tournament_rolled_back_with_its_end_seal_deleted_is_damage_not_open(api, web, worker,
                                                                                       redis_client):
    tid, org = finished(api)
    head, _ = head_of(api, tid)
    assert sweep(worker) == {archive_member(tid, NS): "anchored"}
    cut = cut_back(redis_client, tid, 3, NS)
    redis_client.delete(end_key(tid, NS))
    assert web.extensions["tournaments"].rebuild(tid)["status"] == "registering"  # what the cut record folds to
    cold(web)
    for answer in (api.get(f"/v1/tournaments/{tid}", headers=bearer(org)), api.get(f"/v1/tournaments/{tid}"),
                   api.get(f"/v1/tournaments/{tid}/export")):
        body = damaged(answer, "tail_missing", cut + 1)
        assert f"at event {head}, finished" in body["detail"]
    refused = api.post(f"/v1/tournaments/{tid}/entrants", json={"name": "Late"})
    damaged(refused, "tail_missing", cut + 1)
    assert len(stored(redis_client, tid, NS)) == cut
    assert ("tail_missing", cut + 1) in audit_problems(api, tid)
    assert redis_client.get(end_key(tid, NS)) is None, "no end seal is written over a record that does not verify"


# ---- (c) a rewrite re-chained, every seal deleted ---------------------------------------------
def test_a_tournament_rewritten_with_every_seal_deleted_is_refused(api, web, worker, redis_client):
    tid, org = finished(api)
    head, _ = head_of(api, tid)
    assert sweep(worker) == {archive_member(tid, NS): "anchored"}

    def edit(events):
        assert events[1]["type"] == "said"
        events[1]["payload"]["text"] = "the organizer never said this"

    rewrite(redis_client, tid, edit, NS)
    assert web.extensions["tournaments"].rebuild(tid)["version"] == head  # the chain alone holds
    cold(web)
    for answer in (api.get(f"/v1/tournaments/{tid}", headers=bearer(org)), api.get(f"/v1/tournaments/{tid}"),
                   api.get(f"/v1/tournaments/{tid}/standings")):
        body = damaged(answer, "record_rewritten", 2)  # (the creation seal still pins event 1)
        assert f"events 2-{head} were rewritten" in body["detail"] and "anchor" in body["detail"]
    assert ("record_rewritten", 2) in audit_problems(api, tid)
    assert redis_client.get(end_key(tid, NS)) is None, "no end seal is written over the forgery"
    worker[1].anchors.mark(tid)
    assert sweep(worker) == {archive_member(tid, NS): "damaged"}



def test_an_imported_tournament_is_anchored_with_the_next_sweep(api, worker, redis_client):
    tid, org = finished(api)
    record = api.get(f"/v1/tournaments/{tid}/export").get_data()
    head, _ = head_of(api, tid)
    redis_client.flushdb()  # (another server: the record comes to it by its export)
    imported = api.post("/v1/tournaments/import", data=record, headers={**bearer(org),
                                                                        "Content-Type": "application/json"})
    assert imported.status_code == 201, imported.get_data(as_text=True)
    assert redis_client.zscore(ANCHOR_DUE, archive_member(tid, NS)) is not None, "written without the write loop"
    assert sweep(worker) == {archive_member(tid, NS): "anchored"}
    held = worker[1].anchors.inspect(tid).anchored
    assert (held.version, held.finished) == (head, True)
