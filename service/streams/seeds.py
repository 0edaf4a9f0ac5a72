"""A stream's secret seed: the RNG's key, kept in Redis apart from the stream (`<ns>:{id}:seed`)
and committed to by its creation event; revealed by the append that finishes the stream, so
that anyone can then check every die and shuffle (events/receipts.py, docs/verification.md).

A seed never changes once written, so one read is remembered (the last few thousand); an
archived stream's seed comes from its record.
"""
from __future__ import annotations

from typing import Callable

from service.runtime.redis_connect import is_full
from service.streams import rng
from service.streams.keys import seed_key

REMEMBERED = 4096


class Seeds:
    def __init__(self, client, ns: str, archived: Callable[[str], object]):
        self.redis, self.ns, self.archived = client, ns, archived
        self._known: dict[str, bytes] = {}

    def new(self, stream_id: str) -> tuple[bytes, str]:
        """A fresh secret seed for a new stream, stored apart from it, and its commitment. Set
        only if none is there: two writers racing to create a stream of a derived id (a
        tournament's table) must not leave it a seed other than the one its record commits to
        (the loser's append then fails on the version; it never wrote a seed)."""
        seed = rng.new_seed()
        if not self.redis.set(seed_key(stream_id, self.ns), seed.hex(), nx=True):
            seed = bytes.fromhex(self.redis.get(seed_key(stream_id, self.ns)).decode())
        self._known[stream_id] = seed
        return seed, rng.commitment(seed)

    def of(self, stream_id: str, state: dict) -> bytes | None:
        """The stream's secret seed; None for a scripted game created before they had one."""
        if not state.get("rng", {}).get("seed_commitment"):
            return None
        return self.stored(stream_id)

    def stored(self, stream_id: str) -> bytes | None:
        """The seed key's value (an archived stream's from its record), remembered once read."""
        seed = self._known.get(stream_id)
        if seed is None:
            raw = self.redis.get(seed_key(stream_id, self.ns))
            if raw is None:
                record = self.archived(stream_id)
                raw = record.seed if record is not None else None
            if raw is None:
                return None
            seed = self._known[stream_id] = bytes.fromhex(raw.decode())
            if len(self._known) > REMEMBERED:
                self._known.pop(next(iter(self._known)))
        return seed

    def reveal(self, stream_id: str, before: dict, after: dict) -> list[dict]:
        """When a batch finishes the stream, the seed is revealed in the same batch."""
        if (before["status"] != "finished" and after["status"] == "finished"
                and after["rng"].get("seed_commitment") and after["rng"]["seed"] is None):
            return [{"type": "seed_revealed", "payload": {"seed": self.stored(stream_id).hex()},
                     "actor": {"kind": "system"}}]
        return []

    def forget_when_full(self, stream_id: str, exc: BaseException) -> None:
        """A creation refused because Redis is full leaves nothing: the seed key written just
        before its append goes too (a random id: nobody else can be creating it)."""
        if is_full(exc):
            self._known.pop(stream_id, None)
            self.redis.delete(seed_key(stream_id, self.ns))
