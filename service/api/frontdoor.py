"""What every request meets before a view: body size, CORS and the client's address.

- Body size: `MAX_BODY_BYTES` (default 256 KiB) for every route, `MAX_IMPORT_BYTES`
  (default 4 MiB) for `POST /v1/games/import`, whose body is a whole game's record (a
  six-seat game's is about 0.6 MB); larger bodies are 413 problem+json, unread: refused
  here by their `Content-Length` before any view, so every route answers them alike,
  whether or not it reads a body (each operation declares its 413), and one streamed
  without a length is cut at the limit while a view reads it.
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
#: a tournament's record holds every table's game
TOURNAMENT_IMPORT_BYTES = 64 * 1024 * 1024
LARGE_BODY_ENDPOINTS = {"games.import_game": "MAX_IMPORT_BYTES", "tournaments.import_tournament": "MAX_TOURNAMENT_IMPORT_BYTES"}

#: Pages run only the server's own scripts (no inline script, no other origin), may be framed
#: by nobody, and talk to this server only; inline style is allowed (the printable reports
#: carry theirs), images from here or data: URLs.
PAGE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
               "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'")

ALLOWED_HEADERS = ["Authorization", "Content-Type", "If-Match", "If-None-Match", "Idempotency-Key",
                   "Last-Event-ID", "X-Request-Id"]
EXPOSED_HEADERS = ["ETag", "Location", "Idempotent-Replayed", "X-Request-Id", "Retry-After"]


def setting(app: Flask, name: str, default: str) -> str:
    return str(app.config.get(name) or os.environ.get(name) or default)


def install(app: Flask) -> None:
    app.config["MAX_CONTENT_LENGTH"] = int(setting(app, "MAX_BODY_BYTES", str(BODY_BYTES)))
    large = {"MAX_IMPORT_BYTES": int(setting(app, "MAX_IMPORT_BYTES", str(IMPORT_BYTES))),
             "MAX_TOURNAMENT_IMPORT_BYTES": int(setting(app, "MAX_TOURNAMENT_IMPORT_BYTES",
                                                        str(TOURNAMENT_IMPORT_BYTES)))}

    @app.before_request
    def _body_limit():
        if request.endpoint in LARGE_BODY_ENDPOINTS:
            request.max_content_length = large[LARGE_BODY_ENDPOINTS[request.endpoint]]
        limit = request.max_content_length
        if limit is not None and (request.content_length or 0) > limit:
            raise RequestEntityTooLarge()

    @app.after_request
    def _headers(response):
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        if response.mimetype == "text/html":  # the viewer, the reports, the docs page
            response.headers.setdefault("Content-Security-Policy", PAGE_POLICY)
            response.headers.setdefault("X-Frame-Options", "DENY")
        return response

    @app.errorhandler(RequestEntityTooLarge)
    def _too_large(err):
        limit = request.max_content_length or 0
        return problem_response(413, "body_too_large", f"the request body is larger than this server takes "
                                f"here ({limit // 1024} KiB); nothing was stored", max_bytes=limit)

    origins = [o.strip() for o in setting(app, "CORS_ORIGINS", "*").split(",") if o.strip()] or ["*"]
    CORS(app, origins="*" if origins == ["*"] else origins, send_wildcard=origins == ["*"],
         allow_headers=ALLOWED_HEADERS, expose_headers=EXPOSED_HEADERS,
         methods=["GET", "POST", "OPTIONS"], supports_credentials=False, max_age=600)
    cors = app.after_request_funcs[None].pop()  # flask-cors's, just added

    @app.after_request
    def _cors(response):
        """CORS headers answer a browser's cross-origin request, which names its `Origin`; no
        other client reads them, so the others' answers skip the work (and say they vary)."""
        if "Origin" in request.headers:
            return cors(response)
        response.vary.add("Origin")
        return response

    proxies = int(setting(app, "TRUSTED_PROXIES", "0"))
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)
