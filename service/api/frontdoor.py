"""What every request meets before a view: body size, CORS and the client's address.

- Body size: `MAX_BODY_BYTES` (default 256 KiB) for every route, `MAX_IMPORT_BYTES`
  (default 4 MiB) for `POST /v1/games/import`, whose body is a whole game's record (a
  six-seat game's is about 0.6 MB), `MAX_TOURNAMENT_IMPORT_BYTES` (64 MiB) for
  `POST /v1/tournaments/import`; larger bodies are 413 problem+json, unread: refused
  here by their `Content-Length` before any view, so every route answers them alike,
  whether or not it reads a body (each operation declares its 413), and one streamed
  without a length is cut at the limit while a view reads it.
- An import's body is read by who sends it (`read_import`): the views ask for a
  bearer token and the import limit is counted before a byte of it is read; of a body over
  `IMPORT_HEAD_BYTES` (1 MiB) only that much is read first, and unless the record's first
  event names the caller's token as its organizer's (`organizer_token_hash`) it is 403 then,
  the rest unread. The rest is read in chunks, each counted towards what its parse would
  take in memory (`parse_estimate`: every container, key and string the body can make, at
  CPython's sizes); over `MAX_IMPORT_MEMORY` (160 MiB, with the body itself) it is 413
  before anything is parsed: about a 17 MiB tournament record (~28 tables of 8-round
  five-seat Bootleggers; an exported record's parse takes ~4x its size, the estimate ~9x).
- CORS (flask-cors): any origin by default. The API authenticates with a bearer header that
  a page must set itself, never with a cookie the browser would attach on its own, so a
  foreign page gains nothing it could not do with curl; no credentials mode is offered.
  `CORS_ORIGINS` (comma-separated) narrows the origins.
- `TRUSTED_PROXIES=N`: behind N reverse proxies, the client's address (rate limits, logs)
  is taken from `X-Forwarded-For` (werkzeug's ProxyFix); 0 (default) trusts no header.
"""
from __future__ import annotations

import codecs
import json
import os
import re
import time
from json.decoder import scanstring

import orjson
from flask import Flask, current_app, g, request
from flask_cors import CORS
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.middleware.proxy_fix import ProxyFix

from service.api.language import vary_by_language
from service.api.problems import Problem, problem_response
from service.rules.errors import Message
from service.api.requests import is_json
from service.streams.ledger import token_hash

BODY_BYTES = 256 * 1024
IMPORT_BYTES = 4 * 1024 * 1024
#: a tournament's record holds every table's game
TOURNAMENT_IMPORT_BYTES = 64 * 1024 * 1024
LARGE_BODY_ENDPOINTS = {"games.import_game": "MAX_IMPORT_BYTES", "tournaments.import_tournament": "MAX_TOURNAMENT_IMPORT_BYTES"}
#: of an import's body, this much is read before the rest: its first event must be within it
IMPORT_HEAD_BYTES = 1024 * 1024
#: what one import's body and its parse may take in memory, estimated before parsing
IMPORT_MEMORY = 160 * 1024 * 1024
IMPORT_CHUNK = 64 * 1024
#: a body left unread by an answer (refused early) is read and dropped once the answer is
#: sent, in reads this large, for at most this long and this many bytes (or the route's
#: limit, if larger); beyond, the connection is shut
DRAIN_CHUNK = 1024 * 1024
DRAIN_SECONDS = 5.0
DRAIN_BYTES = 64 * 1024 * 1024

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
    """The front door's parts, in this order: each `after_request` registered later runs
    earlier (CORS first, then the headers, then the drain of an unread body)."""
    _install_body_limits(app)
    app.after_request(_headers)
    _install_cors(app)
    _install_proxies(app)


def _install_body_limits(app: Flask) -> None:
    """The body limits (the route's, checked by `Content-Length` before any view), their 413,
    and the drain of a body an answer left unread."""
    app.config["MAX_CONTENT_LENGTH"] = int(setting(app, "MAX_BODY_BYTES", str(BODY_BYTES)))
    large = {"MAX_IMPORT_BYTES": int(setting(app, "MAX_IMPORT_BYTES", str(IMPORT_BYTES))),
             "MAX_TOURNAMENT_IMPORT_BYTES": int(setting(app, "MAX_TOURNAMENT_IMPORT_BYTES",
                                                        str(TOURNAMENT_IMPORT_BYTES)))}
    app.config["MAX_IMPORT_MEMORY"] = int(setting(app, "MAX_IMPORT_MEMORY", str(IMPORT_MEMORY)))

    @app.before_request
    def _body_limit():
        if request.endpoint in LARGE_BODY_ENDPOINTS:
            request.max_content_length = large[LARGE_BODY_ENDPOINTS[request.endpoint]]
        limit = request.max_content_length
        if limit is not None and (request.content_length or 0) > limit:
            raise RequestEntityTooLarge()

    app.after_request(_drain_unread)
    app.register_error_handler(RequestEntityTooLarge, _too_large)


