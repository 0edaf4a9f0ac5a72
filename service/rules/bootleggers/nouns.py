"""The nouns of the Bootleggers log as messages: money, speakeasies, cards, trucks, stills and
seats ("$3G" / "3 Riesen", "Mother's", "G-Men—Bust a Speakeasy", "Large Truck 2" / "Groß-Lkw 2").

Each is a `Msg` (service/i18n/message.py) the reader's catalog words; a value the catalogs do
not know (an id from a later version) reads as itself. `FAMILIES` lists each family of
message ids made from a value here (`log-bl-thug-` + a Thug kind), so that the catalog test
(tests/i18n) finds every one of them in every language. Pure.
"""
from __future__ import annotations

from typing import Callable

from service.i18n.message import And, Join, Msg

from . import data

Who = Callable[[int], object]

STEPS = ("bid", "choose_offer", "place_influence", "load", "dispatch", "deals", "public_dock", "vigorish",
         "thug_window", "reaction")
WINDOWS = ("after_choices", "before_production", "after_loading", "lined_up")
PAID_FOR = ("graft", "muscle", "truck_purchase", "wholesale", "profit", "starting_cash", "ruling", "deal",
            "vigorish")
DECKS = ("men_of_action", "trucks", *data.MUSCLE_QUARTERS)
#: why a seat gains influence markers, loses crates, gets a truck, a still stays idle
GAINED_FOR = ("heat", "heat_last_place", "card")
DUMPED_FOR = ("not_loaded", "end_of_round", "not_sent")
TRUCK_FOR = ("start", "bought", "favor", "ruling")
ENDED_FOR = ("last_round", "cash", "cash_100")
RULING_KINDS = ("set_cash", "set_influence", "set_crates", "give_truck", "remove_truck", "set_still",
                "set_improvements", "set_copper")
#: what a timed-out seat's table plays for it (the command types a default can be)
DEFAULTS = ("bid", "take_offer", "pass", "place_influence", "load", "dispatch", "allow_public",
            "answer_vigorish")
CHOICES = ("dice", "remote_still")
INFLUENCE_MODES = ("phase", "anytime")

FAMILIES = {
    "log-bl-thug-": data.THUG_KINDS, "log-bl-speakeasy-": tuple(data.SPEAKEASY_NAMES),
    "log-bl-card-": tuple(k for k in data.MOA_COUNTS if not k.startswith("thug:")),
    "log-bl-truck-": tuple(data.TRUCKS), "log-bl-truck-card-": tuple(data.TRUCKS), "log-bl-size-": tuple(data.TRUCKS),
    "log-bl-step-": STEPS, "log-bl-stepname-": STEPS, "log-bl-window-": WINDOWS, "log-bl-paid-": PAID_FOR,
    "log-bl-deck-": DECKS, "log-bl-gained-": GAINED_FOR, "log-bl-dumped-": DUMPED_FOR, "log-bl-truck-for-": TRUCK_FOR,
    "log-bl-ended-": ENDED_FOR, "log-bl-ruling-": RULING_KINDS, "log-bl-default-": DEFAULTS,
    "log-bl-choice-": CHOICES, "log-bl-influence-mode-": INFLUENCE_MODES,
}


def word(value) -> Msg:
    """A value no catalog names, as itself ("set_cash" -> "set cash")."""
    return Msg("log-word", word=str(value).replace("_", " "))


def term(prefix: str, value, **params) -> Msg:
    """`prefix + value` when it is one of its family's values, else the value as itself."""
    return Msg(prefix + value, **params) if value in FAMILIES[prefix] else word(value)


def count(n: int, thing: str) -> Msg:
    """`n` of something with the reader's plural: "1 crate", "3 crates" / "1 Kiste", "3 Kisten"."""
    return Msg(f"log-bl-n-{thing}", n=n)


#: the things `count` counts (message `log-bl-n-<thing>`)
COUNTED = ("crate", "marker", "influence_marker", "still_die", "improvement", "thug_card", "muscle_card",
           "die")
FAMILIES["log-bl-n-"] = COUNTED


def _s(sid) -> Msg:
    if not sid:
        return Msg("log-bl-a-speakeasy")
    return term("log-bl-speakeasy-", sid) if sid in data.SPEAKEASY_NAMES else word(str(sid).title())


def _money(amount) -> Msg:
    return Msg("log-bl-money", amount=amount)


def thug_name(kind) -> Msg:
    if not kind:
        return Msg("log-bl-a-thug-card")
    kind = str(kind).removeprefix("thug:").split("#", 1)[0]
    return term("log-bl-thug-", kind) if kind in data.THUG_KINDS else word(kind.title())


def _card(card) -> Msg:
    """Any card id: a Thug card by its printed name, a truck card, a Men of Action card."""
    if not card:
        return Msg("log-bl-a-card")
    if str(card).startswith("thug:"):
        return thug_name(card)
    kind = data.card_kind(str(card))
    if kind.startswith("truck:"):
        return term("log-bl-truck-card-", kind[6:])
    return term("log-bl-card-", kind)


def _truck(truck) -> Msg:
    size, _, n = str(truck).rpartition("_")
    if size in data.TRUCKS:
        return Msg(f"log-bl-truck-{size}", n=n)
    return Msg("log-bl-truck-other", truck=str(truck))


def _still(still) -> Msg:
    if still == "family":
        return Msg("log-bl-still-family")
    if still == "back_room":
        return Msg("log-bl-back-room")
    if still and str(still).startswith("remote_"):
        return Msg("log-bl-still-remote", n=str(still)[len("remote_"):])
    return Msg("log-bl-a-still") if not still else word(still)


def _home(to, who: Who):
    return who(to) if isinstance(to, int) else Msg("log-bl-home-supply") if to == "supply" else word(to)


def _places(placements: dict) -> Join:
    return Join([Msg("log-bl-n-at", n=n, speakeasy=_s(s)) for s, n in placements.items()],
                empty=Msg("log-bl-nothing"))


def _seats(who: Who, seats) -> Join:
    return Join(who(int(s)) for s in seats)


def _and(parts) -> And:
    return And(parts)
