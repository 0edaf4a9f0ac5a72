"""The deadline index (a Redis sorted set, the truth for "what is due when") and its trigger.

`clock:deadlines` scores each game id by the epoch second its deadline falls due. The append
script writes it together with the events that set, move or clear a deadline
(`index_update`, passed as `Games.append_index`), so no crash can separate the two; `sync`
(the sweeper's and the start-up reconcile's repair) writes what a state says through a tiny
Lua script that refuses to apply an older version's view over a newer one. Each new due
time also gets an RQ job (`enqueue_at`, JSON serializer) as its trigger, after the append;
the job may run late, twice, early or never (the sweeper fires what it misses) and checks
everything again (service/clock/fire.py). On a Redis Cluster the index is sharded by the
game's slot (service/clock/shards.py) and the jobs go to RQ's own plain Redis
(`Games.queue_redis`, service/runtime/redis_connect.py).
"""
from __future__ import annotations

import logging

import redis
from rq import Queue
from rq.serializers import JSONSerializer

from events.store import IndexUpdate
from service.runtime import timeutil
from service.clock import shards
from service.clock.deadlines import CLOCK_EVENTS
from service.clock.shards import DEADLINES_KEY, SYNCED_KEY  # noqa: F401  (re-exported)
from service.runtime.queues import CLOCK_QUEUE

log = logging.getLogger(__name__)

# SYNCED_KEY: game id -> the state version the index entry was written from (dropped with
# the index entry when the game finishes: a finished game never needs a clock)
FIRE_JOB = "service.jobs.clock.fire_deadline"

_SYNC = """
local seen = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '-1')
local version = tonumber(ARGV[2])
if version < seen then return 0 end
if ARGV[4] == '1' then
  redis.call('HDEL', KEYS[2], ARGV[1])
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 1
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
end
return 1
"""


def active_deadline(state: dict) -> dict | None:
    """The deadline that can fire: present, and the clock not paused."""
    deadline = state.get("deadline")
    if not deadline or state.get("clock_paused_at") or state.get("status") != "running":
        return None
    return deadline


class DeadlineIndex:
    def __init__(self, client: redis.Redis):
        self.redis = client
        self._sync = client.register_script(_SYNC)

    def sync(self, game_id: str, state: dict) -> bool:
        deadline = active_deadline(state)
        score = repr(timeutil.epoch(deadline["due_at"])) if deadline else ""
        done = "1" if state.get("status") == "finished" else "0"
        if score:
            shards.register(self.redis, game_id)
        return bool(self._sync(keys=list(shards.keys_for(self.redis, game_id)),
                               args=[game_id, state["version"], score, done]))

    def due(self, now_epoch: float, limit: int = 100) -> list[str]:
        """The games whose deadline is past, earliest first (across every shard)."""
        keys = shards.indexes(self.redis)
        if len(keys) == 1:
            rows = self.redis.zrangebyscore(keys[0], "-inf", now_epoch, start=0, num=limit, withscores=True)
        else:
            pipe = self.redis.pipeline(transaction=False)
            for key in keys:
                pipe.zrangebyscore(key, "-inf", now_epoch, start=0, num=limit, withscores=True)
            rows = sorted((row for found in pipe.execute() for row in found), key=lambda row: row[1])[:limit]
        return [member.decode() if isinstance(member, bytes) else member for member, _ in rows]

    def score(self, game_id: str) -> float | None:
        return self.redis.zscore(shards.keys_for(self.redis, game_id)[0], game_id)

    def postpone(self, game_id: str, epoch: float) -> None:
        """Retry a deadline that could not be fired later (only if it is still the one due)."""
        self.redis.zadd(shards.keys_for(self.redis, game_id)[0], {game_id: epoch}, xx=True)

    def forget(self, game_id: str) -> None:
        self.redis.zrem(shards.keys_for(self.redis, game_id)[0], game_id)


def clock_queue(client: redis.Redis) -> Queue:
    return Queue(CLOCK_QUEUE, connection=client, serializer=JSONSerializer)


def schedule_job(client: redis.Redis, game_id: str, deadline: dict) -> None:
    """The trigger: a job at the first whole second not before the due time."""
    at = timeutil.next_whole_second(timeutil.parse(deadline["due_at"]))
    clock_queue(client).enqueue_at(at, FIRE_JOB, game_id, deadline["step_version"],
                                   job_timeout=120, result_ttl=600, failure_ttl=24 * 3600,
                                   description=f"deadline {game_id}@{deadline['step_version']}")


def index_update(game_id: str, state: dict, events: list[dict], client=None) -> IndexUpdate | None:
    """`Games.append_index`: the index entry a batch's state gives, written by the append
    script itself — a process killed right after the append still leaves the deadline
    indexed, and the worker's sweeper (every 0.5 s) fires it on time. With a cluster
    `client`, the entry goes to the game's own shard, listed here before the append."""
    if not any(e["type"] in CLOCK_EVENTS for e in events):
        return None
    index, synced = shards.keys_for(client, game_id)
    if state.get("status") == "finished":
        return IndexUpdate(index, synced, game_id, "done")
    deadline = active_deadline(state)
    if deadline is None:
        return IndexUpdate(index, synced, game_id, "clear")
    shards.register(client, game_id)
    return IndexUpdate(index, synced, game_id, "set", timeutil.epoch(deadline["due_at"]))


def index_updater(client):
    """`index_update` bound to the store's client (its shards on a cluster)."""
    return lambda game_id, state, events: index_update(game_id, state, events, client)


def after_append_hook(client: redis.Redis):
    """`Games.after_append` hook: the trigger (an RQ job) for a deadline the append indexed."""

    def hook(game_id: str, state: dict, events: list[dict]) -> None:
        if not any(e["type"] in CLOCK_EVENTS for e in events):
            return
        try:
            deadline = active_deadline(state)
            if deadline:
                schedule_job(client, game_id, deadline)
        except redis.RedisError:
            # The deadline is indexed (with the append); the worker's sweeper fires it.
            log.exception("could not schedule the deadline job of game %s", game_id)

    return hook
