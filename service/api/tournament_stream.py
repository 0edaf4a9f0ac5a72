"""`GET /v1/tournaments/{id}/events/stream`: a tournament's record, live, as Server-Sent Events.

The same fan-out as a game's (service/api/fanout.py: one reader per tournament per process),
with the tournament's own view of an event for the caller (token hashes left out, and a
dispute's text from all but its filer and the organizer, until it finishes); resumable with
`Last-Event-ID`, ending right after a finished tournament's last event.
"""
from __future__ import annotations

import time

from flask import current_app, request

from events.integrity import RecordDamaged
from service.api import queries
from service.api.auth import caller
from service.api.declare import TOKEN_OPTIONAL, api_operation, codes, errors
from service.api.fanout import READ_BLOCK_SECONDS, Broadcast, Hub
from service.api.problems import Problem
from service.rules.errors import Message
from service.api.requests import version_number
from service.api.stream import RETRY, checked_events, damage_message, event_stream, live, sse
from service.api.tournaments import A_TOURNAMENT, bp, tournaments, view_event
from service.runtime import redis_connect


def tournament_hub() -> Hub:
    hub = current_app.extensions.get("tournament_stream_hub")
    if hub is None:
        ledger = tournaments()
        reader = redis_connect.sibling(ledger.redis, socket_timeout=READ_BLOCK_SECONDS + 10, socket_connect_timeout=5)
        hub = current_app.extensions.setdefault("tournament_stream_hub", Hub(reader, ledger, lambda state: None))
    return hub


@bp.get("/tournaments/<tournament_id>/events/stream")
@api_operation("streamTournamentEvents", "tournaments",
               problems=codes(TOKEN_OPTIONAL, A_TOURNAMENT, {400: ("bad_last_event_id",), 409: ("record_damaged",),
                                                             422: ("invalid_fields",)}),
               summary="The tournament's events, live (Server-Sent Events)",
               description="Anyone: the tournament's events after `after` (or `Last-Event-ID`), then each new one as "
                           "it is appended — a round seated, a table's result, a drop. Ends when you disconnect, at "
                           "`timeout`, or right after a finished tournament's last event; reconnect with "
                           "`Last-Event-ID` to resume. Lines starting with `:` keep the connection alive. Until the "
                           "tournament finishes, a dispute's text is null for all but its filer and the organizer "
                           "(send your token to read your own).",
               parameters=[{"name": "Last-Event-ID", "in": "header", "schema": {"type": "string"}}],
               responses={"200": {"description": "text/event-stream: `id: <version>`, `event: <type>`, "
                                                 "`data: <the event, JSON>`",
                                  "content": {"text/event-stream": {"schema": {
                                      "type": "object", "required": ["data"],
                                      "properties": {"id": {"type": "string"}, "event": {"type": "string"},
                                                     "data": {"type": "string", "description": "a TournamentEventOut, as JSON",
                                                              "x-item-schema": {
                                                                  "$ref": "#/components/schemas/TournamentEventOut"}},
                                                     "retry": {"type": "integer"}}}}}},
                          **errors(400, 401, 404, 409, 413, 422, 429)})
@bp.arguments(queries.StreamQuery(), location="query")
def stream(query: dict, tournament_id: str):
    state = tournaments().load(tournament_id)
    viewer = caller(state)
    after = query["after"]
    last_id = request.headers.get("Last-Event-ID")
    if last_id is not None:
        after = version_number(last_id)
        if after is None:
            raise Problem(400, "bad_last_event_id", Message("problem-api-bad-last-event-id"))
    deadline = None if query.get("timeout") is None else time.monotonic() + query["timeout"]
    keepalive = current_app.config.get("STREAM_KEEPALIVE_SECONDS", 15)
    ledger = tournaments()
    subscription = None if state["status"] == "finished" else tournament_hub().subscribe(tournament_id, state)
    finished_at_start = state["status"] == "finished"
    del state

    def render(item: Broadcast, viewer: dict) -> str:
        return sse(item.event, view_event(item.event, item.finished, viewer))

    def generate():
        sent = after
        try:
            finished = finished_at_start
            try:
                for event in checked_events(ledger, tournament_id, after):
                    finished = finished or event["type"] == "tournament_finished"
                    yield sse(event, view_event(event, finished, viewer))
                    sent = event["version"]
            except RecordDamaged as damaged:
                yield damage_message(damaged)
                return
            if subscription is None:
                return
            yield RETRY
            yield from live(subscription, sent, keepalive, deadline,
                            lambda item: item.rendered(viewer, render))
        finally:
            if subscription is not None:
                subscription.cancel()

    return event_stream(generate(), subscription)
