"""The Emitter: how decide/setup/timeout produce events without touching their input.

It deep-copies the state once, and every draft it records is folded at once into that
private copy with the ruleset's own `evolve`, so the automatic work after a command reads
the copy exactly as a replay would see it. A ruleset subclasses it and names its fold:

    class Emitter(BaseEmitter):
        fold = staticmethod(evolve)
"""
from __future__ import annotations

from typing import Callable

from events.canonical import copy_value


class BaseEmitter:
    #: the ruleset's `evolve(state, event)`; set by each subclass
    fold: Callable[[dict, dict], dict]

    def __init__(self, state: dict, oracle=None, actor: str | None = None):
        self.state = copy_value(state)
        self.oracle = oracle
        self.drafts: list[dict] = []
        #: actor override for drafts (None = the command's actor, as the engine defaults)
        self.actor = actor

    @property
    def game(self) -> dict:
        return self.state["game"]

    def emit(self, kind: str, payload: dict, actor: str | None = None) -> None:
        draft = {"type": kind, "payload": copy_value(payload)}
        who = actor or self.actor
        if who is not None:
            draft["actor"] = who
        self.drafts.append(draft)
        self.fold(self.state, {"type": kind, "payload": copy_value(payload)})

    def roll(self, purpose: str, count: int, **context) -> list[int]:
        """Dice from the Oracle, recorded at once as a `dice_rolled` event (interface.py)."""
        dice = self.oracle.dice(purpose, count)
        self.emit("dice_rolled", {"purpose": purpose, "dice": dice, **context})
        return dice
