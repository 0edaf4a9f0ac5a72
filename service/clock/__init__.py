"""The game clock: deadlines for waiting steps, timeouts, and the organizer's controls.

- `deadlines`: pure — which batch opens a step with a deadline, pause/resume/extend math;
- `schedule`: the Redis sorted set of due times (the truth) and the RQ job (the trigger);
- `fire`: applying the timeouts of a due deadline, the sweeper and the start-up reconcile.

`install(games)` wires a `Games` instance (the web app's and each worker's alike).
May use: `table`, `runtime`, `rules`, `projections`, `events` (not `bots`, `desk` or above).
"""
from __future__ import annotations

from service.clock import deadlines
from service.clock.schedule import after_append_hook, index_updater


def closer(games):
    """`Games.closers` entry: the deadline events a batch must end with."""

    def deadline_closer(game_id: str, before: dict, after: dict) -> list[dict]:
        if after.get("status") not in ("running", "finished") or not after.get("ruleset"):
            return []
        ruleset = games.ruleset_for(after["ruleset"])
        return deadlines.closer_drafts(ruleset, before, after, games.now())

    return deadline_closer


def install(games) -> None:
    games.closers.append(closer(games))
    games.append_index = index_updater(games.redis)
    games.after_append.append(after_append_hook(games.queue_redis))
