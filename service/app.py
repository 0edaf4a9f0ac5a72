"""The Flask application factory: configuration by environment, the services built by
service/bootstrap.py, the HTTP layer installed on top."""
from __future__ import annotations

import os

import redis
from flask import Flask

from service import bootstrap
from service.streams import list_index
from api_spec.generate import build_spec
from service.api import docs, frontdoor, limits, openapi, ops, problems, request_log
from service.api.routes import API_BLUEPRINTS, PAGES
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
    # Games and Tournaments with the store, RQ's queues, the server key, the archive and every
    # hook (service/bootstrap.py); a bad key or archive stops the boot here, not a read.
    house = bootstrap.web(app.config)
    try:
        list_index.backfill(house.redis)  # once per database: games listed before the status indexes
    except redis.exceptions.RedisError:
        pass  # Redis is down at boot: /healthz says so; a later start backfills
    app.extensions["games"] = house.games
    app.extensions["tournaments"] = house.tournaments
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
