"""Checkpoints for time travel: the state every CHECKPOINT_EVERY events, so `?at=N` folds
at most that many events instead of all of them from event 1.

All of a game's checkpoints live in one Redis hash (`game:{id}:checkpoints:<projection>`,
the game's hash tag): field = the version, value = the SHA-256 (hex) of the state's
canonical JSON followed by that JSON zlib-compressed. Like the snapshot, a checkpoint is
only a cache: it is used when its digest holds and its head hash is the stored event's at
its version (events.integrity.check_snapshot), otherwise the state is folded from an
earlier point and the checkpoint written again.

They are written by the write loop when its events land on a multiple (it has the state in
hand) and by a time-travel read for every multiple it folds past (games older than the
checkpoints, or a write that raced). A game shorter than CHECKPOINT_EVERY events has none.
"""
from __future__ import annotations

import zlib

import redis

from events.canonical import dumps
from events.integrity import snapshot_digest
from events.store import stream_key
from projections.snapshots import PROJECTION_VERSION

#: measured with bench/time_travel.py (6-seat game of 8,660 events, `?at=head-40` ÷ `?at=20`):
#: none 71x, K=500 2.0x, 200 1.2x, 100 1.0-1.6x, 50 1.0x; each checkpoint ~2.5 kB of Redis
#: (~25 bytes per event, a few percent of the events themselves). 100: the issue's goal
#: (<= 2) with room to spare, and a game shorter than 100 events (a started 3-seat game has
#: ~26) costs nothing.
CHECKPOINT_EVERY = 100
DIGEST_LENGTH = 64


def checkpoints_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:checkpoints:{PROJECTION_VERSION}"


def pack(state: dict) -> bytes:
    body = dumps(state).encode()
    return snapshot_digest(body).encode() + zlib.compress(body, 6)


def unpack(version: int, raw: bytes) -> dict:
    """The {v, s, d} fields check_snapshot reads (a body that does not inflate fails its digest)."""
    digest, packed = raw[:DIGEST_LENGTH], raw[DIGEST_LENGTH:]
    try:
        body = zlib.decompress(packed)
    except zlib.error:
        body = packed
    return {"v": version, "s": body, "d": digest}


def below(version: int) -> int:
    """The checkpoint a fold up to `version` starts from (0: none)."""
    return version // CHECKPOINT_EVERY * CHECKPOINT_EVERY


class Checkpoints:
    def __init__(self, client: redis.Redis):
        self.redis = client

    def save(self, game_id: str, packed: dict[int, bytes], pipe=None) -> None:
        """Store the packed checkpoints (on `pipe`, queued, when given)."""
        if packed:
            (pipe or self.redis).hset(checkpoints_key(game_id), mapping={str(v): raw for v, raw in packed.items()})

    def fetch(self, game_id: str, version: int) -> tuple[dict | None, bytes | None]:
        """The checkpoint at `version` ({v, s, d} or None) and the stored event there, in
        one round trip."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hget(checkpoints_key(game_id), str(version))
        pipe.xrange(stream_key(game_id), min=f"{version}-0", max=f"{version}-0", count=1)
        raw, rows = pipe.execute()
        if raw is None:
            return None, None
        return unpack(version, raw), (rows[0][1].get(b"e") if rows else None)
