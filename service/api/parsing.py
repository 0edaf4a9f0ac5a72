"""Request arguments parsed by the schemas that document them: flask-smorest's
`@bp.arguments(Schema, location=...)` (webargs underneath) with the referee's reading rules.

A body is read by service/api/requests.py's `json_object` (JSON only with a JSON
Content-Type: 415; malformed, NaN or a lone surrogate: 400 malformed_json), and any field
that does not pass its schema is the 422 `invalid_fields` problem every route answers, with
the fields in `errors`. The query's schemas live in service/api/queries.py.
"""
from __future__ import annotations

import re

from marshmallow import ValidationError
from webargs.flaskparser import FlaskParser

from service.api.problems import Problem
from service.api.problem_by_code import joined
from service.rules.errors import Message
from service.api.requests import json_object


class RefereeParser(FlaskParser):
    def load_json(self, req, schema):
        return json_object()

    def handle_error(self, error: ValidationError, req, schema, *, error_status_code, error_headers):
        (location, messages), = error.messages.items()  # webargs files them under their location
        if location in ("query", "querystring"):
            raise Problem(422, "invalid_fields", query_message(messages), errors=messages)
        raise Problem(422, "invalid_fields", Message("problem-api-invalid-fields"), errors=messages)


#: the query's messages (service/api/queries.py) as catalog messages: pattern -> message id
QUERY_RULES = ((r"must be from (?P<low>\d+) to (?P<high>\d+)$", "problem-api-query-range"),
               (r"must be at least (?P<low>\d+)$", "problem-api-query-at-least"),
               (r"must be a whole number$", "problem-api-query-whole"),
               (r"must be the `next` of an earlier page", "problem-api-query-cursor"),
               (r"must be (?P<choices>[a-z_]+(?:, [a-z_]+)*(?: or [a-z_]+)?)$", "problem-api-query-one-of"))


def query_message(messages: dict) -> Message:
    """"`limit` must be from 1 to 1000": each parameter's rule (the query's messages,
    service/api/queries.py, follow the parameter's name) in the reader's language."""
    parts = []
    for name, said in sorted(messages.items()):
        for words in said if isinstance(said, list) else [said]:
            rule = next((Message(msg_id, **{k: int(v) if v.isdigit() else v for k, v in found.groupdict().items()})
                         for pattern, msg_id in QUERY_RULES if (found := re.match(pattern, str(words)))),
                        Message("problem-api-query-other", text=str(words)))
            parts.append(Message("problem-api-query-field", name=name, rule=rule))
    return Message("problem-parts", parts=joined(parts))
