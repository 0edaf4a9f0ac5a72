"""A forfeited seat (the engine's `forfeit` ruling, service/table/disputes.py) in Bootleggers;
the ruling's hook itself is commands.forfeit.

The seat stays at the table with everything it has, but whenever the game waits for it,
its move is made for it: the same default a seat that let its deadline pass gets (docs/rules.md
"Timeouts": lowest bid, load biggest first, dispatch to the first open speakeasy, answer no,
otherwise pass). It cannot win: the game's end ranks it after every seat still in. After
the end, a forfeit of the winner hands the win to the next seat of the final ranking.
"""
from __future__ import annotations

from .defaults import default_command
from .handlers import run_command
from .model import muscle_rank


def forfeited(em) -> set[int]:
    return set(em.state.get("forfeited") or ())


def play_for(em, seats: list[int]) -> bool:
    """Make the move of the first forfeited seat among `seats`; False when none is."""
    out = [s for s in seats if s in forfeited(em)]
    if not out:
        return False
    run_command(em, out[0], default_command(em.game, out[0]))
    return True


def ranking(g: dict, cash: dict, out: set[int]) -> list[int]:
    """Most cash first, ties by Muscle (flow.end_of_phase5); forfeited seats last."""
    return sorted((p["seat"] for p in g["players"]),
                  key=lambda s: (s in out, -cash[str(s)], -muscle_rank(g, s)))
