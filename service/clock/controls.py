"""The organizer's clock controls as use cases: pause, resume and extend, each one write of
the game through its ledger's loop (decided by the pure functions of `deadlines`).

Like a command, each takes `If-Match` (`expected`) and `Idempotency-Key` (`idempotency`); the
key stands for the control and its arguments (`fingerprint`), so it cannot be reused for another.
"""
from __future__ import annotations

from events.canonical import dumps
from service.clock import deadlines
from service.table.games import Games, Outcome


def fingerprint(name: str, **fields) -> str:
    """What an Idempotency-Key stands for here."""
    return dumps({"operation": name, **fields})


def pause(games: Games, game_id: str, actor: dict, **pins) -> Outcome:
    return games.execute(game_id, actor, lambda state, oracle: deadlines.decide_pause(state, games.now()),
                         fingerprint=fingerprint("clock/pause"), **pins)


def resume(games: Games, game_id: str, actor: dict, **pins) -> Outcome:
    return games.execute(game_id, actor, lambda state, oracle: deadlines.decide_resume(state, games.now()),
                         fingerprint=fingerprint("clock/resume"), **pins)


def extend(games: Games, game_id: str, actor: dict, seconds: int, **pins) -> Outcome:
    return games.execute(game_id, actor, lambda state, oracle: deadlines.decide_extend(state, seconds, games.now()),
                         fingerprint=fingerprint("clock/extend", seconds=seconds), **pins)
