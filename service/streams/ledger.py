"""The write loop and the checked reads of one kind of hash-chained stream: games, or tournaments.

One loop runs every write: load the state (snapshot + tail), let a pure function decide
the events, seal them onto the hash chain, append with the expected version. When another
writer got in first the loop reloads and decides again; an `If-Match` version or an
idempotency key pins the command instead. The append script writes, with the events, the
stream's line in its list and (every SNAPSHOT_EVERY events, and at each change of status) the
snapshot: one round trip. The rarer rest (a checkpoint the events landed on, the end seal, the
list's indexes at a change of status) follows in one more.

Snapshots, checkpoints and the end seal of a finished stream are sealed with the server key
(service/runtime/secret_key.py): Redis never holds it, so a writer to Redis cannot make a
read trust a state the server did not fold (service/streams/verified.py).

A finished stream leaves for the archive once it may no longer change (service/streams/archive.py:
`archive_due`, `archive_hold`); the list line of every append that leaves a stream finished
also puts it in the archive's due set. Redis full (maxmemory, noeviction): the append itself is
refused whole (the API answers 507); what follows a successful append (snapshot, list line,
hooks) is kept up to date when it fits and left for later when it does not. With
DURABILITY=replica an append (and an idempotent replay of one) is acknowledged only once a
replica holds it (service/runtime/durability.py): NotConfirmed otherwise, and one a failover
lost is decided again.

A kind of stream (a subclass) says how its events fold (`fold_events`, `evolve_one`), where
its keys live (`NS`), which field of its state names it (`ID_FIELD`), what its list shows
(`summary_line`, `_queue_index`) and what it raises for an unknown id (`not_found`). Every stream commits
to a secret seed when it is created and reveals it in the batch that finishes it.
"""
from __future__ import annotations

import hashlib
import time
import uuid
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable, Iterable

import redis

from events.canonical import copy_value, dumps, loads
from events.envelope import GENESIS_HASH, seal
from events.integrity import UNPARSABLE, RecordDamaged, check_event
from events.receipts import receipt
from events.registry import EventRegistry
from events.store import (GAME_ID, GAMES, BrokenChain, EventStore, IndexUpdate, TurnTaken, VersionConflict,
                          head_key, idempotency_key)
from service.runtime import metrics
from service.runtime.archive import DefaultRecords, archive_url, open_archive, records_for
from service.runtime.durability import Durability
from service.runtime.redis_connect import NotConfirmed, is_cluster, is_full, unless_full
from service.runtime.secret_key import Sealer, ServerKey
from service.rules.errors import RuleViolation
from service.streams import checkpoints, rng, verified
from service.streams.checkpoints import Checkpoints
from service.streams.errors import Busy, StaleCopy, StreamNotFound
from service.streams.keys import ARCHIVE_DUE, archive_member, summary_key
from service.streams.seeds import Seeds
from service.streams.snapshots import Snapshots
from service.streams.state_cache import StateCache
from service.streams.write_locks import WriteLocks

#: a process's writers of one stream take turns (WriteLocks): at most one per process races
#: the others' for the head, so a write may lose to each of them several times over
MAX_ATTEMPTS = 60  # (its waits outlast a claim)
#: a writer refused this many times running claims the next append for CLAIM_MS (append.lua:
#: another process's writers, whose copies are always current, would otherwise starve it);
#: the others wait TURN_WAIT seconds between tries meanwhile
CLAIM_AFTER, CLAIM_MS, TURN_WAIT = 3, 40, 0.001

#: The instant a command was decided at, recorded as its events' `recorded_at` (set by
#: `Games.command` around its write), so a time-bound rule reads recorded times only.
DECIDED_AT: ContextVar[str | None] = ContextVar("decided_at", default=None)


@dataclass
class Outcome:
    version: int
    events: list[dict]
    state: dict
    duplicate: bool = False
    extra: dict = field(default_factory=dict)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def utc_now() -> str:
    """Now as every event records it, e.g. 2026-11-26T11:23:37.146343Z (isoformat: a third of
    strftime's cost, on every write)."""
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")[:-6] + "Z"


