"""Reading a game's state from what Redis holds, checked on the way (events/integrity.py).

`load_state` is the hot path of every read and every command: one round trip
(`EventStore.head_view`), then the head key checked against the stream's last entry, the
snapshot against the stored event at its version, and every folded event against its hash
and the one before it. A snapshot that does not check is a broken cache: the state is
rebuilt from the (checked) events, the snapshot replaced, and the finding noted for
`/audit` (`note_damage`). Anything wrong with the events themselves raises RecordDamaged.

`scan` walks a whole stream (the audit, and reading a damaged game up to its damage).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Iterable, Iterator

from events.canonical import dumps, loads
from events.envelope import GENESIS_HASH
from events.integrity import (SNAPSHOT_MISMATCH, TAIL_MISSING, RecordDamaged, check_event, check_head,
                              check_snapshot)
from projections import checkpoints
from projections.core import empty_state
from projections.snapshots import snapshot_key

log = logging.getLogger(__name__)
EVENT_MISSING = "event_missing"
#: a cached state at most this many events behind the head is brought up to it by folding
#: the events rather than replaced by the snapshot (measured on a running 6-seat game: a
#: checked fold ~17 µs per event, the snapshot's transfer, check and parse ~110 µs for 8 kB)
FOLD_GAP = 8
UNFOLDABLE = "unfoldable_event"


def damage_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:damage"


def checked_run(game_id: str, entries: Iterable[tuple[int, bytes | None]], after: int,
                prev_hash: str) -> Iterator[dict]:
    """The events of `entries` ((version, raw) in stream order) checked: positions
    after+1, after+2, ..., each parsed, hashing to itself and linked to the one before."""
    expected = after + 1
    for version, raw in entries:
        if version != expected:
            raise RecordDamaged(game_id, expected, EVENT_MISSING, f"event {expected} is missing from the stream")
        event = check_event(game_id, version, raw, prev_hash)
        prev_hash = event["hash"]
        expected += 1
        yield event


def load_state(games, game_id: str, at: int | None = None, use_cache: bool = True) -> dict:
    """The state now (or after event `at`), from this process's copy or a snapshot that
    checks, and checked events. `use_cache=False`: from what Redis holds only."""
    cached = games.cache.peek(game_id) if use_cache and at is None else None
    view = _checked_view(games, game_id, cached.version if cached else 0)
    if cached is not None and view.base == cached.version and not view.snapshot:
        state = _from_cache(games, game_id, cached, view)
        if state is not None:
            games.cache.put(game_id, state)
            return state
        games.cache.drop(game_id)  # the copy was not ours (another chain, or damage): read cold
        view = _checked_view(games, game_id)
    elif cached is not None and cached.version > view.version:
        games.cache.drop(game_id)  # a copy newer than the record (rewritten since): never used
    upto = view.version if at is None else min(at, view.version)
    state, why = check_snapshot(game_id, view.snapshot, view.at_snapshot) if view.snapshot else (None, None)
    if why is not None:
        version = snapshot_version(view.snapshot)
        note_damage(games.redis, game_id, "snapshot", version, f"the snapshot at version {version} was not "
                    f"used: {why}; the state was rebuilt from the events")
    if state is not None and state["version"] > upto:
        state = None  # time travel to before the snapshot
    before = None if state is None else state["version"]
    if state is None:
        state = fold_from_checkpoint(games, game_id, upto)
    else:
        state = fold_checked(games, game_id, _tail(games, game_id, view, upto), state)
    if state["version"] != upto:
        raise RecordDamaged(game_id, state["version"] + 1, TAIL_MISSING,
                            f"the stream ends at event {state['version']}; event {state['version'] + 1} is missing")
    if at is None and (why is not None or before is None or state["version"] != before):
        games.snapshots.save(game_id, state, replace=why is not None)
    if at is None:
        games.cache.put(game_id, state)
    return state


def _checked_view(games, game_id: str, cached: int = 0):
    """The one-round-trip read (events/read_head.lua), its head key checked against the
    stream's last entry; GameNotFound when there is no game."""
    from service.games import GameNotFound

    view = games.store.head_view(game_id, snapshot_key(game_id), cached=cached, fold_gap=FOLD_GAP)
    if view is None:
        games.cache.drop(game_id)
        raise GameNotFound(game_id)
    check_head(game_id, view.version, view.head, view.last_version, view.last, view.head_missing)
    return view


def _from_cache(games, game_id: str, cached, view) -> dict | None:
    """The cached state brought up to the head with the tail the read returned; None when
    the copy does not continue into the chain Redis holds."""
    if view.version == cached.version:
        return games.cache.state(cached) if (cached.head_hash or GENESIS_HASH) == view.head else None
    try:
        state = fold_checked(games, game_id, _tail(games, game_id, view, view.version), games.cache.state(cached))
    except RecordDamaged:
        return None  # perhaps damage, perhaps a copy of another chain: a cold read decides
    return state if state["version"] == view.version else None


