"""The folded state of recently used streams (games, tournaments), kept in this process's memory.

A read sends the cached version to Redis with the head read (events/read_head.lua): the
head key and the events after that version come back in the same round trip, each checked
against the chain as any tail is, so a stale copy is impossible and a cold one costs the
usual read. What the cache saves is the snapshot's transfer and its JSON parse (~9 kB for a
running 6-seat game), and a command's second load.

Like the snapshot in Redis, the copy is a cache under the chain: the head hash it was
folded up to must still be the head (or the events after it must link to it), otherwise it
is dropped. Damage below it is what the audit and a cold process find; a replay reads cold.

Copies are stored as `marshal` bytes: a read gets a private copy in ~35 µs (a JSON round
trip costs ~170 µs), so a caller may mutate what it gets. The write loop's own states are also
kept as they are (`shared`): the next write of the stream reads that one without a copy and never
changes it (service/streams/ledger.py, `held_shared`). With CHECK_SHARED_ENV set (the test suite
sets it) every hand-out of a shared state checks it still is what was put: a change made to it
anywhere fails that write loudly.
"""
from __future__ import annotations

import marshal
import os
import threading
from collections import OrderedDict
from dataclasses import dataclass

CAPACITY = 256
#: set (to anything) to check every shared state handed out against its bytes (the tests do)
CHECK_SHARED_ENV = "BOOTLEGGERS_CHECK_SHARED_STATES"


@dataclass(frozen=True)
class Cached:
    version: int
    head_hash: str | None
    blob: bytes
    #: the state itself, when whoever put it never changes it again (None: only the bytes)
    shared: dict | None = None


class SharedStateChanged(AssertionError):
    """A state handed out without a copy was changed after it was put (a bug)."""


class StateCache:
    """A least-recently-used map stream id -> the state at some version, thread-safe."""

    def __init__(self, capacity: int = CAPACITY):
        self.capacity = capacity
        self._entries: OrderedDict[str, Cached] = OrderedDict()
        self._lock = threading.Lock()
        self.check_shared = bool(os.environ.get(CHECK_SHARED_ENV))

    def peek(self, stream_id: str) -> Cached | None:
        with self._lock:
            entry = self._entries.get(stream_id)
            if entry is not None:
                self._entries.move_to_end(stream_id)
            return entry

    @staticmethod
    def state(entry: Cached) -> dict:
        """A private copy of the cached state."""
        return marshal.loads(entry.blob)

    def shared(self, entry: Cached) -> dict:
        """The cached state to read and never change: the one put as `shared` (no copy), else
        a copy of the bytes."""
        if entry.shared is None:
            return marshal.loads(entry.blob)
        # (compared as values: marshal's bytes of one state vary with how shared its parts are)
        if self.check_shared and marshal.loads(entry.blob) != entry.shared:
            raise SharedStateChanged(f"the shared state at version {entry.version} was changed after it was put")
        return entry.shared

    def put(self, stream_id: str, state: dict, shared: bool = False) -> None:
        """Remember `state` unless a newer one is already held. `shared`: the caller and
        whoever it hands `state` to never change it again, so it is kept as it is too."""
        try:
            blob = marshal.dumps(state)
        except ValueError:  # a value marshal cannot write: simply not cached
            return
        entry = Cached(state["version"], state.get("head_hash"), blob, state if shared else None)
        with self._lock:
            held = self._entries.get(stream_id)
            if held is not None and held.version > entry.version:
                return
            self._entries[stream_id] = entry
            self._entries.move_to_end(stream_id)
            while len(self._entries) > self.capacity:
                self._entries.popitem(last=False)

    def drop(self, stream_id: str) -> None:
        with self._lock:
            self._entries.pop(stream_id, None)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
