"""The step-table loop every ruleset runs (docs/architecture.md, "The round as a table of
steps"): `waiting` reads the table, `advance` runs each completed step's automatic work
as the system until somebody is awaited. What the steps are and what follows each stays
in the ruleset's steps.py and flow.py."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

Pending = Callable[[dict], list]


def waiting(state: dict, steps: dict, pending: Pending) -> dict:
    """Ruleset.waiting: the awaited step (None between steps), its seats, and `since` (the
    version that opened it, telling two consecutive steps of one name apart)."""
    g = state.get("game")
    if not g or g["finished"]:
        return {"step": None, "seats": []}
    return {"step": g["step"] if g["step"] in steps else None, "seats": pending(g),
            "since": g.get("step_since")}


def legal_frame(state: dict, seat: int) -> tuple[dict | None, dict]:
    """The start of Ruleset.legal_actions: `(game, answer with no actions)`, the game None
    when the seat may do nothing (no game yet, the game over, or not a player in it)."""
    g = state.get("game")
    if not g:
        return None, {"phase": None, "step": None, "actions": []}
    answer = {"phase": g["phase"], "step": g["step"], "actions": []}
    if g["finished"] or int(seat) not in [p["seat"] for p in g["players"]]:
        return None, answer
    return g, answer


@contextmanager
def as_system(em) -> Iterator[dict]:
    """Automatic work is the system's, whoever sent the command that set it off."""
    saved, em.actor = em.actor, "system"
    try:
        yield em.game
    finally:
        em.actor = saved


def advance(em, steps: dict, pending: Pending, on_complete: dict) -> None:
    """While the game waits for a step of the table that nobody is awaited in any more,
    run what follows that step (`on_complete`, by step name)."""
    with as_system(em) as g:
        while not g["finished"] and g["step"] in steps and not pending(g):
            on_complete[g["step"]](em)
