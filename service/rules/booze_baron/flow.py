"""The kernel's one loop: while the awaited step is complete, run its automatic work and
open the next step. The round reads top to bottom as in the seed: Move Phase (sealed
choices, one reveal), Action Phase (Baron first, clockwise), End of Round."""
from __future__ import annotations

from service.rules.common import steps

from . import data, scoring
from .model import clockwise_from, left_of, player, public_coins, unexposed
from .steps import STEPS, pending


def _open(em, step: str, seats: list[int]) -> None:
    em.emit("booze_step_opened", {"step": step, "seats": seats})


def start_round(em, number: int) -> None:
    em.emit("booze_round_started", {"round": number, "baron": em.game["baron"]})
    _open(em, "move", [p["seat"] for p in em.game["players"]])


def draw(em, count: int) -> None:
    for card in em.game["deck"][:count]:
        em.emit("delivery_drawn", {"card": card, "location": em.game["cards"][card]["location"]})


def _after_move(em) -> None:
    g = em.game
    em.emit("movements_revealed", {"moves": {str(p["seat"]): p["chosen"] for p in g["players"]}})
    _open(em, "action", clockwise_from(g, g["baron"]))


def _deck_runs_dry(em) -> None:
    """No Delivery cards left: the Unexposed player(s) with the fewest Coins are Exposed
    and put the Movement card of their current Location back in the box. END OF ROUND is
    read in its printed order, so this comes before the game-end check: a lone Unexposed
    player is Exposed too (his Mob then "last had an Unexposed Bootlegger")."""
    g = em.game
    standing = unexposed(g)
    if not standing:
        return
    low = min(public_coins(player(g, s)) for s in standing)
    for seat in standing:
        p = player(g, seat)
        if public_coins(p) == low:
            em.emit("bootlegger_exposed", {
                "seat": seat, "mob": p["mob"], "booze": p["booze"], "by": None, "guess": None,
                "movement": p["location"] if p["location"] in p["movement"] else None,
                "reason": "deck_empty"})


def end_of_round(em) -> None:
    g = em.game
    em.emit("baron_passed", {"from": g["baron"], "to": left_of(g, g["baron"])})
    draw(em, data.draw_per_round(len(g["players"])))
    if not g["deck"]:
        _deck_runs_dry(em)
    if len(unexposed(g)) < 2:
        _end_game(em)
        return
    em.emit("deliveries_turned_down", {"round": g["round"]})
    em.emit("booze_round_ended", {"round": g["round"]})
    start_round(em, g["round"] + 1)


def _end_game(em) -> None:
    g = em.game
    won = scoring.winners(g)
    em.emit("booze_game_ended", {
        "winner": won[0] if len(won) == 1 else " & ".join(won), "winners": won,
        "mob_coins": scoring.mob_scores(g),
        "coins": {str(p["seat"]): scoring.coins(g, p["seat"]) for p in g["players"]},
        "mobs": {str(p["seat"]): p["mob"] for p in g["players"]},
        "booze": {str(p["seat"]): p["booze"] for p in g["players"]},
        "reason": "fewer_than_two_unexposed"})


ON_COMPLETE = {"move": _after_move, "action": end_of_round}


def advance(em) -> None:
    """Run automatic work until the game waits for somebody (or is over)."""
    steps.advance(em, STEPS, pending, ON_COMPLETE)
