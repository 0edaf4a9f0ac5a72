"""The HTTP both kinds of stream share, games and tournaments alike: a list page, a page of
events (its `next_after`, the dispute texts beside it), the Server-Sent Events machinery (where a stream resumes,
the process's fan-out hub, the catch-up, the live frames, the answer) and an import with its
refusals and its 201. The route modules (games, stream, records; tournaments, tournament_stream) call these.
"""
from __future__ import annotations

import queue
import time

from flask import Response, current_app, json, jsonify, request, stream_with_context

from events.integrity import RecordDamaged
from service.api import frontdoor
from service.api.auth import bearer_token
from service.api.fanout import READ_BLOCK_SECONDS, Hub
from service.api.helpers import created
from service.api.problems import Problem
from service.api.requests import version_number
from service.api.stream_leases import leased, stream_lease
from service.desk import records
from service.rules.errors import Message
from service.runtime import redis_connect
from service.streams import list_index

#: seconds of quiet before a keep-alive comment (setting STREAM_KEEPALIVE_SECONDS): under every
#: common client's and proxy's idle read timeout (30 s and more)
KEEPALIVE_SECONDS = 15
RETRY = "retry: 2000\n\n"  # how long a browser's EventSource waits before it reconnects


# ---- pages -------------------------------------------------------------------
def list_page(ledger, query: dict, key: str):
    """A page of a ledger's list, newest first, under `key`, and the cursor of the next."""
    try:
        page, cursor = ledger.list(query.get("status"), query["limit"], query.get("after"))
    except list_index.BadCursor:
        raise Problem(422, "invalid_fields", Message("problem-api-bad-cursor"),
                      errors={"after": ["not a cursor this server gave"]}) from None
    return jsonify({key: page, "next": cursor})


def events_page(ledger, stream_id: str, state: dict, page: dict, viewer: dict, view,
                damage: dict | None = None) -> Response:
    """A page of a stream's events, games and tournaments alike: the events after `after`,
    `limit` at a time, up to the state read (a damaged record's up to its first damage, which
    `record_damaged` names); while it runs each as `view(events)` shows them to `viewer`, after
    its end every event as stored, hashes included, for anyone (docs/verification.md), with the
    dispute texts opened for the caller. `next_after` pages on: the last version on the page,
    or `after` again on an empty one, so a reader never special-cases it."""
    after, public = page["after"], state["status"] == "finished"
    upto = state["version"] if damage is None else damage["first_bad_version"] - 1
    events = ledger.events(stream_id, after, page["limit"], upto=upto, stored=public) if after < upto else []
    extra = {} if damage is None else {"record_damaged": damage}
    extra.update(opened_texts(ledger, events, viewer, public))
    return jsonify(version=state["version"], events=view(events),
                   next_after=events[-1]["version"] if events else after, **extra)


def opened_texts(ledger, events: list[dict], viewer: dict, public: bool) -> dict:
    """`{dispute_texts}` beside a public page: the filer's and the organizer's sealed texts,
    opened for them (nothing before the end, when the events themselves show them)."""
    opened = ledger.dispute_texts.sidecar(events, viewer) if public else []
    return {"dispute_texts": opened} if opened else {}


# ---- Server-Sent Events ------------------------------------------------------
def resume_point(query: dict) -> int:
    """Where a stream resumes: after `Last-Event-ID` if the client sent one, else `?after=`."""
    last_id = request.headers.get("Last-Event-ID")
    if last_id is None:
        return query["after"]
    after = version_number(last_id)
    if after is None:
        raise Problem(400, "bad_last_event_id", Message("problem-api-bad-last-event-id"))
    return after


def timing(query: dict) -> tuple[float | None, float]:
    """When a stream ends of itself (`?timeout=`; None: never) and its keep-alive interval."""
    deadline = None if query.get("timeout") is None else time.monotonic() + query["timeout"]
    return deadline, current_app.config.get("STREAM_KEEPALIVE_SECONDS", KEEPALIVE_SECONDS)


def fanout_hub(name: str, ledger, hidden_from) -> Hub:
    """This process's fan-out hub of one kind of stream, made on first use (after gunicorn
    forked the worker)."""
    hub = current_app.extensions.get(name)
    if hub is None:
        # A reader blocks READ_BLOCK_SECONDS in XREAD: its socket must wait longer than that.
        reader = redis_connect.sibling(ledger.redis, socket_timeout=READ_BLOCK_SECONDS + 10, socket_connect_timeout=5)
        hub = current_app.extensions.setdefault(name, Hub(reader, ledger, hidden_from))
    return hub


