"""Server-Sent Events: a game's events as they are appended, redacted for the caller.

Resumable: the SSE `id` is the event version, so a client reconnecting with
`Last-Event-ID: N` (or `?after=N`) gets everything after N and nothing twice. A stream never
ends by itself: it sends a comment every `KEEPALIVE_SECONDS` while the game is quiet (so
proxies keep it open) and ends only when the client goes away, after `?timeout=` seconds if
the client asked for that, or at the end of the game (a finished game's stream sends its
remaining events and closes at once). An open stream is a greenlet, not a thread, under the
gevent worker; live events come from the process's one reader per game (service/api/fanout),
each redacted once per distinct viewer.

Reading while Redis is full: an open stream holds a place among its token's and address's
open streams, recorded in Redis before the view runs (service/api/limits.py) — a write, which a
full Redis refuses. That is no reason to refuse a reader: the limits then hold its place in this
process's memory (limits.LocalLeases, the same per-token and per-address bounds), released when
the stream ends. Everything a stream reads answers while full.
"""
from __future__ import annotations

from projections.views import chain_hidden_from, view_event
from service.api import queries
from service.api.auth import caller, sight
from service.api.declare import A_GAME, sse_operation
from service.api.fanout import Broadcast, Hub
from service.api.helpers import bp, games, ruleset_of
from service.api.stream_http import checked_events, fanout_hub, resume_point, sse, sse_answer


def stream_hub() -> Hub:
    """This process's fan-out hub of games (service/api/stream_http.py)."""
    service = games()
    return fanout_hub("stream_hub", service,
                      lambda state: chain_hidden_from(state, service.ruleset_for(state["ruleset"])))


@bp.get("/games/<game_id>/events/stream")
@sse_operation("streamEvents", "events", A_GAME, "EventOut",
              "text/event-stream: one frame per event, `id: <version>`, `event: <type>`, `data: <an EventOut, "
              "JSON>`; a damaged record ends the stream with `event: record_damaged` and a ProblemDetail; lines "
              "starting with `:` keep the connection alive",
              summary="Live events (Server-Sent Events), resumable with Last-Event-ID",
              description="The game's events after `after` (or `Last-Event-ID`), then each new one as it is appended. "
                          "The stream ends only when you disconnect, at `timeout`, or when the game is over (a finished "
                          "game's stream closes right after its last event); reconnect with `Last-Event-ID` to resume.")
@bp.arguments(queries.StreamQuery(), location="query")
def stream_events(query: dict, game_id: str):
    state = games().load(game_id)
    actor = sight(state, caller(state))  # a blind organizer streams as a spectator (auth.sight)
    after = resume_point(query)
    service, ruleset = games(), ruleset_of(state)
    texts = service.dispute_texts  # a dispute's sealed text opened for its filer and the organizer
    subscription = None if state["status"] == "finished" else stream_hub().subscribe(game_id, state)
    # Handed to the generator, which lets go of it after the catch-up: an idle stream
    # should not keep a whole game state alive.
    loaded = [state]
    del state

    def render(item: Broadcast, viewer: dict) -> str:
        return sse(item.event, view_event(item.event, viewer, ruleset, item.finished, item.hidden_from, texts))

    past = catch_up(service, game_id, after, loaded, actor, ruleset, texts)
    return sse_answer(query, past, subscription, actor, render, due_first=True)


def catch_up(service, game_id: str, after: int, loaded: list, actor: dict, ruleset, texts):
    """The past, from the store, each event checked as every read checks it (Games.events): a
    damaged record ends the stream with a `record_damaged` message (stream_http.frames). Events
    newer than the state loaded are folded into it, so that each is shown as the game stood
    when it was sent (whether its hash still covers a sealed bid). A finished game's record
    is public as stored (projections.views): shown unupcast, so that its hashes check.
    Returns the last version sent and whether the game has ended."""
    current, sent = loaded.pop(), after
    for raw in checked_events(service, game_id, after):
        event = service.registry.upcast(raw)
        if event["version"] > current["version"]:
            current = service.fold_events([event], current)
        finished = event["type"] == "seed_revealed" or current["status"] == "finished"
        shown = raw if finished else event
        yield sse(event, view_event(shown, actor, ruleset, finished, chain_hidden_from(current, ruleset), texts))
        sent = event["version"]
    return sent, current["status"] == "finished"
