"""The clock worker's heartbeat: a Redis key it rewrites on every sweep, read by /healthz.

The key holds the Unix time of the last sweep and expires after `SEEN_WITHIN` seconds, so
a worker that died leaves no stale "alive" behind.
"""
from __future__ import annotations

import time

import redis

KEY = "clock:heartbeat"
SEEN_WITHIN = 60


def beat(client: redis.Redis, now: float | None = None) -> None:
    client.set(KEY, repr(time.time() if now is None else now), ex=SEEN_WITHIN)


def seconds_since(client: redis.Redis, now: float | None = None) -> float | None:
    """Seconds since the last sweep, or None when no worker swept within SEEN_WITHIN."""
    raw = client.get(KEY)
    if raw is None:
        return None
    try:
        return max(0.0, (time.time() if now is None else now) - float(raw))
    except ValueError:
        return None
