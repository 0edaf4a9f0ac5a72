"""Where every process gets its Redis connections: the game store's, and RQ's.

The game store connects with `redis.cluster.RedisCluster` when `REDIS_URL` names a node of
a Redis Cluster — `REDIS_CLUSTER=1` says so, otherwise INFO of that node is asked
(`cluster_enabled:1`); `REDIS_CLUSTER_NODES` names more nodes to learn it from — and with a
plain `redis.Redis` otherwise. RQ does not support
Cluster, so its queues live on a plain Redis of their own: `RQ_REDIS_URL`, which defaults
to `REDIS_URL` on a plain Redis and must be set on a cluster (`rq_url` refuses without it).
"""
from __future__ import annotations

import logging
import os
import time
from contextlib import contextmanager

import redis
from redis import exceptions as rx
from redis.cluster import ClusterNode, RedisCluster

class NotConfirmed(Exception):
    """An append the primary holds but no replica confirmed in time (DURABILITY=replica:
    service/runtime/durability.py): not acknowledged. The client's retry with the same
    Idempotency-Key finds it once a replica holds it, or appends it once if a failover lost it.
    `gone`: it is known lost (the writer decides again)."""

    def __init__(self, stream_id: str, version: int, waited_ms: int, gone: bool = False):
        self.stream_id, self.version, self.waited_ms, self.gone = stream_id, version, waited_ms, gone
        super().__init__(f"event {version} of {stream_id} was not confirmed by a replica within {waited_ms} ms"
                         + (" and is no longer the stream's (lost in a failover)" if gone else ""))


#: Errors that mean "the store is (for now) unreachable": a node down, a cluster re-electing a
#: master, a write reaching a demoted master.
UNREACHABLE = (rx.ConnectionError, rx.TimeoutError, rx.ClusterError, rx.ClusterDownError,
               rx.TryAgainError, rx.MovedError, rx.AskError, rx.RedisClusterException,
               rx.ReadOnlyError, rx.BusyLoadingError, rx.MasterDownError)
#: ... and, with them, a write no replica confirmed in time: "the store is (for now)
#: unavailable", not "the request is wrong". The API answers them 503 with Retry-After
#: (service/api/problems.py), never 500; the worker's sweepers try again.
UNAVAILABLE = (*UNREACHABLE, NotConfirmed)


#: how Redis words a write refused at its `maxmemory` (noeviction): a plain command's error
#: (redis-py's OutOfMemoryError), or a script's, wrapped in "Error running script"
OOM_TEXT = "command not allowed when used memory"


def is_full(err: BaseException | None) -> bool:
    """Whether `err` (or what it was raised from) is Redis refusing a write at its maxmemory."""
    seen: set[int] = set()
    while err is not None and id(err) not in seen:
        if isinstance(err, rx.OutOfMemoryError) or (isinstance(err, rx.ResponseError) and OOM_TEXT in str(err)):
            return True
        seen.add(id(err))
        err = err.__cause__ or err.__context__
    return False


@contextmanager
def unless_full(what: str):
    """Run a write that only keeps a cache or an index up to date (a snapshot, the list line
    after an append): when Redis is full it is left out, with a log line, and the caller goes
    on (the record itself was written, or is only being read)."""
    try:
        yield
    except rx.ResponseError as exc:
        if not is_full(exc):
            raise
        logging.getLogger(__name__).warning("Redis is at its maxmemory: %s was not written", what)


class ClusterWithoutQueue(RuntimeError):
    """REDIS_URL is a cluster and RQ_REDIS_URL is unset: RQ cannot run on a cluster."""


def wants_cluster(url: str, env: dict | None = None) -> bool:
    """`REDIS_CLUSTER=1|0` decides; unset, the node at `url` is asked whether it is one
    (a node that does not answer counts as a plain Redis)."""
    flag = (env if env is not None else os.environ).get("REDIS_CLUSTER", "").strip().lower()
    if flag in ("1", "true", "yes", "on"):
        return True
    if flag in ("0", "false", "no", "off"):
        return False
    probe = redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
    try:
        return bool(probe.info("cluster").get("cluster_enabled"))
    except redis.RedisError:
        # Not answering at start: a plain client, so the process still starts and /healthz
        # says 503 (on a cluster, set REDIS_CLUSTER=1 so a node down at start changes nothing).
        return False
    finally:
        probe.close()


#: seconds a new cluster client keeps asking when none of the nodes it was given answers (the
#: node of REDIS_URL restarting: a web worker started meanwhile must not fail its boot)
CLUSTER_CONNECT_PATIENCE = 10.0


def connect(url: str, env: dict | None = None, **kwargs) -> redis.Redis | RedisCluster:
    """The game store's client for `url` (a cluster node, or a plain Redis)."""
    if wants_cluster(url, env):
        return cluster_client(url, env, **kwargs)
    return redis.Redis.from_url(url, **kwargs)


def cluster_client(url: str, env: dict | None = None, **kwargs) -> RedisCluster:
    """A cluster client that learns the cluster from the node of `url` or any node named in
    `REDIS_CLUSTER_NODES` (`host:port,host:port`): a cluster is still reachable while one node is
    down. None of them answering, it asks again for CLUSTER_CONNECT_PATIENCE seconds."""
    named = ((env if env is not None else os.environ).get("REDIS_CLUSTER_NODES") or "").split(",")
    more = [ClusterNode(host, int(port)) for host, _, port in (n.strip().rpartition(":") for n in named) if port]
    give_up = time.monotonic() + CLUSTER_CONNECT_PATIENCE
    while True:
        try:
            return RedisCluster.from_url(url, startup_nodes=list(more), **kwargs)
        except (rx.RedisClusterException, rx.ConnectionError):
            if time.monotonic() > give_up:
                raise
            time.sleep(0.25)


def is_cluster(client) -> bool:
    return isinstance(client, RedisCluster)


def rq_url(env: dict | None = None) -> str:
    """The plain Redis RQ queues live on: RQ_REDIS_URL, else REDIS_URL when not a cluster."""
    env = env if env is not None else os.environ
    from service.runtime.queues import DEFAULT_REDIS_URL

    explicit = env.get("RQ_REDIS_URL")
    if explicit:
        return explicit
    url = env.get("REDIS_URL") or DEFAULT_REDIS_URL
    if wants_cluster(url, env):
        raise ClusterWithoutQueue(
            f"REDIS_URL={url} is a Redis Cluster, and RQ (the clock's and the replays' job queue) "
            "cannot run on a cluster: set RQ_REDIS_URL to a plain Redis for the queues")
    return url


def rq_connect(env: dict | None = None, **kwargs) -> redis.Redis:
    return redis.Redis.from_url(rq_url(env), **kwargs)


def sibling(client, **overrides):
    """A new client to the same place as `client`, with its own pool (other timeouts): the
    stream readers' blocking XREADs and the clock sweeper must not share a pool."""
    if is_cluster(client):
        node = client.get_default_node()
        given = node.redis_connection.connection_pool.connection_kwargs
        auth = {k: given[k] for k in ("username", "password") if given.get(k)}
        return RedisCluster(host=node.host, port=node.port, **auth, **overrides)
    kwargs = dict(client.connection_pool.connection_kwargs)
    kwargs.update(overrides)
    return redis.Redis(connection_pool=redis.ConnectionPool(
        connection_class=client.connection_pool.connection_class, **kwargs))