class Ledger:
    """The streams of one namespace and the one write loop that appends to them."""

    #: the key namespace (events/store.py): `<NS>:{<id>}:events`, `...:head`, `...:seed`...
    NS = GAMES
    #: the state field holding the stream's id
    ID_FIELD = "game_id"
    #: an append saves the snapshot when it crosses a multiple of this (and at every change
    #: of status); reads fold the tail after it (a large state needs fewer, heavier saves)
    SNAPSHOT_EVERY = 1
    #: event types whose fold leaves every nested value of the state as it was (a top-level
    #: count, the version, the head hash): a batch of these is folded into a shallow copy
    SHALLOW_EVENTS: frozenset[str] = frozenset()
    #: what a read of an unknown id raises: the kind's own subclass of StreamNotFound
    not_found: type[StreamNotFound] = StreamNotFound

    def __init__(self, client: redis.Redis, now: Callable[[], str] = utc_now):
        self.redis = client
        #: where RQ's queues are (a plain Redis even when `client` is a cluster)
        self.queue_redis = client
        #: archived streams are read from ARCHIVE_URL (`use_archive`), opened when first needed
        self.store = EventStore(client, self.NS, archive=DefaultRecords())
        #: the key every seal is made with: SECRET_KEY, else var/secret_key (`use_server_key`)
        self.server_key = ServerKey()
        self.sealer = Sealer(self.NS, self.server_key)
        self.snapshots = Snapshots(client, self.NS, self.sealer)
        self.checkpoints = Checkpoints(client, self.NS, self.sealer, self.store)
        #: this process's copies of recently used states (service/streams/state_cache.py)
        self.cache = StateCache()
        #: this process's writers of one stream take turns (service/streams/write_locks.py), and
        #: the processes' writers too when one keeps losing (`writer_id`: events/append.lua)
        self.write_locks = WriteLocks()
        self.writer_id = uuid.uuid4().hex[:12]
        #: its secret seed, kept apart and committed to at creation (service/streams/seeds.py)
        self.seeds = Seeds(client, self.NS, self.store.archived)
        self.now = now
        #: when an append is acknowledged: on the primary, or once a replica holds it too
        #: (DURABILITY: service/runtime/durability.py; `use_durability`)
        self.durability = Durability()
        self.registry = EventRegistry()
        #: every read of what Redis holds goes through here, checked (service/streams/verified.py)
        self.reads = verified.CheckedReads(client, self.store, self.snapshots, self.checkpoints, self.cache,
                                           self.fold_events, not_found=self.not_found, sealer=self.sealer,
                                           snapshot_every=self.SNAPSHOT_EVERY)
        self.after_append: list[Callable[[str, dict, list[dict]], None]] = []
        #: `append_index(stream_id, after, events) -> IndexUpdate | None`: an index entry the
        #: append script writes with the events (the deadline index, service/clock).
        self.append_index: Callable[[str, dict, list[dict]], IndexUpdate | None] | None = None
        #: `closer(stream_id, before, after) -> drafts`: events a batch must end with (the
        #: seed reveal, a new step's deadline); run until none adds anything.
        self.closers: list[Callable[[str, dict, dict], list[dict]]] = [self.seeds.reveal]

    def use_server_key(self, key: str | bytes | None) -> None:
        """Seal with `key` (the app's SECRET_KEY) instead of this process's (None: back to it)."""
        self.server_key.set(key)

    def use_durability(self, durability: Durability) -> None:
        """Acknowledge appends as `durability` says (the process's DURABILITY setting)."""
        self.durability = durability

    def use_archive(self, url: str | None) -> None:
        """Read (and write) archived streams at `url` (the app's ARCHIVE_URL); None: ARCHIVE_URL,
        looked up when first needed. Either is checked now: a URL that names no archive stops
        the boot, not a read."""
        if url:
            self.store.archive = records_for(url)
        else:
            open_archive(archive_url())
            self.store.archive = DefaultRecords()

    # ---- what a kind of stream says ----------------------------------------------
    def fold_events(self, events: Iterable[dict], state: dict | None = None) -> dict:
        """`state` (or the empty state) with `events` (as stored) upcast and folded in."""
        raise NotImplementedError

    def evolve_one(self, state: dict, event: dict) -> dict:
        """`state` with one sealed event (already current) applied."""
        raise NotImplementedError

    def archive_due(self, state: dict) -> float | None:
        """The epoch second a finished stream may leave for the archive (None: not finished)."""
        return None

    def archive_hold(self, state: dict) -> str | None:
        """Why a finished stream past its due time must stay in Redis for now (None: it may go)."""
        return None

    # ---- reading -------------------------------------------------------------
    def exists(self, stream_id: str) -> bool:
        return bool(GAME_ID.fullmatch(stream_id)) and self.store.exists(stream_id)

    def load(self, stream_id: str, at: int | None = None, cached: bool = True) -> dict:
        """The state now, or as it stood after event `at`; everything it relies on checked
        (service/streams/verified.py): RecordDamaged when the stored record does not hold together.
        A private copy: the caller may change it. `cached=False`: ignore this process's copy."""
        if not GAME_ID.fullmatch(stream_id):
            raise self.not_found(stream_id)
        return self.reads.load_state(stream_id, at, use_cache=cached)

    def held_shared(self, stream_id: str) -> dict | None:
        """This process's latest state of the stream, read from nothing (None: none held) and
        not copied when the process has its own object: to decide on and read, never to change
        (`execute` changes no state it is given). It may be behind the record: a write decided
        on it is appended only if no other writer got in first (`execute(optimistic=True)`
        raises StaleCopy otherwise)."""
        entry = self.cache.peek(stream_id)
        return None if entry is None else self.cache.shared(entry)

    def writing(self, stream_id: str):
        """This process's write lock of the stream (service/streams/write_locks.py)."""
        return self.write_locks.hold(stream_id)

    def rebuild(self, stream_id: str) -> dict:
        """The state folded from event 1 (checked), ignoring every cache."""
        return self.fold_events(verified.checked_run(stream_id, self.store.iter_entries(stream_id), 0, GENESIS_HASH))

    def events(self, stream_id: str, after: int = 0, limit: int = 100, upto: int | None = None,
               stored: bool = False) -> list[dict]:
        """Up to `limit` events after `after` (not past `upto`), checked: a page stops before
        the first damaged event, and a page that would begin with it raises RecordDamaged.
        As the code reads them (upcast), or `stored`: as hashed, for the public record."""
        if not self.exists(stream_id):
            raise self.not_found(stream_id)
        upto = self.store.version(stream_id) if upto is None else upto
        start = max(after - 1, 0)
        entries = self.store.iter_entries(stream_id, start, min(upto, after + limit))
        prev_hash = GENESIS_HASH
        if after > 0:
            first = next(entries, (None, None))
            prev_hash = check_event(stream_id, after, first[1], None)["hash"] if first[0] == after else None
        out = []
        try:
            for event in verified.checked_run(stream_id, entries, after, prev_hash):
                out.append(event if stored else self.registry.upcast(event))
        except RecordDamaged:
            if not out:
                raise
        return out

    def receipt(self, stream_id: str, version: int, head_hash: str, revealed: str | None = None) -> dict | None:
        """What the caller keeps of an answer: `{version, receipt}` (events/receipts.py), or
        None for a game with no seed to key it (docs/verification.md). `revealed`: the seed
        in the state, for an imported game (whose seed was never stored apart)."""
        seed = self.seeds.stored(stream_id) or (bytes.fromhex(revealed) if revealed else None)
        if not seed:
            return None
        return {"version": version, "receipt": receipt(seed, stream_id, version, head_hash)}

    # ---- the write loop ------------------------------------------------------
    def execute(self, stream_id: str, actor: dict, decide, *, expected: int | None = None,
                idempotency: str | None = None, fingerprint: str | None = None,
                state: dict | None = None, optimistic: bool = False) -> Outcome:
        """`state`: the state the caller just loaded (its first attempt decides on it, a
        retry after a conflict reloads); it is never changed. `optimistic`: `state` is this
        process's copy (`held_shared`), maybe behind the record: a conflict raises StaleCopy
        instead of retrying, and the caller decides again on a checked read (who the caller
        is may have changed with the events it did not see); the state the write leaves is
        kept in the process's cache without a copy, so the caller only reads the Outcome's."""
        if idempotency:
            # A key is the caller's own: another seat reusing it must neither see the first
            # answer (a sealed bid) nor learn from a refusal what the first command was.
            idempotency = f"{actor_scope(actor)}:{idempotency}"
        refused = 0
        for _ in range(MAX_ATTEMPTS):
            state = state if state is not None else self.load(stream_id)
            # The key is looked up after every load and before If-Match and the rules: the
            # append script stores it with the events, so a state that already holds the
            # first answer's events always finds the key, and a retry racing the first
            # attempt gets the first answer instead of "not your turn" or a conflict.
            prior = self.redis.get(idempotency_key(stream_id, idempotency)) if idempotency else None
            if prior:
                try:
                    return self._repeat(stream_id, loads(prior), fingerprint)
                except NotConfirmed as unconfirmed:
                    state = self._lost(stream_id, unconfirmed, optimistic)
                    continue
            if expected is not None and expected != state["version"]:
                raise VersionConflict(expected, state["version"])
            oracle = rng.oracle_for(state["rng"], self.seeds.of(stream_id, state), state["version"] + 1)
            drafts = decide(state, oracle)
            try:
                return self._write(stream_id, state, drafts, actor, idempotency, fingerprint,
                                   f"cmd_{uuid.uuid4().hex}", claim_ms=CLAIM_MS if refused >= CLAIM_AFTER else 0,
                                   share=optimistic)
            except NotConfirmed as unconfirmed:
                state = self._lost(stream_id, unconfirmed, optimistic)
            except (BrokenChain, VersionConflict) as refusal:  # (TurnTaken is a VersionConflict)
                if isinstance(refusal, VersionConflict) and not isinstance(refusal, TurnTaken):
                    refused += 1  # lost the race for the head (counted towards a claim)
                state = self._after_refusal(stream_id, state, refusal, expected, optimistic)
        raise Busy(stream_id)

    def _after_refusal(self, stream_id: str, state: dict, refusal: BrokenChain | VersionConflict,
                       expected: int | None, optimistic: bool) -> dict | None:
        """The state to decide on again after the append script refused a write (None: read
        again), or raised on: StaleCopy when `optimistic`, the refusal itself when `expected`
        (If-Match) pins a version the head no longer has."""
        if isinstance(refusal, BrokenChain):
            # the head is at this version on another chain (a failover lost the events this
            # process's copy holds and others were written since): read again, checked
            self.cache.drop(stream_id)
            current, pinned = None, False
        elif isinstance(refusal, TurnTaken):  # another process's starved writer goes first
            time.sleep(TURN_WAIT)
            current = state if refusal.current == state["version"] else None
            pinned = refusal.current != expected
        else:  # another writer got in first: its events, when the refusal brought them
            current, pinned = self._caught_up(stream_id, state, refusal), True
        if optimistic:
            raise StaleCopy(stream_id, current) from None
        if expected is not None and pinned:
            raise refusal
        return current

    def _lost(self, stream_id: str, unconfirmed: NotConfirmed, optimistic: bool) -> None:
        """After a write no replica confirmed: raised on (the caller's retry finds it or writes
        it once), unless a failover lost it, when the command is decided again on a fresh read."""
        if not unconfirmed.gone:
            raise unconfirmed
        if optimistic:
            raise StaleCopy(stream_id, None) from None
        return None

    def _confirm(self, stream_id: str, version: int, event_hash: str, sent=None) -> None:
        """DURABILITY=replica: return once a replica holds event `version` (and all before it);
        NotConfirmed otherwise (service/runtime/durability.py). A lost one drops this process's copy."""
        try:
            self.durability.acknowledge(self.redis, self.NS, stream_id, version, event_hash, sent)
        except NotConfirmed as unconfirmed:
            if unconfirmed.gone:
                self.cache.drop(stream_id)
            raise

    def _caught_up(self, stream_id: str, state: dict, conflict: VersionConflict) -> dict | None:
        """`state` with the events a refused append returned folded in, checked against the chain
        `state` stands on: the stream's state at its head, without a read. None when they were not
        returned (too many) or do not continue that chain (a read decides)."""
        if not conflict.missed or conflict.missed[-1][0] != conflict.current:
            return None
        try:  # (onto a copy: `state` may be the process's shared one)
            caught_up = self.reads.fold_checked(stream_id, iter(conflict.missed), self._copy_for(state, conflict.missed))
        except RecordDamaged:
            return None
        if caught_up["version"] != conflict.current:
            return None
        self.cache.put(stream_id, caught_up, shared=True)  # (execute and its callers only read it)
        return caught_up

    def _copy_for(self, state: dict, missed: list[tuple[int, bytes | None]]) -> dict:
        """A copy of `state` to fold `missed` onto: shallow when every one of them is a
        top-level event (SHALLOW_EVENTS), deep otherwise (an unreadable one too: the fold
        names the damage)."""
        try:
            shallow = all(loads(raw)["type"] in self.SHALLOW_EVENTS for _, raw in missed)
        except Exception:  # noqa: BLE001 (damaged: checked and named by the fold)
            shallow = False
        return dict(state) if shallow else copy_value(state)

    def _write(self, stream_id, state, drafts, actor, idempotency, fingerprint, command_id, claim_ms=0,
               share: bool = False) -> Outcome:
        # `after` shares the nested values of `state` until an event would change one of them
        after, shared = dict(state), True
        events = []
        marks = {}  # the checkpoints these events land on (service/streams/checkpoints.py)
        pending = list(drafts)
        while pending:
            sealed = seal(pending, game_id=stream_id, first_version=after["version"] + 1,
                          prev_hash=after.get("head_hash") or "0" * 64, recorded_at=DECIDED_AT.get() or self.now(),
                          actor=actor, command_id=command_id, schema_version_of=self.registry.version_of)
            for event in sealed:
                self.registry.check(event["type"], event["payload"], owner=after.get("ruleset"))
                if shared and event["type"] not in self.SHALLOW_EVENTS:
                    after, shared = copy_value(after), False
                after = self.evolve_one(after, event)
                if checkpoints.due(after["version"]):
                    marks[after["version"]] = self.checkpoints.pack(stream_id, after)
            events.extend(sealed)
            pending = [d for closer in self.closers for d in closer(stream_id, state, after)]
        index = self.append_index(stream_id, after, events) if self.append_index else None
        snapshot = self.snapshots.fields(stream_id, after) if self.snapshot_due(state, after) else None
        line = self._changed_line(state, after)
        sent = self.durability.via(self.redis)  # (DURABILITY=replica: WAIT in the same round trip)
        try:
            result = self.store.append(stream_id, state["version"], events, idempotency,
                                       remember={"fingerprint": fingerprint}, index=index, line=line,
                                       snapshot=snapshot, writer=self.writer_id, claim_ms=claim_ms, via=sent)
        except VersionConflict:
            metrics.CONFLICTS.inc()
            raise
        if result.duplicate:
            return self._repeat(stream_id, {"first": result.first_version, "last": result.last_version,
                                          "remember": result.remembered}, fingerprint)
        self._persist(state, after, marks, created=events[0]["hash"] if state["version"] == 0 else None)
        self.cache.put(stream_id, after, shared=share)
        for hook in self.after_append:
            # Redis full: the events are recorded; what a hook enqueues is found again by the
            # sweepers (deadlines, bots' seats, tournaments' results)
            with unless_full(f"the after-append work of {self.NS} {stream_id}"):
                hook(stream_id, after, events)
        # (after the rest of the write: an append that stays, confirmed later, is whole)
        self._confirm(stream_id, result.last_version, events[-1]["hash"], sent)
        return Outcome(result.last_version, events, after)

    def _changed_line(self, before: dict, after: dict) -> tuple[str, str] | None:
        """(key, value) of the stream's line in its list when what it shows changed; None when
        only its version did (the list reads the version from the head key: `lines`)."""
        line = self.summary_line(after)
        if before.get("version") and line == {**self.summary_line(before), "version": line["version"]}:
            return None
        return summary_key(after[self.ID_FIELD], self.NS), dumps(line)

    def stored_lines(self, stream_ids: list[str]) -> list[tuple[str, bytes | None, bytes | None]]:
        """(id, its stored list line, its head's version) for each stream, in one round trip."""
        pipe = self.redis.pipeline(transaction=False)  # (not MGET: the lines span cluster slots)
        for stream_id in stream_ids:
            pipe.get(summary_key(stream_id, self.NS))
            pipe.hget(head_key(stream_id, self.NS), "version")
        found = pipe.execute()
        return list(zip(stream_ids, found[::2], found[1::2]))

    def lines(self, stream_ids: list[str]) -> list[dict]:
        """The list lines of these streams (those there are), with each one's version read from
        its head key (a line is rewritten only when more than the version changes)."""
        out = []
        for _, raw, version in self.stored_lines(stream_ids):
            if raw:
                line = loads(raw)
                if version is not None:
                    line["version"] = int(version)
                out.append(line)
        return out

    def snapshot_due(self, before: dict, after: dict) -> bool:
        """An append saves the snapshot when it crosses a multiple of SNAPSHOT_EVERY or changes
        the status: reads (time travel too) fold fewer than that many events after it."""
        return (after["version"] // self.SNAPSHOT_EVERY != before["version"] // self.SNAPSHOT_EVERY
                or after["status"] != before.get("status"))

    def _persist(self, before: dict, after: dict, marks: dict[int, bytes], created: str | None = None) -> None:
        """What follows an append when it has more to keep than the append script wrote (the
        list line and the snapshot go with the events): the checkpoints it landed on, the
        creation seal (`created`: the hash of event 1, for the first append), the end seal of a
        finished stream and its place in the list's indexes — one round trip, when any."""
        if not (marks or created is not None or after.get("status") == "finished"
                or after["status"] != before.get("status")):
            return
        stream_id = after[self.ID_FIELD]
        with unless_full(f"the checkpoints and list indexes of {self.NS} {stream_id} at {after['version']}"):
            self._write_after(before, after, marks, created=created)

    def save_summary(self, before: dict, after: dict) -> None:
        """The stream's line in the list, its place in the list's indexes (and the end seal of a
        finished one), for a stream written without the write loop (an import)."""
        self._write_after(before, after, {}, line=True)

    def _write_after(self, before: dict, after: dict, marks: dict[int, bytes], created: str | None = None,
                     line: bool = False) -> None:
        # One MULTI on a plain Redis; on a cluster the indexes live in other slots, so it is
        # one non-transactional pipeline.
        pipe = self.redis.pipeline(transaction=not is_cluster(self.redis))
        if line:
            pipe.set(summary_key(after[self.ID_FIELD], self.NS), dumps(self.summary_line(after)))
        self.checkpoints.save(after[self.ID_FIELD], marks, pipe)
        if created is not None:
            self.checkpoints.save_creation(after[self.ID_FIELD], created, pipe)
        if after.get("status") == "finished":  # never served as running again (verified._check_end)
            pipe.set(verified.end_key(after[self.ID_FIELD], self.NS), self.reads.end_seal(after[self.ID_FIELD], after))
            due = self.archive_due(after)
            if due is not None:  # (each later append writes the same due time again)
                pipe.zadd(ARCHIVE_DUE, {archive_member(after[self.ID_FIELD], self.NS): due})
        self._queue_index(pipe, before, after)
        pipe.execute()

    def summary_line(self, state: dict) -> dict:
        """The stream's public line in its list (each kind of stream has its own)."""
        raise NotImplementedError

    def _queue_index(self, pipe, before: dict, after: dict) -> None:
        """Queue on `pipe` the stream's move between its list's indexes when its status changed."""
        raise NotImplementedError

    def _repeat(self, stream_id: str, prior: dict, fingerprint: str | None) -> Outcome:
        remembered = prior.get("remember") or {}
        if fingerprint is not None and remembered.get("fingerprint") not in (None, fingerprint):
            raise RuleViolation("idempotency_key_reused", "this Idempotency-Key was already used for a "
                                "different command; use a new key for a new command", status=422)
        state = self.load(stream_id)
        count = prior["last"] - prior["first"] + 1
        events = self.events(stream_id, prior["first"] - 1, count)
        if len(events) != count:  # the first answer's events are damaged (events() stopped before)
            raise RecordDamaged(stream_id, prior["first"] + len(events), UNPARSABLE,
                                f"event {prior['first'] + len(events)} of the first answer does not check")
        self._confirm(stream_id, prior["last"], events[-1]["hash"])  # (a first answer refused as unconfirmed)
        return Outcome(prior["last"], events, state, duplicate=True)

def actor_scope(actor: dict) -> str:
    return f"seat{actor['seat']}" if actor.get("kind") == "seat" else str(actor.get("kind"))
