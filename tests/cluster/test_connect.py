"""How a process finds its Redis: a cluster is detected (or named by REDIS_CLUSTER), RQ is
refused a cluster, and the rate limits and event streams work on one."""
from __future__ import annotations

import pytest
import redis
from redis.cluster import RedisCluster

from service.runtime import redis_connect
from service.runtime.redis_connect import ClusterWithoutQueue


def test_a_cluster_node_is_detected_and_a_plain_redis_is_not(cluster, rq_url):
    assert isinstance(redis_connect.connect(cluster.url, env={}), RedisCluster)
    plain = redis_connect.connect(rq_url, env={})
    assert isinstance(plain, redis.Redis) and not redis_connect.is_cluster(plain)
    assert not redis_connect.is_cluster(redis_connect.connect(cluster.url, env={"REDIS_CLUSTER": "0"}))


def test_rq_is_refused_a_cluster_unless_given_its_own_redis(cluster, rq_url):
    with pytest.raises(ClusterWithoutQueue, match="RQ_REDIS_URL"):
        redis_connect.rq_url({"REDIS_URL": cluster.url})
    assert redis_connect.rq_url({"REDIS_URL": cluster.url, "RQ_REDIS_URL": rq_url}) == rq_url
    assert redis_connect.rq_url({"REDIS_URL": rq_url}) == rq_url  # a plain Redis: RQ shares it


def test_the_app_refuses_to_start_on_a_cluster_without_rq_redis_url(cluster, monkeypatch):
    from service.app import create_app
    monkeypatch.delenv("RQ_REDIS_URL", raising=False)
    with pytest.raises(ClusterWithoutQueue):
        create_app({"REDIS_URL": cluster.url, "TESTING": True})


def test_rate_limits_count_on_the_cluster(make_app, redis_client):
    from service.app import create_app
    app = make_app()
    limited = create_app({**app.config, "RATELIMIT_ENABLED": True, "RATE_LIMIT_CREATE": "2/minute",
                          "RATE_LIMIT_EXEMPT": ""}).test_client()
    codes = [limited.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3}).status_code for _ in range(3)]
    assert codes == [201, 201, 429]
    assert redis_client.keys("*ratelimit*", target_nodes=RedisCluster.PRIMARIES)  # counted on the cluster


def test_an_event_stream_is_served_from_the_cluster(make_app):
    api = make_app().test_client()
    created = api.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3}).get_json()
    r = api.get(f"/v1/games/{created['game_id']}/events/stream?timeout=1",
                headers={"Authorization": f"Bearer {created['organizer_token']}"}, buffered=True)
    assert r.status_code == 200 and "event: game_created" in r.get_data(as_text=True)


def test_a_clock_worker_pointed_at_the_cluster_does_not_start(cluster, rq_url, tmp_path):
    """RQ itself stops at its first command (MOVED): no worker half-runs on a cluster."""
    from tests.clock.conftest import WorkerProcess
    worker = WorkerProcess(cluster.url, tmp_path / "worker.log")
    try:
        assert worker.process.wait(60) != 0
    finally:
        worker.stop()
    assert "MovedError" in (tmp_path / "worker.log").read_text()


def test_healthz_answers_on_the_cluster(make_app):
    answer = make_app().test_client().get("/healthz")
    assert answer.status_code == 200 and answer.get_json()["status"] == "ok"
