"""The anchor: each game's and each tournament's head, sealed, kept outside Redis, so that a
rollback inside Redis shows. (Both kinds of stream alike, each ledger with its own `Anchors`: "game"
below stands for either.)

Every seal of the server's that Redis holds (snapshot, checkpoints, creation, end) can be deleted
by whoever can write to Redis, and a game whose seals are all gone looks like a game the server
left at that point. The anchor is the server's word on a game kept where a Redis writer cannot
reach it: in the archive store (service/runtime/archive.py, a directory or a bucket), two things:

- the **log** (service/streams/anchor_log.py): batches of heads, each batch hash-chained to the one
  before it, public (`bootleggers anchor export`): what a verifier holds a record against;
- per game, its **anchored head** `anchor/heads/<ns>/<2 hex>/<id>.json`: the latest head the log
  holds for it (version, head hash, whether the game had finished, the batch), sealed with the
  server key: what every read of the game is held against (service/streams/verified.py), without
  reading the log.

A game is anchored (marked due in `anchor:due` by the append, `after_append`) when an append
crosses a checkpoint or leaves it finished, and otherwise at most every `ANCHOR_SECONDS`
(default 5) after an append: the worker's sweeper (anchor_log.sweep) reads each due game through
the checked reads and writes one batch for all of them. A running game's head can therefore be
rolled back unseen by at most the last few seconds of events (the players' receipts cover those).

The head hash of a running game is never published (it would let its holder test guesses of a
sealed bid): the log carries the game's **receipt** of that head instead (events/receipts.py),
which anyone can check once the seed is revealed at the end.
"""
from __future__ import annotations

import hashlib
import logging
import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from events.canonical import dumps, loads
from events.integrity import TAIL_MISSING, RecordDamaged, check_event
from service.runtime.archive import ArchiveMissing, ArchiveUnavailable
from service.streams import checkpoints
from service.streams.keys import archive_member
from service.streams.verified import EVENT_MISSING, note_damage, snapshot_version

log = logging.getLogger(__name__)

#: games due to be anchored, by the epoch second they are due (members `<ns>:<id>`)
ANCHOR_DUE = "anchor:due"
EVERY_ENV = "ANCHOR_SECONDS"
DEFAULT_EVERY = 5.0
#: a cold read looks the anchored head up again when what it holds is older than this
REFRESH_SECONDS = 2.0
HEAD_FORMAT = "bootleggers-anchor-head"
FORMAT_VERSION = 1
#: the seal kind of an anchored head (events/integrity.py `server_seal`)
KIND = "anchor"
FINISHED, RUNNING = "finished", "running"
#: how many games a process remembers (their anchored heads, their next mark)
REMEMBER_MAX = 50_000


def anchor_every(environ=None) -> float:
    """`ANCHOR_SECONDS`: at most this long between an append and its game's anchoring (0: the
    appends mark nothing; what is already anchored is still checked)."""
    env = os.environ if environ is None else environ
    return float(env.get(EVERY_ENV) or DEFAULT_EVERY)


def head_name(ns: str, stream_id: str) -> str:
    shard = hashlib.sha256(stream_id.encode()).hexdigest()[:2]
    return f"anchor/heads/{ns}/{shard}/{stream_id}.json"


@dataclass(frozen=True)
class Anchored:
    """A game's anchored head: the event at `version` hashed to `head`; `finished`: the game had
    ended by then (its seed revealed); `seq`: the log's batch that holds it."""
    version: int
    head: str
    finished: bool
    seq: int

    @property
    def status(self) -> str:
        return FINISHED if self.finished else RUNNING


@dataclass(frozen=True)
class Inspected:
    """An anchored head as stored: `anchored` when it reads and its seal holds; otherwise
    `problem` says why not (None with neither: there is none)."""
    anchored: Anchored | None = None
    problem: str | None = None
    version: int = 0


def seal_message(anchored: Anchored) -> str:
    """What the seal of an anchored head covers beside its version and head hash."""
    return f"{anchored.status}:{anchored.seq}"


