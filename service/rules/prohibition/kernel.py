"""The Emitter: setup/decide/timeout record drafts and fold each into a private copy.

Automatic work (the next turn's production, consumption and roll) then reads the copy
exactly as a replay would.
"""
from __future__ import annotations

from events.canonical import copy_value

from .evolve import evolve


class Emitter:
    def __init__(self, state: dict, oracle=None, actor: str | None = None):
        self.state = copy_value(state)
        self.oracle = oracle
        self.drafts: list[dict] = []
        self.actor = actor

    @property
    def game(self) -> dict:
        return self.state["game"]

    def emit(self, kind: str, payload: dict) -> None:
        draft = {"type": kind, "payload": copy_value(payload)}
        if self.actor is not None:
            draft["actor"] = self.actor
        self.drafts.append(draft)
        evolve(self.state, {"type": kind, "payload": copy_value(payload)})

    def roll(self, purpose: str, count: int, **context) -> list[int]:
        """Dice from the Oracle, recorded at once as a `dice_rolled` event."""
        dice = self.oracle.dice(purpose, count)
        self.emit("dice_rolled", {"purpose": purpose, "dice": dice, **context})
        return dice
