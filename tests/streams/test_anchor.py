"""The anchor outside Redis (service/streams/anchor.py, anchor_log.py): each rewrite of the issue
that deleted every seal Redis held, refused all the same.

A writer to Redis (or to the archive) who does not hold the server key rolls a game back or
rewrites it, deleting on the way every seal of the server's that Redis holds (snapshot,
checkpoints, end seal, creation seal): what tells is the game's head anchored outside Redis,
in the archive store, by the worker's sweeper. Two apps share the real Redis and a real archive
directory: `worker` anchors (as the worker's thread does), `web` serves (its own process memory:
it finds the anchor in the archive, not in what the worker remembers).

- (a) a running game's last 5 events deleted, its head moved back, its snapshot and checkpoints
  deleted: 409 `record_damaged` (`tail_missing`), named by `/audit`; the next `say` is a 409;
- (b) the same on a finished game with its end seal deleted: damage, never "running";
- (c) event 2 edited, every later hash recomputed, stream and head rewritten, end seal,
  snapshot and checkpoints deleted: refused, no new seal written over it,
  and `bootleggers verify --anchor` FAILS the forgery (which verifies without the anchor);
- (d) an archived record re-hashed, the stub's digest updated (a directory, and S3): refused,
  verify --anchor FAILS (test_anchor_archive.py);
- (e) a forged list line (test_anchor_lines.py).
"""
from __future__ import annotations

import json

import pytest

from events.canonical import dumps, loads
from events.store import head_key, stream_key
from service.streams.checkpoints import checkpoints_key
from service.streams.snapshots import snapshot_key
from service.streams.verified import end_key
from tests.support.anchor import (ORG, anchor, archive_url, audit_problems, bearer, cold, cut_back,  # noqa: F401
                                  damaged, export_anchor, import_golden, make_app, rechain, stored, verify, web)


@pytest.fixture
def worker(redis_url, web, archive_url):
    """The worker's games: its own process memory (caches, anchors looked up)."""
    return make_app(redis_url, archive_url).extensions["games"]


@pytest.fixture
def api(web):
    return web.test_client()


@pytest.fixture
def golden(api, web, worker) -> tuple[str, int, list[dict]]:
    return import_golden(api, web, worker)


# ---- (a) a running game rolled back ----------------------------------------------------------
def test_a_running_game_rolled_back_with_its_seals_deleted_is_refused_and_audited(api, web, worker, redis_client):
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()
    gid, organizer = created["game_id"], bearer(created["organizer_token"])
    tokens = [api.post(f"/v1/games/{gid}/seats", json={"name": n}).get_json()["player_token"] for n in "ABC"]
    assert api.post(f"/v1/games/{gid}/start", headers=organizer).status_code == 201
    for n in range(30):
        said = api.post(f"/v1/games/{gid}/commands", json={"type": "say", "text": f"line {n}"},
                        headers=bearer(tokens[n % 3]))
        assert said.status_code == 201, said.get_data(as_text=True)
    head = api.get(f"/v1/games/{gid}", headers=organizer).get_json()["version"]
    assert [outcome for _, outcome in anchor(worker)] == ["anchored"]
    assert worker.anchors.inspect(gid).anchored.version == head

    cut = cut_back(redis_client, gid, 5)
    assert web.extensions["games"].rebuild(gid)["version"] == cut  # what is left folds, to a running game
    for app_cold in (False, True):  # the web process that served it, and one that never did
        if app_cold:
            cold(web)
            web.extensions["games"].anchors.forget()
        body = damaged(api.get(f"/v1/games/{gid}", headers=organizer), "tail_missing", cut + 1)
        assert f"at event {head}" in body["detail"] and "anchor" in body["detail"]
    damaged(api.get(f"/v1/games/{gid}"), "tail_missing", cut + 1)
    # the next say: refused as damage (never a 500 from the stream's id), nothing appended
    said = api.post(f"/v1/games/{gid}/commands", json={"type": "say", "text": "anyone there?"},
                    headers=bearer(tokens[0]))
    damaged(said, "tail_missing", cut + 1)
    assert len(stored(redis_client, gid)) == cut
    assert ("tail_missing", cut + 1) in audit_problems(api, gid, organizer)
    # the worker never anchors what it cannot read
    worker.anchors.mark(gid)
    assert [outcome for _, outcome in anchor(worker)] == ["damaged"]
    assert worker.anchors.inspect(gid).anchored.version == head


