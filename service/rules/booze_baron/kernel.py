"""The Emitter: decide/setup/timeout record drafts and fold each into a private copy of
the state at once, so the automatic work after a command reads what a replay would."""
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
