"""One place that builds the house: from settings to a ready `Games` and `Tournaments`.

Every process that reads or writes streams gets its services here — the web app
(service/app.py), the RQ worker and its jobs (service/jobs), the benches and the test
support — so each carries the same rulesets, server key, archive, queue connection and
hooks (the clock, the server's bot, tournament results). What differs between the
processes is a setting (`Settings`), never a copy of the wiring. This is the house's
composition root below the app: it may use every capability under `service/jobs`, none above.
"""
from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import redis

from service import clock
from service.bots import seat_bots
from service.runtime import durability, metrics, redis_connect
from service.table.games import Games
from service.tournaments import results
from service.tournaments.ledger import Tournaments

#: `BOOTLEGGERS_RULESETS=module:callable` names another ruleset table (tests host a toy
#: ruleset this way; empty or unset: the server's own, service/rules/registry.py)
RULESETS_ENV = "BOOTLEGGERS_RULESETS"

Hook = Callable[[Games], None]


def count_appends(games: Games) -> None:
    """The web's `/metrics`: every event appended, by type."""
    def hook(game_id: str, state: dict, events: list[dict]) -> None:
        for event in events:
            metrics.APPENDS.labels(event["type"]).inc()
    games.after_append.append(hook)


#: what every process's games carry: deadlines (closer, index, trigger), the server's bot
#: waking for the seats handed to it, a tournament table's end enqueuing its result
HOOKS: tuple[Hook, ...] = (clock.install, seat_bots.install, results.install)
#: the web process counts its appends for /metrics as well
WEB_HOOKS: tuple[Hook, ...] = HOOKS + (count_appends,)


def load_rulesets(environ: Mapping[str, str] | None = None) -> dict:
    """The ruleset table `BOOTLEGGERS_RULESETS` names, else the server's own."""
    spec = (os.environ if environ is None else environ).get(RULESETS_ENV)
    if spec:
        module, _, attr = spec.partition(":")
        found = getattr(importlib.import_module(module), attr or "rulesets")
        return found() if callable(found) else dict(found)
    from service.rules.registry import rulesets
    return rulesets()


@dataclass(frozen=True)
class Settings:
    """What the house is built from. `web` and `worker` read them from the environment (the
    web app's config on top); the benches and tests give them directly."""

    #: the game store: a plain Redis or any node of a cluster (None: the client `build` is given)
    redis_url: str | None = None
    #: the plain Redis of RQ's queues (None: the store's when it is a plain Redis)
    rq_redis_url: str | None = None
    #: the key snapshots, checkpoints and ends are sealed with (None: SECRET_KEY, else var/secret_key)
    secret_key: str | bytes | None = None
    #: where finished streams' records go (None: ARCHIVE_URL, else var/archive)
    archive_url: str | None = None
    #: the rulesets hosted (None: `load_rulesets()`)
    rulesets: Mapping[str, Any] | None = None
    #: seconds a store client waits on one Redis reply
    socket_timeout: float = 30.0
    #: seconds between a pooled connection's health checks (0: none)
    health_check_interval: int = 0
    #: open the server key and the archive now, so a bad one stops the boot rather than a read
    check_at_boot: bool = False
    #: the environment the store's and the queue's connections read (REDIS_CLUSTER, RQ_REDIS_URL)
    environ: Mapping[str, str] = field(default_factory=lambda: dict(os.environ), repr=False)
    #: when an append is acknowledged (None: DURABILITY of `environ`, service/runtime/durability.py)
    durability: durability.Durability | None = None


@dataclass
class House:
    """The built services of one process, sharing one store and one queue connection."""
    games: Games
    tournaments: Tournaments

    @property
    def redis(self):
        return self.games.redis

    @property
    def queue_redis(self):
        return self.games.queue_redis


def _client_kwargs(settings: Settings) -> dict:
    kwargs: dict = dict(socket_timeout=settings.socket_timeout, socket_connect_timeout=5)
    if settings.health_check_interval:
        kwargs["health_check_interval"] = settings.health_check_interval
    return kwargs


def connect_store(settings: Settings):
    """A new client of the game store (`settings.redis_url`: a cluster or a plain Redis)."""
    return redis_connect.connect(settings.redis_url, dict(settings.environ), **_client_kwargs(settings))


