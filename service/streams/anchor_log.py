"""The anchor's log: the heads the server anchored, in batches, each hash-chained to the one before.

One batch per sweep of the worker (`sweep`, every `ANCHOR_SWEEP_SECONDS`), named by its number
in the archive store (`anchor/log/<seq // 10000, 6 digits>/<seq, 10 digits>.json`), its bytes the
canonical JSON of

    {"format": "bootleggers-anchor-batch", "format_version": 1, "seq": N,
     "prev": "<SHA-256 hex of batch N-1's bytes; 64 zeros for batch 1>", "at": "<UTC time>",
     "heads": [{"ns": "game", "id": "…", "version": V, "status": "running"|"finished",
                "receipt": "<the game's receipt of its head at V>"|null}, …],
     "seal": "<the server's HMAC of the rest>"}

and `anchor/log/head.json` names the last one (sealed, with the id of the key that sealed it:
`key_id`, so that a log begun under another key says so). `bootleggers anchor export` publishes
them (`{"format": "bootleggers-anchor-log", "format_version": 1, "batches": […]}`), which
`bootleggers verify RECORD --anchor` checks a record against (docs/verification.md, "The
anchor"). Each game's latest anchored head is also kept apart, sealed (service/streams/anchor.py),
for the server's own reads.

One writer at a time (a Redis lock; a writer who ignores it cannot reuse a batch's name: each is
created only if absent). A crash between a batch and the pointer is caught up by the next writer,
which follows the batches past the pointer while each links to the one before and is sealed.

A log that does not check (its pointer or a batch sealed under another key: two servers with
different SECRET_KEYs given one archive; or changed in the archive) cannot be continued: the sweep
says so in one warning line (what did not check, and under which key), again only every
`BROKEN_REPEAT_SECONDS`, and its games wait, due again; the archiver keeps a record in Redis
until it can anchor its end.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
import time
from contextlib import contextmanager
from typing import Callable

import redis

from events.canonical import dumps, loads
from events.integrity import RecordDamaged
from service.runtime.archive import ArchiveExists, ArchiveMissing, ArchiveUnavailable
from service.runtime import durability
from service.runtime.redis_connect import is_cluster
from service.runtime.secret_key import Sealer, ServerKey
from service.runtime import timeutil
from service.streams.anchor import ANCHOR_DUE, FINISHED, Anchored, Anchors
from service.streams.keys import archive_member

log = logging.getLogger(__name__)

BATCH_FORMAT = "bootleggers-anchor-batch"
LOG_FORMAT = "bootleggers-anchor-log"
FORMAT_VERSION = 1
ZERO = "0" * 64
POINTER = "anchor/log/head.json"
#: the seals of the log's batches and its pointer (a namespace of their own)
LOG_NS, BATCH_KIND, POINTER_KIND = "anchor", "anchor_batch", "anchor_pointer"
LOCK = "anchor:log:lock"
LOCK_MS, LOCK_WAIT = 30_000, 10.0
#: when Redis is full the lock cannot be written; the archiver, which frees it, must still anchor a
#: record's end: this process's writers then take turns here, and the batch files' create-if-absent
#: keeps the log one chain across processes
_FULL_LOCK = threading.Lock()
#: games looked at per sweep at most (one batch)
BATCH = 1000
#: a sweep the archive refused puts its games back this many seconds on
RETRY_SECONDS = 10.0
#: how long a sweep waits for a replica to hold what it read (`replicas_hold`)
REPLICA_WAIT_MS = 1000
#: a log that cannot be continued is warned of once, then again only after this long
BROKEN_REPEAT_SECONDS = 600.0


def key_id(key: ServerKey) -> str:
    """A short public name of a server key (an HMAC under it: tells keys apart, reveals nothing)."""
    return hmac.new(key.sealing_key(), b"bootleggers anchor key id", hashlib.sha256).hexdigest()[:12]


class AnchorBusy(Exception):
    """Another writer holds the log's lock."""


class AnchorBroken(Exception):
    """The log cannot be continued: its pointer or a batch does not check (an operator's matter)."""


def batch_name(seq: int) -> str:
    return f"anchor/log/{seq // 10000:06d}/{seq:010d}.json"


