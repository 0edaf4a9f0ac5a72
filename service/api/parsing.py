"""Request arguments parsed by the schemas that document them: flask-smorest's
`@bp.arguments(Schema, location=...)` (webargs underneath) with the referee's reading rules.

A body is read by service/api/requests.py's `json_object` (JSON only with a JSON
Content-Type: 415; malformed, NaN or a lone surrogate: 400 malformed_json), and any field
that does not pass its schema is the 422 `invalid_fields` problem every route answers, with
the fields in `errors`. The query's schemas live in service/api/queries.py.
"""
from __future__ import annotations

from marshmallow import ValidationError
from webargs.flaskparser import FlaskParser

from service.api.problems import Problem
from service.api.requests import json_object


class RefereeParser(FlaskParser):
    def load_json(self, req, schema):
        return json_object()

    def handle_error(self, error: ValidationError, req, schema, *, error_status_code, error_headers):
        (location, messages), = error.messages.items()  # webargs files them under their location
        if location in ("query", "querystring"):
            raise Problem(422, "invalid_fields", query_detail(messages), errors=messages)
        raise Problem(422, "invalid_fields", "some fields are missing or wrong; see `errors`", errors=messages)


def query_detail(messages: dict) -> str:
    """"`limit` must be from 1 to 1000": the query's messages (service/api/queries.py) are
    written to follow the parameter's name."""
    return "; ".join(f"`{name}` {' and '.join(said)}" for name, said in sorted(messages.items()))
