"""Hidden information: what each viewer may see of the state and of each event.

A seat sees its own Muscle hand, sealed bid, Thug cards and Windfall draws; others see counts
(the organizer sees cards, not sealed bids). A card declared in a thug window stays face down
— others see that the seat declared, not what — until it is revealed to resolve. Thug card ids in deals are for the two parties. Sealed bids
are hidden from everyone but the bidder until the reveal (the organizer included, since an
organizer may also be playing). Deck order is for the organizer only. Cash totals follow the
game's `cash` option (cash.py: announced — a seat sees its own and the others' as last
announced — or open). Always copies.
"""
from __future__ import annotations

from events.canonical import copy_value
from service.rules.common.views import hide_shuffle_order, seat_of

from . import cash
from .evolve import board_speakeasies
from .model import face_down


def view(state: dict, viewer: dict) -> dict:
    game = copy_value(state.get("game"))
    if game is None:
        return None
    me, organizer = seat_of(viewer), viewer.get("kind") == "organizer"
    for p in game["players"]:
        own = p["seat"] == me
        if not own:
            p["bid"] = None
            if not organizer:
                p["thug_cards"] = face_down(p)          # Windfall draws counted in, unnamed
                p["windfall"] = None
            if not organizer:
                p["muscle_hand"] = len(p["muscle_hand"])
    for d in game.get("declared") or []:              # face down until it resolves
        if d["seat"] != me and not organizer:
            d.update({k: None for k in d if k != "seat"})
    if not organizer:
        for deck in game["decks"].values():
            deck["draw"] = len(deck["draw"])
        for d in game.get("deals") or []:
            _hide_cards(d, me)
    cash.hide_in_view(state, game, viewer, me)
    return game


def lobby_view(state: dict) -> dict:
    """Before the deal: the board the game will be played on, nothing dealt yet."""
    return {"round": None, "phase": None, "speakeasies": board_speakeasies(state["seats_total"]),
            "offers": None, "copper_at": None, "deals": []}


def _hide_cards(deal: dict, me) -> None:
    """Thug card ids in a deal are for its two parties (and the organizer): others see counts."""
    if me in (deal.get("from"), deal.get("to")):
        return
    for side in ("give", "get"):
        cards = (deal.get(side) or {}).get("thug_cards")
        if cards:
            deal[side]["thug_cards"] = len(cards)


#: what of a declaration (and of a declared card going back to the hand) only its seat sees
_DECLARED = {"thug_declared": ("card", "kind", "targets"),
             "thug_returned": ("card", "kind", "reason"), "influence_declared": ("placements",)}


def redact_event(event: dict, viewer: dict) -> dict:
    out = copy_value(event)
    me, organizer = seat_of(viewer), viewer.get("kind") == "organizer"
    p, kind = out.get("payload") or {}, out.get("type")
    if kind == "deck_shuffled" and not organizer:
        hide_shuffle_order(p)
    elif kind == "bid_placed" and p.get("seat") != me:
        p["card"] = None
    elif kind == "muscle_dealt" and p.get("seat") != me and not organizer:
        p["cards"] = None
        p["count"] = len(event["payload"]["cards"])
    elif kind in _DECLARED and p.get("seat") != me and not organizer:
        p.update({k: None for k in _DECLARED[kind]})    # a declared card, until revealed
        p.pop("why", None)                              # (a returned one's reason, in no language)
    elif kind == "windfall_drawn" and p.get("seat") != me and not organizer:
        p["card"] = None                    # a blind draw only its holder sees
    elif kind in ("deal_proposed", "deal_accepted") and not organizer:
        _hide_cards(p, me)
    cash.redact_totals(kind, p, me, organizer)
    return out
