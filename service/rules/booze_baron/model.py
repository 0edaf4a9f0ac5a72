"""Lookups on the game state (pure reads, no events)."""
from __future__ import annotations

from service.rules.errors import Message, RuleViolation

from . import data


def player(g: dict, seat: int) -> dict:
    for p in g["players"]:
        if p["seat"] == seat:
            return p
    raise RuleViolation("not_a_player", f"seat {seat} is not in this game", status=422,
                        message=Message("problem-seat-not-in-game", seat=str(seat)))


def location(g: dict, loc: str) -> dict:
    for l in g["locations"]:
        if l["id"] == loc:
            return l
    raise RuleViolation("unknown_location", f"there is no Location {loc!r}; the Locations are "
                        f"{', '.join(x['id'] for x in g['locations'])}", status=422,
                        message=Message("problem-bb-unknown-location", location=str(loc),
                                        locations=", ".join(x["id"] for x in g["locations"])))


def place(g: dict, loc: str | None) -> Message:
    """A Location as a catalog message (the house Locations translated, a table's own by its
    printed name), or "nowhere yet"."""
    if not loc:
        return Message("problem-bb-nowhere")
    name = location(g, loc)["name"]
    house = any(h["id"] == loc and h["name"] == name for h in data.HOUSE_LOCATIONS)
    return Message("problem-bb-location", id=str(loc) if house else "printed", name=name)


def seats(g: dict) -> list[int]:
    return [p["seat"] for p in g["players"]]


def left_of(g: dict, seat: int) -> int:
    """Clockwise is rising seat number; the player on your left is the next seat."""
    order = seats(g)
    return order[(order.index(seat) + 1) % len(order)]


def clockwise_from(g: dict, seat: int) -> list[int]:
    order = seats(g)
    i = order.index(seat)
    return order[i:] + order[:i]


def shows(g: dict, card: str, mob: str | None) -> bool:
    return mob in g["cards"][card]["booze"]


def unexposed(g: dict) -> list[int]:
    return [p["seat"] for p in g["players"] if not p["exposed"]]


def hideout(g: dict, loc: str | None) -> bool:
    return loc is not None and location(g, loc)["event"] == "hideout"


def public_coins(p: dict) -> int:
    """The Coins anyone can count on the table: Delivery cards, Snitch tokens, 2 per
    Movement card held (own and collected). The -2 for a mob-mate's card waits for the end,
    when the Mobs are shown (docs/rules-decisions.md)."""
    return len(p["deliveries"]) + p["snitch"] + 2 * (len(p["movement"]) + len(p["collected"]))


def may_visit(g: dict, p: dict) -> list[str]:
    """Locations whose Movement card the player still holds, not the one of last round."""
    return [l["id"] for l in g["locations"] if l["id"] in p["movement"] and l["id"] != p["location"]]


def face_down(g: dict, seat: int) -> list[str]:
    return [c["id"] for c in player(g, seat)["deliveries"] if not c["face_up"]]


def tail_targets(g: dict, seat: int) -> list[int]:
    """Other players at your Location, unless it is a hideout."""
    here = player(g, seat)["location"]
    if hideout(g, here):
        return []
    return [p["seat"] for p in g["players"] if p["seat"] != seat and p["location"] == here]
