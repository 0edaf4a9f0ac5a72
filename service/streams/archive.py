"""Finished streams leave for the archive: Redis keeps a stub, the archive the whole record.

A finished game may still change until its dispute window closes (`dispute_window`, default
24 h after `ended_at`: a dispute filed, answered, a result amended); a finished tournament for
`TOURNAMENT_ARCHIVE_SECONDS` after its end, and until every table's game has left. After
that nothing can be appended, and its record moves to the archive (service/runtime/archive.py:
a directory, or an S3-compatible bucket), in this order:

1. everything Redis holds for it is read (`_CAPTURE`: the head key, snapshot, checkpoints,
   end seal, noted damage, seed, list line, and a fingerprint of them), then its events, whose
   hash chain must check up to the head hash;
2. the record (events/archived.py) is written whole to the archive, read back, and checked
   again: the same bytes (SHA-256), the chain, the head hash, every part as captured;
   Before it leaves, the anchor outside Redis (service/streams/anchor.py) is made to hold its end,
   so that the archived record is held against the anchor as the stream in Redis was;
3. one script (`_STUB`) — only if the fingerprint is unchanged (nothing appended, no cache
   rewritten meanwhile) — deletes the stream, snapshot, checkpoints, seed and damage notes,
   and marks the head key `archived` (where the record went) with `archived_digest` (its
   bytes' SHA-256). Redis keeps that stub: the head version and hash, the creation seal, the
   end seal (a rollback is refused as before), the list line and the list indexes.

A crash before step 3 leaves the stream whole in Redis (and perhaps its record in the
archive, which the next attempt overwrites with the same bytes); step 3 is atomic, so there
is never a half stream. Every step is idempotent: the sweeper simply tries again.

Reads of an archived stream are served from its record (events/store.py), byte for byte as
before; an append is refused (`StreamArchived`, 409 `game_archived`).

The sweeper (service/jobs/worker.py) takes what is due from `archive:due` (written by the
append that finished the stream: service/streams/ledger.py), and once an hour (and at start)
`schedule_missed` puts back what a crash or a full Redis kept out of it, and `repair_lists`
moves streams whose list line and status list disagree.
"""
from __future__ import annotations

import hashlib
import logging
import time
from dataclasses import dataclass
from typing import Callable

from events.archived import ArchivedStream, encode
from events.canonical import loads
from events.envelope import GENESIS_HASH
from events.integrity import RecordDamaged
from events.store import head_key, stream_key
from service.runtime.archive import ArchiveUnavailable, record_name
from service.streams import list_index
from service.streams.anchor_log import AnchorLog, anchor_now
from service.streams.checkpoints import checkpoints_key
from service.streams.keys import ARCHIVE_DUE, archive_member, damage_key, seed_key, summary_key
from service.streams.snapshots import snapshot_key
from service.streams.verified import checked_run, end_key

log = logging.getLogger(__name__)

#: streams archived per sweep at most
BATCH = 100
#: a stream that must wait (an open dispute, a table still playing, damage, the archive
#: unreachable) is looked at again this many seconds later
RETRY_SECONDS = 3600
UNAVAILABLE_RETRY_SECONDS = 60

# KEYS: 1 head, 2 stream, 3 snapshot, 4 checkpoints, 5 seed, 6 damage, 7 end seal, 8 list line.
# A fingerprint of everything a record takes along but its events (which the head version and
# the last entry stand for: a stream is only appended to).
_FINGERPRINT = """
local function fingerprint()
  local parts = {}
  for _, k in ipairs({1, 3, 4, 6}) do
    local flat = redis.call('HGETALL', KEYS[k])
    local fields = {}
    for i = 1, #flat, 2 do fields[#fields + 1] = flat[i] .. '\\0' .. flat[i + 1] end
    table.sort(fields)
    parts[#parts + 1] = table.concat(fields, '\\1')
  end
  parts[#parts + 1] = redis.call('GET', KEYS[5]) or ''
  parts[#parts + 1] = redis.call('GET', KEYS[7]) or ''
  local last = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
  parts[#parts + 1] = (#last > 0) and last[1][1] or ''
  return redis.sha1hex(table.concat(parts, '\\2'))
end
"""

