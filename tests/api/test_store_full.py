"""Bounded Redis: a full Redis (maxmemory, noeviction) refuses writes, the API answers 507
`store_full`, and nothing is half-written.

On a Redis of their own (the bundled 6.2, started here), whose `maxmemory` the tests set to one
byte (every write that would grow memory refused) and back to none: the append script is
refused at its first write, before anything is written (Redis decides a script's OOM at its
start); reads still answer, without writing the caches they would otherwise repair; and
archiving, whose script deletes before it writes the stub, still frees a full Redis.
"""
from __future__ import annotations

import time

import pytest
import redis

from events.envelope import seal
from events.store import EventStore, idempotency_key, stream_key
from service.app import create_app
from service.runtime.embedded_redis import EmbeddedRedis
from service.runtime.redis_connect import is_full
from service.streams import archive
from service.streams.archive import Archiver
from service.streams.snapshots import snapshot_key
from tests.api.conftest import bearer, new_game, problem
from tests.streams.toy import TOY
from tests.support.small_redis import full, roomy, small_redis, store  # noqa: F401 (fixtures)


def game_bytes(client, game_id: str) -> int:
    """What the game's own keys hold in Redis (MEMORY USAGE, a read: answered when full too)."""
    return sum(client.memory_usage(key) or 0 for key in client.scan_iter(match=f"game:{{{game_id}}}:*"))


READ_ALL = {b"string": lambda c, k: c.get(k), b"hash": lambda c, k: c.hgetall(k),
            b"stream": lambda c, k: c.xrange(k), b"zset": lambda c, k: c.zrange(k, 0, -1, withscores=True),
            b"set": lambda c, k: c.smembers(k), b"list": lambda c, k: c.lrange(k, 0, -1)}


def everything(client) -> dict:
    """Every key and its value, but the rate limiter's and RQ's."""
    return {k: READ_ALL[client.type(k)](client, k) for k in client.scan_iter()
            if not k.startswith((b"ratelimit:", b"rq:"))}


@pytest.fixture
def app(small_redis, store, tmp_path):
    return create_app({"REDIS_URL": small_redis.url, "TESTING": True, "RULESETS": {"toy": TOY},
                       "ARCHIVE_URL": (tmp_path / "archive").as_uri()})


def test_the_embedded_redis_runs_with_a_maxmemory_and_noeviction(store, monkeypatch):
    assert store.config_get("maxmemory-policy")["maxmemory-policy"] == "noeviction"
    monkeypatch.setenv("REDIS_MAXMEMORY", "3mb")
    with EmbeddedRedis.ephemeral() as server:
        client = redis.Redis.from_url(server.url)
        assert client.config_get("maxmemory")["maxmemory"] == str(3 * 1024 * 1024)
        assert client.config_get("maxmemory-policy")["maxmemory-policy"] == "noeviction"
        client.close()


def test_an_append_refused_for_memory_writes_nothing(store):
    events = EventStore(store)
    from service.table.games import Games
    registry = Games(store, {"toy": TOY}).registry
    chain = seal([{"type": "said", "payload": {"text": f"line {n}"}} for n in range(8)], game_id="g1",
                 first_version=1, prev_hash="0" * 64, recorded_at="2026-01-01T00:00:00.000000Z",
                 actor={"kind": "organizer"}, command_id="cmd_1", schema_version_of=registry.version_of)
    events.append("g1", 0, chain[:3])
    before = everything(store)
    full(store)
    with pytest.raises(redis.ResponseError) as refused:
        events.append("g1", 3, chain[3:], idempotency="retry-me")
    assert is_full(refused.value), refused.value
    assert everything(store) == before, "not one event, nor the head, nor the idempotency key"
    assert store.xlen(stream_key("g1")) == 3 and events.version("g1") == 3
    assert not store.exists(idempotency_key("g1", "retry-me"))
    roomy(store)
    assert events.append("g1", 3, chain[3:], idempotency="retry-me").last_version == 8


def test_a_full_store_answers_507_and_records_nothing_while_reads_still_answer(app, store):
    api = app.test_client()
    game = new_game(api)
    lobby = new_game(api, join=1, start=False)
    path = f"/v1/games/{game['id']}"
    roll = {"type": "roll"}
    assert api.post(f"{path}/commands", json=roll, headers=bearer(game["players"][0])).status_code == 201
    state = api.get(path, headers=bearer(game["organizer"])).get_data()
    before = everything(store)
    full(store)

    refused = problem(api.post(f"{path}/commands", json=roll, headers=bearer(game["players"][1])), 507, "store_full")
    assert "nothing" in refused["detail"]
    answer = api.post(f"{path}/commands", json=roll, headers={**bearer(game["players"][1]), "Idempotency-Key": "k1"})
    problem(answer, 507, "store_full")
    assert int(answer.headers["Retry-After"]) > 0
    problem(api.post("/v1/games", json={"ruleset": "toy", "seats": 3}), 507, "store_full")
    problem(api.post(f"/v1/games/{lobby['id']}/seats", json={"name": "Late"}), 507, "store_full")
    problem(api.post(f"/v1/games/{lobby['id']}/commands", json={"type": "say", "text": "hello?"},
                     headers=bearer(lobby["organizer"])), 507, "store_full")
    assert everything(store) == before, "a refused write leaves no key behind (no seed of a game never made)"

    # reads answer, as before, and write nothing (not even the snapshot they would repair)
    assert api.get(path, headers=bearer(game["organizer"])).get_data() == state
    store.delete(snapshot_key(game["id"]))  # (a delete is allowed: it frees memory)
    app.extensions["games"].cache.clear()
    assert api.get(path, headers=bearer(game["organizer"])).get_data() == state
    assert api.get(f"{path}?at=3", headers=bearer(game["organizer"])).status_code == 200
    assert api.get(f"{path}/events").status_code == 200
    assert not store.exists(snapshot_key(game["id"]))

    roomy(store)
    again = api.post(f"{path}/commands", json=roll, headers={**bearer(game["players"][1]), "Idempotency-Key": "k1"})
    assert again.status_code == 201 and "Idempotent-Replayed" not in again.headers, "the refused one was not kept"


def test_archiving_frees_a_full_store(app, store):
    api, games = app.test_client(), app.extensions["games"]
    game = new_game(api, dispute_window=0)
    path = f"/v1/games/{game['id']}"
    for n in range(3):
        api.post(f"{path}/commands", json={"type": "roll"}, headers=bearer(game["players"][n]))
    assert api.post(f"{path}/commands", json={"type": "finish"}, headers=bearer(game["players"][0])).status_code == 201
    state = api.get(path).get_data()
    used = game_bytes(store, game["id"])  # (the server's whole used_memory swings by more than a toy game)
    full(store)
    assert Archiver(games, now=lambda: time.time() + 5).archive(game["id"]).outcome == archive.ARCHIVED
    assert game_bytes(store, game["id"]) < used
    games.cache.clear()
    assert api.get(path).get_data() == state


def test_a_tournament_refused_for_memory_leaves_nothing(small_redis, store, tmp_path):
    from tests.api.conftest import kernel_rulesets
    from tests.tournaments.test_tournament_rest import BODY

    api = create_app({"REDIS_URL": small_redis.url, "TESTING": True, "RULESETS": kernel_rulesets(),
                      "ARCHIVE_URL": (tmp_path / "archive").as_uri()}).test_client()
    before = everything(store)
    full(store)
    problem(api.post("/v1/tournaments", json=BODY), 507, "store_full")
    assert everything(store) == before, "no seed of a tournament never made"
    roomy(store)
    assert api.post("/v1/tournaments", json=BODY).status_code == 201
