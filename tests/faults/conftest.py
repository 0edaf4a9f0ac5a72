"""A primary with one replica (two bundled redis-servers, `REPLICAOF`), for the replica
acknowledgement tests; the fault harness itself runs a cluster of its own (harness.py)."""
from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
import redis

from service.runtime.embedded_redis import EmbeddedRedis


@dataclass
class Pair:
    primary: EmbeddedRedis
    replica: EmbeddedRedis

    def client(self, server: EmbeddedRedis) -> redis.Redis:
        return redis.Redis.from_url(server.url)

    def attach(self, replica: EmbeddedRedis, primary: EmbeddedRedis) -> None:
        """`replica` follows `primary`, back once it is in sync (the primary counts it)."""
        self.client(replica).replicaof(primary.host, primary.port)
        end = time.monotonic() + 20
        while time.monotonic() < end:
            r, p = self.client(replica).info("replication"), self.client(primary).info("replication")
            if r.get("master_link_status") == "up" and int(p.get("connected_slaves") or 0) >= 1:
                return
            time.sleep(0.05)
        raise RuntimeError("the replica did not come in sync")

    @contextmanager
    def replica_stopped(self) -> Iterator[None]:
        """The replica frozen (SIGSTOP): it receives nothing and confirms nothing meanwhile."""
        os.kill(self.replica.pid, signal.SIGSTOP)
        try:
            yield
        finally:
            os.kill(self.replica.pid, signal.SIGCONT)


@pytest.fixture
def pair() -> Iterator[Pair]:
    with EmbeddedRedis.ephemeral() as primary, EmbeddedRedis.ephemeral() as replica:
        both = Pair(primary, replica)
        both.attach(replica, primary)
        yield both
