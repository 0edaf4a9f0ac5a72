"""The Flask application factory: configuration by environment, one Redis pool per app."""
from __future__ import annotations

import os

import redis
from flask import Flask

from events.store import VersionConflict
from service import clock, lobby_index, logs, metrics, redis_connect, seat_bots
from service.api import clock as clock_api, desk, disputes, docs, frontdoor, games as games_api, limits, openapi, ops, problems, records, stream  # noqa: F401  (desk, disputes, records, stream register routes)
from service.games import Games
from service.rules.registry import rulesets
from service.api import viewer as viewer_api
from service.api.json_provider import CanonicalJSONProvider

#: The API's blueprints (flask-smorest's: each route declares its operation, service/api/openapi.py);
#: api_spec/generate.py builds the document from them.
API_BLUEPRINTS = (games_api.bp, ops.bp, clock_api.bp)
#: Pages for people, not part of the API: the docs page and the viewer.
PAGES = (docs.bp, viewer_api.bp)
BLUEPRINTS = API_BLUEPRINTS + PAGES


class App(Flask):
    json_provider_class = CanonicalJSONProvider


def create_app(config: dict | None = None) -> Flask:
    app = App(__name__)
    app.config["REDIS_URL"] = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    app.config.update(config or {})
    # Explicit timeouts: no command of the web process blocks (the event streams' readers
    # use a client of their own, service/api/stream.py), so a silent Redis fails fast.
    # A Redis Cluster node or a plain Redis (service/redis_connect.py); RQ on its own plain one.
    timeouts = dict(socket_timeout=float(os.environ.get("REDIS_SOCKET_TIMEOUT", "10")), socket_connect_timeout=5)
    client = redis_connect.connect(app.config["REDIS_URL"], health_check_interval=30, **timeouts)
    service = Games(client, app.config.get("RULESETS") or rulesets())
    queue_env = {**os.environ, "REDIS_URL": app.config["REDIS_URL"],
                 **({"RQ_REDIS_URL": app.config["RQ_REDIS_URL"]} if app.config.get("RQ_REDIS_URL") else {})}
    if redis_connect.is_cluster(client) or queue_env.get("RQ_REDIS_URL"):
        service.queue_redis = redis_connect.rq_connect(queue_env, health_check_interval=30, **timeouts)
    service.after_append.append(_count_appends)
    clock.install(service)  # deadlines: closer + index/trigger hook (service/clock)
    seat_bots.install(service)  # the server's bot wakes for the seats handed to it
    try:
        lobby_index.backfill(client)  # once per database: games listed before the status indexes
    except redis.exceptions.RedisError:
        pass  # Redis is down at boot: /healthz says so; a later start backfills
    app.extensions["games"] = service
    logs.instrument(app)  # first: the request id and the clock of the request's log line
    problems.install(app)
    frontdoor.install(app)  # body size, CORS, proxies
    ops.instrument(app)
    openapi.install(app, API_BLUEPRINTS)
    for blueprint in PAGES:
        app.register_blueprint(blueprint)
    limits.install(app)  # after the routes: it limits views by endpoint name
    return app


def _count_appends(game_id: str, state: dict, events: list[dict]) -> None:
    for event in events:
        metrics.APPENDS.labels(event["type"]).inc()
