"""Reading a stream's state (a game's, a tournament's) from what Redis holds, checked on the way (events/integrity.py).

`load_state` is the hot path of every read and every command: one round trip
(events/read_head.lua), then the head key checked against the stream's last entry, the
stream's end seal (a finished stream cannot be cut back to running), the snapshot against
its seal and the stored event at its version, and every folded event against its hash and
the one before it. A snapshot that does not check is a broken cache: the state is rebuilt
from the (checked) events, the snapshot replaced, and the finding noted for `/audit`
(`note_damage`); one from an older server (no seal) is simply rebuilt. Anything wrong with
the events themselves raises RecordDamaged, and so does a seal of the server's (snapshot,
checkpoint, end) that names another history than the stored one: the record was rewritten,
and the server's checkpoints bracket where (`CheckedReads.rewritten`).

Beside the seals in Redis, the stream's head anchored outside Redis (service/streams/anchor.py,
in the archive store): a cold read holds the stream against it before it seals anything, so a
rollback or a rewrite that deleted every seal Redis held is refused all the same.

The audit's walk of a whole stream, which folds it again and compares every cache with that
refold, is service/streams/record_scan.py.

A stream that left for the archive (service/streams/archive.py) is read the same way: its
events, snapshot and checkpoints come from the archived record (events/store.py), its head
key and end seal from the stub Redis kept, and every check above applies to them as to
Redis's own (a record cut or rewritten in the archive is caught as it would be in Redis).
Reading it writes no cache back into Redis.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from importlib.resources import files
from typing import Iterable, Iterator

from events.canonical import dumps, loads
from events.store import GAMES, READ_CHUNK, HeadView, head_key, stream_key
from events.envelope import GENESIS_HASH
from events.integrity import (RECORD_REWRITTEN, TAIL_MISSING, CacheCheck, RecordDamaged, check_cache, check_event,
                              check_head, entry_version, parse_end, snapshot_digest)
from service.runtime.redis_connect import unless_full
from service.runtime.secret_key import Sealer
from service.streams import checkpoints
from projections.core import empty_state
from service.streams.errors import StreamNotFound
from service.streams.keys import damage_key

log = logging.getLogger(__name__)
EVENT_MISSING = "event_missing"
#: a cached state at most this many events behind the head is brought up to it by folding
#: the events rather than replaced by the snapshot (measured on a running 6-seat game: a
#: checked fold ~17 µs per event, the snapshot's transfer, check and parse ~110 µs for 8 kB)
FOLD_GAP = 8
UNFOLDABLE = "unfoldable_event"
#: the seal kind of a finished stream's end
END = "end"


def end_key(stream_id: str, ns: str = GAMES) -> str:
    """The stream's end seal, `"<version> <head hash> <seal>"`: written by the write loop on
    every append that leaves the stream finished (and by a read that finds a finished state
    without it), checked by every read (events/read_head.lua returns it)."""
    return f"{ns}:{{{stream_id}}}:end"


@dataclass(frozen=True)
class SealedView(HeadView):
    """`HeadView` with the end seal: as stored, and the stored event at its version (when below
    the head)."""
    end: bytes | None = None
    at_end: bytes | None = None


#: how many checked end seals a process remembers (a finished game's reads then cost no HMAC)
TRUSTED_ENDS_MAX = 4096


def _end_version(end) -> int | None:
    """The version an end seal as stored names (None: none, or unreadable)."""
    try:
        return int(end.split(b" ", 1)[0]) if isinstance(end, bytes) else None
    except ValueError:
        return None


def checked_run(stream_id: str, entries: Iterable[tuple[int, bytes | None]], after: int,
                prev_hash: str) -> Iterator[dict]:
    """The events of `entries` ((version, raw) in stream order) checked: positions
    after+1, after+2, ..., each parsed, hashing to itself and linked to the one before."""
    expected = after + 1
    for version, raw in entries:
        if version != expected:
            raise RecordDamaged(stream_id, expected, EVENT_MISSING, f"event {expected} is missing from the stream")
        event = check_event(stream_id, version, raw, prev_hash)
        prev_hash = event["hash"]
        expected += 1
        yield event


def unfoldable(stream_id: str, version: int, exc: Exception) -> RecordDamaged:
    return RecordDamaged(stream_id, version, UNFOLDABLE, f"event {version} cannot be applied to the game "
                         f"as it stands ({type(exc).__name__})")


def snapshot_version(fields: dict) -> int:
    """The version a snapshot is stored under (0 when even that is unreadable)."""
    try:
        return int(fields.get("v") or 0)
    except ValueError:
        return 0


def note_damage(client, stream_id: str, what: str, version: int, detail: str, ns: str = GAMES) -> None:
    """Remember a repaired finding (a snapshot that did not check) for the audit."""
    log.warning("%s %s: %s", ns, stream_id, detail)
    found = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    with unless_full(f"the damage note of {ns} {stream_id}"):
        client.hset(damage_key(stream_id, ns), what, dumps({"version": version, "detail": detail, "found_at": found}))


def noted_damage(client, stream_id: str, ns: str = GAMES, archived=None) -> dict:
    """The notes kept for the audit (with those the archived record took along, `archived`)."""
    notes = {k: v for k, v in (archived.damage if archived is not None else ())}
    notes.update(client.hgetall(damage_key(stream_id, ns)))
    return {k.decode(): loads(v) for k, v in notes.items()}


def as_text(value) -> str | None:
    return value.decode(errors="replace") if isinstance(value, bytes) else value


def rewrite_detail(first: int, last: int, what: str) -> str:
    before = "" if first == 1 else f"; the server's seal at event {first - 1} still matches"
    return (f"events {first}-{last} were rewritten with every hash after them recomputed: {what} "
            f"names another hash for event {last} than the stored one{before}. Which event in that "
            "window changed only the players' receipts can show")


class CheckedReads:
    """Reads of one store, checked on the way: what a ledger reads a stream's state and
    record through. It holds the parts it reads (the stream store, snapshots, checkpoints,
    this process's state cache) and `fold(events, state)`, the kind's fold (upcast, then
    evolve), so it never calls back into the write loop."""

    def __init__(self, client, store, snapshots, checkpoints, cache, fold, not_found=StreamNotFound,
                 sealer: Sealer | None = None, snapshot_every: int = 1):
        self.redis = client
        #: a read that folded this many events past the snapshot saves a newer one (the
        #: writes save one every this many events: service/streams/ledger.py)
        self.snapshot_every = snapshot_every
        self.not_found = not_found
        self.store = store
        self.snapshots = snapshots
        self.checkpoints = checkpoints
        self.cache = cache
        self.fold = fold
        self.sealer = sealer or snapshots.sealer
        self.noun = "game" if store.ns == GAMES else store.ns
        self._read_head = client.register_script(files("events").joinpath("read_head.lua").read_text())
        #: (stream id, end seal as stored, sealing key) -> (version, head hash): seals checked here
        self._trusted_ends: dict[tuple[str, bytes, bytes], tuple[int, str]] = {}
        #: the streams' heads anchored outside Redis (service/streams/anchor.py `Anchors`), when kept
        self.anchors = None

    def load_state(self, stream_id: str, at: int | None = None, use_cache: bool = True) -> dict:
        """The state now (or after event `at`), from this process's copy or a snapshot that
        checks, and checked events. `use_cache=False`: from what Redis holds only."""
        cached = self.cache.peek(stream_id) if use_cache and at is None else None
        view, end = self._checked_view(stream_id, cached.version if cached else 0)
        # this process holds no copy of the stream, or one that does not continue into it: the
        # anchor is looked up afresh (a rollback is what drops a copy)
        doubt = cached is None and at is None
        if cached is not None and view.base == cached.version and not view.snapshot:
            # (this process's own copy continues into the stream: what it was checked against holds)
            self._check_anchor(stream_id, view, refresh=False)
            state = self._from_cache(stream_id, cached, view)
            if state is not None:
                self.cache.put(stream_id, state)
                self._seal_end(stream_id, state, end)
                return state
            self.cache.drop(stream_id)  # the copy was not ours (another chain, or damage): read cold
            view, end = self._checked_view(stream_id)
            doubt = True
        elif cached is not None and cached.version > view.version:
            self.cache.drop(stream_id)  # a copy newer than the record (rewritten since): never used
            doubt = True
        # before anything is sealed from the stream: it must hold the head anchored outside Redis
        self._check_anchor(stream_id, view, force=doubt)
        upto = view.version if at is None else min(at, view.version)
        found = self._check_snapshot(stream_id, view)
        state = found.state
        if state is not None and state["version"] > upto:
            state = None  # time travel to before the snapshot
        before = None if state is None else state["version"]
        if state is None:
            state = self.fold_from_checkpoint(stream_id, upto)
        else:
            state = self.fold_checked(stream_id, self._tail(stream_id, view, upto), state)
        if state["version"] != upto:
            raise RecordDamaged(stream_id, state["version"] + 1, TAIL_MISSING,
                                f"the stream ends at event {state['version']}; event {state['version'] + 1} is missing")
        if at is None:
            broken = found.why is not None or found.unsealed
            if found.unsealed and state["version"] == snapshot_version(view.snapshot) \
                    and as_text(view.snapshot.get("d")) != snapshot_digest(dumps(state)):
                note_damage(self.redis, stream_id, "snapshot", state["version"], f"the snapshot at version "
                            f"{state['version']} had no seal and is not the state the events fold to (it was forged); "
                            "the state was rebuilt from the events", self.store.ns)
            stale = before is None or state["version"] - before >= self.snapshot_every
            if (broken or stale) and not view.archived:
                with unless_full(f"the snapshot of {self.noun} {stream_id}"):
                    self.snapshots.save(stream_id, state, replace=broken)
            self.cache.put(stream_id, state)
            self._seal_end(stream_id, state, end)
        return state

    def head_view(self, stream_id: str, tail_limit: int = READ_CHUNK, cached: int = 0,
                  fold_gap: int = 0) -> SealedView | None:
        """`EventStore.head_view` with the snapshot's seal and the stream's end seal, in the same
        one round trip (events/read_head.lua with its fourth key)."""
        ns = self.store.ns
        reply = self._read_head(keys=[stream_key(stream_id, ns), head_key(stream_id, ns), self.snapshots.key(stream_id),
                                      end_key(stream_id, ns)], args=[tail_limit, cached, fold_gap])
        if not reply or int(reply[0]) == 0:
            return None
        if int(reply[0]) == 2:  # archived: the head key and end seal from the stub, the rest from the record
            view = self.store.archived_view(stream_id, reply, tail_limit, cached, fold_gap, sealed=True)
            end = reply[5] if len(reply) > 5 else None
            ev = _end_version(end)
            at_end = (self.store.fetch(stream_id, reply[3], reply[4]).entry(ev)
                      if ev is not None and 1 <= ev < view.version else None)
            return SealedView(**{f: getattr(view, f) for f in HeadView.__dataclass_fields__}, end=end, at_end=at_end)
        _, version, head, last_id, last, v, s, d, at_snapshot, tail, missing, base, h, m, end, at_end = reply
        snapshot = {k: val for k, val in (("v", v), ("s", s), ("d", d), ("h", h), ("m", m)) if val is not None}
        return SealedView(int(version), head.decode(errors="replace") if head else GENESIS_HASH,
                          entry_version(last_id), last, snapshot, at_snapshot,
                          [(entry_version(i), raw) for i, raw in tail], bool(int(missing)), int(base),
                          end=end, at_end=at_end)

    def _checked_view(self, stream_id: str, cached: int = 0) -> tuple[SealedView, tuple[int, str] | None]:
        """The one-round-trip read, its head key checked against the stream's last entry and its
        end seal against the head, with that end seal ((version, head hash) or None); `not_found`
        when there is no such stream."""
        view = self.head_view(stream_id, cached=cached, fold_gap=FOLD_GAP)
        if view is None:
            self.cache.drop(stream_id)
            raise self.not_found(stream_id)
        check_head(stream_id, view.version, view.head, view.last_version, view.last, view.head_missing)
        return view, self._check_end(stream_id, view)

    # ---- the server's seals -------------------------------------------------------------
    def end_seal(self, stream_id: str, state: dict) -> str:
        """The end seal of a finished stream at `state`: its version and head hash, sealed."""
        head = state.get("head_hash") or GENESIS_HASH
        return f"{state['version']} {head} {self.sealer.sign(END, stream_id, state['version'], head)}"

    def _check_end(self, stream_id: str, view: SealedView) -> tuple[int, str] | None:
        """The end seal against the stream: a stream the server sealed finished at event N must
        still hold event N with the hash sealed (else it was cut back, or rewritten)."""
        if view.end is None:
            return None
        memo = (stream_id, view.end, self.sealer.key.sealing_key())
        trusted = self._trusted_ends.get(memo)
        if trusted is None:
            parsed = parse_end(view.end)
            if parsed is None or not self.sealer.holds(END, stream_id, parsed[0], parsed[1], "", parsed[2]):
                version = parsed[0] if parsed else 0
                note_damage(self.redis, stream_id, "end_seal", version, f"the end seal at version {version} does "
                            "not check (forged, or written under another SECRET_KEY); it was removed", self.store.ns)
                self.redis.delete(end_key(stream_id, self.store.ns))  # never ours: a finished state seals again
                return None
            trusted = parsed[0], parsed[1]
            if len(self._trusted_ends) >= TRUSTED_ENDS_MAX:
                self._trusted_ends.clear()
            self._trusted_ends[memo] = trusted
        version, head = trusted
        if view.version < version:
            raise RecordDamaged(stream_id, view.version + 1, TAIL_MISSING,
                                f"the server sealed this {self.noun} as finished at event {version} (its seed "
                                f"revealed), but the stream ends at event {view.version}: events "
                                f"{view.version + 1}-{version} are missing (cut, and the head key rewritten)")
        if view.version == version:
            stored = view.head  # (check_head: the last entry's own hash)
        elif view.at_end is None:
            raise RecordDamaged(stream_id, version, EVENT_MISSING, f"event {version} is missing from the stream")
        else:
            stored = check_event(stream_id, version, view.at_end, None)["hash"]
        if stored != head:
            raise self.rewritten(stream_id, version, f"the end seal (the {self.noun} finished at event {version})")
        return version, head

    def _check_anchor(self, stream_id: str, view: SealedView, refresh: bool = True, force: bool = False) -> None:
        """The stream against its head anchored outside Redis (service/streams/anchor.py `check`):
        a rollback or rewrite that deleted every seal in Redis is caught here. `refresh`: a cold
        read (the anchor looked up again when a little old; at once when `force`d)."""
        if self.anchors is not None:
            self.anchors.check(self, stream_id, view, refresh, force)

    def _seal_end(self, stream_id: str, state: dict, end: tuple[int, str] | None) -> None:
        """A finished state read whose end is not sealed up to it (a game finished by an older
        server, an import, a write that crashed before its seal): sealed now."""
        if state.get("status") != "finished":
            return
        if end is not None and end[0] >= state["version"]:
            return
        with unless_full(f"the end seal of {self.noun} {stream_id}"):
            self.redis.set(end_key(stream_id, self.store.ns), self.end_seal(stream_id, state))

    def _check_snapshot(self, stream_id: str, view: SealedView) -> CacheCheck:
        """The snapshot the read returned: usable, or why not (noted), or the server's own word
        that the record was rewritten or cut back (RecordDamaged)."""
        if not view.snapshot or view.snapshot.get("s") is None:
            return CacheCheck(None)
        version = snapshot_version(view.snapshot)
        holds = self.snapshots.holds(stream_id)
        if version > view.version:  # past the head: only a cut stream (or a forger) leaves one there
            sealed = as_text(view.snapshot.get("d")) == snapshot_digest(view.snapshot["s"]) and holds(
                version, view.snapshot.get("h"), view.snapshot.get("d"), view.snapshot.get("m"))
            if sealed:
                raise RecordDamaged(stream_id, view.version + 1, TAIL_MISSING,
                                    f"the server's snapshot is at event {version}, but the stream ends at event "
                                    f"{view.version}: events {view.version + 1}-{version} are missing "
                                    "(cut, and the head key rewritten)")
        found = check_cache(stream_id, view.snapshot, view.at_snapshot, holds)
        if found.rewritten:
            raise self.rewritten(stream_id, version, f"the snapshot sealed at event {version}")
        if found.why is not None:
            note_damage(self.redis, stream_id, "snapshot", version, f"the snapshot at version {version} was not "
                        f"used: {found.why}; the state was rebuilt from the events", self.store.ns)
        return found

    def rewritten(self, stream_id: str, bad: int, what: str) -> RecordDamaged:
        """A seal of the server's at event `bad` names another hash than the stored event's:
        the record was rewritten at or before `bad`, every hash after recomputed. The server's
        sealed checkpoints below bracket where: the last that still matches the stored event at
        its version and the first that does not."""
        heads = self.checkpoints.sealed_heads(stream_id)
        below = sorted(v for v in heads if v < bad)
        stored = self._stored_hashes(stream_id, below)
        good = 0
        for version in below:
            if stored.get(version) == heads[version]:
                good = version
            else:
                bad, what = version, f"the checkpoint sealed at event {version}"
                break
        # The events of the window folded from the good seal: damage the chain itself shows there
        # (an edit that was not re-chained, an event the rules cannot apply) is named exactly, as
        # the audit's refold names it.
        start = good if good % checkpoints.CHECKPOINT_EVERY == 0 else 0  # (the creation seal holds no state)
        state = empty_state()
        if start:
            fields, entry = self.checkpoints.fetch(stream_id, start)
            state = check_cache(stream_id, fields or {}, entry, self.checkpoints.holds(stream_id)).state
        if state is not None:
            try:
                self.fold_checked(stream_id, self.store.iter_entries(stream_id, start, bad), state)
            except RecordDamaged as damaged:
                return damaged
        return RecordDamaged(stream_id, good + 1, RECORD_REWRITTEN, rewrite_detail(good + 1, bad, what),
                             window=(good + 1, bad))

    def _stored_hashes(self, stream_id: str, versions: list[int]) -> dict[int, str | None]:
        """The hash of the stored event at each version (None: missing or unreadable), one round trip."""
        if not versions:
            return {}
        pipe = self.redis.pipeline(transaction=False)
        for version in versions:
            pipe.xrange(stream_key(stream_id, self.store.ns), min=f"{version}-0", max=f"{version}-0", count=1)
        out: dict[int, str | None] = {}
        found = pipe.execute()
        record = self.store.archived(stream_id) if not any(found) else None
        for version, rows in zip(versions, found):
            raw = record.entry(version) if record is not None else rows[0][1].get(b"e") if rows else None
            try:
                out[version] = check_event(stream_id, version, raw, None)["hash"]
            except RecordDamaged:
                out[version] = None
        return out

    def _from_cache(self, stream_id: str, cached, view) -> dict | None:
        """The cached state brought up to the head with the tail the read returned; None when
        the copy does not continue into the chain Redis holds."""
        if view.version == cached.version:
            return self.cache.state(cached) if (cached.head_hash or GENESIS_HASH) == view.head else None
        try:
            state = self.fold_checked(stream_id, self._tail(stream_id, view, view.version), self.cache.state(cached))
        except RecordDamaged:
            return None  # perhaps damage, perhaps a copy of another chain: a cold read decides
        return state if state["version"] == view.version else None

    def fold_from_checkpoint(self, stream_id: str, upto: int) -> dict:
        """The state after event `upto` folded from the checkpoint below it, writing each
        checkpoint folded past. When that checkpoint is missing or does not check, from event 1,
        held against every checkpoint the server sealed on the way (a refold that contradicts
        one is a rewritten record, never a checkpoint to replace)."""
        state = None
        start = checkpoints.below(upto)
        repairing = False
        if start:
            fields, entry = self.checkpoints.fetch(stream_id, start)
            found = check_cache(stream_id, fields, entry, self.checkpoints.holds(stream_id)) if fields else CacheCheck(None)
            if found.rewritten:
                raise self.rewritten(stream_id, start, f"the checkpoint sealed at event {start}")
            if found.why is not None:
                note_damage(self.redis, stream_id, "checkpoint", start, f"the checkpoint at version {start} was "
                            f"not used: {found.why}; the state was folded from the events and the checkpoint "
                            "rewritten", self.store.ns)
            state = found.state
            repairing = state is None
        sealed = self.checkpoints.sealed_heads(stream_id, whole=True) if repairing else {}
        state = state or empty_state()
        written = {}
        while state["version"] < upto:
            stop = min(upto, checkpoints.below(state["version"]) + checkpoints.CHECKPOINT_EVERY)
            if repairing and state["version"] < checkpoints.CREATION:
                stop = checkpoints.CREATION
            state = self.fold_checked(stream_id, self.store.iter_entries(stream_id, state["version"], stop), state)
            if state["version"] != stop:
                break  # the tail is missing: the caller names it
            if stop in sealed:
                if sealed[stop] != state["head_hash"]:
                    what = "the creation seal" if stop == checkpoints.CREATION else f"the checkpoint sealed at event {stop}"
                    raise self.rewritten(stream_id, stop, what)
            elif checkpoints.due(stop):
                written[stop] = self.checkpoints.pack(stream_id, state)
            elif stop == checkpoints.CREATION and repairing:
                with unless_full(f"the creation seal of {self.noun} {stream_id}"):
                    self.checkpoints.save_creation(stream_id, state["head_hash"])  # a game older than the seal
        if written and not self.store.is_archived(stream_id):  # (an archived stream's are in its record)
            with unless_full(f"checkpoints of {self.noun} {stream_id}"):
                self.checkpoints.save(stream_id, written)
        return state

    def fold_checked(self, stream_id: str, entries, state: dict) -> dict:
        """`state` with `entries` checked and folded in. An event that checks but that the rules
        cannot apply (forged and re-hashed) is damage too, named at its version, never a 500."""
        folding = [state["version"]]

        def tracked():
            for event in checked_run(stream_id, entries, state["version"], state.get("head_hash") or GENESIS_HASH):
                folding[0] = event["version"]
                yield event

        try:
            return self.fold(tracked(), state)
        except RecordDamaged:
            raise
        except Exception as exc:
            log.exception("game %s: event %s cannot be folded", stream_id, folding[0])
            raise unfoldable(stream_id, folding[0], exc) from None

    def _tail(self, stream_id: str, view, upto: int) -> Iterator[tuple[int, bytes | None]]:
        """The events after the snapshot (or the cached copy) up to `upto`: those the script
        returned, then the rest."""
        last = view.base
        for version, raw in view.tail:
            if version > upto:
                return
            last = version
            yield version, raw
        if last < upto:
            yield from self.store.iter_entries(stream_id, last, upto)
