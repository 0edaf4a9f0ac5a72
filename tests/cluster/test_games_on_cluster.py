"""Whole games on a real 3-master Redis Cluster: keys spread over the masters, a bot game
with deadlines played over the API, and a game that a real clock worker (its store the
cluster, its RQ queues on a plain Redis) ends by timeouts."""
from __future__ import annotations

import random
import time
from collections import defaultdict

import pytest
from redis.crc import key_slot

from service.clock import shards
from service.clock.schedule import DeadlineIndex
from tests.clock.conftest import WorkerProcess
from tests.clock.timed_toy import TIMED_TOY
from tests.support.bots import open_table, play

pytestmark = pytest.mark.slow

try:
    from service.rules.registry import rulesets
    rulesets()
    HAVE_KERNEL = True
except ModuleNotFoundError:
    HAVE_KERNEL = False


def wait_for(predicate, timeout: float, interval: float = 0.1):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return predicate()


def test_the_keys_of_sixty_games_spread_over_all_three_masters(cluster, make_app):
    api = make_app({"toy": TIMED_TOY}).test_client()
    games = [api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()["game_id"] for _ in range(60)]
    where: dict[int, set[str]] = defaultdict(set)  # master port -> game ids with keys there
    for port in cluster.master_ports():
        for key in cluster.node(port).keys("game:{*"):
            where[port].add(key.decode().split("{", 1)[1].split("}", 1)[0])
    assert set(where) == set(cluster.master_ports()) and len(where) == 3
    assert set().union(*where.values()) == set(games)
    for port, ids in where.items():  # every key of a game on one master: its slot's
        assert all(cluster.master_of_slot(key_slot(g.encode())) == port for g in ids)
    assert min(len(ids) for ids in where.values()) >= 5, {p: len(ids) for p, ids in where.items()}
    listed = api.get("/v1/games?limit=100").get_json()
    assert {g["game_id"] for g in listed["games"]} == set(games)


@pytest.mark.skipif(not HAVE_KERNEL, reason="the Bootleggers kernel is not there yet")
def test_a_bot_game_with_deadlines_is_played_to_the_end(make_app, redis_client, rq_client):
    api = make_app().test_client()
    table = open_table(api, 3, {"deadlines": {"default": 600}, "rng": {"mode": "seeded"}})
    index = DeadlineIndex(redis_client)
    assert index.score(table.game_id) is not None  # indexed in the game's own slot's shard
    shard, _ = shards.keys_for(redis_client, table.game_id)
    assert key_slot(shard.encode()) == key_slot(table.game_id.encode())
    assert shard in shards.indexes(redis_client)
    assert rq_client.zcard("rq:scheduled:clock") >= 1  # the trigger went to RQ's own Redis
    final = play(table, random.Random(12))
    assert final["status"] == "finished"
    assert index.score(table.game_id) is None  # a finished game leaves the clock
    last = api.get(f"/v1/games/{table.game_id}/events?after={final['version'] - 1}",
                   headers={"Authorization": f"Bearer {table.organizer}"}).get_json()
    assert [e["version"] for e in last["events"]] == [final["version"]]


def test_a_real_worker_ends_a_game_by_timeouts_on_the_cluster(make_app, redis_url, rq_url, rq_client, tmp_path):
    app = make_app({"toy": TIMED_TOY})
    api, games = app.test_client(), app.extensions["games"]
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3,
                                          "options": {"deadlines": {"default": 1}}}).get_json()
    game = created["game_id"]
    for name in ("A", "B", "C"):
        api.post(f"/v1/games/{game}/seats", json={"name": name})
    worker = WorkerProcess(rq_url, tmp_path / "worker.log", extra_env={"REDIS_URL": redis_url})
    try:
        worker.wait_ready(rq_client)
        started = api.post(f"/v1/games/{game}/start", headers={"Authorization": f"Bearer {created['organizer_token']}"})
        assert started.status_code == 201, started.get_data(as_text=True)
        assert wait_for(lambda: games.load(game)["status"] == "finished", timeout=30), games.load(game).get("deadline")
    finally:
        worker.stop()
    expired = [e for e in games.events(game, after=0, limit=1000) if e["type"] == "deadline_expired"]
    assert len(expired) == 6  # two rounds of three turns, nobody ever played
