"""A master of the cluster dies; its replica takes over and the game goes on.

3 masters with one replica each (their own cluster: this test kills a node). While the
cluster elects the replica, a request answers 503 with Retry-After (problem+json), never
500; once the dead node is back (as the new master's replica: the cluster has replicas, so
appends are confirmed by one, DURABILITY's default) the same game is played to its end, its
record intact.
"""
from __future__ import annotations

import random
import time

import pytest
from redis.crc import key_slot

from tests.cluster.conftest import _need_cli
from tests.support.bots import bearer, move, open_table, play
from tests.faults.cluster import FaultCluster

pytestmark = pytest.mark.slow

try:
    from service.rules.registry import rulesets
    rulesets()
    HAVE_KERNEL = True
except ModuleNotFoundError:
    HAVE_KERNEL = False


@pytest.fixture
def replicated() -> FaultCluster:
    _need_cli()
    with FaultCluster(masters=3, node_timeout_ms=1000) as running:
        yield running


@pytest.mark.skipif(not HAVE_KERNEL, reason="the Bootleggers kernel is not there yet")
def test_a_game_goes_on_after_its_master_fails_over(replicated, rq_url, rq_client):
    from service.app import create_app

    api = create_app({"REDIS_URL": replicated.url, "RQ_REDIS_URL": rq_url, "TESTING": True}).test_client()
    rng = random.Random(5)
    table = open_table(api, 3, {"deadlines": {"default": 600}, "rng": {"mode": "seeded"}})
    for _ in range(20):
        assert move(table, rng) is None
    state = table.state()
    seat = state["waiting_for"][0]
    legal = table.legal(seat)
    command = next(a for a in legal["actions"] if a["type"] != "say" and a["examples"])["examples"][0]
    master = replicated.master_of_slot(key_slot(table.game_id.encode()))
    replicated.kill(master)

    sent = table.send(seat, command, version=legal["version"])  # the master is gone, no replica elected yet
    assert api.get("/healthz").status_code in (200, 503)  # (503 while the cluster is down)
    assert sent.status_code == 503, sent.get_data(as_text=True)
    assert sent.headers["Retry-After"] == "1" and sent.mimetype == "application/problem+json"

    answers = []
    end = time.monotonic() + 60
    while time.monotonic() < end:
        r = api.get(f"/v1/games/{table.game_id}", headers=bearer(table.organizer))
        answers.append(r.status_code)
        if r.status_code == 200:
            break
        assert r.status_code == 503, r.get_data(as_text=True)
        assert r.headers["Retry-After"] == "1" and r.mimetype == "application/problem+json"
        assert r.get_json()["code"] == "storage_unavailable"
        time.sleep(0.2)
    assert answers[-1] == 200, answers
    # a read may be answered before CLUSTER SLOTS on every live node names the new master:
    # the takeover is waited for, not assumed
    end = time.monotonic() + 60
    while replicated.master_of_slot(key_slot(table.game_id.encode())) == master and time.monotonic() < end:
        time.sleep(0.1)
    replicated.wait_ok()
    assert replicated.master_of_slot(key_slot(table.game_id.encode())) != master  # the replica took over
    replicated.restart(master)  # back, as the new master's replica
    replicated.wait_healthy()

    state = table.state()
    assert state["version"] == legal["version"]  # the refused command left no trace
    final = play(table, rng)
    assert final["status"] == "finished"
    audit = api.get(f"/v1/games/{table.game_id}/audit", headers=bearer(table.organizer))
    assert audit.status_code == 200
    assert audit.get_json()["chain"] == {"intact": True, "first_break": None}
    assert audit.get_json()["problems"] == []
