"""One Redis stream per game: the only source of truth.

Entry ids are `<version>-0`, so reading "after version N" is a direct XRANGE and the
stream itself shows positions. Appends go through one Lua script (events/append.lua) that
checks the expected version, the idempotency key and the hash-chain link, then adds the
whole batch — or nothing. Nothing here trims or deletes a game stream.

Keys are hash-tagged with the game id (`game:{id}:...`) so one game's keys share a Redis
Cluster slot and the script may touch them together.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from importlib.resources import files
from typing import Iterator

import redis

from events.canonical import dumps, loads
from events.envelope import GENESIS_HASH

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
IDEMPOTENCY_TTL = 24 * 3600
READ_CHUNK = 1000


class StoreError(Exception):
    pass


class VersionConflict(StoreError):
    """Someone appended first; `current` is the stream's version now."""

    def __init__(self, expected: int, current: int):
        super().__init__(f"expected version {expected}, stream is at {current}")
        self.expected = expected
        self.current = current


class MalformedBatch(StoreError, ValueError):
    """The batch is not a run of this game's next versions, each linked to the one before."""


class BrokenChain(StoreError):
    """The batch does not continue the stored head hash."""

    def __init__(self, head: str):
        super().__init__(f"batch does not link to head {head}")
        self.head = head


@dataclass(frozen=True)
class AppendResult:
    first_version: int
    last_version: int
    duplicate: bool = False
    remembered: dict | None = None


def stream_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:events"


def head_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:head"


def idempotency_key(game_id: str, key: str) -> str:
    return f"game:{{{game_id}}}:idem:{key}"


class EventStore:
    def __init__(self, client: redis.Redis):
        self.redis = client
        self._append = client.register_script(files("events").joinpath("append.lua").read_text())

    def append(self, game_id: str, expected_version: int, events: list[dict],
               idempotency: str | None = None, remember: dict | None = None) -> AppendResult:
        """Append `events` (sealed envelopes, versions expected+1..) atomically.

        With `idempotency`, a repeated key returns the first call's result (and `remember`,
        the caller's note about it) instead of appending again.
        """
        if not events:
            raise MalformedBatch("nothing to append")
        _check_batch(game_id, expected_version, events)
        first, last = expected_version + 1, expected_version + len(events)
        note = dumps({"first": first, "last": last, "remember": remember})
        args = ["1" if idempotency else "0", expected_version, events[0]["prev_hash"],
                events[-1]["hash"], IDEMPOTENCY_TTL, note, *map(dumps, events)]
        keys = [stream_key(game_id), head_key(game_id), idempotency_key(game_id, idempotency or "-")]
        status, value = self._append(keys=keys, args=args)
        status = status.decode() if isinstance(status, bytes) else status
        if status == "ok":
            return AppendResult(first, last, remembered=remember)
        if status == "duplicate":
            prior = loads(value)
            return AppendResult(prior["first"], prior["last"], duplicate=True, remembered=prior["remember"])
        if status == "conflict":
            raise VersionConflict(expected_version, int(value))
        raise BrokenChain(value.decode() if isinstance(value, bytes) else value)

    def head(self, game_id: str) -> tuple[int, str]:
        version, head = self.redis.hmget(head_key(game_id), "version", "head")
        return int(version or 0), (head.decode() if head else GENESIS_HASH)

    def version(self, game_id: str) -> int:
        return int(self.redis.hget(head_key(game_id), "version") or 0)

    def exists(self, game_id: str) -> bool:
        return bool(self.redis.exists(head_key(game_id)))

    def read(self, game_id: str, after: int = 0, limit: int | None = None) -> list[dict]:
        """Events with version > `after`, at most `limit` of them, in order."""
        return [loads(raw) for raw in self.read_raw(game_id, after, limit)]

    def read_raw(self, game_id: str, after: int = 0, limit: int | None = None) -> list[bytes]:
        if limit is not None and limit <= 0:
            return []
        entries = self.redis.xrange(stream_key(game_id), min=f"{after + 1}-0", max="+", count=limit)
        return [fields[b"e"] for _, fields in entries]

    def iter_all(self, game_id: str, after: int = 0, upto: int | None = None) -> Iterator[dict]:
        """Every event after `after` (up to version `upto`), read in chunks."""
        while True:
            limit = READ_CHUNK if upto is None else min(READ_CHUNK, upto - after)
            if limit <= 0:
                return
            chunk = self.read(game_id, after, limit)
            yield from chunk
            if len(chunk) < limit:
                return
            after = chunk[-1]["version"]


def _check_batch(game_id: str, expected_version: int, events: list[dict]) -> None:
    """The script checks the link to the stored head; the rest of the batch is checked here,
    before the call: its own game, the next versions in order, each event linked to the one
    before. A writer's bug must not get into a stream that is never rewritten."""
    for offset, event in enumerate(events):
        if event.get("game_id") != game_id or event.get("version") != expected_version + 1 + offset:
            raise MalformedBatch(f"event {offset} of the batch is {event.get('game_id')}@{event.get('version')}, "
                                 f"not {game_id}@{expected_version + 1 + offset}")
        if offset and event.get("prev_hash") != events[offset - 1].get("hash"):
            raise MalformedBatch(f"event {offset} of the batch does not link to the one before it")
