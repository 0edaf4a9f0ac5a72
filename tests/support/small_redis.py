"""A real Redis of 64 MB that tests fill on purpose (`full`) and free again (`roomy`): the
store-full, stream-when-full and worker-recovery tests share it. Import the fixtures into a
test module (`from tests.support.small_redis import small_redis, store  # noqa: F401`)."""
from __future__ import annotations

import pytest
import redis

from service.runtime.embedded_redis import EmbeddedRedis

ROOM = "64mb"


@pytest.fixture(scope="module")
def small_redis():
    with EmbeddedRedis.ephemeral(maxmemory=ROOM) as server:
        yield server


@pytest.fixture
def store(small_redis):
    client = redis.Redis.from_url(small_redis.url)
    client.config_set("maxmemory", ROOM)
    client.flushdb()
    yield client
    client.config_set("maxmemory", ROOM)
    client.close()


def full(client) -> None:
    client.config_set("maxmemory", 1)  # far below what it uses: every write that grows memory is refused


def roomy(client) -> None:
    client.config_set("maxmemory", ROOM)
