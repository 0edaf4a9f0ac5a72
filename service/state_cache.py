"""The folded state of recently used games, kept in this process's memory.

A read sends the cached version to Redis with the head read (events/read_head.lua): the
head key and the events after that version come back in the same round trip, each checked
against the chain as any tail is, so a stale copy is impossible and a cold one costs the
usual read. What the cache saves is the snapshot's transfer and its JSON parse (~9 kB for a
running 6-seat game), and a command's second load.

Like the snapshot in Redis, the copy is a cache under the chain: the head hash it was
folded up to must still be the head (or the events after it must link to it), otherwise it
is dropped. Damage below it is what the audit and a cold process find; a replay reads cold.

Copies are stored as `marshal` bytes: a read gets a private copy in ~35 µs (a JSON round
trip costs ~170 µs), so a caller may mutate what it gets.
"""
from __future__ import annotations

import marshal
import threading
from collections import OrderedDict
from dataclasses import dataclass

CAPACITY = 256


@dataclass(frozen=True)
class Cached:
    version: int
    head_hash: str | None
    blob: bytes


class StateCache:
    """A least-recently-used map game id -> the state at some version, thread-safe."""

    def __init__(self, capacity: int = CAPACITY):
        self.capacity = capacity
        self._entries: OrderedDict[str, Cached] = OrderedDict()
        self._lock = threading.Lock()

    def peek(self, game_id: str) -> Cached | None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is not None:
                self._entries.move_to_end(game_id)
            return entry

    @staticmethod
    def state(entry: Cached) -> dict:
        """A private copy of the cached state."""
        return marshal.loads(entry.blob)

    def put(self, game_id: str, state: dict) -> None:
        """Remember `state` unless a newer one is already held."""
        try:
            blob = marshal.dumps(state)
        except ValueError:  # a value marshal cannot write: simply not cached
            return
        entry = Cached(state["version"], state.get("head_hash"), blob)
        with self._lock:
            held = self._entries.get(game_id)
            if held is not None and held.version > entry.version:
                return
            self._entries[game_id] = entry
            self._entries.move_to_end(game_id)
            while len(self._entries) > self.capacity:
                self._entries.popitem(last=False)

    def drop(self, game_id: str) -> None:
        with self._lock:
            self._entries.pop(game_id, None)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