def encode_head(sealer, ns: str, stream_id: str, anchored: Anchored) -> bytes:
    body = {"format": HEAD_FORMAT, "format_version": FORMAT_VERSION, "ns": ns, "id": stream_id,
            "version": anchored.version, "head": anchored.head, "status": anchored.status, "seq": anchored.seq}
    body["seal"] = sealer.sign(KIND, stream_id, anchored.version, anchored.head, seal_message(anchored))
    return dumps(body).encode()


def decode_head(sealer, ns: str, stream_id: str, raw: bytes) -> Inspected:
    try:
        body = loads(raw)
        anchored = Anchored(int(body["version"]), str(body["head"]), body["status"] == FINISHED, int(body["seq"]))
        ok = (body.get("format") == HEAD_FORMAT and (body.get("ns"), body.get("id")) == (ns, stream_id)
              and body["status"] in (FINISHED, RUNNING))
    except (ValueError, KeyError, TypeError, AttributeError):
        return Inspected(problem="the anchored head cannot be read")
    if not ok:
        return Inspected(problem="the anchored head is another game's, or not one", version=anchored.version)
    if not sealer.holds(KIND, stream_id, anchored.version, anchored.head, seal_message(anchored), body.get("seal")):
        return Inspected(problem="the anchored head's seal does not check (forged in the archive, or written "
                                 "under another SECRET_KEY)", version=anchored.version)
    return Inspected(anchored, version=anchored.version)