def _drain_unread(response):
    """Whatever of the body the answer left unread is read after it is sent, a megabyte a
    read (gunicorn's own drain reads 1 KiB a turn, copying what it holds each time: a 64
    MiB import refused early cost its worker ~1.5 s of CPU)."""
    if request.content_length or "chunked" in request.headers.get("Transfer-Encoding", "").lower():
        body, sock = request.environ.get("wsgi.input"), request.environ.get("gunicorn.socket")
        most = max(request.max_content_length or BODY_BYTES, DRAIN_BYTES)
        if body is not None and sock is not None:
            response.call_on_close(lambda: drain(body, sock, most))
    return response


def _too_large(err):
    limit = request.max_content_length or 0
    return problem_response(413, "body_too_large", Message("problem-api-body-too-large", kib=limit // 1024),
                            max_bytes=limit)


def _headers(response):
    """What every answer says of itself: its language's Vary, no sniffing, and a page's policy."""
    vary_by_language(response)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    if response.mimetype == "text/html":  # the viewer, the reports, the docs page
        response.headers.setdefault("Content-Security-Policy", PAGE_POLICY)
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Referrer-Policy", "no-referrer")  # a page's address never leaves it
    return response


def _install_cors(app: Flask) -> None:
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


def _install_proxies(app: Flask) -> None:
    proxies = int(setting(app, "TRUSTED_PROXIES", "0"))
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)


