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

import queue
import time

from flask import Response, current_app, json, request, stream_with_context

from events.integrity import RecordDamaged
from projections.views import chain_hidden_from, view_event
from service.api.fanout import READ_BLOCK_SECONDS, Broadcast, Hub
from service.api.helpers import bp, games, ruleset_of
from service.runtime import redis_connect
from service.api.problems import Problem
from service.rules.errors import Message
from service.api import limits, queries
from service.api.requests import version_number
from service.api.auth import caller, sight
from service.api.declare import A_GAME, TOKEN_OPTIONAL, api_operation, codes, errors


#: seconds of quiet before a keep-alive comment (setting STREAM_KEEPALIVE_SECONDS): under every
#: common client's and proxy's idle read timeout (30 s and more)
KEEPALIVE_SECONDS = 15
RETRY = "retry: 2000\n\n"  # how long a browser's EventSource waits before it reconnects


def stream_hub() -> Hub:
    """This process's fan-out hub, made on first use (after gunicorn forked the worker)."""
    hub = current_app.extensions.get("stream_hub")
    if hub is None:
        service = games()
        # A reader blocks READ_BLOCK_SECONDS in XREAD: its socket must wait longer than that.
        reader = redis_connect.sibling(service.redis, socket_timeout=READ_BLOCK_SECONDS + 10, socket_connect_timeout=5)
        hub = Hub(reader, service, lambda state: chain_hidden_from(state, service.ruleset_for(state["ruleset"])))
        hub = current_app.extensions.setdefault("stream_hub", hub)
    return hub


def sse(event: dict, shown: dict) -> str:
    return f"id: {event['version']}\nevent: {event['type']}\ndata: {json.dumps(shown)}\n\n"


def checked_events(service, game_id: str, after: int, page: int = 500):
    """The stored events after `after` up to the head as it is now, each checked (hash,
    link, not past the head); RecordDamaged at the first damaged one (a page stops short
    before it, and the next page, beginning with it, raises). Later events come live."""
    head = service.store.version(game_id)
    while after < head:
        events = service.events(game_id, after, min(page, head - after), stored=True)
        if not events:
            return
        yield from events
        after = events[-1]["version"]


def damage_message(damaged: RecordDamaged) -> str:
    body = {"first_bad_version": damaged.version, "damage": damaged.kind, "detail": damaged.detail}
    return f"event: record_damaged\ndata: {json.dumps(body)}\n\n"


@bp.get("/games/<game_id>/events/stream")
@api_operation("streamEvents", "events",
               problems=codes(TOKEN_OPTIONAL, A_GAME, {400: ("bad_last_event_id",),
                                                       409: ("record_damaged",),
                                                       422: ("invalid_fields",)}),
               summary="Live events (Server-Sent Events), resumable with Last-Event-ID",
               description="The game's events after `after` (or `Last-Event-ID`), then each new one as it is appended. "
                           "The stream ends only when you disconnect, at `timeout`, or when the game is over (a finished "
                           "game's stream closes right after its last event); reconnect with `Last-Event-ID` to resume.",
               parameters=[{"name": "Last-Event-ID", "in": "header", "schema": {"type": "string"}}],
               responses={"200": {"description": "text/event-stream: one frame per event, `id: <version>`, "
                                                 "`event: <type>`, `data: <an EventOut, JSON>`; a damaged record "
                                                 "ends the stream with `event: record_damaged` and a ProblemDetail; "
                                                 "lines starting with `:` keep the connection alive",
                                  "content": {"text/event-stream": {"schema": {
                                      # one frame (OpenAPI 3.2's itemSchema; schemathesis checks each
                                      # frame against it); `data` holds an EventOut as JSON
                                      "type": "object", "required": ["data"],
                                      "properties": {
                                          "id": {"type": "string", "description": "the event's version"},
                                          "event": {"type": "string", "description": "the event's type, or "
                                                                                     "`record_damaged`"},
                                          "data": {"type": "string", "description": "an EventOut "
                                                   "(`x-item-schema`) as JSON text",
                                                   "x-item-schema": {"$ref": "#/components/schemas/EventOut"}},
                                          "retry": {"type": "integer"}}}}}},
                          **errors(400, 401, 404, 409, 413, 422, 429)})
