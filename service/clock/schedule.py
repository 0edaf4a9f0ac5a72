"""The deadline index (a Redis sorted set, the truth for "what is due when") and its trigger.

`clock:deadlines` scores each game id by the epoch second its deadline falls due. Writers
do not touch it directly: after every append, `sync` writes what the game's state says —
through a tiny Lua script that refuses to apply an older version's view over a newer one,
so two appends whose hooks run out of order cannot lose a deadline. Each new due time also
gets an RQ job (`enqueue_at`, JSON serializer) as its trigger; the job may run late, twice
or early and checks everything again (service/clock/fire.py).
"""
from __future__ import annotations

import logging

import redis
from rq import Queue
from rq.serializers import JSONSerializer

from service.clock import timeutil
from service.clock.deadlines import CLOCK_EVENTS
from service.queues import CLOCK_QUEUE

log = logging.getLogger(__name__)

DEADLINES_KEY = "clock:deadlines"
SYNCED_KEY = "clock:synced"  # game id -> the state version the index entry was written from
# (dropped with the index entry when the game finishes: a finished game never needs a clock)
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
        return bool(self._sync(keys=[DEADLINES_KEY, SYNCED_KEY], args=[game_id, state["version"], score, done]))

    def due(self, now_epoch: float, limit: int = 100) -> list[str]:
        rows = self.redis.zrangebyscore(DEADLINES_KEY, "-inf", now_epoch, start=0, num=limit)
        return [member.decode() if isinstance(member, bytes) else member for member in rows]

    def score(self, game_id: str) -> float | None:
        return self.redis.zscore(DEADLINES_KEY, game_id)

    def postpone(self, game_id: str, epoch: float) -> None:
        """Retry a deadline that could not be fired later (only if it is still the one due)."""
        self.redis.zadd(DEADLINES_KEY, {game_id: epoch}, xx=True)


def clock_queue(client: redis.Redis) -> Queue:
    return Queue(CLOCK_QUEUE, connection=client, serializer=JSONSerializer)


def schedule_job(client: redis.Redis, game_id: str, deadline: dict) -> None:
    """The trigger: a job at the first whole second not before the due time."""
    at = timeutil.next_whole_second(timeutil.parse(deadline["due_at"]))
    clock_queue(client).enqueue_at(at, FIRE_JOB, game_id, deadline["step_version"],
                                   job_timeout=120, result_ttl=600, failure_ttl=24 * 3600,
                                   description=f"deadline {game_id}@{deadline['step_version']}")


def after_append_hook(client: redis.Redis):
    """`Games.after_append` hook: keep the index and the trigger in step with the state."""
    index = DeadlineIndex(client)

    def hook(game_id: str, state: dict, events: list[dict]) -> None:
        if not any(e["type"] in CLOCK_EVENTS for e in events):
            return
        try:
            index.sync(game_id, state)
            deadline = active_deadline(state)
            if deadline:
                schedule_job(client, game_id, deadline)
        except redis.RedisError:
            # The events are stored; the worker's reconcile/sweeper will index them.
            log.exception("could not index the deadline of game %s", game_id)

    return hook
