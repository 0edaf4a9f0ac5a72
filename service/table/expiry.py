"""Lobbies that never start expire (docs/api.md "Limits"): a game still in its lobby `LOBBY_TTL_SECONDS`
(default 48 h) after it was created is removed with every key it had, so abandoned lobbies do
not fill the store. Only a lobby goes: a game that started is kept forever (its record is what
players may argue about); a lobby that started meanwhile is left alone (the removal watches
its head and gives up if anything was appended).
"""
from __future__ import annotations

import os
import time

from events.store import head_key, stream_key
from service.streams import list_index
from service.streams.checkpoints import checkpoints_key
from service.streams.keys import damage_key, seed_key, summary_key
from service.streams.snapshots import snapshot_key

DEFAULT_TTL = 48 * 3600
BATCH = 100


def lobby_ttl() -> int:
    return int(os.environ.get("LOBBY_TTL_SECONDS", str(DEFAULT_TTL)))


def expire_lobbies(games, ttl: int | None = None, now: float | None = None) -> list[str]:
    """Remove up to BATCH lobbies created more than `ttl` seconds before `now`; their ids."""
    ttl = lobby_ttl() if ttl is None else ttl
    cutoff = (time.time() if now is None else now) - ttl
    old = games.redis.zrangebyscore(list_index.by_status("lobby"), "-inf", cutoff, start=0, num=BATCH)
    removed = []
    for member in old:
        game_id = member.decode() if isinstance(member, bytes) else member
        if _remove(games, game_id):
            removed.append(game_id)
    return removed


#: KEYS: the game's keys, its head first (one hash slot); ARGV[1]: the version the lobby was
#: read at. Deletes them only if nothing was appended since.
_REMOVE = """
if tostring(redis.call('HGET', KEYS[1], 'version') or '0') ~= ARGV[1] then return 0 end
redis.call('DEL', unpack(KEYS))
return 1
"""


def _remove(games, game_id: str) -> bool:
    keys = [head_key(game_id), stream_key(game_id), seed_key(game_id), summary_key(game_id), damage_key(game_id),
            snapshot_key(game_id), checkpoints_key(game_id)]
    try:
        state = games.load(game_id, cached=False)
    except games.not_found:
        state = None  # already gone: only its index lines are left
    if state is not None:
        if state["status"] != "lobby":
            return False  # it started (its index line will follow): it stays
        if not games.redis.eval(_REMOVE, len(keys), *keys, str(state["version"])):
            return False  # someone joined meanwhile: look again next time
    cleanup = games.redis.pipeline(transaction=False)  # the indexes live in other slots on a cluster
    cleanup.zrem(list_index.ALL, game_id)
    cleanup.zrem(list_index.by_status("lobby"), game_id)
    cleanup.execute()
    games.cache.drop(game_id)
    return True
