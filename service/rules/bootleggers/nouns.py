"""The nouns of the Bootleggers log: money, speakeasies, cards, trucks, stills and seats as a
player reads them ("$3G", "Mother's", "G-Men—Bust a Speakeasy", "Large Truck 2")."""
from __future__ import annotations

from typing import Callable

from . import data

Who = Callable[[int], str]

#: Thug card names as printed (the ids spell them in snake case)
_THUG_NAMES = {
    "g_men_investigation": "G-Men—Investigation", "g_men_bust_a_speakeasy": "G-Men—Bust a Speakeasy",
    "g_men_bust_a_shipment": "G-Men—Bust a Shipment", "hey_free_truck": "Hey, Free Truck!",
    "a_little_vigorish": "A Little Vigorish", "you_dirty_rat": "You Dirty Rat",
    "copper_in_the_house": "Copper in the House", "call_in_a_big_favor": "Call in a Big Favor",
    "call_in_a_little_favor": "Call in a Little Favor", "move_over_pigeon": "Move Over, Pigeon",
    "safe_house": "Safe-house", "word_of_mouth": "Word of Mouth",
    "opportunity_knocks": "Opportunity Knocks", "friendly_union_boss": "Friendly Union Boss",
}

def _s(sid) -> str:
    return data.SPEAKEASY_NAMES.get(sid, str(sid).replace("_", " ").title()) if sid else "a speakeasy"


def _n(count: int, thing: str) -> str:
    if count == 1:
        return f"{count} {thing}"
    return f"{count} {thing[:-3] + 'dice' if thing.endswith('die') else thing + 's'}"


def _money(amount) -> str:
    return f"${amount}G"


def thug_name(kind) -> str:
    if not kind:
        return "a Thug card"
    kind = str(kind).removeprefix("thug:").split("#", 1)[0]
    return _THUG_NAMES.get(kind, kind.replace("_", " ").title())


def _card(card) -> str:
    """Any card id: a Thug card by its printed name, else data.card_name."""
    if not card:
        return "a card"
    if str(card).startswith("thug:"):
        return thug_name(card)
    return data.card_name(card)


def _truck(truck) -> str:
    size, _, n = str(truck).rpartition("_")
    return f"{data.TRUCKS[size]['name']} {n}" if size in data.TRUCKS else f"truck {truck}"


def _still(still) -> str:
    if still == "family":
        return "family still"
    if still == "back_room":
        return "back room"
    return str(still).replace("remote_", "remote still ") if still else "a still"


def _home(to, who: Who) -> str:
    return who(to) if isinstance(to, int) else f"the {str(to).replace('_', ' ')}"


def _places(placements: dict) -> str:
    return ", ".join(f"{n} at {_s(s)}" for s, n in placements.items()) or "nothing"


def _seats(who: Who, seats) -> str:
    return ", ".join(who(int(s)) for s in seats)
