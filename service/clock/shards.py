"""Where a game's deadline entry lives: one index on a plain Redis, one per slot on a cluster.

The append script writes a game's deadline entry together with its events (events/append.lua),
and a script may only touch keys of one cluster slot. So on a Redis Cluster the deadline index
is sharded by the game's own slot: `clock:deadlines:{T}` and `clock:synced:{T}`, where T is a
short tag that hashes to the same slot as the game id (a table of one tag per slot, found once
with Redis's CRC16). The shards in use are listed in `clock:deadline-shards`, which a writer
adds to *before* the append that may fill the shard, so the sweeper never misses one.
Shards stay listed once used (at most one per slot, 16,384): removing an empty one could race
with an append filling it. On a plain Redis there is one index, `clock:deadlines`, as always.
"""
from __future__ import annotations

from binascii import crc_hqx
from functools import lru_cache

from redis.crc import REDIS_CLUSTER_HASH_SLOTS, key_slot

from service.runtime.redis_connect import is_cluster

DEADLINES_KEY = "clock:deadlines"
SYNCED_KEY = "clock:synced"  # game id -> the state version the index entry was written from
SHARDS_KEY = "clock:deadline-shards"  # cluster only: the deadline shards in use


@lru_cache(maxsize=1)
def _slot_tags() -> tuple[str, ...]:
    """One short tag per slot (the first base-36 number that hashes there): ~170k CRC16s, once."""
    tags: list[str | None] = [None] * REDIS_CLUSTER_HASH_SLOTS
    missing, n = REDIS_CLUSTER_HASH_SLOTS, 0
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    while missing:
        x, tag = n, ""
        while True:
            x, r = divmod(x, 36)
            tag = digits[r] + tag
            if not x:
                break
        slot = crc_hqx(tag.encode(), 0) % REDIS_CLUSTER_HASH_SLOTS
        if tags[slot] is None:
            tags[slot] = tag
            missing -= 1
        n += 1
    return tuple(tags)  # type: ignore[arg-type]


def slot_tag(game_id: str) -> str:
    """A tag in the same cluster slot as the game's keys (`game:{id}:...`)."""
    return _slot_tags()[key_slot(game_id.encode())]


def keys_for(client, game_id: str) -> tuple[str, str]:
    """(deadline index, synced-version hash) holding `game_id`'s entry."""
    if not is_cluster(client):
        return DEADLINES_KEY, SYNCED_KEY
    tag = slot_tag(game_id)
    return f"{DEADLINES_KEY}:{{{tag}}}", f"{SYNCED_KEY}:{{{tag}}}"


def register(client, game_id: str) -> None:
    """Cluster: list the game's shard (before an append that may write it). Idempotent."""
    if is_cluster(client):
        client.sadd(SHARDS_KEY, keys_for(client, game_id)[0])


def indexes(client) -> list[str]:
    """Every deadline index the sweeper must look at."""
    if not is_cluster(client):
        return [DEADLINES_KEY]
    return sorted(m.decode() if isinstance(m, bytes) else m for m in client.smembers(SHARDS_KEY))
