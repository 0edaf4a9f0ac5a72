"""What every request meets before a view: body size, CORS and the client's address.

- Body size: `MAX_BODY_BYTES` (default 256 KiB) for every route, `MAX_IMPORT_BYTES`
  (default 4 MiB) for `POST /v1/games/import`, whose body is a whole game's record (a
  six-seat game's is about 0.6 MB); larger bodies are 413 problem+json, unread.
- CORS (flask-cors): any origin by default. The API authenticates with a bearer header that
  a page must set itself, never with a cookie the browser would attach on its own, so a
  foreign page gains nothing it could not do with curl; no credentials mode is offered.
  `CORS_ORIGINS` (comma-separated) narrows the origins.
- `TRUSTED_PROXIES=N`: behind N reverse proxies, the client's address (rate limits, logs)
  is taken from `X-Forwarded-For` (werkzeug's ProxyFix); 0 (default) trusts no header.
"""
from __future__ import annotations

import os

from flask import Flask, request
from flask_cors import CORS
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.middleware.proxy_fix import ProxyFix

from service.api.problems import problem_response

BODY_BYTES = 256 * 1024
IMPORT_BYTES = 4 * 1024 * 1024
LARGE_BODY_ENDPOINTS = {"games.import_game"}

ALLOWED_HEADERS = ["Authorization", "Content-Type", "If-Match", "If-None-Match", "Idempotency-Key",
                   "Last-Event-ID", "X-Request-Id"]
EXPOSED_HEADERS = ["ETag", "Location", "Idempotent-Replayed", "X-Request-Id", "Retry-After"]


def setting(app: Flask, name: str, default: str) -> str:
    return str(app.config.get(name) or os.environ.get(name) or default)


def install(app: Flask) -> None:
    app.config["MAX_CONTENT_LENGTH"] = int(setting(app, "MAX_BODY_BYTES", str(BODY_BYTES)))
    import_bytes = int(setting(app, "MAX_IMPORT_BYTES", str(IMPORT_BYTES)))

    @app.before_request
    def _body_limit():
        if request.endpoint in LARGE_BODY_ENDPOINTS:
            request.max_content_length = import_bytes

    @app.errorhandler(RequestEntityTooLarge)
    def _too_large(err):
        limit = request.max_content_length or 0
        return problem_response(413, "body_too_large", f"the request body is larger than this server takes "
                                f"here ({limit // 1024} KiB); nothing was stored", max_bytes=limit)

    origins = [o.strip() for o in setting(app, "CORS_ORIGINS", "*").split(",") if o.strip()] or ["*"]
    CORS(app, origins="*" if origins == ["*"] else origins, send_wildcard=origins == ["*"],
         allow_headers=ALLOWED_HEADERS, expose_headers=EXPOSED_HEADERS,
         methods=["GET", "POST", "OPTIONS"], supports_credentials=False, max_age=600)

    proxies = int(setting(app, "TRUSTED_PROXIES", "0"))
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)
