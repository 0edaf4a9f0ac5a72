"""Scripted Booze Baron tables for the worked examples.

House Delivery card ids (data.house_delivery_deck): six per Location in table order
(river_caves d01-d06, docks d07-d12, police_station d13-d18, warehouse d19-d24, casino
d25-d30, train_yard d31-d36); within each Location: beer, liquor, wine, beer+liquor,
liquor+wine, beer+wine. So d07 is a beer card at the Docks, d11 liquor+wine at the Docks.
"""
from __future__ import annotations

from .harness import Table, booze_script

ALL = [f"d{n:02d}" for n in range(1, 37)]
BEER = {"river_caves": "d01", "docks": "d07", "police_station": "d13", "warehouse": "d19",
        "casino": "d25", "train_yard": "d31"}
LIQUOR = {k: f"d{int(v[1:]) + 1:02d}" for k, v in BEER.items()}
WINE = {k: f"d{int(v[1:]) + 2:02d}" for k, v in BEER.items()}


def deck(first: list[str], drop: int = 0) -> list[str]:
    """A Delivery deck order: `first` on top, then the others in id order."""
    return first + [c for c in ALL if c not in first]


def scripted(mobs: list[str], top: list[str] | None = None, dice: list[int] | None = None,
             **options) -> Table:
    """Seat n gets mobs[n-1]; the Delivery deck starts with `top` (the 9 setup cards first)."""
    script = {"decks": {**booze_script(mobs), "delivery": deck(top or [])}, "dice": dice or []}
    return Table(len(mobs), options=options, script=script)


def to_actions(t: Table, where: dict[int, str]) -> None:
    """The Move Phase: each seat to the Location given."""
    t.moves(where)
    assert t.game["step"] == "action"


def pass_all(t: Table) -> None:
    """Everybody still to act in this Action Phase passes."""
    while t.game["step"] == "action" and t.waiting():
        t.send(t.waiting()[0], {"type": "pass_turn"})


def until_turn(t: Table, seat: int) -> None:
    """Everybody before `seat` in this Action Phase passes."""
    while t.waiting()[0] != seat:
        t.send(t.waiting()[0], {"type": "pass_turn"})
