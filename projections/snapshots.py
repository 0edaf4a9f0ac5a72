"""Snapshot cache: a game's projected state at some version, kept in Redis.

A read loads the snapshot and folds only the events after it, so reading or commanding a
game costs the same at event 50 as at event 5,000. Snapshots are a cache, never the truth:
bump PROJECTION_VERSION whenever a fold changes meaning and old snapshots are ignored.
"""
from __future__ import annotations

import redis

from events.canonical import dumps, loads

PROJECTION_VERSION = 5

# Write only when newer, so a slow writer never rolls a snapshot back.
_SET_IF_NEWER = """
local v = tonumber(redis.call('HGET', KEYS[1], 'v') or '-1')
if tonumber(ARGV[1]) > v then
  redis.call('HSET', KEYS[1], 'v', ARGV[1], 's', ARGV[2])
  return 1
end
return 0
"""


def snapshot_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:snapshot:{PROJECTION_VERSION}"


class Snapshots:
    def __init__(self, client: redis.Redis):
        self.redis = client
        self._set = client.register_script(_SET_IF_NEWER)

    def load(self, game_id: str) -> dict | None:
        raw = self.redis.hget(snapshot_key(game_id), "s")
        return loads(raw) if raw else None

    def save(self, game_id: str, state: dict) -> bool:
        return bool(self._set(keys=[snapshot_key(game_id)], args=[state["version"], dumps(state)]))