_CAPTURE = _FINGERPRINT + """
return {fingerprint(), redis.call('HGET', KEYS[1], 'archived') or false,
        redis.call('HGETALL', KEYS[1]), redis.call('HGETALL', KEYS[3]), redis.call('HGETALL', KEYS[4]),
        redis.call('HGETALL', KEYS[6]), redis.call('GET', KEYS[5]) or false, redis.call('GET', KEYS[7]) or false,
        redis.call('GET', KEYS[8]) or false}
"""

# ARGV: 1 the fingerprint captured, 2 where the record went, 3 its digest. The deletes come
# first: Redis at its maxmemory refuses a script's first write only when it would grow memory,
# so a full Redis still lets archiving free it.
_STUB = _FINGERPRINT + """
if redis.call('HEXISTS', KEYS[1], 'archived') == 1 then return 2 end
if fingerprint() ~= ARGV[1] then return 0 end
redis.call('UNLINK', KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6])
redis.call('HSET', KEYS[1], 'archived', ARGV[2], 'archived_digest', ARGV[3])
return 1
"""

ARCHIVED = "archived"
ALREADY = "already"
GONE = "gone"
NOT_FINISHED = "not_finished"
NOT_DUE = "not_due"
HELD = "held"
MOVED = "moved"
DAMAGED = "damaged"
UNAVAILABLE = "unavailable"
#: outcomes after which the stream leaves the due set
SETTLED = frozenset({ARCHIVED, ALREADY, GONE, NOT_FINISHED})


@dataclass(frozen=True)
class Result:
    outcome: str
    detail: str = ""
    #: NOT_DUE: when it is
    due: float | None = None


