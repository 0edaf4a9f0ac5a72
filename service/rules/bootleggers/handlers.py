"""The handler of each Bootleggers command a seat sends: what it does to the game, checked.

`run_command` is shared by `decide` (commands.py), the clock's timeouts (legal.py) and a
forfeited seat's moves (forfeits.py); it runs no automatic work (flow.py does).
"""
from __future__ import annotations

from . import deals, phase1, placement, selling, shipping, thugs

HANDLERS = {
    "bid": phase1.bid,
    "take_offer": phase1.take_offer,
    "place_influence": placement.place_influence,
    "place_die": placement.place_die,
    "place_improvement": placement.place_improvement,
    "load": shipping.load,
    "dispatch": shipping.dispatch,
    "allow_public": selling.allow_public,
    "play_thug": thugs.play,
    "answer_vigorish": thugs.answer_vigorish,
    "propose_deal": deals.propose,
    "accept_deal": deals.accept,
    "reject_deal": deals.reject,
    "withdraw_deal": deals.withdraw,
}


def run_command(em, seat: int, cmd: dict) -> None:
    kind = cmd["type"]
    if kind == "pass":
        if em.game["step"] == "choose_offer":
            phase1.check_pass(em.game)
        em.emit("passed", {"seat": seat, "step": em.game["step"]})
    else:
        HANDLERS[kind](em, seat, cmd)
