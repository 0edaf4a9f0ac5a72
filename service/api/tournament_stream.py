"""`GET /v1/tournaments/{id}/events/stream`: a tournament's record, live, as Server-Sent Events.

The same fan-out as a game's (service/api/fanout.py: one reader per tournament per process),
with the tournament's own view of an event for the caller (token hashes left out, and a
dispute's text from all but its filer and the organizer, until it finishes); resumable with
`Last-Event-ID`, ending right after a finished tournament's last event.
"""
from __future__ import annotations

from service.api import queries
from service.api.auth import caller
from service.api.declare import sse_operation
from service.api.fanout import Broadcast, Hub
from service.api.stream_http import checked_events, fanout_hub, resume_point, sse, sse_answer
from service.api.helpers import A_TOURNAMENT, tournament_bp as bp, tournaments, view_tournament_event as view_event


def tournament_hub() -> Hub:
    return fanout_hub("tournament_stream_hub", tournaments(), lambda state: None)


@bp.get("/tournaments/<tournament_id>/events/stream")
@sse_operation("streamTournamentEvents", "tournaments", A_TOURNAMENT, "TournamentEventOut",
              "text/event-stream: `id: <version>`, `event: <type>`, `data: <the event, JSON>`",
              summary="The tournament's events, live (Server-Sent Events)",
              description="Anyone: the tournament's events after `after` (or `Last-Event-ID`), then each new one as "
                          "it is appended — a round seated, a table's result, a drop. Ends when you disconnect, at "
                          "`timeout`, or right after a finished tournament's last event; reconnect with "
                          "`Last-Event-ID` to resume. Lines starting with `:` keep the connection alive. Until the "
                          "tournament finishes, a dispute's text is null for all but its filer and the organizer "
                          "(send your token to read your own).")
@bp.arguments(queries.StreamQuery(), location="query")
def stream(query: dict, tournament_id: str):
    state = tournaments().load(tournament_id)
    viewer = caller(state)
    after = resume_point(query)
    ledger = tournaments()
    subscription = None if state["status"] == "finished" else tournament_hub().subscribe(tournament_id, state)
    finished_at_start = state["status"] == "finished"
    del state

    def render(item: Broadcast, viewer: dict) -> str:
        return sse(item.event, view_event(item.event, item.finished, viewer))

    past = catch_up(ledger, tournament_id, after, finished_at_start, viewer)
    return sse_answer(query, past, subscription, viewer, render)


def catch_up(ledger, tournament_id: str, after: int, finished: bool, viewer: dict):
    """The record after `after`, checked (a damaged one ends the stream: stream_http.frames);
    returns the last version sent, and False: a subscribed stream goes on live (the reader ends it)."""
    sent = after
    for event in checked_events(ledger, tournament_id, after):
        finished = finished or event["type"] == "tournament_finished"
        yield sse(event, view_event(event, finished, viewer))
        sent = event["version"]
    return sent, False
