"""Logs as one JSON object a line (structlog), for the web process and the workers alike.

The web process logs every request once when its answer leaves (service/api/request_log.py),
with `time`, `request_id`, `method`, `path`, `status`, `duration_ms`, `client`, and, where
they apply, `game_id`, `seat` (or the caller's kind) and `command`. Anything logged while
the request runs (an unexpected error's traceback, as `exception`) carries the same
`request_id`. gunicorn's own log goes through the same formatter (`LOGCONFIG` in
gunicorn.conf.py), so the whole web process writes JSON lines; the RQ worker too
(`json_everywhere`).
"""
from __future__ import annotations

import logging
import sys

import structlog

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
    "formatters": {"json": {"()": "service.runtime.logs.json_formatter"}},
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
