"""Thug cards on stills: Muscling In, Turf War, A Little Vigorish (and `answer_vigorish`).

Muscling In leaves the robbed remote still in play even with no die (it rolls nothing).
Turf War destroys a whole remote still with its dice, or one family-still die but never the
last. A Little Vigorish is played before this round's production: its owner is asked
(`vigorish` step) to pay $3G per die on that still to the player — only when able to pay in
full — or the still produces nothing this round; an owner who cannot pay is not asked.
"""
from __future__ import annotations

from service.rules.errors import Message, RuleViolation

from .. import data, words
from ..model import player, still
from .base import Card, a_still, bad, before_production, need


def _victim_still(g, seat, t):
    need(t, "seat", "still")
    if t["seat"] == seat:
        raise bad("bad_target", "play this card on another mobster's still",
                  message=Message("problem-bl-others-still"))
    return a_still(g, t["seat"], t["still"])


def muscling_check(g, seat, t):
    p, st = _victim_still(g, seat, t)
    if st["id"] == "family":
        raise bad("bad_target", "Muscling In is played on a Remote Still",
                  message=Message("problem-bl-muscling-remote"))
    if st["dice"] < 1:
        raise bad("no_die", f"{st['id']} has no die left to steal",
                  message=Message("problem-bl-no-die-to-steal", still=words.still(st["id"])))
    to = t.get("to_still") or "back_room"
    if to != "back_room":
        mine = still(player(g, seat), to)
        if mine is None:
            raise bad("unknown_still", f"you have no still {to!r}", 422,
                      message=Message("problem-bl-you-no-still", still=str(to)))
        if mine["dice"] >= data.STILL_CAPACITY:
            raise bad("capacity", f"your {to} still already holds {data.STILL_CAPACITY} dice",
                      message=Message("problem-bl-still-holds-max", still=words.still(to),
                                      count=data.STILL_CAPACITY))
    return {"seat": p["seat"], "still": st["id"], "to_still": to}


def muscling_resolve(em, seat, t):
    em.emit("die_moved", {"seat": seat, "from_seat": t["seat"], "from_still": t["still"],
                          "to": t["to_still"], "reason": "muscling_in"})


def muscling_candidates(g, seat):
    mine = ["back_room"] + [st["id"] for st in player(g, seat)["stills"]]
    for p in g["players"]:
        for st in p["stills"][1:]:
            for to in mine:
                yield {"seat": p["seat"], "still": st["id"], "to_still": to}


def turf_check(g, seat, t):
    p, st = _victim_still(g, seat, t)
    if st["id"] == "family" and st["dice"] <= 1:
        raise bad("last_die", "Turf War may not destroy the last die on a Family Still",
                  message=Message("problem-bl-turf-last-die"))
    return {"seat": p["seat"], "still": st["id"]}


def turf_resolve(em, seat, t):
    p, st = a_still(em.game, t["seat"], t["still"])
    if st["id"] == "family":
        em.emit("die_destroyed", {"seat": p["seat"], "still": "family", "reason": "turf_war"})
    else:
        em.emit("still_destroyed", {"seat": p["seat"], "still": st["id"], "dice": st["dice"],
                                    "reason": "turf_war"})


def _all_stills(g, seat):
    for p in g["players"]:
        for st in p["stills"]:
            yield {"seat": p["seat"], "still": st["id"]}


def vigorish_check(g, seat, t):
    if not before_production(g):
        raise bad("wrong_window", "A Little Vigorish is played on a still before this round's "
                  "production (Phases 1-2)", message=Message("problem-bl-vigorish-window"))
    p, st = _victim_still(g, seat, t)
    if st["dice"] < 1:
        raise bad("no_die", f"{st['id']} has no production die",
                  message=Message("problem-bl-no-production-die", still=words.still(st["id"])))
    if any(x == {"seat": p["seat"], "still": st["id"]} for x in g["effects"]["idle_stills"]):
        raise bad("already", f"{st['id']} of seat {p['seat']} already produces nothing this round",
                  message=Message("problem-bl-still-idle", still=words.still(st["id"]), seat=str(p["seat"]),
                                  player=words.named(p)))
    return {"seat": p["seat"], "still": st["id"]}


def vigorish_resolve(em, seat, t):
    """Ask the owner (a `vigorish` step) when he can pay in full; otherwise the still idles."""
    g = em.game
    owner, st = a_still(g, t["seat"], t["still"])
    amount = data.VIGORISH_PER_DIE * st["dice"]
    em.emit("vigorish_demanded", {"seat": owner["seat"], "to": seat, "still": st["id"],
                                  "amount": amount})
    if owner["cash"] >= amount:
        em.emit("step_started", {"phase": g["phase"], "step": "vigorish",
                                 "seats": [owner["seat"]]})
    else:
        em.emit("vigorish_answered", {"seat": owner["seat"], "still": st["id"], "pay": False,
                                      "amount": amount, "to": seat, "reason": "cannot_pay"})


def answer_vigorish(em, seat, cmd):
    v = em.game["vigorish"]
    if not v or v["seat"] != seat:
        raise RuleViolation("not_asked", "no Vigorish question is waiting for you",
                            message=Message("problem-bl-not-asked-vigorish"))
    pay = bool(cmd["pay"])
    em.emit("vigorish_answered", {"seat": seat, "still": v["still"], "pay": pay,
                                  "amount": v["amount"], "to": v["to"]})
    if pay:
        em.pay(seat, v["to"], v["amount"], "vigorish")


CARDS = {
    "muscling_in": Card(muscling_check, muscling_resolve, muscling_candidates),
    "turf_war": Card(turf_check, turf_resolve, _all_stills),
    "a_little_vigorish": Card(vigorish_check, vigorish_resolve, _all_stills),
}
