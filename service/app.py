"""The Flask application factory: configuration by environment, one Redis pool per app."""
from __future__ import annotations

import os

import redis
from flask import Flask

from service import clock
from service.table import lobby_index
from service.runtime import metrics, redis_connect
from service.bots import seat_bots
from api_spec.generate import build_spec
from service.api import docs, frontdoor, limits, openapi, ops, problems, request_log
from service.api.routes import API_BLUEPRINTS, PAGES
from service.table.games import Games
from service.tournaments import results
from service.tournaments.ledger import Tournaments
from service.rules.registry import rulesets
from service.api.json_provider import CanonicalJSONProvider


class App(Flask):
    json_provider_class = CanonicalJSONProvider

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._sync: dict = {}

    def ensure_sync(self, func):
        """Flask asks this for every hook and view of every request (an `inspect` walk each
        time); none of ours is `async def`, and the answer for a function never changes."""
        sync = self._sync.get(func)
        if sync is None:
            sync = self._sync[func] = super().ensure_sync(func)
        return sync


def create_app(config: dict | None = None) -> Flask:
    app = App(__name__)
    app.config["REDIS_URL"] = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    app.config["STREAM_KEEPALIVE_SECONDS"] = float(os.environ.get("STREAM_KEEPALIVE_SECONDS", "15"))
    app.config.update(config or {})
    # Explicit timeouts: no command of the web process blocks (the event streams' readers
    # use a client of their own, service/api/stream.py), so a silent Redis fails fast.
    # A Redis Cluster node or a plain Redis (service/runtime/redis_connect.py); RQ on its own plain one.
    timeouts = dict(socket_timeout=float(os.environ.get("REDIS_SOCKET_TIMEOUT", "10")), socket_connect_timeout=5)
    client = redis_connect.connect(app.config["REDIS_URL"], health_check_interval=30, **timeouts)
    service = Games(client, app.config.get("RULESETS") or rulesets())
    queue_env = {**os.environ, "REDIS_URL": app.config["REDIS_URL"],
                 **({"RQ_REDIS_URL": app.config["RQ_REDIS_URL"]} if app.config.get("RQ_REDIS_URL") else {})}
    if redis_connect.is_cluster(client) or queue_env.get("RQ_REDIS_URL"):
        service.queue_redis = redis_connect.rq_connect(queue_env, health_check_interval=30, **timeouts)
    # The key the ledgers seal snapshots, checkpoints and ends with (service/runtime/secret_key.py):
    # the app's SECRET_KEY, else the environment's, else var/secret_key (made once; the worker reads it too).
    service.use_server_key(app.config.get("SECRET_KEY"))
    service.server_key.sealing_key()  # now: an unusable key or key file stops the boot, not a read
    # Where finished games' records went (service/runtime/archive.py): the app's ARCHIVE_URL,
    # else the environment's, else var/archive; the worker writes there, the web reads.
    service.use_archive(app.config.get("ARCHIVE_URL"))
    service.after_append.append(_count_appends)
    clock.install(service)  # deadlines: closer + index/trigger hook (service/clock)
    seat_bots.install(service)  # the server's bot wakes for the seats handed to it
    results.install(service)  # a tournament table's end enqueues its result (service/tournaments)
    tournament_ledger = Tournaments(client)
    tournament_ledger.use_server_key(app.config.get("SECRET_KEY"))
    tournament_ledger.use_archive(app.config.get("ARCHIVE_URL"))
    tournament_ledger.queue_redis = service.queue_redis
    try:
        lobby_index.backfill(client)  # once per database: games listed before the status indexes
    except redis.exceptions.RedisError:
        pass  # Redis is down at boot: /healthz says so; a later start backfills
    app.extensions["games"] = service
    app.extensions["tournaments"] = tournament_ledger
    request_log.instrument(app)  # first: the request id and the clock of the request's log line
    problems.install(app)
    frontdoor.install(app)  # body size, CORS, proxies
    ops.instrument(app)
    openapi.install(app, API_BLUEPRINTS)
    docs.install(app, build_spec)  # GET /openapi.json: the document built from these routes
    for blueprint in PAGES:
        app.register_blueprint(blueprint)
    limits.install(app)  # after the routes: it limits views by endpoint name
    return app


def _count_appends(game_id: str, state: dict, events: list[dict]) -> None:
    for event in events:
        metrics.APPENDS.labels(event["type"]).inc()
