"""Deciding a write on the latest state: first on this process's own copy of the stream (no
read, no copy), and when there is none, or the copy turns out to be behind the record, on a
checked read.

Who asks and what they ask (`authorize`: the token, the parsing) is settled once, outside the
write lock, on the state seen first; a later state grants the same as long as its `auth` (the
stream's token table) is the same, and only when it is not are they asked again. Under the lock
`act` decides and appends: optimistically on the copy (a conflict raises StaleCopy), and after
any refusal there, once more on the record as it stands, which alone may refuse.
"""
from __future__ import annotations

from typing import Callable, TypeVar

from events.store import VersionConflict
from service.rules.errors import RuleViolation
from service.streams.errors import StaleCopy

Grant = TypeVar("Grant")

#: what an attempt decided on this process's copy of a state may meet because the copy is old
#: (a rule that no longer applies, a pin it is behind, other writers' events at the head)
STALE_COPY_SIGNS = (StaleCopy, VersionConflict, RuleViolation)


def on_latest(ledger, stream_id: str, authorize: Callable[[dict], Grant], act: Callable[[dict, Grant, bool], object],
              *, refusals: tuple = (), again: Callable[[], None] = lambda: None) -> tuple[object, Grant]:
    """`act(state, grant, optimistic)`'s result and the grant it acted on. `refusals`: what
    `authorize` may raise on a copy that is behind (an unknown token): asked again on a checked
    read. `again()` is called whenever a copy's answer is set aside."""
    seen, grant, read = _authorized(ledger, stream_id, authorize, STALE_COPY_SIGNS + tuple(refusals), again)
    with ledger.writing(stream_id):
        held, latest = ledger.held_shared(stream_id), None
        if read and (held is None or held["version"] == seen["version"]):
            return act(seen, grant, False), grant  # the read is still the latest this process knows
        if held is not None and _grants_alike(held, seen):
            try:
                return act(held, grant, True), grant
            except STALE_COPY_SIGNS as refused:  # (another process's events may have come back with it)
                latest = refused.state if isinstance(refused, StaleCopy) else None
                again()
        latest = latest if latest is not None else ledger.load(stream_id)
        if not _grants_alike(latest, seen):  # a token given or taken meanwhile: asked again
            grant = authorize(latest)
        return act(latest, grant, False), grant


def _authorized(ledger, stream_id: str, authorize, signs: tuple, again) -> tuple[dict, object, bool]:
    """The state first seen (the process's copy, else a checked read), what `authorize` grants
    on it and whether it was read; on a copy that refuses, on a checked read instead."""
    held = ledger.held_shared(stream_id)
    if held is not None:
        try:
            return held, authorize(held), False
        except signs:
            again()
    latest = ledger.load(stream_id)
    return latest, authorize(latest), True


def _grants_alike(state: dict, seen: dict) -> bool:
    """Whether a token grants in `state` what it granted in `seen`: their token tables agree."""
    return state is seen or state.get("auth") == seen.get("auth")