# ---- (b) a finished game rolled back, its end seal deleted -----------------------------------
def test_a_finished_game_rolled_back_with_its_end_seal_deleted_is_damage_not_running(api, web, golden,
                                                                                      redis_client):
    gid, head, _ = golden
    cut = cut_back(redis_client, gid, 5)
    redis_client.delete(end_key(gid))
    assert web.extensions["games"].rebuild(gid)["status"] == "running"  # what the cut record folds to
    cold(web)
    for answer in (api.get(f"/v1/games/{gid}", headers=ORG), api.get(f"/v1/games/{gid}"),
                   api.get(f"/v1/games/{gid}/legal-actions", headers=ORG)):
        body = damaged(answer, "tail_missing", cut + 1)
        assert f"at event {head}, finished" in body["detail"]
    assert ("tail_missing", cut + 1) in audit_problems(api, gid, ORG)
    assert redis_client.get(end_key(gid)) is None, "no end seal is written over a record that does not verify"


# ---- (c) a rewrite re-chained, every seal deleted ---------------------------------------------
def test_a_rewrite_with_every_seal_deleted_is_refused_and_fails_verify_with_the_anchor(
        api, web, worker, golden, redis_client, archive_url, tmp_path, monkeypatch):
    gid, head, events = golden
    honest = api.get(f"/v1/games/{gid}/export").get_data()
    forged = [loads(raw) for _, raw in stored(redis_client, gid)]
    forged[1]["payload"]["name"] = "Somebody Else"  # event 2: who sat at seat 1
    rechain(forged)
    redis_client.delete(stream_key(gid), snapshot_key(gid), checkpoints_key(gid), end_key(gid))
    for event in forged:
        redis_client.xadd(stream_key(gid), {"e": dumps(event).encode()}, id=f"{event['version']}-0")
    redis_client.hset(head_key(gid), mapping={"version": head, "head": forged[-1]["hash"]})
    assert web.extensions["games"].rebuild(gid)["version"] == head  # the chain alone holds

    cold(web)
    for answer in (api.get(f"/v1/games/{gid}", headers=ORG), api.get(f"/v1/games/{gid}?at=300", headers=ORG),
                   api.get(f"/v1/games/{gid}/legal-actions", headers=ORG)):
        body = damaged(answer, "record_rewritten", 2)  # (the creation seal still pins event 1)
        assert f"events 2-{head} were rewritten" in body["detail"] and "anchor" in body["detail"]
    assert ("record_rewritten", 2) in audit_problems(api, gid, ORG)
    assert [e["version"] for e in api.get(f"/v1/games/{gid}/export", headers=ORG).get_json()["events"]] == [1]
    assert redis_client.get(end_key(gid)) is None, "no end seal is written over the forgery"
    assert not redis_client.exists(snapshot_key(gid)) and not redis_client.exists(checkpoints_key(gid))
    worker.anchors.mark(gid)
    assert [outcome for _, outcome in anchor(worker)] == ["damaged"]

    # the published anchor, and the forgery as its writer would publish it
    (tmp_path / "anchor.json").write_text(export_anchor(archive_url, monkeypatch))
    (tmp_path / "honest.json").write_bytes(honest)
    (tmp_path / "forged.json").write_text(json.dumps({**json.loads(honest), "events": forged}))
    verified = verify(tmp_path / "forged.json")
    assert verified.exit_code == 0 and "VERIFIED" in verified.output, verified.output  # convincing without it
    refused = verify(tmp_path / "forged.json", "--anchor", tmp_path / "anchor.json")
    assert refused.exit_code == 1, refused.output
    assert "anchor    FAILED" in refused.output and f"at event {head}" in refused.output
    honest_check = verify(tmp_path / "honest.json", "--anchor", tmp_path / "anchor.json")
    assert honest_check.exit_code == 0, honest_check.output
    assert "anchor    ok" in honest_check.output and honest_check.output.rstrip().endswith("and the anchor")


def test_a_rollback_before_the_anchor_is_written_is_refused_as_damage_never_a_500(api, web, redis_client):
    """Inside the anchor's few seconds (no sweep yet) the stream itself tells: it remembers the
    last id it ever gave, so the next append finds the deleted tail (events/append.lua)."""
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()
    gid, organizer = created["game_id"], bearer(created["organizer_token"])
    tokens = [api.post(f"/v1/games/{gid}/seats", json={"name": n}).get_json()["player_token"] for n in "ABC"]
    assert api.post(f"/v1/games/{gid}/start", headers=organizer).status_code == 201
    for n in range(8):
        assert api.post(f"/v1/games/{gid}/commands", json={"type": "say", "text": f"line {n}"},
                        headers=bearer(tokens[n % 3])).status_code == 201
    cut = cut_back(redis_client, gid, 3)
    cold(web)
    for token in tokens:  # the held copy is gone; each seat's say meets the stream's memory
        said = api.post(f"/v1/games/{gid}/commands", json={"type": "say", "text": "still here?"},
                        headers=bearer(token))
        damaged(said, "tail_missing", cut + 1)
    assert len(stored(redis_client, gid)) == cut
