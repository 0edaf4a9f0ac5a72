"""The turn as a table of steps (docs/architecture.md, "The round as a table of steps").

Prohibition is one player's turn at a time, so every step is "one": the player whose turn
it is. `move` is the Action phase (use a die, or end the turn); `buy` and `sell` are the
questions a landing asks. The step name is the deadline key (`options.deadlines`), and
`timeout_default` is what the clock sends for a player who let it pass. What follows a
completed step is flow.py; decide, legal_actions, waiting and timeout all read this table.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    name: str
    mode: str                 # always "one": the player whose turn it is
    commands: tuple[str, ...]
    timeout_default: str      # what a timeout sends (docs/rules-decisions.md, Prohibition)
    default: dict             # ... as a command body


STEPS: dict[str, Step] = {s.name: s for s in (
    Step("move", "one", ("move", "end_turn"), "end the turn, leaving the unused dice",
         {"type": "end_turn"}),
    Step("buy", "one", ("buy",), "buy no Cases", {"type": "buy", "cases": 0}),
    Step("sell", "one", ("sell",), "sell all Cases (it always pays)", {"type": "sell", "accept": True}),
)}


def pending(game: dict) -> list[int]:
    """The seat the current step still waits for (a list, as the engine expects)."""
    if game.get("finished") or game.get("step") not in STEPS:
        return []
    return [s for s in game["step_seats"] if s not in game["step_done"]][:1]
