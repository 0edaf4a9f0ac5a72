"""The services as a job sees them: one house per RQ connection and process, built by
service/bootstrap.py like every other process's (same rulesets, hooks, key and archive).

`BOOTLEGGERS_RULESETS=module:callable` names another ruleset table (tests host a toy
ruleset this way); by default the server's own (service.rules.registry).
"""
from __future__ import annotations

import os

import redis

from service import bootstrap
from service.table.games import Games
from service.tournaments.ledger import Tournaments

_houses: dict[tuple[int, int], bootstrap.House] = {}
_stores: dict[int, object] = {}


def store_client(queue_connection: redis.Redis):
    """The game store: `REDIS_URL` (a cluster, or a plain Redis) when set, else the Redis RQ
    runs on (service/runtime/redis_connect.py); one client per process."""
    settings = bootstrap.worker_settings()
    if not settings.redis_url:
        return queue_connection
    client = _stores.get(os.getpid())
    if client is None:
        client = _stores.setdefault(os.getpid(), bootstrap.connect_store(settings))
    return client


def house_for(connection: redis.Redis) -> bootstrap.House:
    """One house per RQ connection and process (a forked work-horse builds its own)."""
    key = (os.getpid(), id(connection))
    house = _houses.get(key)
    if house is None:
        house = _houses[key] = bootstrap.worker(connection, store=store_client(connection))
    return house


def games_for(connection: redis.Redis) -> Games:
    return house_for(connection).games


def tournaments_for(connection: redis.Redis) -> Tournaments:
    return house_for(connection).tournaments


def connection() -> redis.Redis:
    from rq import get_current_job
    job = get_current_job()
    return job.connection