def _pairs(flat: list) -> tuple[tuple[bytes, bytes], ...]:
    return tuple((flat[i], flat[i + 1]) for i in range(0, len(flat), 2))


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class Archiver:
    """Moves the finished streams of one ledger (games', or tournaments') to its store's archive.
    `ready(state) -> reason or None`: a further condition (a tournament's tables)."""

    def __init__(self, ledger, ready: Callable[[dict], str | None] | None = None,
                 now: Callable[[], float] = time.time):
        self.ledger = ledger
        self.ns = ledger.NS
        self.redis = ledger.redis
        self.ready = ready
        self.now = now
        self._capture = self.redis.register_script(_CAPTURE)
        self._stub = self.redis.register_script(_STUB)
        #: test seam: called between the archive's write and the stub (a crash there)
        self.before_stub: Callable[[str], None] | None = None
        #: the anchor's log (service/streams/anchor_log.py), opened when first needed
        self.anchor_log: AnchorLog | None = None

    @property
    def records(self):
        """The archived records' reader and writer (service/runtime/archive.py)."""
        return self.ledger.store.archive

    def keys(self, stream_id: str) -> list[str]:
        ns = self.ns
        return [head_key(stream_id, ns), stream_key(stream_id, ns), snapshot_key(stream_id, ns),
                checkpoints_key(stream_id, ns), seed_key(stream_id, ns), damage_key(stream_id, ns),
                end_key(stream_id, ns), summary_key(stream_id, ns)]

    def due_at(self, stream_id: str) -> Result | None:
        """Why the stream may not leave yet (None: it may), from its checked state."""
        try:
            state = self.ledger.load(stream_id, cached=False)
        except self.ledger.not_found:
            return Result(GONE)
        except RecordDamaged as damaged:  # never archive what does not hold together
            return Result(DAMAGED, str(damaged))
        if state.get("status") != "finished":
            return Result(NOT_FINISHED)
        due = self.ledger.archive_due(state)
        if due is None:
            return Result(NOT_FINISHED)
        if due > self.now():
            return Result(NOT_DUE, due=due)
        hold = self.ledger.archive_hold(state) or (self.ready(state) if self.ready else None)
        return Result(HELD, hold) if hold else None

    def archive(self, stream_id: str, force: bool = False) -> Result:
        """Move one finished stream to the archive (`force`: even before it is due, for tests and
        operators; never a running or damaged one)."""
        if self.ledger.store.is_archived(stream_id):
            return Result(ALREADY)
        waiting = self.due_at(stream_id)
        if waiting is not None and not (force and waiting.outcome in (NOT_DUE, HELD)):
            return waiting
        keys = self.keys(stream_id)
        fingerprint, archived, head, snapshot, stored, damage, seed, end, summary = self._capture(keys=keys)
        if archived:
            return Result(ALREADY)
        head_fields = _pairs(head)
        fields = {_text(k): v for k, v in head_fields}
        version, head_hash = int(fields.get("version") or 0), _text(fields.get("head") or GENESIS_HASH)
        if end is None:  # (the read above sealed it; a cut is damage, not a stream to archive)
            return Result(MOVED, "its end is not sealed yet")
        entries = tuple(raw for _, raw in self.ledger.store.iter_entries(stream_id, 0, version))
        record = ArchivedStream(self.ns, stream_id, version, head_hash, entries, head_fields, _pairs(snapshot),
                                _pairs(stored), _pairs(damage), end, seed, summary)
        try:
            self._check(record)
            self._anchor_end(record)
        except RecordDamaged as damaged:
            return Result(DAMAGED, str(damaged))
        blob = encode(record)
        digest = hashlib.sha256(blob).hexdigest()
        location = record_name(self.ns, stream_id)
        store = self.records.store
        store.put(location, blob)
        back = self.records.check(self.ns, stream_id, store.get(location), digest, location)
        if back != record:
            raise RecordDamaged(stream_id, 1, "archive_unreadable", f"the record read back from {location} is "
                                "not the one written")
        self._check(back)
        if self.before_stub is not None:
            self.before_stub(stream_id)
        done = int(self._stub(keys=keys, args=[fingerprint, location, digest]))
        if done == 2:
            return Result(ALREADY)
        if done == 0:
            return Result(MOVED, "it changed while it was being archived")
        self.records.keep((self.ns, stream_id, digest), back)
        self.ledger.cache.drop(stream_id)
        log.info("%s %s archived to %s (%d events, %d bytes)", self.ns, stream_id, location, version, len(blob))
        return Result(ARCHIVED, location)

    def _anchor_end(self, record: ArchivedStream) -> None:
        """The anchor outside Redis (service/streams/anchor.py) holds the record's end before it
        leaves: an archived record is held against it as a stream in Redis is."""
        anchors = getattr(self.ledger, "anchors", None)
        if anchors is None:
            return
        held = anchors.inspect(record.stream_id).anchored
        if held is not None and (held.version, held.head, held.finished) == (record.version, record.head, True):
            return
        if self.anchor_log is None:
            self.anchor_log = AnchorLog.for_ledger(self.ledger)
        state = {"version": record.version, "head_hash": record.head, "status": "finished", "rng": {}}
        anchor_now(anchors, record.stream_id, state, self.anchor_log)
        held = anchors.inspect(record.stream_id).anchored
        if held is None or (held.version, held.head) != (record.version, record.head):
            raise RecordDamaged(record.stream_id, min(record.version, held.version if held else record.version),
                                "anchor_mismatch", f"the record's end (event {record.version}) does not extend "
                                "the head anchored outside Redis")

    def _check(self, record: ArchivedStream) -> None:
        """The record's chain checks event by event up to the head version and hash."""
        last = GENESIS_HASH
        count = 0
        for event in checked_run(record.stream_id, record.iter_entries(0, record.version), 0, GENESIS_HASH):
            last, count = event["hash"], event["version"]
        if count != record.version or last != record.head:
            raise RecordDamaged(record.stream_id, count + 1, "tail_missing",
                                f"the record holds {count} events ending in {last}, not the head's "
                                f"{record.version} ending in {record.head}")


def member_of(raw) -> tuple[str, str]:
    ns, _, stream_id = _text(raw).partition(":")
    return ns, stream_id


