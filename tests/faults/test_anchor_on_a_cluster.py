"""The anchor's sweep on a Redis Cluster anchors only heads a replica of their own master holds.

A head anchored while only its primary held it, and then lost with that primary in a failover,
names an event the stream no longer has: its game is refused for good, as damage (the fault
harness found 6 such games). Here one master's replica is frozen (SIGSTOP: it confirms nothing)
while a game on that master and a game on another master move on: the sweep anchors the second
and puts the first back (due again later), until its replica is back.
"""
from __future__ import annotations

import os
import signal
import time

import pytest
from redis.crc import key_slot

from service.streams.anchor import ANCHOR_DUE
from service.streams.keys import archive_member
from tests.cluster.conftest import _need_cli
from tests.faults.cluster import FaultCluster
from tests.support.anchor import KEY, anchor, bearer

pytestmark = pytest.mark.slow


def toy_game(api) -> tuple[str, dict]:
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()
    gid, organizer = created["game_id"], bearer(created["organizer_token"])
    seat = [bearer(api.post(f"/v1/games/{gid}/seats", json={"name": n}).get_json()["player_token"]) for n in "ABC"][0]
    assert api.post(f"/v1/games/{gid}/start", headers=organizer).status_code == 201
    return gid, seat


def say(api, gid: str, seat: dict) -> None:
    assert api.post(f"/v1/games/{gid}/commands", json={"type": "say", "text": "hi"}, headers=seat).status_code == 201


def test_a_sweep_on_a_cluster_anchors_only_heads_their_masters_replica_holds(tmp_path, monkeypatch):
    _need_cli()
    from service.app import create_app
    from service.rules.registry import rulesets
    from service.runtime.embedded_redis import EmbeddedRedis
    from tests.streams.toy import TOY

    monkeypatch.setenv("DURABILITY", "local")  # (the appends do not wait: only the sweep asks the replicas)
    with FaultCluster(node_timeout_ms=3000) as cluster, EmbeddedRedis.ephemeral() as rq:
        cluster.wait_healthy()
        web = create_app({"REDIS_URL": cluster.url, "RQ_REDIS_URL": rq.url, "TESTING": True, "SECRET_KEY": KEY,
                          "ARCHIVE_URL": (tmp_path / "archive").as_uri(), "RULESETS": {**rulesets(), "toy": TOY}})
        games, api = web.extensions["games"], web.test_client()
        games_on: dict[int, tuple[str, dict]] = {}
        while len(games_on) < 2:
            gid, seat = toy_game(api)
            games_on.setdefault(cluster.master_of_slot(key_slot(gid.encode())), (gid, seat))
        (frozen_master, (frozen, frozen_seat)), (_, (other, other_seat)) = games_on.items()
        assert {outcome for _, outcome in anchor(games)} == {"anchored"}
        before = games.anchors.inspect(frozen).anchored

        replica = next(s.replica for s in cluster.shards() if s.master == frozen_master)
        os.kill(cluster.processes[replica].pid, signal.SIGSTOP)
        try:
            say(api, frozen, frozen_seat)
            say(api, other, other_seat)
            games.anchors.mark(frozen), games.anchors.mark(other)  # (this process marked them for later)
            outcomes = dict(anchor(games))
        finally:
            os.kill(cluster.processes[replica].pid, signal.SIGCONT)
        assert outcomes == {archive_member(frozen): "unconfirmed", archive_member(other): "anchored"}
        assert games.anchors.inspect(frozen).anchored == before, "the unconfirmed head was not anchored"
        assert games.anchors.inspect(other).anchored.version == before.version + 1
        assert games.redis.zscore(ANCHOR_DUE, archive_member(frozen)) is not None, "tried again later"

        end = time.monotonic() + 20
        while (outcomes := dict(anchor(games, later=7200))) != {archive_member(frozen): "anchored"}:
            assert time.monotonic() < end, outcomes  # (until the thawed replica has caught up)
            games.anchors.mark(frozen)
        assert games.anchors.inspect(frozen).anchored.version == before.version + 1
