"""A request id on every response, and one log line per request (service/runtime/logs.py
renders it as JSON).

The request id is the client's `X-Request-Id` when it is sane (1-128 of `A-Za-z0-9._:-`),
else a fresh one; the answer carries it back in `X-Request-Id`. Views add fields to the
line with `note` (the caller, the command type).
"""
from __future__ import annotations

import logging
import os
import re
import time
import uuid

import structlog
from flask import Flask, g, request

from service.runtime.logs import configure

REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


def request_id() -> str:
    given = request.headers.get("X-Request-Id", "").strip()
    return given if REQUEST_ID.match(given) else uuid.uuid4().hex


def note(**fields) -> None:
    """Add fields to this request's log line (the caller, the command type)."""
    g.setdefault("log_fields", {}).update(fields)


def instrument(app: Flask) -> None:
    configure()
    log = structlog.get_logger("bootleggers.request")
    # LOG_LEVEL=warning (as gunicorn's) silences the request lines; the check costs a dict
    # lookup, so a silenced line costs nothing more
    level = logging.getLevelName(os.environ.get("LOG_LEVEL", "info").upper())
    logging.getLogger("bootleggers.request").setLevel(level if isinstance(level, int) else logging.INFO)
    enabled = logging.getLogger("bootleggers.request").isEnabledFor

    @app.before_request
    def _begin():
        g.request_id = request_id()
        g.request_started = time.perf_counter()
        structlog.contextvars.bind_contextvars(request_id=g.request_id)

    @app.after_request
    def _answer(response):
        rid = g.get("request_id") or request_id()
        response.headers["X-Request-Id"] = rid
        if not enabled(logging.INFO):
            return response
        fields = {"request_id": rid, "method": request.method, "path": request.path,
                  "status": response.status_code, "client": request.remote_addr}
        if "request_started" in g:
            fields["duration_ms"] = round((time.perf_counter() - g.request_started) * 1000, 2)
        if request.view_args and "game_id" in request.view_args:
            fields["game_id"] = request.view_args["game_id"]
        fields.update(g.get("log_fields", {}))
        log.info("request", **fields)
        return response

    @app.teardown_request
    def _end(_exc):
        structlog.contextvars.clear_contextvars()
