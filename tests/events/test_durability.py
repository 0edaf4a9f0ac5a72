"""Durability: SIGKILL the embedded Redis during a bot game, restart it
on the same data directory, and find every event the server acknowledged.

Run with `REDIS_FSYNC=always` semantics (`fsync="always"`): every append is on disk before
the answer, the guarantee the organizer chooses it for. (A SIGKILL of Redis alone would
normally lose nothing under `everysec` either, since the written AOF sits in the OS page
cache — but `everysec` lets Redis postpone a write for up to 2 s behind a slow fsync, and
a crash of the machine, which a test cannot stage, loses what was not fsynced.)
"""
from __future__ import annotations

import os
import random
import signal
import threading
import time

import pytest

from service.app import create_app
from service.runtime.embedded_redis import EmbeddedRedis
from tests.api.conftest import bearer
from tests.support.bots import open_table

pytestmark = pytest.mark.slow


def play_until_redis_dies(table, rng: random.Random, acknowledged: dict[int, str]) -> dict[int, str]:
    """Bot moves until the store stops answering; fills and returns version -> type of every
    event a 201 acknowledged."""
    for _ in range(5000):
        state = table.client.get(f"/v1/games/{table.game_id}", headers=bearer(table.organizer))
        if state.status_code != 200:
            return acknowledged
        state = state.get_json()
        assert state["status"] != "finished", "the game ended before Redis was killed"
        seat = rng.choice(state["waiting_for"])
        legal = table.client.get(f"/v1/games/{table.game_id}/legal-actions", headers=bearer(table.tokens[seat]))
        if legal.status_code != 200:
            return acknowledged
        legal = legal.get_json()
        actions = [a for a in legal["actions"] if a["type"] != "say" and a["examples"]]
        r = table.send(seat, rng.choice(rng.choice(actions)["examples"]), version=legal["version"])
        if r.status_code == 201:
            acknowledged.update({e["version"]: e["type"] for e in r.get_json()["events"]})
        elif r.status_code >= 500:
            return acknowledged
    raise AssertionError("Redis was never killed")


def kill_mid_game(server, acknowledged: dict[int, str], after: int = 60) -> None:
    """SIGKILL the Redis while the bots play, once `after` events are acknowledged (by game
    progress, not by the clock: a fast machine once finished the whole game within a fixed
    1.5 s), at a moment the play loop does not choose."""
    deadline = time.monotonic() + 120
    while len(acknowledged) < after and time.monotonic() < deadline:
        time.sleep(0.002)
    os.kill(server.pid, signal.SIGKILL)


def test_sigkill_of_the_embedded_redis_loses_no_acknowledged_event(tmp_path):
    data_dir = tmp_path / "redis"
    server = EmbeddedRedis(data_dir, appendonly=True, fsync="always").start()
    try:
        table = open_table(create_app({"REDIS_URL": server.url, "TESTING": True}).test_client(), 3, {"rounds": 12})
        acknowledged: dict[int, str] = {}
        killer = threading.Thread(target=kill_mid_game, args=(server, acknowledged), daemon=True)
        killer.start()
        play_until_redis_dies(table, random.Random(7), acknowledged)
        killer.join()
        assert server.process.wait(10) == -signal.SIGKILL
    finally:
        server.stop()
    assert len(acknowledged) > 20, "killed too early to tell anything"

    with EmbeddedRedis(data_dir, appendonly=True, fsync="always") as again:
        app = create_app({"REDIS_URL": again.url, "TESTING": True})
        games = app.extensions["games"]
        state = games.load(table.game_id)  # checked: head key, stream end and snapshot agree
        assert state["version"] >= max(acknowledged)
        stored = {e["version"]: e["type"] for e in games.store.iter_all(table.game_id)}
        assert {v: stored.get(v) for v in acknowledged} == acknowledged
        audit = app.test_client().get(f"/v1/games/{table.game_id}/audit", headers=bearer(table.organizer)).get_json()
        assert audit["chain"]["intact"] is True, audit["problems"]
        print(f"\nkilled after {len(acknowledged)} acknowledged events; {state['version']} stored after restart")
