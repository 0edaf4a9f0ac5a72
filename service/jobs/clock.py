"""The deadline job: the trigger `enqueue_at` schedules for one step of one game."""
from __future__ import annotations

import logging

from service.runtime import timeutil
from service.clock.fire import fire
from service.clock.schedule import schedule_job
from service.jobs.context import connection, games_for

log = logging.getLogger(__name__)


def fire_deadline(game_id: str, step_version: int) -> dict:
    """Fire the deadline of step `step_version` if it is due; early → re-schedule."""
    games = games_for(connection())
    result = fire(games, game_id, step_version)
    if result.outcome == "early":
        # RQ keeps whole seconds: we may be up to a second early (or the deadline moved
        # later). Never act before it: a new job at the first whole second after it.
        schedule_job(games.queue_redis, game_id, {"due_at": result.due_at, "step_version": result.step_version})
        log.info("deadline %s@%s not due until %s; re-scheduled", game_id, step_version, result.due_at)
    return {"outcome": result.outcome, "game_id": game_id, "step_version": step_version,
            "due_at": result.due_at, "version": result.version, "at": timeutil.iso(timeutil.now())}
