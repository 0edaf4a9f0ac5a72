"""`bootleggers serve` on a Redis Cluster, end to end: gunicorn and the clock worker with
REDIS_URL a cluster node and RQ_REDIS_URL a plain Redis; a deadline fired by the worker, then
the game played to its end by bots over HTTP; SIGINT stops everything."""
from __future__ import annotations

import random
import time

import pytest

from tests.support.bots import bearer, open_table, play
from tests.support.http_client import HttpClient
from tests.support.served import Served

pytestmark = pytest.mark.slow

try:
    from service.rules.registry import rulesets
    rulesets()
    HAVE_KERNEL = True
except ModuleNotFoundError:
    HAVE_KERNEL = False


@pytest.mark.skipif(not HAVE_KERNEL, reason="the Bootleggers kernel is not there yet")
def test_serve_plays_a_game_with_a_deadline_on_the_cluster(cluster, redis_client, rq_url, rq_client, tmp_path):
    served = Served(tmp_path, env={"REDIS_URL": cluster.url, "RQ_REDIS_URL": rq_url, "RATE_LIMITS": "off"})
    try:
        assert served.wait_for_http() == 200
        served.wait_for_worker(rq_url)
        client = HttpClient(served.base)
        table = open_table(client, 3, {"deadlines": {"default": 2}, "rng": {"mode": "seeded"}})

        def expired() -> list:
            answer = client.get(f"/v1/games/{table.game_id}/events?limit=1000", headers=bearer(table.organizer))
            return [e for e in answer.get_json()["events"] if e["type"] == "deadline_expired"]

        end = time.monotonic() + 30
        while not expired() and time.monotonic() < end:  # nobody plays: the worker times the step out
            time.sleep(0.2)
        assert expired(), served.log()
        table = open_table(client, 3, {"deadlines": {"default": 600}, "rng": {"mode": "seeded"}})
        assert play(table, random.Random(3))["status"] == "finished"
        client.close()
    finally:
        code = served.interrupt_and_check_all_gone()
    assert code == 0, served.log()
