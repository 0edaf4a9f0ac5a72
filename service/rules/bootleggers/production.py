"""Phase 3, Fire up the Still: production dice and the Copper.

Dice are rolled seat by seat in Muscle order, family still first, then remote stills in
the order they were opened (scripted games rely on this order).
"""
from __future__ import annotations

from . import data
from .model import muscle_order, muscle_rank, player


def run(em) -> None:
    g = em.game
    for seat in muscle_order(g):
        for st in list(player(g, seat)["stills"]):
            if st["dice"] < 1:
                continue
            if {"seat": seat, "still": st["id"]} in g["effects"]["idle_stills"]:
                em.emit("still_idle", {"seat": seat, "still": st["id"], "reason": "vigorish"})
                continue
            dice = em.oracle.dice("production", st["dice"])
            stopped = (st["id"] == "family" and g["round"] >= data.COPPER_STOPS_FROM
                       and g["copper_at"] == seat and data.COPPER_FACE in dice)
            em.emit("dice_rolled", {"purpose": "production", "seat": seat, "still": st["id"],
                                    "dice": dice, "crates": 0 if stopped else sum(dice),
                                    "stopped_by_copper": stopped})
    if g["round"] >= data.COPPER_MOVES_FROM:
        fam = g["family_production"]
        # most family-still crates; a tie goes to the lower Muscle ("least Muscle gets it")
        to = max(muscle_order(g), key=lambda s: (fam.get(str(s), 0), -muscle_rank(g, s)))
        em.emit("copper_moved", {"from": g["copper_at"], "to": to,
                                 "family_production": dict(fam)})
