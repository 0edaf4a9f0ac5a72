"""The Flask application factory: configuration by environment, one Redis pool per app."""
from __future__ import annotations

import os

import redis
from flask import Flask

from events.store import VersionConflict
from service import metrics
from service import clock
from service.api import clock as clock_api, disputes, docs, games as games_api, ops, problems, records, stream  # noqa: F401  (disputes, records, stream register routes)
from service.games import Games
from service.rules.registry import rulesets


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__)
    app.config["REDIS_URL"] = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    # A whole game's record (an import) is well under 2 MiB; anything far larger is refused (413).
    app.config["MAX_CONTENT_LENGTH"] = int(os.environ.get("MAX_BODY_BYTES", str(16 * 2**20)))
    app.config.update(config or {})
    app.json.sort_keys = False
    client = redis.Redis.from_url(app.config["REDIS_URL"], health_check_interval=30)
    service = Games(client, app.config.get("RULESETS") or rulesets())
    service.after_append.append(_count_appends)
    clock.install(service)  # deadlines: closer + index/trigger hook (service/clock)
    app.extensions["games"] = service
    problems.install(app)
    ops.instrument(app)
    app.register_blueprint(games_api.bp)
    app.register_blueprint(ops.bp)
    app.register_blueprint(docs.bp)
    app.register_blueprint(clock_api.bp)
    return app


def _count_appends(game_id: str, state: dict, events: list[dict]) -> None:
    for event in events:
        metrics.APPENDS.labels(event["type"]).inc()
