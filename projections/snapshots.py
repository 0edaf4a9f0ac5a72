"""Snapshot cache: a game's projected state at some version, kept in Redis.

A read loads the snapshot and folds only the events after it, so reading or commanding a
game costs the same at event 50 as at event 5,000. Snapshots are a cache, never the truth:
bump PROJECTION_VERSION whenever a fold changes meaning and old snapshots are ignored.

A snapshot is `{v, s, d}`: its version, its canonical JSON and that JSON's SHA-256. A read
uses it only if the digest holds and its head hash is the stored event's at `v`
(events/integrity.py); otherwise the state is rebuilt from the events and the snapshot
replaced. (Version 4 added the digest, 5 moved talk and timeouts out of the state: older
snapshots are simply rebuilt.)
"""
from __future__ import annotations

import redis

from events.canonical import dumps
from events.integrity import snapshot_digest

PROJECTION_VERSION = 6

# Write only when newer, so a slow writer never rolls a snapshot back.
_SET_IF_NEWER = """
local v = tonumber(redis.call('HGET', KEYS[1], 'v') or '-1') or -1
if ARGV[4] == '1' or tonumber(ARGV[1]) > v then
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'v', ARGV[1], 's', ARGV[2], 'd', ARGV[3])
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

    def save(self, game_id: str, state: dict, replace: bool = False) -> bool:
        """Store `state` if it is newer than the snapshot (or, `replace`, in any case: the
        stored one did not check)."""
        return bool(self._set(keys=[snapshot_key(game_id)], args=self._args(state, replace)))

    def queue(self, pipe, game_id: str, state: dict) -> None:
        """Queue the save on `pipe` (one round trip with the rest of a write); a Redis that
        lost its scripts answers NoScriptError on execute: the caller saves instead."""
        pipe.evalsha(self._set.sha, 1, snapshot_key(game_id), *self._args(state, False))

    @staticmethod
    def _args(state: dict, replace: bool) -> list:
        body = dumps(state)
        return [state["version"], body, snapshot_digest(body), "1" if replace else "0"]
