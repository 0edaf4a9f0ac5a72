"""When an append counts as acknowledged: once the primary has it, or once a replica has it too.

Redis replicates asynchronously: a primary that answers "appended" and dies before its
replica has the write takes it along, and the replica promoted in its place never had it.
`DURABILITY=replica` closes that window: an append is acknowledged only after `WAIT` has a
replica confirm it (docs/durability.md; docs/api.md "Durability"). `DURABILITY=local`
acknowledges what the primary holds (its AOF fsync is REDIS_FSYNC's). Unset: `replica` when
the Redis has replicas (every master of a cluster has a live one), else `local`.

An append is sent with `WAIT 1 <timeout>` right after it, in one round trip on one connection
to the stream's primary (`Waiting`): WAIT covers what its own connection wrote, so a replica's
answer confirms the append. When it does not come in time, or for an idempotent replay (which
wrote nothing), a confirmation is a round trip of its own (`confirm`): a script that checks the
event is still the stream's (a failover may have lost it) and writes a marker, then WAIT; the
replication stream is in order, so the marker written after the event confirms the event.
(WAITAOF, which would add the replica's fsync, needs Redis 7.2; the bundled server is 6.2.)

Outcomes: `CONFIRMED`; `PENDING` (no replica confirmed within the timeout: the event is on the
primary and not acknowledged; API: 503 + Retry-After, the retry with the same Idempotency-Key
finds it or, when it was lost, appends it once); `GONE` (the event is not the stream's any
more: a failover lost it, so the writer decides again).
"""
from __future__ import annotations

import logging
import os
import threading
import time
from dataclasses import dataclass, field
from typing import Mapping

import redis
from redis import exceptions as rx

from events.store import head_key, stream_key
from service.runtime.redis_connect import UNREACHABLE, NotConfirmed, is_cluster

log = logging.getLogger(__name__)

LOCAL, REPLICA = "local", "replica"
CONFIRMED, PENDING, GONE = "confirmed", "pending", "gone"
#: ms one WAIT gives a replica to confirm (a replica on the same network confirms in < 1 ms)
DEFAULT_TIMEOUT_MS = 1000
#: seconds an undecided `DURABILITY` (unset) waits before asking again whether replicas came
PROBE_EVERY = 30.0
#: how long the marker a confirmation writes lives (it only has to reach the replicas)
MARK_MS = 60_000

#: KEYS[1] the stream, KEYS[2] its confirmation marker, KEYS[3] its head; ARGV[1] the event's
#: entry id, ARGV[2] its hash, ARGV[3] the marker's lifetime (ms). 1: the event is the
#: stream's (and the marker is written after it), 0: it is not (lost in a failover, or never
#: there), 2: the stream left for the archive (which holds it: nothing to wait for).
CONFIRM_LUA = """
local entry = redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[1])
if #entry == 0 then
  if redis.call('HEXISTS', KEYS[3], 'archived') == 1 then return 2 end
  return 0
end
local raw = false
for i = 1, #entry[1][2], 2 do
  if entry[1][2][i] == 'e' then raw = entry[1][2][i + 1] end
end
if not raw or not string.find(raw, '"hash":"' .. ARGV[2] .. '"', 1, true) then return 0 end
redis.call('SET', KEYS[2], ARGV[1], 'PX', tonumber(ARGV[3]))
return 1
"""
CONFIRM_SHA = __import__("hashlib").sha1(CONFIRM_LUA.encode()).hexdigest()


class BadSetting(ValueError):
    """DURABILITY or DURABILITY_TIMEOUT_MS says something this server does not know."""


