"""Server-Sent Events: a game's events as they are appended, redacted for the caller.

Resumable: the SSE `id` is the event version, so a client reconnecting with
`Last-Event-ID: N` (or `?after=N`) gets everything after N and nothing twice. Each
connection lives at most `timeout` seconds (a bounded thread under gunicorn), sending a
comment every few seconds to keep proxies from closing it; clients simply reconnect.
"""
from __future__ import annotations

import time

from flask import Response, current_app, json, request, stream_with_context

from events.canonical import loads
from events.store import stream_key
from projections.views import chain_hidden_from, view_event
from service.api.games import bp, games, ruleset_of
from service.api.problems import Problem
from service.api.requests import query_int, version_number
from service.auth import caller

KEEPALIVE_SECONDS = 10


@bp.get("/games/<game_id>/events/stream")
def stream_events(game_id: str):
    state = games().load(game_id)
    actor = caller(state)
    after = query_int("after", 0, 0)
    last_id = request.headers.get("Last-Event-ID")
    if last_id is not None:
        after = version_number(last_id)
        if after is None:
            raise Problem(400, "bad_last_event_id", "Last-Event-ID must be the version of the last event you got")
    timeout = query_int("timeout", 300, 0, 3600)
    service = games()
    client, registry, ruleset = service.redis, service.registry, ruleset_of(state)

    def generate():
        # Events newer than `state` are folded into it first, a whole read at a time, so
        # that each is shown as the game stands once it is sent: whether its hash still
        # covers a sealed bid, and whether the game has ended (then every event of the
        # read is public as stored, the final batch's earlier events included).
        current = state
        cursor = f"{after}-0"
        deadline = time.monotonic() + timeout
        yield "retry: 2000\n\n"
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            block = max(1, int(min(left, KEEPALIVE_SECONDS) * 1000))
            replies = client.xread({stream_key(game_id): cursor}, count=200, block=block)
            if not replies:
                yield ": keepalive\n\n"
                continue
            read = [loads(fields[b"e"]) for _, entries in replies for _, fields in entries]
            cursor = f"{read[-1]['version']}-0"
            newer = [registry.upcast(e) for e in read if e["version"] > current["version"]]
            if newer:
                current = service.fold_events(newer, current)
            finished = current["status"] == "finished"
            hidden_from = chain_hidden_from(current, ruleset)
            for stored in read:
                # the finished game's record is public as stored (see projections.views)
                shown = view_event(stored if finished else registry.upcast(stored), actor, ruleset,
                                   finished, hidden_from)
                yield f"id: {stored['version']}\nevent: {stored['type']}\ndata: {json.dumps(shown)}\n\n"

    return Response(stream_with_context(generate()), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
