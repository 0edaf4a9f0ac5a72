"""One Redis stream per game or tournament (a namespace each): the only source of truth.

Entry ids are `<version>-0`, so reading "after version N" is a direct XRANGE and the
stream itself shows positions. Appends go through one Lua script (events/append.lua) that
checks the expected version, the idempotency key and the hash-chain link, then adds the
whole batch — or nothing. Nothing here trims or deletes a stream.

A finished stream may have left for the archive (service/streams/archive.py): its head key is
then a stub (`archived`: where the record went, `archived_digest`: its bytes' SHA-256) and
the stream, snapshot and checkpoints are gone from Redis. The reads here serve such a stream
from its archived record (`archive`, an events.archived reader with a cache of recent
records, set by the ledger), exactly as they served it from Redis; an append to it is refused
(`StreamArchived`), before anything is written.

Keys are hash-tagged with the stream's id (`<ns>:{id}:...`, e.g. `game:{id}:events`) so one
stream's keys share a Redis Cluster slot and the script may touch them together.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass
from importlib.resources import files
from typing import Iterator

import redis

from events.archived import ARCHIVE_UNREADABLE, ArchivedStream
from events.canonical import dumps, loads
from events.envelope import GENESIS_HASH
from events.integrity import PAST_HEAD, TAIL_MISSING, RecordDamaged, entry_version

# Any stream's id (a game's or a tournament's). Always `GAME_ID.fullmatch(...)`: `$` would
# also accept a trailing newline.
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
IDEMPOTENCY_TTL = 24 * 3600
READ_CHUNK = 1000


class StoreError(Exception):
    pass


class VersionConflict(StoreError):
    """Someone appended first; `current` is the stream's version now. `missed`: the stored
    events after `expected` as (version, raw) when the append returned them (unchecked:
    the caller checks them against the chain it holds), else empty."""

    def __init__(self, expected: int, current: int, missed: list[tuple[int, bytes | None]] | None = None):
        super().__init__(f"expected version {expected}, stream is at {current}")
        self.expected = expected
        self.current = current
        self.missed = missed or []


class TurnTaken(VersionConflict):
    """Another process's writer, starved by this one's, has claimed the next append: retry
    shortly (the stream may still be at `expected`)."""


class MalformedBatch(StoreError, ValueError):
    """The batch is not a run of this stream's next versions, each linked to the one before."""


class StreamArchived(StoreError):
    """The stream is finished and archived: nothing more can be appended to it."""

    def __init__(self, stream_id: str, ns: str):
        super().__init__(f"{ns} {stream_id} is archived")
        self.stream_id, self.ns = stream_id, ns


class BrokenChain(StoreError):
    """The batch does not continue the stored head hash."""

    def __init__(self, head: str):
        super().__init__(f"batch does not link to head {head}")
        self.head = head


@dataclass(frozen=True)
class IndexUpdate:
    """A sorted-set index entry written in the same script as the append (the deadline
    index): `op` is 'set' (to `score`), 'clear' (remove the member), 'done' (remove it and
    its synced version) or '' (leave it); `synced` maps member -> the version it reflects."""
    index: str
    synced: str
    member: str
    op: str
    score: float | None = None


@dataclass(frozen=True)
class HeadView:
    """What a verified read needs, fetched in one round trip (events/read_head.lua)."""
    version: int
    head: str
    last_version: int
    last: bytes | None
    snapshot: dict
    at_snapshot: bytes | None
    tail: list[tuple[int, bytes | None]]
    head_missing: bool = False
    #: the version the tail follows: the snapshot's, or the caller's cached version when
    #: the snapshot was not newer (then `snapshot` is empty)
    base: int = 0
    #: served from the archived record (the stream left Redis): a read writes no cache back
    archived: bool = False


@dataclass(frozen=True)
class AppendResult:
    first_version: int
    last_version: int
    duplicate: bool = False
    remembered: dict | None = None


#: the key namespace of games' streams; a tournament's stream lives under its own
#: ("tournament"), with the same layout (service/tournaments)
GAMES = "game"


def stream_key(stream_id: str, ns: str = GAMES) -> str:
    return f"{ns}:{{{stream_id}}}:events"


def head_key(stream_id: str, ns: str = GAMES) -> str:
    return f"{ns}:{{{stream_id}}}:head"


def idempotency_key(stream_id: str, key: str, ns: str = GAMES) -> str:
    return f"{ns}:{{{stream_id}}}:idem:{key}"


#: the head key's fields of an archived stream's stub
ARCHIVED, ARCHIVED_DIGEST = "archived", "archived_digest"


