"""Hidden information: what each viewer may see of the state and of each event.

- A Booze card (Mob) is its holder's until the player is Exposed or the game ends.
- A Movement card chosen in the Move Phase is sealed until the reveal, from everyone but
  its player — the organizer included, who may be playing (like a Muscle bid).
- Face-down Delivery cards are their holder's; others see how many (public, seed p. 6).
- A Tail's look (and the Docks' peek, and a card discarded unseen) is for the looking
  player only; a Tail's target sees what he already holds.
- Deck order is the organizer's. The organizer sees all the rest. Always copies.
"""
from __future__ import annotations

from events.canonical import copy_value
from service.rules.common.views import hide_shuffle_order, seat_of

from . import data
from .model import player


def view(state: dict, viewer: dict) -> dict:
    game = copy_value(state.get("game"))
    if game is None:
        return None
    me, organizer = seat_of(viewer), viewer.get("kind") == "organizer"
    tail = game.get("tail")
    if tail and me == tail["seat"]:
        game["tail"]["cards"] = copy_value(player(game, tail["target"])["deliveries"])
    for p in game["players"]:
        own = p["seat"] == me
        if not own:
            p["chosen"] = None
        if own or organizer:
            continue
        if not (p["exposed"] or game["finished"]):
            p["mob"], p["booze"] = None, None
        p["deliveries"] = [c if c["face_up"] else {"id": None, "face_up": False}
                           for c in p["deliveries"]]
    if not organizer:
        game["deck"] = len(game["deck"])
    return game


def lobby_view(state: dict) -> dict:
    """Before the deal: the Locations the game will use (house data unless supplied)."""
    from .setup import locations_of
    return {"round": None, "phase": None, "baron": None,
            "locations": [{**l, "cards": []} for l in locations_of(state.get("options") or {})],
            "mobs": list(data.MOBS)}


def redact_event(event: dict, viewer: dict) -> dict:
    out = copy_value(event)
    me, organizer = seat_of(viewer), viewer.get("kind") == "organizer"
    p, kind = out.get("payload") or {}, out.get("type")
    if kind == "deck_shuffled" and not organizer:
        hide_shuffle_order(p)
    elif kind == "booze_dealt" and p.get("seat") != me and not organizer:
        p["mob"], p["booze"] = None, None
    elif kind == "movement_chosen" and p.get("seat") != me:
        p["location"] = None
    elif kind == "deliveries_viewed" and me not in (p.get("seat"), p.get("target")) and not organizer:
        p["count"] = len(p.get("cards") or [])
        p["cards"] = None
    elif kind in ("deck_peeked", "delivery_discarded") and p.get("seat") != me and not organizer:
        p["card"] = None
    return out
