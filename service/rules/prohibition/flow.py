"""The kernel's one loop: while the current step is complete, run what follows it.

A turn: Production (1D6 picks a Source, it gains 2D6 Cases), Consumption (every wet
Establishment loses a Case), then the Action phase (`move` step) with its `buy`/`sell`
questions. When the turn ends: the Culture bankroll, the game-end check, the next turn.
"""
from __future__ import annotations

from service.rules.common import steps

from . import data
from .model import culture_left, player, space
from .steps import STEPS, pending


def open_step(em, step: str, seat: int, **extra) -> None:
    em.emit("step_started", {"step": step, "seats": [seat], **extra})


def start_turn(em, seat: int, round_: int) -> None:
    g = em.game
    em.emit("turn_started", {"seat": seat, "round": round_, "turn": g["turn_number"] + 1})
    face = em.oracle.dice("production", 1)
    source = data.PRODUCTION[face[0]]
    em.emit("dice_rolled", {"purpose": "production", "dice": face, "seat": seat,
                            "source": source})
    em.roll("shipment", 2, seat=seat, source=source)
    wet = {str(s["space"]): 1 for s in g["board"]
           if s["kind"] == data.ESTABLISHMENT and s["cases"] > 0}
    em.emit("cases_consumed", {"spaces": wet})
    em.roll("action", data.ACTION_DICE, seat=seat)
    open_step(em, "move", seat)


def _ranking(g: dict) -> list[int]:
    """Most Bankrolls first. Seats level on Bankrolls are listed in seat order: that order
    decides nothing (they share the win or the place; Cases have no end value)."""
    return sorted(g["order"], key=lambda s: (-player(g, s)["bankrolls"], s))


def end_game(em, reason: str) -> None:
    """`winners`: every seat with the most Bankrolls (the seed names no tie-break, so tied
    Mobsters share the win); `winner` is that seat alone, or None when the win is shared.
    Games recorded before `winners` existed keep their one `winner` (evolve, views)."""
    g = em.game
    ranking = _ranking(g)
    best = player(g, ranking[0])["bankrolls"]
    winners = [s for s in ranking if player(g, s)["bankrolls"] == best]
    em.emit("game_ended", {
        "winner": winners[0] if len(winners) == 1 else None, "winners": winners,
        "ranking": ranking, "reason": reason, "tied_on_bankrolls": winners,
        "bankrolls": {str(p["seat"]): p["bankrolls"] for p in g["players"]},
        "cases": {str(p["seat"]): p["cases"] for p in g["players"]}})


def end_turn(em) -> None:
    """The Culture bankroll, the end of the turn, then the game end or the next turn."""
    g = em.game
    t, seat = g["turn"], g["turn"]["seat"]
    here = space(g, player(g, seat)["space"])
    if t["own_moved"] and here["kind"] == data.CULTURE and here["bankrolls"] > 0:
        em.emit("culture_bankroll_taken", {"seat": seat, "space": here["space"]})
    em.emit("turn_ended", {"seat": seat, "unused_dice": sorted(t["declined"])})
    if culture_left(g) == 0:
        return end_game(em, "culture_empty")
    order = g["order"]
    nxt = order[(order.index(seat) + 1) % len(order)]
    round_ = g["round"] + (1 if nxt == order[0] else 0)
    if round_ > g["round_limit"]:
        return end_game(em, "round_limit")
    start_turn(em, nxt, round_)


def _after_question(em) -> None:
    """A buy/sell answer: back to the dice, or the turn is over when none is left."""
    seat, dice = em.game["turn"]["seat"], em.game["turn"]["dice"]
    if dice:
        open_step(em, "move", seat)
    else:
        end_turn(em)


ON_COMPLETE = {
    "move": end_turn,
    "buy": _after_question,
    "sell": _after_question,
}


def advance(em) -> None:
    """Run automatic work until the game waits for the player whose turn it is."""
    steps.advance(em, STEPS, pending, ON_COMPLETE)