def connect_queue(settings: Settings, store) -> redis.Redis:
    """RQ's connection: its own plain Redis when the store is a cluster or RQ_REDIS_URL is
    set, else the store's client itself."""
    env = {**settings.environ, **({"REDIS_URL": settings.redis_url} if settings.redis_url else {}),
           **({"RQ_REDIS_URL": settings.rq_redis_url} if settings.rq_redis_url else {})}
    if redis_connect.is_cluster(store) or env.get("RQ_REDIS_URL"):
        return redis_connect.rq_connect(env, **_client_kwargs(settings))
    return store


def build(settings: Settings, *, store=None, queue=None, hooks: tuple[Hook, ...] = HOOKS) -> House:
    """Games and Tournaments on one store: `store` (else a new client of `settings.redis_url`),
    their jobs queued on `queue` (else `connect_queue`), sealed with the settings' key, reading
    the settings' archive, `hooks` installed on the games (after the queue is known: the
    clock's trigger enqueues there)."""
    if store is None:
        store = connect_store(settings)
    if queue is None:
        queue = connect_queue(settings, store)
    rulesets = dict(settings.rulesets) if settings.rulesets is not None else load_rulesets(settings.environ)
    games = Games(store, rulesets)
    tournaments = Tournaments(store)
    durable = settings.durability or durability.setting(settings.environ)
    for ledger in (games, tournaments):
        ledger.queue_redis = queue
        ledger.use_durability(durable)
        if settings.secret_key is not None or settings.check_at_boot:
            ledger.use_server_key(settings.secret_key)
        if settings.check_at_boot:
            ledger.server_key.sealing_key()  # an unusable key or key file stops the boot, not a read
        if settings.archive_url or settings.check_at_boot:
            ledger.use_archive(settings.archive_url)
    for install in hooks:
        install(games)
    return House(games, tournaments)


# ---- the processes --------------------------------------------------------------------------
def web_settings(config: Mapping[str, Any], environ: Mapping[str, str] | None = None) -> Settings:
    """The web app's settings: its config (REDIS_URL, RQ_REDIS_URL, SECRET_KEY, ARCHIVE_URL,
    RULESETS) over the environment; explicit timeouts, so a silent Redis fails fast."""
    env = dict(os.environ if environ is None else environ)
    return Settings(redis_url=config.get("REDIS_URL") or env.get("REDIS_URL") or "redis://127.0.0.1:6379/0",
                    rq_redis_url=config.get("RQ_REDIS_URL") or None,
                    secret_key=config.get("SECRET_KEY"),
                    archive_url=config.get("ARCHIVE_URL"),
                    rulesets=config.get("RULESETS") or None,
                    socket_timeout=float(env.get("REDIS_SOCKET_TIMEOUT", "10")),
                    health_check_interval=30, check_at_boot=True, environ=env,
                    durability=durability.setting(env))  # (a bad DURABILITY stops the boot)


def web(config: Mapping[str, Any], environ: Mapping[str, str] | None = None) -> House:
    """The web process's house (service/app.py)."""
    return build(web_settings(config, environ), hooks=WEB_HOOKS)


#: seconds a worker's append (a deadline fired, a bot's move: nobody waits for its answer) keeps
#: asking a replica to confirm it before giving up to the sweepers (DURABILITY=replica)
WORKER_PATIENCE = 10.0


def worker_settings(environ: Mapping[str, str] | None = None) -> Settings:
    """A worker's settings: the store is REDIS_URL when set (a cluster or a plain Redis), else
    the Redis RQ runs on; key and archive as the environment says, opened when first needed."""
    env = dict(os.environ if environ is None else environ)
    return Settings(redis_url=env.get("REDIS_URL") or None, environ=env,
                    durability=durability.setting(env, patience=WORKER_PATIENCE))


def worker(queue: redis.Redis, store=None, environ: Mapping[str, str] | None = None) -> House:
    """The house of a worker whose RQ connection is `queue` (service/jobs): the store is
    `store`, else a new client of REDIS_URL, else `queue` itself."""
    settings = worker_settings(environ)
    if store is None:
        store = connect_store(settings) if settings.redis_url else queue
    return build(settings, store=store, queue=queue)


def in_process(store, *, rulesets: Mapping[str, Any] | None = None, hooks: tuple[Hook, ...] = HOOKS,
               **settings) -> House:
    """A house on a client the caller made (benches, tests): one connection for the store and
    the queues, as a plain Redis runs them."""
    return build(Settings(rulesets=rulesets, **settings), store=store, queue=store, hooks=hooks)