@bp.arguments(queries.StreamQuery(), location="query")
def stream_events(query: dict, game_id: str):
    state = games().load(game_id)
    actor = sight(state, caller(state))  # a blind organizer streams as a spectator (auth.sight)
    after = query["after"]
    last_id = request.headers.get("Last-Event-ID")
    if last_id is not None:
        after = version_number(last_id)
        if after is None:
            raise Problem(400, "bad_last_event_id", Message("problem-api-bad-last-event-id"))
    timeout = query.get("timeout")
    deadline = None if timeout is None else time.monotonic() + timeout
    service, ruleset = games(), ruleset_of(state)
    texts = service.dispute_texts  # a dispute's sealed text opened for its filer and the organizer
    keepalive = current_app.config.get("STREAM_KEEPALIVE_SECONDS", KEEPALIVE_SECONDS)
    subscription = None if state["status"] == "finished" else stream_hub().subscribe(game_id, state)
    # Handed to the generator, which lets go of it after the catch-up: an idle stream
    # should not keep a whole game state alive.
    loaded = [state]
    del state

    def render(item: Broadcast, viewer: dict) -> str:
        return sse(item.event, view_event(item.event, viewer, ruleset, item.finished, item.hidden_from, texts))

    def generate():
        try:
            if deadline is not None and deadline <= time.monotonic():
                yield RETRY
                return
            # The past, from the store. Events newer than `state` are folded into it, so
            # that each is shown as the game stood when it was sent (whether its hash still
            # covers a sealed bid). A finished game's record is public as stored
            # (projections.views): shown unupcast, so that its hashes check.
            # Every entry is checked as every read checks it (service.table.games.Games.events): a
            # damaged record ends the stream with a `record_damaged` message.
            current, sent = loaded.pop(), after
            try:
                for raw in checked_events(service, game_id, after):
                    event = service.registry.upcast(raw)
                    if event["version"] > current["version"]:
                        current = service.fold_events([event], current)
                    finished = event["type"] == "seed_revealed" or current["status"] == "finished"
                    shown = raw if finished else event
                    yield sse(event, view_event(shown, actor, ruleset, finished, chain_hidden_from(current, ruleset),
                                                texts))
                    sent = event["version"]
            except RecordDamaged as damaged:
                yield damage_message(damaged)
                return
            if subscription is None or current["status"] == "finished":
                return
            yield RETRY  # after the catch-up: from here on, events come live
            current = raw = event = None  # nothing of the past stays with an idle stream
            yield from live(subscription, sent, keepalive, deadline, lambda item: item.rendered(actor, render))
        finally:
            if subscription is not None:
                subscription.cancel()

    return event_stream(generate(), subscription)


def live(subscription, sent: int, keepalive: float, deadline: float | None, render):
    """The frames of a stream once caught up: each event the process's reader fans out after
    `sent` (registered before the catch-up read, so nothing falls between the two; what both
    hold is skipped), a keep-alive comment every `keepalive` seconds of quiet, until the
    deadline, the reader's end or a gap (a reconnect resumes from the store)."""
    while True:
        wait = keepalive
        if deadline is not None:
            wait = min(wait, deadline - time.monotonic())
            if wait <= 0:
                return
        try:
            item = subscription.next(wait)
        except queue.Empty:
            yield ": keepalive\n\n"
            continue
        if item is None:  # dropped as too slow, the game over, the server stopping
            if subscription.feed.damage is not None:  # or the reader met damage
                yield damage_message(subscription.feed.damage)
            return
        if item.version <= sent:
            continue
        if item.version != sent + 1:
            return  # a gap cannot happen; if it did, a reconnect resumes from the store
        yield render(item)
        sent = item.version


def event_stream(frames, subscription) -> Response:
    """The text/event-stream answer; its subscription cancelled when the client goes, also when
    the body is never read (HEAD); its place among the streams open at once (limits.py) held
    while it is read."""
    lease = limits.stream_lease()
    if lease is not None:
        lease.streaming = True
        frames = limits.leased(frames, lease)
    response = Response(stream_with_context(frames), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    if subscription is not None:
        response.call_on_close(subscription.cancel)
    if lease is not None:
        response.call_on_close(lease.release)  # also when the body is never read
    return response