@dataclass
class Durability:
    """The setting of one process's writers. `mode` None: decided from the Redis (`waits`).
    `patience`: seconds a writer nobody waits for (the worker's clock and bots) keeps asking a
    replica to confirm before it gives up (0: one WAIT; the web answers 503 and the client
    retries)."""

    mode: str | None = None
    timeout_ms: int = DEFAULT_TIMEOUT_MS
    patience: float = 0.0
    _decided: bool | None = field(default=None, repr=False)
    _asked_at: float = field(default=float("-inf"), repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def waits(self, client) -> bool:
        """Whether an append must be confirmed by a replica. Undecided: once the Redis has
        replicas it is `replica` for good (a replica down later makes writes wait, not silently
        lose their promise); until then asked again every PROBE_EVERY seconds."""
        if self.mode is not None:
            return self.mode == REPLICA
        if self._decided:
            return True
        now = time.monotonic()
        if now - self._asked_at < PROBE_EVERY:
            return False
        with self._lock:
            self._asked_at = now
            try:
                self._decided = has_replicas(client)
            except UNREACHABLE:
                self._asked_at = float("-inf")  # (the append fails anyway; ask at the next)
                raise
            if self._decided:
                log.info("the Redis has replicas: every append is acknowledged once a replica holds it "
                         "(DURABILITY=replica; set DURABILITY=local to acknowledge on the primary alone)")
        return bool(self._decided)

    def via(self, client) -> "Waiting | None":
        """What an append is sent through (EventStore.append's `via`): with WAIT after it under
        `replica`, None under `local`."""
        return Waiting(client, self.timeout_ms) if self.waits(client) else None

    def acknowledge(self, client, ns: str, stream_id: str, version: int, event_hash: str,
                    sent: "Waiting | None" = None) -> None:
        """Return when event `version` (of hash `event_hash`) of stream `ns`/`stream_id` may be
        acknowledged: at once under `local`, once a replica holds it under `replica` (at once
        when the WAIT `sent` with its append said so). Else NotConfirmed (`gone`: the stream no
        longer holds it)."""
        if sent is not None and sent.acks >= 1:
            return
        if not self.waits(client):
            return
        if sent is not None and sent.acks == 0 and self.patience <= 0:  # (it waited its timeout already)
            raise NotConfirmed(stream_id, version, self.timeout_ms)
        keys = (stream_key(stream_id, ns), confirm_key(stream_id, ns), head_key(stream_id, ns))
        found = self.confirm(client, keys, version, event_hash)
        if found != CONFIRMED:
            raise NotConfirmed(stream_id, version, self.timeout_ms, gone=found == GONE)

    def confirm(self, client, keys: tuple[str, str, str], version: int, event_hash: str) -> str:
        """CONFIRMED, PENDING or GONE for the event `version` (of hash `event_hash`) of a stream,
        `keys` (its stream, confirmation marker and head), trying for `patience` seconds more
        while PENDING or unreachable (a failover under way)."""
        give_up, moved = time.monotonic() + self.patience, False
        while True:
            try:
                found = _confirm_once(client, keys, version, event_hash, self.timeout_ms)
            except (rx.MovedError, rx.AskError):
                if moved and time.monotonic() >= give_up:
                    raise
                moved = True  # (a failover since the append: ask the new primary at once)
                _refresh(client)
                continue
            except UNREACHABLE:
                if time.monotonic() >= give_up:
                    raise
                _refresh(client)
                time.sleep(0.2)
                continue
            if found != PENDING or time.monotonic() >= give_up:
                return found


class Waiting:
    """An append's script with `WAIT 1 <timeout_ms>` after it on the same connection to the
    stream's primary, in one round trip; `acks`: the replicas WAIT counted (-1: none asked yet).
    A MOVED (a failover since the client last looked) refreshes the slots and sends it again:
    the script did not run."""

    def __init__(self, client, timeout_ms: int):
        self.client, self.timeout_ms, self.acks = client, timeout_ms, -1

    def __call__(self, script, keys: list, args: list):
        for attempt in range(3):
            conn = self.client.get_node_from_key(keys[0]).redis_connection if is_cluster(self.client) else self.client
            pipe = conn.pipeline(transaction=False)
            pipe.evalsha(script.sha, len(keys), *keys, *args)
            pipe.wait(1, self.timeout_ms)
            try:
                reply, acks = pipe.execute(raise_on_error=False)
            except UNREACHABLE:
                _refresh(self.client)  # (as the cluster client does before it raises)
                raise
            if isinstance(reply, rx.NoScriptError):
                conn.script_load(script.script)
                continue
            if isinstance(reply, (rx.MovedError, rx.AskError)) and attempt < 2:
                _refresh(self.client)
                continue
            if isinstance(reply, Exception):
                raise reply
            self.acks = -1 if isinstance(acks, Exception) else int(acks)
            return reply
        raise rx.NoScriptError("the append script could not be loaded")


def acknowledge_record(ledger, stream_id: str, version: int, head: str, existing: bool = False) -> None:
    """An imported record (written whole, not through the ledger's appends) is acknowledged as an
    append is: under `replica` once a replica holds its head, else NotConfirmed (API: 503 +
    Retry-After). `existing`: the stream was already there (the retry of an import answered
    503): confirmed only when its head is this record's, so the retry is answered as a repeated
    import (409) only once a replica holds it. `ledger`: the games' or the tournaments'."""
    client = ledger.redis
    if not ledger.durability.waits(client):
        return
    if existing:
        stored = client.hget(head_key(stream_id, ledger.NS), "head")
        if stored is None or (stored.decode() if isinstance(stored, bytes) else stored) != head:
            return
    ledger.durability.acknowledge(client, ledger.NS, stream_id, version, head)


def setting(environ: Mapping[str, str] | None = None, *, patience: float = 0.0) -> Durability:
    """The DURABILITY setting (`local`, `replica`, or unset: decided from the Redis) and
    DURABILITY_TIMEOUT_MS (one WAIT, default 1000): the one place they are read."""
    env = os.environ if environ is None else environ
    raw = (env.get("DURABILITY") or "").strip().lower()
    if raw not in ("", LOCAL, REPLICA):
        raise BadSetting(f"DURABILITY={raw!r}: use 'local' (acknowledged when the primary has it) or 'replica' "
                         "(also confirmed on a replica), or leave it unset (replica when the Redis has replicas)")
    timeout = (env.get("DURABILITY_TIMEOUT_MS") or "").strip()
    try:
        timeout_ms = int(timeout) if timeout else DEFAULT_TIMEOUT_MS
    except ValueError:
        timeout_ms = 0
    if timeout_ms <= 0:
        raise BadSetting(f"DURABILITY_TIMEOUT_MS={timeout!r}: a whole number of milliseconds above 0")
    return Durability(mode=raw or None, timeout_ms=timeout_ms, patience=patience)


def confirm_key(stream_id: str, ns: str) -> str:
    """The marker a confirmation writes after the stream's event (short-lived, in its slot)."""
    return f"{ns}:{{{stream_id}}}:confirmed"


def has_replicas(client) -> bool:
    """A plain Redis: a replica connected to it. A cluster: every master serving slots has a
    replica not marked failing (a master without one could never confirm a write)."""
    if not is_cluster(client):
        info = client.info("replication")
        return info.get("role") == "master" and int(info.get("connected_slaves") or 0) > 0
    raw = client.get_default_node().redis_connection.execute_command("CLUSTER", "NODES")
    masters, covered = set(), set()
    for line in (raw.decode() if isinstance(raw, bytes) else str(raw)).splitlines():
        parts = line.split()
        if len(parts) < 8:
            continue
        flags = parts[2].split(",")
        if "master" in flags and len(parts) > 8 and "fail" not in flags:
            masters.add(parts[0])
        elif "slave" in flags and "fail" not in flags and "fail?" not in flags:
            covered.add(parts[3])
    return bool(masters) and masters <= covered


def _confirm_once(client, keys: tuple[str, str, str], version: int, event_hash: str, timeout_ms: int) -> str:
    """One confirmation round trip on one connection to the stream's primary (see the module)."""
    node = client.get_node_from_key(keys[0]) if is_cluster(client) else None
    conn = node.redis_connection if node is not None else client
    for _ in range(2):
        pipe = conn.pipeline(transaction=False)
        pipe.evalsha(CONFIRM_SHA, 3, *keys, f"{version}-0", event_hash, MARK_MS)
        pipe.wait(1, timeout_ms)
        present, acks = pipe.execute(raise_on_error=False)
        if isinstance(present, rx.NoScriptError):
            conn.script_load(CONFIRM_LUA)
            continue
        if isinstance(present, (rx.MovedError, rx.AskError)):
            raise present  # (the caller refreshes the slots and asks the new primary)
        if isinstance(present, Exception):
            raise present
        if not int(present):
            return GONE
        if int(present) == 2:
            return CONFIRMED
        return CONFIRMED if not isinstance(acks, Exception) and int(acks) >= 1 else PENDING
    raise rx.NoScriptError("the confirmation script could not be loaded")


def replicas_hold(client, heads: list[tuple[str, str, int, str]], timeout_ms: int = DEFAULT_TIMEOUT_MS) -> list[bool]:
    """For each head (ns, stream id, version, hash) read from the primaries: whether a replica
    holds it (and so a failover cannot take it back), whatever DURABILITY says. One pipeline per
    primary: every head's confirmation script, then one WAIT. What is published outside Redis
    (the anchor) must be held so: a head published and then lost would damage its stream.
    An unreachable primary answers False for its heads."""
    by_conn: dict[int, tuple[object, list[int]]] = {}
    for n, (ns, stream_id, _, _) in enumerate(heads):
        key = stream_key(stream_id, ns)
        conn = client.get_node_from_key(key).redis_connection if is_cluster(client) else client
        by_conn.setdefault(id(conn), (conn, []))[1].append(n)
    held = [False] * len(heads)
    for conn, members in by_conn.values():
        try:
            conn.script_load(CONFIRM_LUA)
            pipe = conn.pipeline(transaction=False)
            for n in members:
                ns, stream_id, version, head = heads[n]
                pipe.evalsha(CONFIRM_SHA, 3, stream_key(stream_id, ns), confirm_key(stream_id, ns),
                             head_key(stream_id, ns), f"{version}-0", head, MARK_MS)
            pipe.wait(1, timeout_ms)
            *present, acks = pipe.execute(raise_on_error=False)
        except UNREACHABLE:
            continue
        replicated = not isinstance(acks, Exception) and int(acks) >= 1
        for n, found in zip(members, present):
            held[n] = not isinstance(found, Exception) and (int(found) == 2 or (int(found) == 1 and replicated))
    return held


def _refresh(client) -> None:
    """After a failover: a cluster client learns the new primaries (a plain one reconnects)."""
    if is_cluster(client):
        try:
            client.nodes_manager.initialize()
        except (redis.RedisError, *UNREACHABLE):
            pass