def sse(event: dict, shown: dict) -> str:
    return f"id: {event['version']}\nevent: {event['type']}\ndata: {json.dumps(shown)}\n\n"


def checked_events(service, stream_id: str, after: int, page: int = 500):
    """The stored events after `after` up to the head as it is now, each checked (hash,
    link, not past the head); RecordDamaged at the first damaged one (a page stops short
    before it, and the next page, beginning with it, raises). Later events come live."""
    head = service.store.version(stream_id)
    while after < head:
        events = service.events(stream_id, after, min(page, head - after), stored=True)
        if not events:
            return
        yield from events
        after = events[-1]["version"]


def damage_message(damaged: RecordDamaged) -> str:
    body = {"first_bad_version": damaged.version, "damage": damaged.kind, "detail": damaged.detail}
    return f"event: record_damaged\ndata: {json.dumps(body)}\n\n"


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
        if item is None:  # dropped as too slow, the stream over, the server stopping
            if subscription.feed.damage is not None:  # or the reader met damage
                yield damage_message(subscription.feed.damage)
            return
        if item.version <= sent:
            continue
        if item.version != sent + 1:
            return  # a gap cannot happen; if it did, a reconnect resumes from the store
        yield render(item)
        sent = item.version


def frames(past, subscription, keepalive: float, deadline: float | None, render, *, due_first: bool = False):
    """A stream's frames: the catch-up (`past`, a generator of frames that returns the last
    version it sent and whether the stream had ended; a damaged record met there ends the stream
    with a message saying where), then, while the stream goes on, the live ones; the
    subscription cancelled at the end. `due_first`: a deadline already passed sends only the
    reconnect delay (a game's stream)."""
    try:
        if due_first and deadline is not None and deadline <= time.monotonic():
            yield RETRY
            return
        try:
            caught_up = yield from past
        except RecordDamaged as damaged:
            yield damage_message(damaged)
            return
        if subscription is None or caught_up[1]:
            return
        yield RETRY  # after the catch-up: from here on, events come live
        yield from live(subscription, caught_up[0], keepalive, deadline, render)
    finally:
        if subscription is not None:
            subscription.cancel()


def sse_answer(query: dict, past, subscription, viewer: dict, render, *, due_first: bool = False) -> Response:
    """A stream's answer, games and tournaments alike: the catch-up `past`, then each live event
    as `render(item, viewer)` shows it (once per distinct viewer, fanout.py), until `?timeout=`."""
    deadline, keepalive = timing(query)
    return event_stream(frames(past, subscription, keepalive, deadline, lambda item: item.rendered(viewer, render),
                               due_first=due_first), subscription)


def event_stream(frames, subscription) -> Response:
    """The text/event-stream answer; its subscription cancelled when the client goes, also when
    the body is never read (HEAD); its place among the streams open at once (stream_leases.py) held
    while it is read."""
    lease = stream_lease()
    if lease is not None:
        lease.streaming = True
        frames = leased(frames, lease)
    response = Response(stream_with_context(frames), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    if subscription is not None:
        response.call_on_close(subscription.cancel)
    if lease is not None:
        response.call_on_close(lease.release)  # also when the body is never read
    return response


# ---- import ------------------------------------------------------------------
def imported(what: str, run, exists: dict) -> Response:
    """`run(body, token)`: the record of a `what` (game, tournament) imported by its organizer's
    token, answered 201 with `Location` /v1/{what}s/{its id}. Its refusals as problems: 422
    `invalid_record` (with the first bad event), 403 for another's record, and for each class
    in `exists` its 409 `(code, message(id))`."""
    not_theirs = Message("problem-api-import-not-organizer", what=what)
    token = bearer_token()
    if token is None:
        raise Problem(401, "token_required", Message("problem-api-import-token", what=what))
    # the import limit was counted before the view; the body is read by who sends it (frontdoor.py)
    body = frontdoor.read_import(token, forbidden=not_theirs)
    try:
        answer = run(body, token)
    except records.InvalidRecord as bad:
        extra = {"event_version": bad.version} if bad.version is not None else {}
        raise Problem(422, "invalid_record", Message("problem-api-invalid-record", why=bad.detail), **extra) from None
    except records.NotTheOrganizer:
        raise Problem(403, "forbidden", not_theirs) from None
    except tuple(exists) as found:
        code, message = next(v for k, v in exists.items() if isinstance(found, k))
        raise Problem(409, code, message(str(found.args[0]))) from None
    return created(answer, f"/v1/{what}s/{answer[what + '_id']}")