def drain(body, sock, most: int) -> None:
    """Read and drop what is left of a request's body (after its answer went out): up to
    `most` bytes within DRAIN_SECONDS; past either, the connection is closed (gunicorn's Body
    marked failed: where a next request would begin is unknown) rather than read on."""
    deadline, read = time.monotonic() + DRAIN_SECONDS, 0
    try:
        prior = sock.gettimeout()
    except OSError:
        return
    try:
        while read <= most and (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            chunk = body.read(DRAIN_CHUNK)
            if not chunk:
                return
            read += len(chunk)
            time.sleep(0)  # (under gevent: the worker's other requests go on)
    except Exception:  # (a timeout, a reset, a malformed chunk: the connection goes)
        pass
    finally:
        try:
            sock.settimeout(prior)
        except OSError:
            pass
    if hasattr(body, "failed"):  # gunicorn's: it then closes the connection instead of draining on
        body.failed = True


# ---- an import's body, read by who sends it ----------------------------------------------
#: sizes (bytes, CPython 3.11, 64-bit) a parsed body's parts can take at most, each counted by
#: a byte that every one of them needs: a dict (`{`; up to five keys), a list (`[`), a dict
#: entry with its key (`:`), a string's object (per quote: two a string), a value's slot and
#: a number (`,`). An exported record takes ~40% of this estimate; the worst bodies (`[[],...]`,
#: `{"a":[]},...`, unique keys, two-letter strings) up to ~95%.
PARSED_SIZES = {b"{": 200, b"[": 64, b":": 48, b'"': 20, b",": 40}
_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()
#: a byte or an escape of a character beyond the Basic Multilingual Plane (a string holding
#: one takes 4 bytes a character)
_ASTRAL = re.compile(rb"[\xf0-\xf4]|\\u[dD][89abAB]")
#: `first_event`: the text stops before the first event is whole
MORE = object()


def parse_estimate(counts: dict[bytes, int], length: int, width: int = 1) -> int:
    """The most a body of `length` bytes with these `counts` of PARSED_SIZES' bytes can take
    in memory with its parse: the body, its strings' characters at `width` bytes each, and
    every object."""
    return length * (1 + width) + sum(PARSED_SIZES[b] * n for b, n in counts.items())


def string_width(body: bytes | bytearray) -> int:
    """Bytes a character of the body's strings may take once parsed: 1 (ASCII), 2, 4."""
    if body.isascii() and b"\\u" not in body:
        return 1
    return 4 if _ASTRAL.search(body) else 2


def first_event(text: str):
    """The first element of the top-level `events` of the JSON object that `text` begins
    (the keys before it read over, whole), MORE when `text` stops before it is whole, None
    when the object has no such element; ValueError when `text` begins no JSON object."""
    def skip(i: int) -> int:
        return _SPACE.match(text, i).end()

    i = skip(0)
    if i == len(text):
        return MORE
    if text[i] != "{":
        raise ValueError("not a JSON object")
    i = skip(i + 1)
    while i < len(text):
        if text[i] == "}":
            return None
        if text[i] != '"':
            raise ValueError("a key of the object is not a string")
        try:
            key, i = scanstring(text, i + 1)
        except ValueError:
            return MORE
        i = skip(i)
        if i >= len(text):
            return MORE
        if text[i] != ":":
            raise ValueError("a key without a value")
        i = skip(i + 1)
        if i >= len(text):
            return MORE
        if key == "events":
            if text[i] != "[":
                return None
            i = skip(i + 1)
            if i >= len(text):
                return MORE
            if text[i] == "]":
                return None
            try:
                return _DECODER.raw_decode(text, i)[0]
            except ValueError:
                return MORE
        try:
            i = skip(_DECODER.raw_decode(text, i)[1])
        except ValueError:
            return MORE
        if i < len(text) and text[i] == ",":
            i = skip(i + 1)
        elif i < len(text) and text[i] != "}":
            raise ValueError("values not separated by commas")
    return MORE


def _head_event(head: bytes | bytearray):
    try:
        text, _ = codecs.utf_8_decode(bytes(head), "strict", False)  # (a character cut at the end waits)
    except UnicodeDecodeError:
        raise Problem(400, "malformed_json", Message("problem-api-json-not-utf8")) from None
    try:
        return first_event(text)
    except ValueError:
        raise Problem(400, "malformed_json", Message("problem-api-json-not-object")) from None


def read_import(token: str, forbidden: Message) -> dict:
    """The body of an import (a game's or a tournament's record) sent with `token`, parsed,
    read as this module's docstring says: 403 `forbidden` (this detail) once its first
    megabyte shows the record is not the caller's, 413 once what its parse would take is
    over MAX_IMPORT_MEMORY, before either reads the rest. Small bodies (within
    IMPORT_HEAD_BYTES) are read whole and judged by the import itself."""
    stream, limit = request.stream, request.max_content_length
    budget = current_app.config.get("MAX_IMPORT_MEMORY") or IMPORT_MEMORY
    body, counts, checked = bytearray(), dict.fromkeys(PARSED_SIZES, 0), False
    while True:
        chunk = stream.read(IMPORT_CHUNK)
        if not chunk:
            break
        if not body:
            _check_json_type()
        body += chunk
        if request.content_length is None and limit is not None and len(body) >= limit:
            raise RequestEntityTooLarge()  # chunked, and at least as large as the limit
        for byte in counts:
            counts[byte] += chunk.count(byte)
        estimate = parse_estimate(counts, len(body))
        if estimate > budget:
            raise _too_costly(estimate, budget)
        if not checked and len(body) >= IMPORT_HEAD_BYTES:
            checked = True
            _check_head(body, token, forbidden)
        time.sleep(0)  # (under gevent: the worker's other requests go on meanwhile)
    if not body:
        return {}
    estimate = parse_estimate(counts, len(body), string_width(body))
    if estimate > budget:
        raise _too_costly(estimate, budget)
    try:
        parsed = orjson.loads(body)
    except orjson.JSONDecodeError as bad:
        words = str(bad)
        detail = (Message("problem-api-json-too-deep") if "depth" in words else
                  Message("problem-api-json-surrogate") if "surrogate" in words else
                  Message("problem-api-json-not-utf8") if "utf-8" in words.lower() else
                  Message("problem-api-json-invalid"))
        raise Problem(400, "malformed_json", detail) from None
    del body
    if not isinstance(parsed, dict):
        raise Problem(422, "invalid_fields", Message("problem-api-body-not-object"),
                      errors={"_schema": ["must be a JSON object"]})
    g.json_body = parsed  # (requests.json_object: the stream is read)
    return parsed


def _check_json_type() -> None:
    """415 unless the body says it is JSON in UTF-8 (as requests.json_object asks)."""
    if not is_json(request.mimetype):
        raise Problem(415, "unsupported_media_type", Message("problem-api-json-content-type",
                                                             sent=request.mimetype or "–"))
    charset = request.mimetype_params.get("charset", "utf-8").lower()
    if charset not in ("utf-8", "utf8"):
        raise Problem(415, "unsupported_media_type", Message("problem-api-json-charset", charset=charset))


def _check_head(head: bytearray, token: str, forbidden: Message) -> None:
    event = _head_event(head)
    if event is MORE:
        raise Problem(422, "invalid_record", Message("problem-api-record-events-first", kib=IMPORT_HEAD_BYTES // 1024),
                      event_version=1)
    if event is None:
        raise Problem(422, "invalid_record", Message("problem-api-record-no-events"), event_version=1)
    payload = event.get("payload") if isinstance(event, dict) else None
    if not isinstance(payload, dict) or payload.get("organizer_token_hash") != token_hash(token):
        raise Problem(403, "forbidden", forbidden)


def _too_costly(estimate: int, budget: int) -> Problem:
    return Problem(413, "body_too_large", Message("problem-api-record-too-costly", mib=round(estimate / 2**20),
                                                  budget=budget // 2**20),
                   max_bytes=request.max_content_length or 0)
