"""Thug cards on people and cards: Big City Boys, Moll, Friendly Union Boss, Windfall, and
G-Men—Investigation (which `thugs/__init__.py` plays without a reaction window).

Windfall is played in the Muscle phase (Phase 1) — "when drawn", or in a later round's —
and is a blind draw from the Men of Action deck that only its holder (and the organizer)
sees. "The card drawn is played according to its usual rules": a drawn Thug card joins the
hand (play it or keep it); an Influence or Improvement card "must be played immediately", so
it is redeemed in the same command (`windfall_used` right after `windfall_drawn`). A Double
Still Improvement takes the Windfall play's optional `choice` ("dice" unless "remote_still"
is asked for and a Remote Still is left). Draws kept in `windfall` by games recorded before
that rule are still redeemed with `play_thug {card: <its id>}` as they were.
"""
from __future__ import annotations

from service.rules.errors import Message

from .. import data, words
from ..model import player, remote_stills_in_play
from .. import phase1
from .base import Card, bad, base, need, other_seat


def bcb_check(g, seat, t):
    need(t, "seat")
    if t["seat"] not in [p["seat"] for p in g["players"]]:
        raise bad("unknown_seat", f"there is no seat {t['seat']!r}", 422,
                  message=Message("problem-bl-no-seat", seat=str(t["seat"])))
    return {"seat": int(t["seat"])}


def bcb_resolve(em, seat, t):
    em.emit("round_effect", {"kind": "big_city_boys", "seat": seat, "target": t["seat"]})


def moll_check(g, seat, t):
    need(t, "seat")
    return {"seat": other_seat(g, seat, t["seat"])}


def moll_resolve(em, seat, t):
    """One die; the victim pays that much to the bank, or what he has (FAQ: a free pass)."""
    roll = em.oracle.dice("moll", 1)
    em.emit("dice_rolled", {"purpose": "moll", "dice": roll, "seat": seat})
    paid = min(roll[0], player(em.game, t["seat"])["cash"])
    em.emit("moll_spent", {"seat": seat, "target": t["seat"], "roll": roll[0], "paid": paid})
    em.pay(t["seat"], "bank", paid, "moll")


def boss_check(g, seat, t):
    if player(g, seat)["union_boss"]:
        raise bad("already", "your Friendly Union Boss is already displayed",
                  message=Message("problem-bl-union-boss-shown"))
    return {}


def windfall_check(g, seat, t):
    choice = t.get("choice")
    if choice not in (None, "dice", "remote_still"):
        raise bad("bad_choice", 'choice is "dice" or "remote_still" (used if the draw is a '
                  "Double Still Improvement)", 422, message=Message("problem-bl-windfall-choice"))
    if base(g)["phase"] != 1:
        raise bad("wrong_window", "Windfall is played in the Muscle phase (Phase 1): in the round "
                  "you take it, or in Phase 1 of a later round", message=Message("problem-bl-windfall-window"))
    moa = g["decks"]["men_of_action"]
    if not moa["draw"] and not moa["discard"]:
        raise bad("empty_deck", "the Men of Action deck and its discard pile are empty",
                  message=Message("problem-bl-moa-empty"))
    return {"choice": choice} if choice else {}


def windfall_resolve(em, seat, t):
    g = em.game
    moa = g["decks"]["men_of_action"]
    if not moa["draw"]:
        order = em.oracle.shuffle("men_of_action", sorted(moa["discard"]))
        em.emit("deck_shuffled", {"deck": "men_of_action", "order": order,
                                  "reason": data.RESHUFFLE_REASON})
    card = g["decks"]["men_of_action"]["draw"][0]
    em.emit("windfall_drawn", {"seat": seat, "card": card, "round": g["round"]})
    if not data.card_kind(card).startswith("thug:"):      # played at once, never kept
        choice = None
        if data.card_kind(card) == "double_still_improvement":
            choice = t.get("choice") or "dice"
            if choice == "remote_still" and remote_stills_in_play(g) >= data.REMOTE_STILLS:
                choice = "dice"
        redeem(em, seat, card, {"choice": choice} if choice else {})


