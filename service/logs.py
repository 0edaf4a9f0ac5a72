"""Logs as one JSON object a line (structlog), and a request id on every response.

Every request is logged once when its answer leaves, with `time`, `request_id`, `method`,
`path`, `status`, `duration_ms`, `client`, and, where they apply, `game_id`, `seat` (or the
caller's kind) and `command`. Anything logged while the request runs (an unexpected
error's traceback, as `exception`) carries the same `request_id`. gunicorn's own log goes
through the same formatter (`LOGCONFIG` in gunicorn.conf.py), so the whole web process
writes JSON lines.

The request id is the client's `X-Request-Id` when it is sane (1-128 of `A-Za-z0-9._:-`),
else a fresh one; the answer carries it back in `X-Request-Id`.
"""
from __future__ import annotations

import logging
import re
import sys
import time
import uuid

import structlog
from flask import Flask, g, request

REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
_STAMP = structlog.processors.TimeStamper(fmt="iso", utc=True, key="time")
_PRE_CHAIN = [structlog.contextvars.merge_contextvars, structlog.stdlib.add_log_level,
              structlog.stdlib.add_logger_name, _STAMP]


def json_formatter() -> logging.Formatter:
    """A stdlib formatter that renders any record (ours, gunicorn's, a library's) as JSON."""
    return structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=_PRE_CHAIN,
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                    structlog.processors.format_exc_info,
                    structlog.processors.JSONRenderer(sort_keys=False)])


#: gunicorn's `logconfig_dict`: its error log and any access log as JSON lines too.
LOGCONFIG = {
    "version": 1,
    "disable_existing_loggers": False,
    "root": {"level": "INFO", "handlers": ["error_console"]},
    "loggers": {
        "gunicorn.error": {"level": "INFO", "handlers": ["error_console"], "propagate": False,
                           "qualname": "gunicorn.error"},
        # Off (WARNING): the app's own request line replaces it (set INFO to have both).
        "gunicorn.access": {"level": "WARNING", "handlers": ["console"], "propagate": False,
                            "qualname": "gunicorn.access"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stdout"},
        "error_console": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"},
    },
    "formatters": {"json": {"()": "service.logs.json_formatter"}},
}


def configure() -> None:
    """structlog through the stdlib loggers; a JSON handler on the root logger if none is set
    (under gunicorn, LOGCONFIG has set one; under pytest, pytest has)."""
    structlog.configure(
        processors=[*_PRE_CHAIN, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True)
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(json_formatter())
        root.addHandler(handler)
        root.setLevel(logging.INFO)


def json_everywhere(*names: str) -> None:
    """Configure, then render the handlers already on these loggers (RQ's own) as JSON too."""
    configure()
    for name in names:
        for handler in logging.getLogger(name).handlers:
            handler.setFormatter(json_formatter())


def request_id() -> str:
    given = request.headers.get("X-Request-Id", "").strip()
    return given if REQUEST_ID.match(given) else uuid.uuid4().hex


def note(**fields) -> None:
    """Add fields to this request's log line (the caller, the command type)."""
    g.setdefault("log_fields", {}).update(fields)


def instrument(app: Flask) -> None:
    configure()
    log = structlog.get_logger("bootleggers.request")

    @app.before_request
    def _begin():
        g.request_id = request_id()
        g.request_started = time.perf_counter()
        structlog.contextvars.bind_contextvars(request_id=g.request_id)

    @app.after_request
    def _answer(response):
        rid = g.get("request_id") or request_id()
        response.headers["X-Request-Id"] = rid
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
