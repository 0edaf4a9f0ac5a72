"""Server-Sent Events: a game's events as they are appended, redacted for the caller.

Resumable: the SSE `id` is the event version, so a client reconnecting with
`Last-Event-ID: N` (or `?after=N`) gets everything after N and nothing twice. Each
connection lives at most `timeout` seconds (a bounded thread under gunicorn), sending a
comment every few seconds to keep proxies from closing it; clients simply reconnect.
"""
from __future__ import annotations

import time

from flask import Response, current_app, json, request, stream_with_context

from events.integrity import PAST_HEAD, RecordDamaged, check_event, entry_version
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
        # Events newer than `state` are folded into it, so that each is shown as the game
        # stood when it was sent (whether its hash still covers a sealed bid).
        current, prev_hash = state, None
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
            head = service.store.version(game_id)
            for _, entries in replies:
                for entry_id, fields in entries:
                    cursor = entry_id.decode()
                    try:
                        event = checked(game_id, entry_id, fields, head, prev_hash)
                    except RecordDamaged as damaged:
                        body = {"first_bad_version": damaged.version, "damage": damaged.kind, "detail": damaged.detail}
                        yield f"event: record_damaged\ndata: {json.dumps(body)}\n\n"
                        return
                    prev_hash = event["hash"]
                    event = registry.upcast(event)
                    if event["version"] > current["version"]:
                        current = service.fold_events([event], current)
                    finished = event["type"] == "seed_revealed" or current["status"] == "finished"
                    shown = view_event(event, actor, ruleset, finished, chain_hidden_from(current, ruleset))
                    yield f"id: {event['version']}\nevent: {event['type']}\ndata: {json.dumps(shown)}\n\n"

    return Response(stream_with_context(generate()), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


def checked(game_id: str, entry_id: bytes, fields: dict, head: int, prev_hash: str | None) -> dict:
    """A streamed entry checked like every read (events/integrity.py): it hashes to itself,
    links to the one sent before it, and is not past the head key (never written by us)."""
    version = entry_version(entry_id)
    if version > head:
        raise RecordDamaged(game_id, head + 1, PAST_HEAD, f"the stream holds event {version} past the head "
                            f"(version {head})")
    return check_event(game_id, version, fields.get(b"e"), prev_hash)
