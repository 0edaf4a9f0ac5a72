"""Thug cards on a speakeasy's round: Word of Mouth, Copper in the House, G-Men—Bust a
Speakeasy, Thirsty, Packing Heat, and Opportunity Knocks (which moves an improvement).

Each "for one Round only" effect is a `round_effect` event kept in `game["effects"]` until
`round_ended`; selling.py reads it. Such a card needs the speakeasy open (as printed).
docs/rules.md "How late a card may come": one rule for the cards on a speakeasy's
sales — playable while that speakeasy still has crates lined up to sell (the Public-dock
question does not close it), refused `too_late` once it has finished selling. The effect
applies to the crates not yet sold; crates sold stay sold at their price. Played while the
speakeasy is selling, Thirsty's die is rolled at once and added to the demand still to be met,
Copper in the House makes it unlimited (selling.card_on_demand, `demand_changed`), and Bust a
Speakeasy closes it: the crates still lined up there are lost.
"""
from __future__ import annotations

from service.rules.errors import Message

from .. import selling, words
from ..model import sname, speakeasy
from .base import Card, a_speakeasy, bad, need, still_selling


#: per card: its name in the sentence once it is too late
NAMES = {"word_of_mouth": "Word of Mouth", "packing_heat": "Packing Heat", "thirsty": "Thirsty",
         "copper_in_the_house": "Copper in the House",
         "g_men_bust_a_speakeasy": "G-Men—Bust a Speakeasy"}


def _round_card(kind: str, omalleys: bool = False) -> Card:
    def check(g, seat, t):
        need(t, "speakeasy")
        s = a_speakeasy(g, t["speakeasy"], omalleys=omalleys)
        still_selling(g, s, NAMES[kind], words.thug(kind))
        fx = g["effects"]
        if kind == "copper_in_the_house" and s["id"] in fx["copper"]:
            raise bad("already", f"the Copper is already in the house at {sname(s['id'])}",
                      message=Message("problem-bl-copper-already", speakeasy=words.speakeasy(s["id"])))
        return {"speakeasy": s["id"]}

    def resolve(em, seat, t):
        em.emit("round_effect", {"kind": kind, "seat": seat, "speakeasy": t["speakeasy"]})
        selling.card_on_demand(em, speakeasy(em.game, t["speakeasy"]), kind, seat)

    def candidates(g, seat):
        for s in g["speakeasies"]:
            yield {"speakeasy": s["id"]}
    return Card(check, resolve, candidates)


def knocks_check(g, seat, t):
    need(t, "speakeasy", "to_speakeasy")
    src = a_speakeasy(g, t["speakeasy"], open_=False)
    dst = a_speakeasy(g, t["to_speakeasy"])
    if src["improvements"] < 1:
        raise bad("no_improvement", f"{sname(src['id'])} has no improvement marker to move",
                  message=Message("problem-bl-no-improvement-to-move", speakeasy=words.speakeasy(src["id"])))
    if src["id"] == dst["id"]:
        raise bad("bad_target", "move the improvement to another speakeasy",
                  message=Message("problem-bl-move-elsewhere"))
    if dst["improvements"] >= dst["squares"]:
        raise bad("capacity", f"{sname(dst['id'])} has no free improvement square",
                  message=Message("problem-bl-no-free-square", speakeasy=words.speakeasy(dst["id"])))
    return {"speakeasy": src["id"], "to_speakeasy": dst["id"]}


def knocks_resolve(em, seat, t):
    em.emit("improvement_moved", {"seat": seat, "from": t["speakeasy"], "to": t["to_speakeasy"]})


def knocks_candidates(g, seat):
    for a in g["speakeasies"]:
        if a["improvements"]:
            for b in g["speakeasies"]:
                yield {"speakeasy": a["id"], "to_speakeasy": b["id"]}


CARDS = {
    "word_of_mouth": _round_card("word_of_mouth"),
    "copper_in_the_house": _round_card("copper_in_the_house"),
    "g_men_bust_a_speakeasy": _round_card("g_men_bust_a_speakeasy", omalleys=True),
    "thirsty": _round_card("thirsty"),
    "packing_heat": _round_card("packing_heat"),
    "opportunity_knocks": Card(knocks_check, knocks_resolve, knocks_candidates),
}

__all__ = ["CARDS", "speakeasy"]
