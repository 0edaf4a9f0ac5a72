"""Snapshot cache: a stream's folded state at some version, kept in Redis.

A read loads the snapshot and folds only the events after it, so reading or commanding a
stream costs the same at event 50 as at event 5,000. Snapshots are a cache, never the truth:
bump PROJECTION_VERSION whenever a fold changes meaning and old snapshots are ignored.

A snapshot is `{v, s, d, h, m}`: its version, its canonical JSON, that JSON's SHA-256, the
head hash it stands on and its seal: HMAC-SHA256 under the server key (which Redis does not
hold; service/runtime/secret_key.py) of the version, head hash and digest. A read uses it
only if the digest and the seal hold and its head hash is the stored event's at `v`
(events/integrity.py `check_cache`); otherwise the state is rebuilt from the events and the
snapshot replaced. A snapshot without a seal (an older server's) is simply rebuilt; one
whose seal does not check is noted for `/audit` too; one whose seal holds but whose event is
another says the record was rewritten (service/streams/verified.py). (Version 4 added the
digest, 5 moved talk and timeouts out of the state: older snapshots are simply rebuilt.)
"""
from __future__ import annotations

import redis

from events.canonical import dumps
from events.integrity import snapshot_digest
from events.store import GAMES
from service.runtime.secret_key import Sealer

PROJECTION_VERSION = 6
KIND = "snapshot"

# Write only when newer, so a slow writer never rolls a snapshot back. Every field is written
# (none of an older one is left), and the write is the script's first: a Redis at its maxmemory
# refuses it (a snapshot is a cache, its save is left out then: service/streams/verified.py).
_SET_IF_NEWER = """
local v = tonumber(redis.call('HGET', KEYS[1], 'v') or '-1') or -1
if ARGV[4] == '1' or tonumber(ARGV[1]) > v then
  redis.call('HSET', KEYS[1], 'v', ARGV[1], 's', ARGV[2], 'd', ARGV[3], 'h', ARGV[5], 'm', ARGV[6])
  return 1
end
return 0
"""


def snapshot_key(stream_id: str, ns: str = GAMES) -> str:
    return f"{ns}:{{{stream_id}}}:snapshot:{PROJECTION_VERSION}"


class Snapshots:
    def __init__(self, client: redis.Redis, ns: str = GAMES, sealer: Sealer | None = None):
        self.redis = client
        self.ns = ns
        self.sealer = sealer or Sealer(ns)
        self._set = client.register_script(_SET_IF_NEWER)

    def key(self, stream_id: str) -> str:
        return snapshot_key(stream_id, self.ns)

    def save(self, stream_id: str, state: dict, replace: bool = False) -> bool:
        """Store `state` if it is newer than the snapshot (or, `replace`, in any case: the
        stored one did not check)."""
        return bool(self._set(keys=[self.key(stream_id)], args=self._args(stream_id, state, replace)))

    def queue(self, pipe, stream_id: str, state: dict) -> None:
        """Queue the save on `pipe` (one round trip with the rest of a write); a Redis that
        lost its scripts answers NoScriptError on execute: the caller saves instead."""
        pipe.evalsha(self._set.sha, 1, self.key(stream_id), *self._args(stream_id, state, False))

    def fields(self, stream_id: str, state: dict) -> tuple[str, list]:
        """(key, [field, value, ...]): the snapshot of `state` as the append script writes it
        with the events that lead to it (events/append.lua)."""
        version, body, digest, _, head, mac = self._args(stream_id, state, False)
        return self.key(stream_id), ["v", version, "s", body, "d", digest, "h", head, "m", mac]

    def holds(self, stream_id: str):
        """`holds(version, head, digest, mac)` for check_cache: whether a seal is the server's."""
        return lambda version, head, digest, mac: self.sealer.holds(KIND, stream_id, version, head, digest, mac)

    def _args(self, stream_id: str, state: dict, replace: bool) -> list:
        body = dumps(state)
        digest, head = snapshot_digest(body), state.get("head_hash") or ""
        mac = self.sealer.sign(KIND, stream_id, state["version"], head, digest)
        return [state["version"], body, digest, "1" if replace else "0", head, mac]
