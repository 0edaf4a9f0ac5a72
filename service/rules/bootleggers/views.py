"""Hidden information: what each viewer may see of the state and of each event.

A seat sees its own Muscle hand, sealed bid and Thug cards; others see counts. Sealed bids
are hidden from everyone but the bidder until the reveal (the organizer included, since an
organizer may also be playing). Deck order is for the organizer only. Always copies.
"""
from __future__ import annotations

import copy


def _seat_of(viewer: dict) -> int | None:
    return int(viewer["seat"]) if viewer.get("kind") == "seat" else None


def view(state: dict, viewer: dict) -> dict:
    game = copy.deepcopy(state.get("game"))
    if game is None:
        return None
    me, organizer = _seat_of(viewer), viewer.get("kind") == "organizer"
    for p in game["players"]:
        own = p["seat"] == me
        if not own:
            p["bid"] = None
            p["thug_cards"] = len(p["thug_cards"])
            if not organizer:
                p["muscle_hand"] = len(p["muscle_hand"])
    if not organizer:
        for deck in game["decks"].values():
            deck["draw"] = len(deck["draw"])
    return game


_ORDER_HIDDEN = {"deck_shuffled"}


def redact_event(event: dict, viewer: dict) -> dict:
    out = copy.deepcopy(event)
    me, organizer = _seat_of(viewer), viewer.get("kind") == "organizer"
    p, kind = out.get("payload") or {}, out.get("type")
    if kind in _ORDER_HIDDEN and not organizer:
        p["count"] = len(p.get("order") or [])
        p["order"] = None
    elif kind == "bid_placed" and p.get("seat") != me:
        p["card"] = None
    elif kind == "muscle_dealt" and p.get("seat") != me and not organizer:
        p["cards"] = None
        p["count"] = len(event["payload"]["cards"])
    elif kind == "thug_card_drawn" and p.get("seat") != me:
        p["card"] = None
    return out