def investigation_check(g, seat, t):
    target = t.get("target")
    if target == "pending":
        pend = g["pending_thug"]
        if not pend:
            raise bad("nothing_pending", "no Thug card is waiting to resolve; Investigation is "
                      "played on a card just played (or on a displayed Friendly Union Boss)",
                      message=Message("problem-bl-nothing-pending"))
        if pend["seat"] == seat:
            raise bad("bad_target", "you cannot investigate your own card",
                      message=Message("problem-bl-investigate-own"))
        return {"target": "pending"}
    if target == "friendly_union_boss":
        need(t, "seat")
        victim = other_seat(g, seat, t["seat"])
        if not player(g, victim)["union_boss"]:
            raise bad("bad_target", f"seat {victim} displays no Friendly Union Boss",
                      message=Message("problem-bl-no-union-boss", seat=str(victim), player=words.who(g, victim)))
        if g["pending_thug"]:
            raise bad("thug_pending", "a Thug card is waiting to resolve; now Investigation can "
                      'only target it ("target": "pending")',
                      message=Message("problem-bl-investigation-pending-only"))
        return {"target": "friendly_union_boss", "seat": victim}
    raise bad("missing_target", 'Investigation needs target "pending" or "friendly_union_boss" '
              "(with seat)", 422, message=Message("problem-bl-investigation-target"))


def investigation_candidates(g, seat):
    yield {"target": "pending"}
    for p in g["players"]:
        yield {"target": "friendly_union_boss", "seat": p["seat"]}


# --- redeeming a Windfall draw --------------------------------------------------------------------
def windfall_entry(g, seat, card):
    return next((w for w in player(g, seat)["windfall"] if w["card"] == card), None)


def check_redeem(g, seat, card, t):
    w = windfall_entry(g, seat, card)
    if w["round"] != g["round"] and base(g)["phase"] != 1:
        raise bad("wrong_window", f"your Windfall {data.card_name(card)} was kept from round "
                  f"{w['round']}; play it in the Muscle phase (Phase 1) of a later round",
                  message=Message("problem-bl-windfall-kept", card=words.card(card), round=w["round"]))
    extra = set(t) - {"choice"}
    if extra:
        raise bad("bad_target", f"a Windfall {data.card_name(card)} takes no "
                  f"{', '.join(sorted(extra))}", 422,
                  message=Message("problem-bl-windfall-takes-no", card=words.card(card),
                                  fields=", ".join(sorted(extra))))
    phase1.check_choice(g, card, t.get("choice"))


def redeem(em, seat, card, t):
    payload = {"seat": seat, "card": card}
    if t.get("choice"):
        payload["choice"] = t["choice"]
    em.emit("windfall_used", payload)
    phase1.redeem(em, seat, data.card_kind(card), t.get("choice"))


def redeem_candidates(g, seat):
    for w in player(g, seat)["windfall"]:
        if data.card_kind(w["card"]) == "double_still_improvement":
            yield w["card"], {"choice": "dice"}
            yield w["card"], {"choice": "remote_still"}
        else:
            yield w["card"], {}


def _seats(g, seat):
    for p in g["players"]:
        yield {"seat": p["seat"]}


CARDS = {
    "big_city_boys": Card(bcb_check, bcb_resolve, _seats),
    "moll": Card(moll_check, moll_resolve, _seats),
    "friendly_union_boss": Card(boss_check, lambda em, seat, t: None, lambda g, seat: [{}]),
    "windfall": Card(windfall_check, windfall_resolve,
                     lambda g, seat: [{}, {"choice": "remote_still"}]),
    "g_men_investigation": Card(investigation_check, lambda em, seat, t: None,
                                investigation_candidates),
}
