"""Reading a request: JSON bodies, version numbers and the If-Match / Idempotency-Key pins.
(Bodies and queries with a schema are parsed through it by service/api/parsing.py.)

A body is read as JSON only when it says so (`Content-Type: application/json` or a
`+json` type): a text/plain, form or multipart body is what a cross-site HTML form can
send without a CORS preflight, so taking it as JSON would let any web page create games
and take seats in its visitors' names. A request without a body (`start`) needs none.
"""
from __future__ import annotations

import json

from flask import g, request
from werkzeug.exceptions import RequestEntityTooLarge

from service.api.problems import Problem
from service.rules.errors import Message


def is_json(mimetype: str) -> bool:
    """application/json, or a structured-syntax `+json` type (application/problem+json, ...)."""
    kind, _, subtype = mimetype.partition("/")
    return kind == "application" and (subtype == "json" or subtype.endswith("+json"))


def json_object() -> dict:
    """The request's body as a JSON object, read once (the limits and the view share it)."""
    if "json_body" not in g:
        g.json_body = _read_json_object()
    return g.json_body


def _read_json_object() -> dict:
    raw = request.get_data(cache=True, parse_form_data=False)
    if not raw:
        return {}
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(raw) >= limit:
        # a chunked body (no Content-Length) is cut at the limit as it is read: one that
        # filled it was larger than the server takes (413), not malformed
        raise RequestEntityTooLarge()
    if not is_json(request.mimetype):
        sent = request.mimetype or "no Content-Type"
        raise Problem(415, "unsupported_media_type", Message("problem-api-json-content-type", sent=sent))
    charset = request.mimetype_params.get("charset", "utf-8").lower()
    if charset not in ("utf-8", "utf8"):
        raise Problem(415, "unsupported_media_type", Message("problem-api-json-charset", charset=charset))
    try:  # RFC 8259: JSON between systems is UTF-8 (a UTF-16 body is not taken for JSON)
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Problem(400, "malformed_json", Message("problem-api-json-not-utf8")) from None
    try:
        body = json.loads(text)
    except ValueError:
        raise Problem(400, "malformed_json", Message("problem-api-json-invalid")) from None
    except RecursionError:
        raise Problem(400, "malformed_json", Message("problem-api-json-too-deep")) from None
    try:  # "\ud800" is valid JSON but no text: it could never be stored (canonical JSON is UTF-8)
        json.dumps(body, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except UnicodeEncodeError:
        raise Problem(400, "malformed_json", Message("problem-api-json-surrogate")) from None
    except ValueError:  # Python reads NaN and Infinity; JSON has neither, and nothing stores them
        raise Problem(400, "malformed_json", Message("problem-api-json-nan")) from None
    if not isinstance(body, dict):
        raise Problem(422, "invalid_fields", Message("problem-api-body-not-object"),
                      errors={"_schema": ["must be a JSON object"]})
    return body


#: The largest integer a query or version header may carry: JSON-safe, and far below what
#: would overflow a Redis stream id (64-bit) when the store reads "after N".
MAX_INT = 2**53 - 1


def version_number(raw: str) -> int | None:
    """An event version sent in a header (If-Match, Last-Event-ID): ASCII digits, or None."""
    raw = raw.strip()
    if not (raw.isascii() and raw.isdigit()) or len(raw) > len(str(MAX_INT)) or int(raw) > MAX_INT:
        return None
    return int(raw)


def pins() -> dict:
    """`expected` from If-Match (a version, quoted or not), `idempotency` from Idempotency-Key."""
    out = {}
    match = request.headers.get("If-Match")
    if match is not None and match.strip() != "*":  # RFC 9110: `*` matches any current version
        expected = version_number(match.strip().removeprefix("W/").strip('"'))
        if expected is None:
            raise Problem(400, "bad_if_match", Message("problem-api-bad-if-match"))
        out["expected"] = expected
    key = request.headers.get("Idempotency-Key")
    if key is not None:
        key = key.strip()
        if not (1 <= len(key) <= 200) or not key.isprintable():
            raise Problem(400, "bad_idempotency_key", Message("problem-api-bad-idempotency-key"))
        out["idempotency"] = key
    return out
