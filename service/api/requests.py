"""Reading a request: JSON bodies, query integers and the If-Match / Idempotency-Key pins."""
from __future__ import annotations

from flask import request
from marshmallow import Schema
from werkzeug.exceptions import BadRequest

from service.api.problems import Problem


def json_object() -> dict:
    if not request.get_data(cache=True):
        return {}
    try:
        body = request.get_json(force=True, silent=False)
    except BadRequest:
        raise Problem(400, "malformed_json", "the request body is not valid JSON") from None
    if not isinstance(body, dict):
        raise Problem(422, "invalid_fields", "the request body must be a JSON object",
                      errors={"_schema": ["must be a JSON object"]})
    return body


def load(schema: Schema, body: dict) -> dict:
    return schema.load(body)  # ValidationError -> 422 with the fields


def query_int(name: str, default: int | None, low: int, high: int | None = None) -> int | None:
    raw = request.args.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise Problem(422, "invalid_fields", f"`{name}` must be a whole number", errors={name: ["not an integer"]}) from None
    if value < low or (high is not None and value > high):
        bounds = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise Problem(422, "invalid_fields", f"`{name}` must be {bounds}", errors={name: [f"must be {bounds}"]})
    return value


def pins() -> dict:
    """`expected` from If-Match (a version, quoted or not), `idempotency` from Idempotency-Key."""
    out = {}
    match = request.headers.get("If-Match")
    if match is not None:
        raw = match.strip().removeprefix("W/").strip('"')
        if not raw.isdigit():
            raise Problem(400, "bad_if_match", "If-Match must be the game version you decided on, e.g. `If-Match: 12`")
        out["expected"] = int(raw)
    key = request.headers.get("Idempotency-Key")
    if key is not None:
        key = key.strip()
        if not (1 <= len(key) <= 200) or not key.isprintable():
            raise Problem(400, "bad_idempotency_key", "Idempotency-Key must be 1 to 200 printable characters")
        out["idempotency"] = key
    return out