def batch_hash(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def _unsealed(body: dict) -> str:
    return hashlib.sha256(dumps({k: v for k, v in body.items() if k != "seal"}).encode()).hexdigest()


_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class AnchorLog:
    """The log's writer and reader, over the archive store `store_of()` gives."""

    def __init__(self, client, store_of: Callable[[], object], key: ServerKey):
        self.redis = client
        self.store_of = store_of
        self.key = key
        self.sealer = Sealer(LOG_NS, key)
        #: the problems of a broken log this writer warned of: message -> when (time.monotonic())
        self._warned: dict[str, float] = {}
        self._release = client.register_script(_RELEASE) if client is not None else None  # (None: read only)

    @classmethod
    def for_ledger(cls, ledger) -> "AnchorLog":
        return cls(ledger.redis, lambda: ledger.store.archive.store, ledger.server_key)

    @contextmanager
    def _locked(self):
        token = secrets.token_hex(8)
        deadline = time.monotonic() + LOCK_WAIT
        try:
            taken = self.redis.set(LOCK, token, nx=True, px=LOCK_MS)
        except redis.exceptions.OutOfMemoryError:
            log.warning("Redis is full: the anchor's log is written under this process's lock")
            with _FULL_LOCK:
                yield
            return
        while not taken:
            if time.monotonic() > deadline:
                raise AnchorBusy("another process is writing the anchor's log")
            time.sleep(0.01)
            taken = self.redis.set(LOCK, token, nx=True, px=LOCK_MS)
        try:
            yield
        finally:
            self._release(keys=[LOCK], args=[token])

    # ---- reading ------------------------------------------------------------------------
    def batch_holds(self, body: dict, seq: int, prev: str) -> bool:
        return (isinstance(body, dict) and body.get("format") == BATCH_FORMAT and body.get("seq") == seq
                and body.get("prev") == prev
                and self.sealer.holds(BATCH_KIND, "log", seq, _unsealed(body), "", body.get("seal")))

    def pointer(self, store) -> tuple[int, str]:
        """(the last batch's number, its hash); (0, zeros) for a log not begun."""
        try:
            raw = store.get(POINTER)
        except ArchiveMissing:
            try:
                store.get(batch_name(1))
            except ArchiveMissing:
                return 0, ZERO
            raise AnchorBroken(f"the anchor's pointer {POINTER} is missing, yet its log has begun") from None
        try:
            body = loads(raw)
            seq, digest = int(body["seq"]), str(body["hash"])
        except (ValueError, KeyError, TypeError):
            raise AnchorBroken(f"the anchor's pointer {POINTER} cannot be read") from None
        if not self.sealer.holds(POINTER_KIND, "log", seq, digest, "", body.get("seal")):
            theirs, mine = body.get("key_id"), key_id(self.key)
            raise AnchorBroken(
                f"the seal of the anchor's pointer {POINTER} (batch {seq}) does not check under this server's key "
                f"{mine}: " + (f"the log was written under the key {theirs} (another server with another "
                               "SECRET_KEY writes to this archive?)" if theirs and theirs != mine else
                               "written under another SECRET_KEY (another server writes to this archive?), or "
                               "changed in the archive"))
        return seq, digest

    def _follow(self, store, seq: int, prev: str) -> tuple[int, str]:
        """Past the pointer: the batches a writer wrote before it died, each checked."""
        while True:
            try:
                raw = store.get(batch_name(seq + 1))
            except ArchiveMissing:
                return seq, prev
            try:
                body = loads(raw)
            except ValueError:
                body = None
            if not self.batch_holds(body, seq + 1, prev):
                raise AnchorBroken(f"batch {seq + 1} of the anchor's log ({batch_name(seq + 1)}) does not link to "
                                   f"batch {seq}, or its seal does not check")
            seq, prev = seq + 1, batch_hash(raw)

    def batches(self, first: int = 1, last: int | None = None) -> list[dict]:
        """The batches `first`..`last` (default: to the pointer), each checked against the one
        before it (the first against nothing when `first` > 1)."""
        store = self.store_of()
        top, _ = self.pointer(store)
        last = top if last is None else min(last, top)
        out, prev = [], None
        for seq in range(max(first, 1), last + 1):
            raw = store.get(batch_name(seq))
            body = loads(raw)
            expected = ZERO if seq == 1 else (prev if prev is not None else body.get("prev"))
            if not self.batch_holds(body, seq, expected):
                raise AnchorBroken(f"batch {seq} of the anchor's log does not link to the one before it, "
                                   "or its seal does not check")
            out.append(body)
            prev = batch_hash(raw)
        return out

    def export(self, first: int = 1, last: int | None = None) -> dict:
        """The published log (docs/verification.md, "The anchor")."""
        return {"format": LOG_FORMAT, "format_version": FORMAT_VERSION, "batches": self.batches(first, last)}

    # ---- writing ------------------------------------------------------------------------
    def append(self, entries: list[dict], anchors: dict[str, Anchors]) -> int | None:
        """Write one batch of `entries` (Anchors.entry) and advance each game's anchored head;
        the batch's number (None: nothing was new). A head that would move a game's anchor back
        (or to another hash at the same version) is left out, and logged: the record it came from
        does not extend what the server anchored (a read of it is refused)."""
        with self._locked():
            store = self.store_of()
            fresh = []
            for entry in sorted(entries, key=lambda e: (e["ns"], e["id"])):
                held = anchors[entry["ns"]].inspect(entry["id"]).anchored
                finished = entry["status"] == FINISHED
                if held is not None and (held.version > entry["version"] or (
                        held.version == entry["version"] and (held.head != entry["head"] or held.finished > finished))):
                    log.error("%s %s: its head at %d does not extend its anchored head at %d; not anchored",
                              entry["ns"], entry["id"], entry["version"], held.version)
                    continue
                if held is not None and (held.version, held.finished) == (entry["version"], finished):
                    continue
                fresh.append(entry)
            if not fresh:
                return None
            seq, prev = self.pointer(store)
            while True:
                body = {"format": BATCH_FORMAT, "format_version": FORMAT_VERSION, "seq": seq + 1, "prev": prev,
                        "at": timeutil.iso(timeutil.now()), "heads": [{k: e[k] for k in ("ns", "id", "version", "status", "receipt")}
                                                       for e in fresh]}
                body["seal"] = self.sealer.sign(BATCH_KIND, "log", seq + 1, _unsealed(body))
                raw = dumps(body).encode()
                try:
                    store.put(batch_name(seq + 1), raw, exclusive=True)
                    break
                except ArchiveExists:  # a writer died after its batch, before the pointer
                    seq, prev = self._follow(store, seq, prev)
            seq, digest = seq + 1, batch_hash(raw)
            store.put(POINTER, dumps({"seq": seq, "hash": digest, "key_id": key_id(self.key), "seal": self.sealer.sign(
                POINTER_KIND, "log", seq, digest)}).encode())
            for entry in fresh:
                anchors[entry["ns"]].write(entry["id"], Anchored(entry["version"], entry["head"],
                                                                 entry["status"] == FINISHED, seq))
            return seq

    def warn_broken(self, exc: AnchorBroken, waiting: int) -> None:
        """One warning line for a log that cannot be continued (no traceback: it is an operator's
        matter, not a bug), repeated only every BROKEN_REPEAT_SECONDS while it stays so."""
        now, why = time.monotonic(), str(exc)
        last = self._warned.get(why)
        if last is not None and now - last < BROKEN_REPEAT_SECONDS:
            return
        self._warned[why] = now
        log.warning("the anchor's log cannot be continued, so nothing is anchored (%d head(s) wait, tried again "
                    "every %.0f s; this warning again in %.0f min if it lasts): %s", waiting, RETRY_SECONDS,
                    BROKEN_REPEAT_SECONDS / 60, why)


def sweep(anchors: dict[str, Anchors], client, anchor_log: AnchorLog, now: float | None = None,
          limit: int = BATCH) -> list[tuple[str, str]]:
    """Anchor every game due (at most `limit`), in one batch: each read through the checked
    reads (a damaged one is never anchored). What became of each: (member, outcome)."""
    now = time.time() if now is None else now
    members = client.zrangebyscore(ANCHOR_DUE, "-inf", now, start=0, num=limit)
    if not members:
        return []
    client.zrem(ANCHOR_DUE, *members)  # (an append from now on marks its game again)
    entries, done = [], []
    for raw in members:
        member = raw.decode() if isinstance(raw, bytes) else raw
        ns, _, stream_id = member.partition(":")
        ledger_anchors = anchors.get(ns)
        if ledger_anchors is None:
            continue
        ledger = ledger_anchors.ledger
        try:
            state = ledger.load(stream_id, cached=False)
        except ledger.not_found:
            done.append((member, "gone"))
            continue
        except RecordDamaged as damaged:
            log.warning("%s %s is damaged; not anchored: %s", ns, stream_id, damaged)
            done.append((member, "damaged"))
            continue
        if state.get("status") in (None, "lobby"):
            continue
        entries.append(ledger_anchors.entry(stream_id, state))
        done.append((member, "anchored"))
    held = replicas_hold(client, entries) if entries else []
    if not all(held):  # (a head only its primary holds: the next sweep asks again)
        later = [e for e, ok in zip(entries, held) if not ok]
        log.warning("%d head(s) read for the anchor are not on a replica yet; trying again in %.0f s",
                    len(later), RETRY_SECONDS)
        client.zadd(ANCHOR_DUE, {archive_member(e["id"], e["ns"]): now + RETRY_SECONDS for e in later}, lt=True)
        waiting = {archive_member(e["id"], e["ns"]) for e in later}
        entries = [e for e, ok in zip(entries, held) if ok]
        done = [(m, "unconfirmed" if m in waiting else outcome) for m, outcome in done]
        if not entries:
            return done
    try:
        anchor_log.append(entries, anchors)
    except Exception as exc:  # the games wait for the next try (the archive back, a broken log mended)
        if entries:
            client.zadd(ANCHOR_DUE, {archive_member(e["id"], e["ns"]): now + RETRY_SECONDS for e in entries}, lt=True)
        if isinstance(exc, AnchorBroken):
            anchor_log.warn_broken(exc, len(entries))
        elif isinstance(exc, (ArchiveUnavailable, AnchorBusy)):
            log.warning("the anchor cannot be written now (%s); trying again in %.0f s", exc, RETRY_SECONDS)
        else:
            raise
        return [(m, "unavailable") for m, _ in done]
    return done


def replicas_hold(client, entries: list[dict]) -> list[bool]:
    """For each entry (Anchors.entry): whether a replica holds its head, so that no failover can
    take it back (an anchored head a failover then lost would refuse its game for good, as
    damage). Asked of each head's own primary, the confirmation and WAIT on one connection
    (durability.replicas_hold: WAIT counts only what its own connection wrote). All True on a
    Redis without replicas (nothing to fail over to); on one whose replica is down or lagging,
    False until it catches up."""
    if not _has_replicas(client):
        return [True] * len(entries)
    return durability.replicas_hold(client, [(e["ns"], e["id"], e["version"], e["head"]) for e in entries],
                                    REPLICA_WAIT_MS)


def _has_replicas(client) -> bool:
    """A plain Redis: a replica connected now. A cluster: any node of it a replica (a master left
    without its replica by a failover waits for it to come back: its heads are not anchored
    meanwhile)."""
    try:
        if not is_cluster(client):
            return int(client.info("replication").get("connected_slaves") or 0) > 0
        raw = client.get_default_node().redis_connection.execute_command("CLUSTER", "NODES")
    except redis.ResponseError:  # (a Redis that refuses INFO to this client: no replicas it knows of)
        return False
    lines = (raw.decode() if isinstance(raw, bytes) else str(raw)).splitlines()
    return any("slave" in line.split()[2].split(",") for line in lines if len(line.split()) > 2)


def anchor_now(ledger_anchors: Anchors, stream_id: str, state: dict, anchor_log: AnchorLog) -> None:
    """Anchor one stream's head now (the archiver: before a record leaves Redis, the anchor holds
    its end). A log that cannot be continued is, to the archiver, an archive it cannot write to
    yet (ArchiveUnavailable: the record stays in Redis, one warning line, tried again later)."""
    try:
        anchor_log.append([ledger_anchors.entry(stream_id, state)], {ledger_anchors.ns: ledger_anchors})
    except AnchorBroken as exc:
        raise ArchiveUnavailable(f"the anchor's log cannot be continued: {exc}") from None