def sweep(archivers: dict[str, Archiver], client, now: float | None = None, limit: int = BATCH,
          budget: float | None = None) -> list[tuple[str, Result]]:
    """Archive what is due (at most `limit`, for at most `budget` seconds); what each gave."""
    now = time.time() if now is None else now
    started = time.monotonic()
    done = []
    for raw in client.zrangebyscore(ARCHIVE_DUE, "-inf", now, start=0, num=limit):
        if budget is not None and time.monotonic() - started > budget:
            break
        ns, stream_id = member_of(raw)
        archiver = archivers.get(ns)
        if archiver is None:
            continue
        try:
            result = archiver.archive(stream_id)
        except ArchiveUnavailable as exc:
            log.warning("the archive is unavailable: %s", exc)
            result = Result(UNAVAILABLE, str(exc))
        except Exception as exc:  # one stream must not stop the others
            log.exception("archiving %s %s failed", ns, stream_id)
            result = Result(DAMAGED, f"{type(exc).__name__}: {exc}")
        member = archive_member(stream_id, ns)
        if result.outcome in SETTLED:
            client.zrem(ARCHIVE_DUE, member)
        elif result.outcome == NOT_DUE:
            client.zadd(ARCHIVE_DUE, {member: result.due})
        elif result.outcome in (HELD, DAMAGED, UNAVAILABLE):
            wait = UNAVAILABLE_RETRY_SECONDS if result.outcome == UNAVAILABLE else RETRY_SECONDS
            client.zadd(ARCHIVE_DUE, {member: now + wait})
            if result.outcome != UNAVAILABLE:
                log.info("%s %s stays in Redis for now: %s", ns, stream_id, result.detail)
        done.append((_text(raw), result))
    return done


def schedule_missed(ledger, index: str, page: int = 500) -> int:
    """Put in the due set every finished stream of `ledger` (its list `index`) that is neither
    archived nor due: the safety net under the append that should have (a crash, a full
    Redis). How many it put back."""
    client, ns, placed, start = ledger.redis, ledger.NS, 0, 0
    while True:
        ids = [_text(m) for m in client.zrange(list_index.by_status("finished", index), start, start + page - 1)]
        if not ids:
            return placed
        start += page
        pipe = client.pipeline(transaction=False)
        for stream_id in ids:
            pipe.hexists(head_key(stream_id, ns), ARCHIVED)
            pipe.zscore(ARCHIVE_DUE, archive_member(stream_id, ns))
        answers = pipe.execute()
        for n, stream_id in enumerate(ids):
            if answers[2 * n] or answers[2 * n + 1] is not None:
                continue
            state = _fresh_state(ledger, stream_id, "to schedule its archiving")
            if state is None:
                continue
            due = ledger.archive_due(state)
            if due is not None:
                client.zadd(ARCHIVE_DUE, {archive_member(stream_id, ns): due}, nx=True)
                placed += 1


def _fresh_state(ledger, stream_id: str, why: str) -> dict | None:
    """The stream's state read past every cache; None (logged) when it cannot be read: a
    sweep goes on with the next stream."""
    try:
        return ledger.load(stream_id, cached=False)
    except Exception:
        log.exception("cannot read %s %s %s", ledger.NS, stream_id, why)
        return None


def repair_lists(ledger, index: str, page: int = 500) -> int:
    """Rewrite the list line (and the indexes, the end seal, the due time) of every stream in a
    lobby or running list whose line says another status (or is missing): the line is written
    with the events, the move between the status lists after them, so a crash or a full Redis
    between the two leaves them apart. (A line's version lags its head by design: the list
    reads it from the head key.) How many it rewrote."""
    client, ns, fixed = ledger.redis, ledger.NS, 0
    for status in ("lobby", "running"):
        ids = [_text(m) for m in client.zrange(list_index.by_status(status, index), 0, -1)]
        for at in range(0, len(ids), page):
            chunk = ids[at:at + page]
            pipe = client.pipeline(transaction=False)
            for stream_id in chunk:
                pipe.get(summary_key(stream_id, ns))
                pipe.hget(head_key(stream_id, ns), "version")
            answers = pipe.execute()
            for n, stream_id in enumerate(chunk):
                line, version = answers[2 * n], int(answers[2 * n + 1] or 0)
                listed = loads(line) if line else {}
                if not version or listed.get("status") == status:
                    continue
                state = _fresh_state(ledger, stream_id, "to repair its list line")
                if state is None:
                    continue
                ledger.save_summary({"status": listed.get("status", status)}, state)
                fixed += 1
    return fixed