class EventStore:
    """The streams of one namespace (`ns`): games', or tournaments'."""

    def __init__(self, client: redis.Redis, ns: str = GAMES, archive=None):
        self.redis = client
        self.ns = ns
        #: the archived records' reader: `fetch(ns, stream_id, location, digest) -> ArchivedStream`
        #: (service/runtime/archive.py); None: nothing of this store was ever archived
        self.archive = archive
        self._append = client.register_script(files("events").joinpath("append.lua").read_text())
        self._read_head = client.register_script(files("events").joinpath("read_head.lua").read_text())

    def append(self, stream_id: str, expected_version: int, events: list[dict],
               idempotency: str | None = None, remember: dict | None = None,
               index: IndexUpdate | None = None, line: tuple[str, str] | None = None,
               snapshot: tuple[str, list] | None = None, writer: str = "", claim_ms: int = 0,
               via=None) -> AppendResult:
        """Append `events` (sealed envelopes, versions expected+1..) atomically, in one round trip.

        With `idempotency`, a repeated key returns the first call's result (and `remember`,
        the caller's note about it) instead of appending again. `index` is written in the
        same script (a crash cannot separate a deadline from the append that opens it), and
        so are `line` ((key, value): the stream's line in its list) and `snapshot` ((key,
        [field, value, ...]): the state at the new head), only if the events are.
        `writer` names the caller (a process) and `claim_ms`, when it is refused, claims the
        next append for it that long (TurnTaken for the others meanwhile: append.lua).
        A stream that does not end at the head version raises RecordDamaged, nothing written.
        `via(script, keys, args)`, when given, runs the script instead (the durability setting's:
        with a WAIT after it on the same connection, service/runtime/durability.py).
        """
        if not events:
            raise MalformedBatch("nothing to append")
        _check_batch(stream_id, expected_version, events)
        first, last = expected_version + 1, expected_version + len(events)
        note = dumps({"first": first, "last": last, "remember": remember})
        op = index.op if index else ""
        score = repr(float(index.score)) if index and index.score is not None else ""
        stream, head = stream_key(stream_id, self.ns), head_key(stream_id, self.ns)
        fields = snapshot[1] if snapshot else []
        args = ["1" if idempotency else "0", expected_version, events[0]["prev_hash"],
                events[-1]["hash"], IDEMPOTENCY_TTL, note, op, score, index.member if index else "",
                line[1] if line else "", len(fields), writer, int(time.time() * 1000), claim_ms,
                *fields, *map(dumps, events)]
        keys = [stream, head, idempotency_key(stream_id, idempotency or "-", self.ns),
                index.index if index else stream, index.synced if index else head,
                line[0] if line else head, snapshot[0] if snapshot else head]
        status, value, *missed = self._append(keys=keys, args=args) if via is None else via(self._append, keys, args)
        status = status.decode() if isinstance(status, bytes) else status
        if status == "ok":
            return AppendResult(first, last, remembered=remember)
        if status == "duplicate":
            prior = loads(value)
            return AppendResult(prior["first"], prior["last"], duplicate=True, remembered=prior["remember"])
        if status == "conflict":
            raise VersionConflict(expected_version, int(value),
                                  [(entry_version(i), raw or None) for i, raw in zip(missed[::2], missed[1::2])])
        if status == "archived":
            raise StreamArchived(stream_id, self.ns)
        if status == "turn":
            raise TurnTaken(expected_version, int(value))
        if status == "damaged":
            last = entry_version(value)
            if last > expected_version:
                raise RecordDamaged(stream_id, expected_version + 1, PAST_HEAD,
                                    f"the stream holds event {last} past the head (version {expected_version})")
            raise RecordDamaged(stream_id, last + 1, TAIL_MISSING,
                                f"the head says {expected_version} events but the stream ends at event {last}")
        if status == "rolled_back":
            raise RecordDamaged(stream_id, expected_version + 1, TAIL_MISSING,
                                f"the stream once held events past version {expected_version}: they were "
                                "deleted and the head moved back to match")
        raise BrokenChain(value.decode() if isinstance(value, bytes) else value)

    def head(self, stream_id: str) -> tuple[int, str]:
        version, head = self.redis.hmget(head_key(stream_id, self.ns), "version", "head")
        return int(version or 0), (head.decode() if head else GENESIS_HASH)

    def head_view(self, stream_id: str, snapshot_key: str, tail_limit: int = READ_CHUNK,
                  cached: int = 0, fold_gap: int = 0) -> HeadView | None:
        """Head key, last entry, snapshot, the event at the snapshot's version and up to
        `tail_limit` events after it (never past the head): None when there is no such stream.
        `cached`: the version of a state the caller holds; when the snapshot is not newer,
        or `cached` is at most `fold_gap` events behind the head, the snapshot is left out
        and the tail follows `cached` instead (`HeadView.base`)."""
        reply = self._read_head(keys=[stream_key(stream_id, self.ns), head_key(stream_id, self.ns), snapshot_key],
                                args=[tail_limit, cached, fold_gap])
        if not reply or int(reply[0]) == 0:
            return None
        if int(reply[0]) == 2:
            return self.archived_view(stream_id, reply, tail_limit, cached, fold_gap)
        _, version, head, last_id, last, v, s, d, at_snapshot, tail, missing, base = reply
        snapshot = {k: val for k, val in (("v", v), ("s", s), ("d", d)) if val is not None}
        return HeadView(int(version), head.decode(errors="replace") if head else GENESIS_HASH, entry_version(last_id),
                        last, snapshot, at_snapshot, [(entry_version(i), raw) for i, raw in tail], bool(int(missing)),
                        int(base))

    def archived_view(self, stream_id: str, reply: list, tail_limit: int, cached: int, fold_gap: int,
                      sealed: bool = False) -> HeadView:
        """The head read of an archived stream (read_head.lua's stub answer {2, version, head,
        location, digest, ...}): the head key's version and hash, the rest from the record."""
        version, head = int(reply[1] or 0), reply[2]
        record = self.fetch(stream_id, reply[3], reply[4])
        found = record.view(version, tail_limit, cached, fold_gap, sealed=sealed)
        return HeadView(version, head.decode(errors="replace") if head else GENESIS_HASH, found["last_version"],
                        found["last"], found["snapshot"], found["at_snapshot"], found["tail"], False,
                        found["base"], archived=True)

    def archived(self, stream_id: str) -> ArchivedStream | None:
        """The archived record of a stream that left Redis; None while it is in Redis."""
        location, digest = self.redis.hmget(head_key(stream_id, self.ns), ARCHIVED, ARCHIVED_DIGEST)
        return None if location is None else self.fetch(stream_id, location, digest)

    def is_archived(self, stream_id: str) -> bool:
        return bool(self.redis.hexists(head_key(stream_id, self.ns), ARCHIVED))

    def fetch(self, stream_id: str, location, digest) -> ArchivedStream:
        if self.archive is None:
            raise RecordDamaged(stream_id, 1, ARCHIVE_UNREADABLE, "the record was archived, and this process has "
                                "no archive to read it from (ARCHIVE_URL)")
        return self.archive.fetch(self.ns, stream_id, _text(location), _text(digest))

    def version(self, stream_id: str) -> int:
        return int(self.redis.hget(head_key(stream_id, self.ns), "version") or 0)

    def exists(self, stream_id: str) -> bool:
        """A head key or a stream (a stream without its head key is damaged, not missing)."""
        return bool(self.redis.exists(head_key(stream_id, self.ns), stream_key(stream_id, self.ns)))

    def read(self, stream_id: str, after: int = 0, limit: int | None = None) -> list[dict]:
        """Events with version > `after`, at most `limit` of them, in order."""
        return [loads(raw) for raw in self.read_raw(stream_id, after, limit)]

    def read_raw(self, stream_id: str, after: int = 0, limit: int | None = None) -> list[bytes]:
        if limit is not None and limit <= 0:
            return []
        entries = self.redis.xrange(stream_key(stream_id, self.ns), min=f"{after + 1}-0", max="+", count=limit)
        if not entries:  # (a stream leaves Redis whole, in one script: all of it is there or none)
            record = self.archived(stream_id)
            if record is not None:
                return [raw for _, raw in record.iter_entries(after, None if limit is None else after + limit)]
        return [fields[b"e"] for _, fields in entries]

    def iter_entries(self, stream_id: str, after: int = 0, upto: int | None = None) -> Iterator[tuple[int, bytes | None]]:
        """(version, stored bytes) of every entry after `after` (up to `upto`), unparsed,
        in chunks: what a checked read walks (service/streams/verified.py)."""
        while upto is None or after < upto:
            limit = READ_CHUNK if upto is None else min(READ_CHUNK, upto - after)
            rows = self.redis.xrange(stream_key(stream_id, self.ns), min=f"{after + 1}-0",
                                     max="+" if upto is None else f"{upto}-0", count=limit)
            if not rows:  # nothing there: the end, or the stream left for the archive (meanwhile)
                record = self.archived(stream_id)
                if record is not None:
                    yield from record.iter_entries(after, upto)
                return
            for entry_id, fields in rows:
                yield entry_version(entry_id), fields.get(b"e")
            if len(rows) < limit:
                return
            after = entry_version(rows[-1][0])

    def iter_all(self, stream_id: str, after: int = 0, upto: int | None = None) -> Iterator[dict]:
        """Every event after `after` (up to version `upto`), read in chunks."""
        while True:
            limit = READ_CHUNK if upto is None else min(READ_CHUNK, upto - after)
            if limit <= 0:
                return
            chunk = self.read(stream_id, after, limit)
            yield from chunk
            if len(chunk) < limit:
                return
            after = chunk[-1]["version"]


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else (value or "")


def _check_batch(stream_id: str, expected_version: int, events: list[dict]) -> None:
    """The script checks the link to the stored head; the rest of the batch is checked here,
    before the call: its own stream, the next versions in order, each event linked to the one
    before. A writer's bug must not get into a stream that is never rewritten."""
    for offset, event in enumerate(events):
        if event.get("game_id") != stream_id or event.get("version") != expected_version + 1 + offset:
            raise MalformedBatch(f"event {offset} of the batch is {event.get('game_id')}@{event.get('version')}, "
                                 f"not {stream_id}@{expected_version + 1 + offset}")
        if offset and event.get("prev_hash") != events[offset - 1].get("hash"):
            raise MalformedBatch(f"event {offset} of the batch does not link to the one before it")
