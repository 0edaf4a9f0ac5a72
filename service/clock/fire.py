"""Firing a deadline: the one place that applies timeouts, however it was triggered.

Both triggers — the RQ job made for a step and the worker's sweeper — call `fire`, and
may do so late, twice, at once, or a little early. So `fire` checks everything on a fresh
state, and the write goes through `Games.system(..., expected=version)`: the state it
checked is the state it appends to, or it reloads and checks again. The outcome:

- `fired`: `deadline_expired` + the ruleset's timeout defaults were appended;
- `early` (with the due time): not yet — the caller re-schedules; nothing is written;
- `moved_on`: the game no longer waits on that step (someone acted, it was fired already);
- `paused`, `none`: the clock is paused / the game has no deadline.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

from events.integrity import RecordDamaged
from events.store import VersionConflict
from service.clock import deadlines
from service.runtime import timeutil
from service.runtime.redis_connect import UNAVAILABLE
from service.clock.schedule import DeadlineIndex, active_deadline
from service.table.games import GAMES_INDEX, GameNotFound, Games

log = logging.getLogger(__name__)
ATTEMPTS = 5
RETRY_FAILED_AFTER = 30.0  # seconds before a deadline whose timeout failed is tried again
DAMAGED_RETRY = 300.0  # ... and one of a game whose record is damaged (409 record_damaged)


@dataclass
class Fired:
    outcome: str
    game_id: str
    step_version: int | None = None
    due_at: str | None = None
    version: int | None = None


def fire(games: Games, game_id: str, step_version: int | None = None) -> Fired:
    """Apply the timeouts of `game_id`'s deadline if (and only if) it is due now.

    `step_version` pins the step a job was made for; None (the sweeper) takes the current one.
    """
    for _ in range(ATTEMPTS):
        try:
            state = games.load(game_id)
        except GameNotFound:
            return Fired("none", game_id, step_version)
        deadline = state.get("deadline")
        if deadline is None:
            return Fired("none" if step_version is None else "moved_on", game_id, step_version)
        if step_version is not None and deadline["step_version"] != step_version:
            return Fired("moved_on", game_id, step_version)
        if active_deadline(state) is None:
            return Fired("paused", game_id, deadline["step_version"], deadline["due_at"])
        if timeutil.now() < timeutil.parse(deadline["due_at"]):
            return Fired("early", game_id, deadline["step_version"], deadline["due_at"])

        def decide(current: dict, oracle) -> list[dict]:
            ruleset = games.ruleset_for(current["ruleset"])
            awaited = deadlines.waiting(ruleset, current)["seats"]
            return [deadlines.expired_draft(current["deadline"], awaited), *ruleset.timeout(current, oracle)]

        try:
            outcome = games.system(game_id, decide, expected=state["version"])
        except VersionConflict:
            continue  # someone acted meanwhile: look again
        log.info("deadline of game %s (step %s@%s) fired: %d events", game_id, deadline["step"],
                 deadline["step_version"], len(outcome.events))
        return Fired("fired", game_id, deadline["step_version"], deadline["due_at"], outcome.version)
    return Fired("busy", game_id, step_version)


def sweep(games: Games, index: DeadlineIndex | None = None, limit: int = 100) -> list[Fired]:
    """Fire every deadline the index says is past; put the index right for the rest."""
    index = index or DeadlineIndex(games.redis)
    results = []
    for game_id in index.due(timeutil.now().timestamp(), limit):
        try:
            result = fire(games, game_id)
        except RecordDamaged as damaged:  # its clock waits until the record is restored
            log.warning("deadline of game %s not fired: %s; retrying in %.0fs", game_id, damaged, DAMAGED_RETRY)
            index.postpone(game_id, timeutil.now().timestamp() + DAMAGED_RETRY)
            results.append(Fired("damaged", game_id))
            continue
        except UNAVAILABLE:  # the store, not this game: nothing to postpone, the sweeper retries
            raise
        except Exception:  # a broken game must not stop the clock of the others
            log.exception("firing the deadline of game %s failed; retrying in %.0fs", game_id, RETRY_FAILED_AFTER)
            index.postpone(game_id, timeutil.now().timestamp() + RETRY_FAILED_AFTER)
            results.append(Fired("failed", game_id))
            continue
        results.append(result)
        if result.outcome != "fired":  # (fired: the append hook re-indexed the game already)
            resync(games, index, game_id)
    return results


def resync(games: Games, index: DeadlineIndex, game_id: str) -> None:
    try:
        index.sync(game_id, games.load(game_id))
    except GameNotFound:
        index.forget(game_id)


def reconcile(games: Games, index: DeadlineIndex | None = None) -> int:
    """Index the deadline of every running game (worker start): a crash between an append
    and its hook cannot leave a game waiting forever. Returns how many games were indexed."""
    index = index or DeadlineIndex(games.redis)
    count = 0
    for raw in games.redis.zrange(GAMES_INDEX, 0, -1):
        game_id = raw.decode() if isinstance(raw, bytes) else raw
        try:
            state = games.load(game_id)
        except GameNotFound:
            continue
        except Exception:
            log.exception("cannot load game %s to index its deadline", game_id)
            continue
        if state.get("status") == "running" or index.score(game_id) is not None:
            index.sync(game_id, state)
            count += 1
    return count
