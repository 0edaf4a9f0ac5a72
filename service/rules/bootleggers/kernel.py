"""The Emitter: how decide/setup/timeout produce events without touching their input.

It deep-copies the state once, and every draft it records is immediately folded into that
private copy with the ruleset's own `evolve`. Automatic work (reveal, production, selling,
the next round) then reads the copy exactly as a replay would see it.
"""
from __future__ import annotations

from events.canonical import copy_value

from .evolve import evolve

SYSTEM = "system"


class Emitter:
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
        evolve(self.state, {"type": kind, "payload": copy_value(payload)})

    def pay(self, frm, to, amount: int, reason: str, **extra) -> None:
        """A cash movement; `frm`/`to` are seat numbers or "bank". Zero moves nothing."""
        if amount > 0:
            self.emit("cash_paid", {"from": frm, "to": to, "amount": amount,
                                    "reason": reason, **extra})