class Anchors:
    """The anchored heads of one ledger's streams: read (remembered a little while), marked due
    by the appends, written by the log's writer (service/streams/anchor_log.py)."""

    def __init__(self, ledger, every: float | None = None, refresh: float = REFRESH_SECONDS):
        self.ledger = ledger
        self.ns = ledger.NS
        self.every = anchor_every() if every is None else every
        self.refresh = refresh
        #: stream id -> (when looked up, time.monotonic(); what was found)
        self._known: OrderedDict[str, tuple[float, Inspected]] = OrderedDict()
        #: stream id -> the epoch second this process last marked it due for
        self._marked: dict[str, float] = {}
        self._lock = threading.Lock()

    @property
    def store(self):
        """The archive store the anchor lives in (the ledger's: ARCHIVE_URL)."""
        return self.ledger.store.archive.store

    # ---- reading ------------------------------------------------------------------------
    def inspect(self, stream_id: str) -> Inspected:
        """The anchored head as stored now (read from the archive store)."""
        try:
            raw = self.store.get(head_name(self.ns, stream_id))
        except ArchiveMissing:
            found = Inspected()
        else:
            found = decode_head(self.ledger.sealer, self.ns, stream_id, raw)
        self._remember(stream_id, found)
        return found

    def known(self, stream_id: str, refresh: bool = True, force: bool = False) -> Inspected:
        """What this process holds of the stream's anchored head, looked up again (`refresh`)
        when older than `self.refresh` seconds (`force`: in any case). An archive that does not
        answer leaves what was held (a read goes on: the seals in Redis still stand, and the
        next read looks again)."""
        with self._lock:
            held = self._known.get(stream_id)
        if held is not None and not force and (not refresh or time.monotonic() - held[0] < self.refresh):
            return held[1]
        if not refresh:
            return Inspected()
        try:
            return self.inspect(stream_id)
        except ArchiveUnavailable as exc:
            log.warning("the anchor of %s %s cannot be read: %s", self.ns, stream_id, exc)
            return held[1] if held is not None else Inspected()

    def _remember(self, stream_id: str, found: Inspected) -> None:
        with self._lock:
            self._known[stream_id] = (time.monotonic(), found)
            self._known.move_to_end(stream_id)
            while len(self._known) > REMEMBER_MAX:
                self._known.popitem(last=False)

    def forget(self) -> None:
        with self._lock:
            self._known.clear()

    def check(self, reads, stream_id: str, view, refresh: bool = True, force: bool = False) -> None:
        """A read's view of the stream (service/streams/verified.py `CheckedReads`) against its
        anchored head: the stream must reach the anchored version and (`refresh`: a cold read)
        hold there the anchored hash; RecordDamaged otherwise. A hot read (this process's own
        copy continues into the stream) compares versions only, and looks nothing up."""
        found = self.known(stream_id, refresh, force)
        if found.problem is not None:
            if refresh:
                note_damage(reads.redis, stream_id, "anchor", found.version, f"the anchored head at version "
                            f"{found.version} was not used: {found.problem}", self.ns)
            return
        anchored = found.anchored
        if anchored is None:
            return
        how = "finished (its seed revealed)" if anchored.finished else "running"
        if view.version < anchored.version:
            raise RecordDamaged(stream_id, view.version + 1, TAIL_MISSING,
                                f"the anchor outside Redis holds this {reads.noun} at event {anchored.version}, "
                                f"{how}, but the stream ends at event {view.version}: events {view.version + 1}-"
                                f"{anchored.version} are missing (cut, and the head key rewritten)")
        if not refresh:
            return
        stored = stored_hash(reads, stream_id, view, anchored.version)
        if stored is None:
            raise RecordDamaged(stream_id, anchored.version, EVENT_MISSING, f"event {anchored.version}, which the "
                                "anchor outside Redis holds, is missing from the stream or does not check")
        if stored != anchored.head:
            raise reads.rewritten(stream_id, anchored.version, f"the anchor outside Redis (the {reads.noun} {how} "
                                  f"at event {anchored.version})")

    # ---- writing (the log's writer, under its lock) -------------------------------------
    def write(self, stream_id: str, anchored: Anchored) -> None:
        self.store.put(head_name(self.ns, stream_id), encode_head(self.ledger.sealer, self.ns, stream_id, anchored))
        self._remember(stream_id, Inspected(anchored, version=anchored.version))

    def entry(self, stream_id: str, state: dict) -> dict:
        """The log's entry for `state` (read through the checked reads): public fields, and the
        head hash the anchored head keeps (`head`, never published)."""
        version, head = state["version"], state.get("head_hash")
        kept = self.ledger.receipt(stream_id, version, head, (state.get("rng") or {}).get("seed"))
        return {"ns": self.ns, "id": stream_id, "version": version,
                "status": FINISHED if state.get("status") == "finished" else RUNNING,
                "receipt": kept["receipt"] if kept else None, "head": head}

    # ---- the appends mark their game due ------------------------------------------------
    def after_append(self, stream_id: str, state: dict, events: list[dict]) -> None:
        """`Ledger.after_append` hook: mark the game due now when the append crossed a
        checkpoint or leaves it finished, else `every` seconds on unless this process already
        marked it for later (one write to Redis per game every `every` seconds at most)."""
        status = state.get("status")
        if self.every <= 0 or status in (None, "lobby"):
            return
        now = time.time()
        if status == "finished" or checkpoints.below(events[-1]["version"]) > events[0]["version"] - 1:
            due = now  # (the batch crossed a checkpoint)
        else:
            marked = self._marked.get(stream_id)
            if marked is not None and marked > now:
                return
            due = now + self.every
        if len(self._marked) > REMEMBER_MAX:
            self._marked.clear()
        self._marked[stream_id] = due
        self.ledger.redis.zadd(ANCHOR_DUE, {archive_member(stream_id, self.ns): due}, lt=True)

    def mark(self, stream_id: str, due: float | None = None) -> None:
        """Mark the stream due (now, or at `due`)."""
        self.ledger.redis.zadd(ANCHOR_DUE, {archive_member(stream_id, self.ns): time.time() if due is None else due},
                               lt=True)


def stored_hash(reads, stream_id: str, view, version: int) -> str | None:
    """The hash of the stored event at `version`, from what the read returned when it holds it
    (else one more round trip); None when it is missing or does not check."""
    if version == view.version:
        return view.head  # (check_head: the last entry's own hash)
    raw = dict(view.tail).get(version)
    if raw is None and view.at_snapshot is not None and snapshot_version(view.snapshot) == version:
        raw = view.at_snapshot
    if raw is None:
        return reads._stored_hashes(stream_id, [version]).get(version)
    try:
        return check_event(stream_id, version, raw, None)["hash"]
    except RecordDamaged:
        return None
