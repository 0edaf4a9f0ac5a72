"""The `Games` service as a worker sees it: same rulesets, same clock closers and hooks.

`BOOTLEGGERS_RULESETS=module:callable` names another ruleset table (tests host a toy
ruleset this way); by default the server's own (service.rules.registry).
"""
from __future__ import annotations

import importlib
import os

import redis

from service import clock

from service.runtime import redis_connect

from service.bots import seat_bots
from service.table.games import Games
from service.tournaments import results
from service.tournaments.ledger import Tournaments

_cache: dict[tuple[int, int], Games] = {}
_tournaments: dict[tuple[int, int], Tournaments] = {}
_stores: dict[int, object] = {}


def load_rulesets() -> dict:
    spec = os.environ.get("BOOTLEGGERS_RULESETS")
    if spec:
        module, _, attr = spec.partition(":")
        found = getattr(importlib.import_module(module), attr or "rulesets")
        return found() if callable(found) else dict(found)
    from service.rules.registry import rulesets
    return rulesets()


def store_client(queue_connection: redis.Redis):
    """The game store: `REDIS_URL` (a cluster, or a plain Redis) when set, else the Redis RQ
    runs on (service/runtime/redis_connect.py); one client per process."""
    url = os.environ.get("REDIS_URL")
    if not url:
        return queue_connection
    client = _stores.get(os.getpid())
    if client is None:
        client = _stores.setdefault(os.getpid(), redis_connect.connect(url, socket_connect_timeout=5,
                                                                       socket_timeout=30))
    return client


def games_for(connection: redis.Redis) -> Games:
    """One `Games` per RQ connection and process (a forked work-horse builds its own)."""
    key = (os.getpid(), id(connection))
    games = _cache.get(key)
    if games is None:
        games = Games(store_client(connection), load_rulesets())
        games.queue_redis = connection
        install(games)
        _cache[key] = games
    return games


def install(games: Games) -> None:
    """What every process's games carry: the clock, the server's bot, tournament results."""
    clock.install(games)
    seat_bots.install(games)
    results.install(games)


def tournaments_for(connection: redis.Redis) -> Tournaments:
    key = (os.getpid(), id(connection))
    found = _tournaments.get(key)
    if found is None:
        found = _tournaments[key] = Tournaments(store_client(connection))
        found.queue_redis = connection
    return found


def connection() -> redis.Redis:
    from rq import get_current_job
    job = get_current_job()
    return job.connection
