"""The fault harness (tests/faults/harness.py), CI-sized: a real cluster of 3 masters with a
replica each, `bootleggers serve` on it with DURABILITY=replica, 3 tables of a bot and two
talkers writing while the nemesis runs FAULTS_FAILOVERS failovers (default 100, ~90 s on two
cores: kill -9 of the busiest master, its replica's link cut then the master killed, SIGSTOP
past the node timeout, an unforced election; web and RQ workers killed now and then). Every
acknowledged event is then found where its receipt says, once, in order, on an intact chain;
every game still takes commands and every deadline fired. bench/faults.py runs more failovers
and DURABILITY=local beside it (which loses acknowledged events: its figures, not a test).

The games' heads are anchored outside Redis meanwhile (the worker's sweep, as served;
FAULTS_ANCHOR=0 turns it off): the sweep anchors only heads a replica holds
(durability.replicas_hold), so no failover takes back a head the anchor names.
"""
from __future__ import annotations

import os

import pytest
import redis

from service.runtime import redis_connect
from tests.cluster.conftest import _need_cli
from tests.faults import harness
from tests.faults.cluster import FaultCluster

pytestmark = pytest.mark.slow


def test_nothing_acknowledged_is_lost_through_failovers():
    _need_cli()
    failovers = int(os.environ.get("FAULTS_FAILOVERS", "100"))
    figures = harness.run("replica", failovers, tables=3, pace=0.1, gap=0.2, cut=0.3,
                          anchor=os.environ.get("FAULTS_ANCHOR", "1") == "1", moves=harness.QUICK_MOVES,
                          kills=harness.QUICK_KILLS)
    print(figures.line())
    assert figures.failovers == failovers and figures.acknowledged >= failovers, figures.line()  # load throughout
    if failovers >= len(harness.QUICK_MOVES):
        assert set(figures.moves) == set(harness.QUICK_MOVES) and figures.web_kills and figures.worker_kills
    assert (figures.lost, figures.duplicated, figures.reordered, figures.chain_breaks, figures.stuck,
            figures.unfired) == (0, 0, 0, 0, 0, 0), figures.line()
    assert figures.problems == []


def test_a_cluster_client_starts_while_the_node_it_was_given_is_down(monkeypatch):
    _need_cli()
    monkeypatch.setattr(redis_connect, "CLUSTER_CONNECT_PATIENCE", 1.0)
    with FaultCluster() as cluster:
        cluster.wait_healthy()
        down = cluster.ports[0]
        shard = next((s for s in cluster.shards() if s.master == down), None)
        cluster.kill(down)
        if shard is not None:  # (the URL's node was a master: its replica takes over)
            cluster.promote(shard, takeover=True)
        others = ",".join(f"127.0.0.1:{port}" for port in cluster.ports[1:])
        client = redis_connect.connect(cluster.url, {"REDIS_CLUSTER": "1", "REDIS_CLUSTER_NODES": others})
        client.set("{probe}:key", "1")
        assert client.get("{probe}:key") == b"1"
        with pytest.raises((redis.exceptions.RedisClusterException, redis.exceptions.ConnectionError)):
            redis_connect.connect(cluster.url, {"REDIS_CLUSTER": "1"})  # (only the node that is down)