def fold_from_checkpoint(games, game_id: str, upto: int) -> dict:
    """The state after event `upto` folded from the checkpoint below it (or from event 1
    when it is missing or does not check), writing each checkpoint folded past."""
    state = None
    start = checkpoints.below(upto)
    if start:
        fields, entry = games.checkpoints.fetch(game_id, start)
        if fields is not None:
            state, why = check_snapshot(game_id, fields, entry)
            if why is not None:
                note_damage(games.redis, game_id, "checkpoint", start, f"the checkpoint at version {start} was "
                            f"not used: {why}; the state was folded from the events and the checkpoint rewritten")
    state = state or empty_state()
    written = {}
    while state["version"] < upto:
        stop = min(upto, checkpoints.below(state["version"]) + checkpoints.CHECKPOINT_EVERY)
        state = fold_checked(games, game_id, games.store.iter_entries(game_id, state["version"], stop), state)
        if state["version"] != stop:
            break  # the tail is missing: the caller names it
        if stop % checkpoints.CHECKPOINT_EVERY == 0:
            written[stop] = checkpoints.pack(state)
    games.checkpoints.save(game_id, written)
    return state


def fold_checked(games, game_id: str, entries, state: dict) -> dict:
    """`state` with `entries` checked and folded in. An event that checks but that the rules
    cannot apply (forged and re-hashed) is damage too, named at its version, never a 500."""
    folding = [state["version"]]

    def tracked():
        for event in checked_run(game_id, entries, state["version"], state.get("head_hash") or GENESIS_HASH):
            folding[0] = event["version"]
            yield event

    try:
        return games.fold_events(tracked(), state)
    except RecordDamaged:
        raise
    except Exception as exc:
        log.exception("game %s: event %s cannot be folded", game_id, folding[0])
        raise unfoldable(game_id, folding[0], exc) from None


def unfoldable(game_id: str, version: int, exc: Exception) -> RecordDamaged:
    return RecordDamaged(game_id, version, UNFOLDABLE, f"event {version} cannot be applied to the game "
                         f"as it stands ({type(exc).__name__})")


def _tail(games, game_id: str, view, upto: int) -> Iterator[tuple[int, bytes | None]]:
    """The events after the snapshot (or the cached copy) up to `upto`: those the script
    returned, then the rest."""
    last = view.base
    for version, raw in view.tail:
        if version > upto:
            return
        last = version
        yield version, raw
    if last < upto:
        yield from games.store.iter_entries(game_id, last, upto)


def snapshot_version(fields: dict) -> int:
    """The version a snapshot is stored under (0 when even that is unreadable)."""
    try:
        return int(fields.get("v") or 0)
    except ValueError:
        return 0


def note_damage(client, game_id: str, what: str, version: int, detail: str) -> None:
    """Remember a repaired finding (a snapshot that did not check) for the audit."""
    log.warning("game %s: %s", game_id, detail)
    found = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    client.hset(damage_key(game_id), what, dumps({"version": version, "detail": detail, "found_at": found}))


def noted_damage(client, game_id: str) -> dict:
    return {k.decode(): loads(v) for k, v in client.hgetall(damage_key(game_id)).items()}


@dataclass
class Scan:
    """A whole stream walked from event 1: the events that check, and what is wrong after."""
    head_version: int
    head_hash: str
    events: list[dict] = field(default_factory=list)
    problems: list[dict] = field(default_factory=list)

    @property
    def first_bad(self) -> int | None:
        """The first damaged version of the record itself (a snapshot is only a cache)."""
        return min((p["version"] for p in self.problems if p["kind"] != SNAPSHOT_MISMATCH), default=None)


def scan(games, game_id: str) -> Scan:
    """Every finding about a game's stored record: chain, head key, snapshot (the audit)."""
    from service.games import GameNotFound

    view = games.store.head_view(game_id, snapshot_key(game_id), tail_limit=0)
    if view is None:
        raise GameNotFound(game_id)
    result = Scan(view.version, view.head)
    try:
        state = empty_state()
        for event in checked_run(game_id, games.store.iter_entries(game_id, 0, None), 0, GENESIS_HASH):
            if event["version"] > view.version and not view.head_missing:
                break
            try:
                state = games.fold_events([event], state)
            except Exception as exc:
                raise unfoldable(game_id, event["version"], exc) from None
            result.events.append(event)
    except RecordDamaged as bad:
        result.problems.append(_problem(bad))
    try:
        check_head(game_id, view.version, view.head, view.last_version, view.last, view.head_missing)
    except RecordDamaged as bad:
        if not any(p["version"] == bad.version and p["kind"] == bad.kind for p in result.problems):
            result.problems.append(_problem(bad))
    if view.snapshot:
        _, why = check_snapshot(game_id, view.snapshot, view.at_snapshot)
        if why is not None:
            version = snapshot_version(view.snapshot)
            result.problems.append({"version": version, "kind": SNAPSHOT_MISMATCH,
                                    "detail": f"the snapshot at version {version} does not match the chain: {why}"})
    for what, note in noted_damage(games.redis, game_id).items():
        result.problems.append({"version": note["version"], "kind": f"{what}_mismatch", "repaired": True,
                                "detail": note["detail"], "found_at": note["found_at"]})
    result.problems.sort(key=lambda p: p["version"])
    return result


def _problem(bad: RecordDamaged) -> dict:
    return {"version": bad.version, "kind": bad.kind, "detail": bad.detail}


def damaged_prefix_state(games, game_id: str) -> tuple[dict, Scan]:
    """The state folded from the events before the first damage (who may audit a damaged
    game: its auth table), with the scan that found it."""
    found = scan(games, game_id)
    good = [e for e in found.events if found.first_bad is None or e["version"] < found.first_bad]
    return games.fold_events(good), found
