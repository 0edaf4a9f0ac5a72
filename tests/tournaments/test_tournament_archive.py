"""A finished tournament leaves for the archive after its delay, once every table's game has
left (service/tournaments/archive.py), and every read of it and of its tables answers the same
bytes as before. A table whose dispute is still open holds its tournament in Redis."""
from __future__ import annotations

import json
import time

import pytest
from click.testing import CliRunner

from service.app import create_app
from service.streams import archive
from service.streams.keys import ARCHIVE_DUE, archive_member
from service.tournaments.archive import archivers_for
from tests.api.conftest import kernel_rulesets, problem
from tests.support.anchor import anchor
from tests.support.archive import answer, differences, paged
from tests.support.bots import bearer
from tests.tournaments.test_tournament_rest import command, create, play_round, register

DAY = 86400


@pytest.fixture
def app(redis_url, redis_client, tmp_path):
    return create_app({"REDIS_URL": redis_url, "TESTING": True, "ARCHIVE_URL": (tmp_path / "archive").as_uri(),
                       "RULESETS": kernel_rulesets()})


@pytest.fixture
def client(app):
    return app.test_client()


def read_tournament(client, tid: str, organizer: str, entrant: str, tables: list[str]) -> dict:
    out = {}
    base = f"/v1/tournaments/{tid}"
    for who, token in (("organizer", organizer), ("entrant", entrant), ("anyone", None)):
        out[(who, "state")] = answer(client, base, token)
        out[(who, "standings")] = answer(client, f"{base}/standings", token)
        out[(who, "export")] = answer(client, f"{base}/export", token)
        out[(who, "report")] = answer(client, f"{base}/report", token)
        out[(who, "stream")] = answer(client, f"{base}/events/stream", token)
        for n, page in enumerate(paged(client, f"{base}/events", token, "events", limit=7)):
            out[(who, "events", n)] = page
    out[("entrant", "me")] = answer(client, f"{base}/me", entrant)
    out[("organizer", "disputes")] = answer(client, f"{base}/disputes", organizer)
    out[("list",)] = answer(client, "/v1/tournaments?status=finished")
    out[("desk",)] = answer(client, f"/viewer/tournaments/{tid}", Accept="text/html")
    for game_id in tables:
        for who, token in (("organizer", organizer), ("anyone", None)):
            out[(who, game_id)] = answer(client, f"/v1/games/{game_id}", token)
            out[(who, game_id, "at 50")] = answer(client, f"/v1/games/{game_id}?at=50", token)
            out[(who, game_id, "export")] = answer(client, f"/v1/games/{game_id}/export", token)
            out[(who, game_id, "audit")] = answer(client, f"/v1/games/{game_id}/audit", token)
    return out


def test_a_finished_tournament_and_its_tables_leave_for_the_archive_and_read_the_same(app, client, redis_client,
                                                                                       tmp_path):
    games, tournaments = app.extensions["games"], app.extensions["tournaments"]
    made = create(client, rounds=2)
    tid, org = made["tournament_id"], made["organizer_token"]
    entrants = [register(client, tid, f"House {n}", org, bot="random") for n in range(1, 10)]
    for _ in range(2):
        command(client, tid, org, {"type": "seat_round"})
        play_round(app, tid)
    entrant = entrants[0]["entrant_token"]
    command(client, tid, entrant, {"type": "say", "text": "good games, all"})
    command(client, tid, entrant, {"type": "dispute", "version": 3, "text": "the seating looked odd"})
    command(client, tid, org, {"type": "resolve_dispute", "dispute": 1, "decision": "rejected",
                               "text": "the seed decides the seating"})
    command(client, tid, org, {"type": "finish"})
    tables = [t["game_id"] for t in tournaments.load(tid)["tables"]]
    assert len(tables) == 4 and redis_client.zscore(ARCHIVE_DUE, archive_member(tid, "tournament"))

    # a table with an open dispute holds itself and its tournament in Redis
    held_table = tables[0]
    seat = games.load(held_table)["seats"][0]["seat"]
    games.command(held_table, {"kind": "seat", "seat": seat}, {"type": "dispute", "version": 5, "text": "hm"})
    archivers = archivers_for(games, tournaments, now=lambda: time.time() + 2 * DAY)
    done = dict((m, r) for m, r in archive.sweep(archivers, redis_client, now=time.time() + 2 * DAY))
    assert done[archive_member(tid, "tournament")].outcome == archive.HELD
    assert held_table in done[archive_member(tid, "tournament")].detail
    assert not tournaments.store.is_archived(tid) and not games.store.is_archived(held_table)
    assert all(games.store.is_archived(t) for t in tables[1:])
    games.command(held_table, {"kind": "organizer"}, {"type": "resolve_dispute", "dispute": 1,
                                                      "decision": "rejected", "text": "no"})
    anchor(games)  # what the worker's sweeper has done by then: each table's head anchored

    games.cache.clear()
    before = read_tournament(client, tid, org, entrant, tables)
    redis_client.zadd(ARCHIVE_DUE, {archive_member(tid, "tournament"): 1})  # (held: looked at again an hour on)
    done = dict((m, r.outcome) for m, r in archive.sweep(archivers, redis_client, now=time.time() + 2 * DAY))
    assert done[archive_member(tid, "tournament")] == archive.ARCHIVED, done
    assert all(games.store.is_archived(t) for t in tables) and tournaments.store.is_archived(tid)
    left = sorted(k.decode() for k in redis_client.scan_iter(f"tournament:{{{tid}}}:*"))
    # (idempotency keys of results recorded lapse by themselves within a day: IDEMPOTENCY_TTL)
    assert [k for k in left if ":idem:" not in k] == [f"tournament:{{{tid}}}:{k}" for k in ("end", "head", "summary")]
    assert all(0 < redis_client.ttl(k) <= 86400 for k in left if ":idem:" in k)

    games.cache.clear()
    tournaments.cache.clear()
    games.store.archive.forget()
    after = read_tournament(client, tid, org, entrant, tables)
    assert not differences(before, after), differences(before, after)[:5]

    problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "say", "text": "anyone?"},
                        headers=bearer(entrant)), 409, "tournament_archived")
    problem(client.post(f"/v1/tournaments/{tid}/entrants", json={"name": "Late"}), 409, "registration_closed")

    from service.cli import main
    (tmp_path / "tournament.json").write_bytes(client.get(f"/v1/tournaments/{tid}/export").get_data())
    verified = CliRunner().invoke(main, ["verify", str(tmp_path / "tournament.json")])
    assert verified.exit_code == 0, verified.output
    assert json.loads(client.get(f"/v1/tournaments/{tid}").get_data())["status"] == "finished"
