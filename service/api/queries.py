"""The query parameters of the API as marshmallow schemas: they parse the query
(`@bp.arguments(..., location="query")`, service/api/parsing.py) and, through flask-smorest,
are the parameters the document shows — one declaration for both.

Their messages follow the parameter's name in a problem's `detail` ("`limit` must be from
1 to 1000"); unknown query parameters are ignored.
"""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.api.requests import MAX_INT

#: how long an event stream may be asked to stay open (a week)
MAX_TIMEOUT_SECONDS = 7 * 24 * 3600
WHOLE = {"invalid": "must be a whole number"}


def whole(low: int, high: int = MAX_INT, **options) -> fields.Integer:
    """A whole number from `low` to `high` (the JSON-safe maximum unless said)."""
    words = f"must be from {low} to {high}" if high != MAX_INT else f"must be at least {low}"
    return fields.Integer(validate=validate.Range(low, high, error=words), error_messages=WHOLE, **options)


class Page(Schema):
    after = whole(0, load_default=0, metadata={"description": "the `next_after` of the previous page (0: from the start)"})
    limit = whole(1, 1000, load_default=100, metadata={"description": "at most this many in the page"})


class GamesQuery(Schema):
    status = fields.String(validate=validate.OneOf(["lobby", "running", "finished"],
                                                   error="must be lobby, running or finished"))
    limit = whole(1, 1000, load_default=100, metadata={"description": "at most this many games in the page"})
    after = fields.String(validate=validate.Length(max=200, error="must be the `next` of an earlier page, as given"),
                          metadata={"description": "the `next` of the previous page"})


class StateQuery(Schema):
    at = whole(1, metadata={"description": "time travel: the state as it stood after event N"})
    # `as` is read by the view: which seats there are depends on the game (games.parse_viewer)


class StreamQuery(Schema):
    after = whole(0, load_default=0, metadata={"description": "the version of the last event you have "
                                                              "(`Last-Event-ID` wins when both are sent)"})
    timeout = whole(0, MAX_TIMEOUT_SECONDS, metadata={
        "description": "Close the stream after this many seconds. Without it the stream stays open "
                       "(a keep-alive comment every 15 s) until you disconnect or the game ends."})


class LegalActionsQuery(Schema):
    look_ahead = fields.String(validate=validate.OneOf(["cash"], error="must be cash"), metadata={
        "description": "`cash`: each action also lists `cash_after`, your cash right after each of its "
                       "examples, worked out on a stand-in of the game that deals again everything your "
                       "seat cannot see and rolls stand-in dice (so it tells nothing hidden; a greedy bot's "
                       "measure)"})


class TournamentsQuery(Schema):
    status = fields.String(validate=validate.OneOf(["registering", "running", "finished"],
                                                   error="must be registering, running or finished"))
    limit = whole(1, 1000, load_default=100, metadata={"description": "at most this many tournaments in the page"})
    after = fields.String(validate=validate.Length(max=200, error="must be the `next` of an earlier page, as given"),
                          metadata={"description": "the `next` of the previous page"})
