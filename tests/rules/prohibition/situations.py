"""Scripted Prohibition tables for the worked examples: every die is scripted, and the
board (pawns, Cases, Bankrolls) is then edited directly to build the rule's situation."""
from __future__ import annotations

from .harness import Table


def dice_for(seats: int, action=(3, 4), production=(1, 1, 1), start=(6, 6, 6), after=()):
    """Setup (3D6 per seat, then seat 1 rolls 6 and the others 1 for the first turn), then
    turn 1's production die, shipment 2D6 and action 2D6, then `after`, then filler turns
    (production 2 = Canada, shipment 1+1, action 5+5)."""
    return [*start * seats, 6, *[1] * (seats - 1), *production, *action, *after,
            *FILLER * 4]


FILLER = (2, 1, 1, 5, 5)


def table(seats=2, action=(3, 4), production=(1, 1, 1), after=(), start=(6, 6, 6)) -> Table:
    return Table(seats, script={"dice": dice_for(seats, action, production, start, after)})


def place(t: Table, seat: int, space: int, cases: int | None = None, bankrolls: int | None = None):
    p = t.player(seat)
    p["space"] = space
    if cases is not None:
        p["cases"] = cases
    if bankrolls is not None:
        p["bankrolls"] = bankrolls


def law(t: Table, **spaces):
    t.game["law"].update(spaces)


def move(t: Table, seat: int, die: int, pawn: str = "own", direction: str = "cw", **extra):
    return t.send(seat, {"type": "move", "die": die, "pawn": pawn, "direction": direction, **extra})
