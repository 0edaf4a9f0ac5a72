"""The kernel's one loop: while the current step is complete, run its automatic work and open
the next step. What completes a step and what follows it is the table below (one function
per waiting step), so the round reads top to bottom as in docs/rules.md "A round, step by step".
"""
from __future__ import annotations

from service.rules.common.steps import as_system

from . import data, deals, forfeits, phase1, production, selling, shipping, thugs
from .model import markers_in_supply, muscle_order, muscle_rank, player
from .steps import STEPS, pending


def _open(em, step: str, seats: list[int]) -> None:
    em.emit("step_started", {"phase": STEPS[step].phase, "step": step, "seats": seats})


def start_round(em, number: int) -> None:
    em.emit("round_started", {"round": number})
    phase1.deal_round_cards(em)
    _open(em, "bid", [p["seat"] for p in em.game["players"]])


def _after_bid(em) -> None:
    phase1.reveal(em)
    _open(em, "choose_offer", muscle_order(em.game))


def _window(em, name: str, phase: int) -> None:
    """A `thug_window` before automatic work a card could change (docs/rules.md): it waits for
    the seats holding Thug cards, each declaring a card or passing; with none, the work goes
    on at once."""
    seats = thugs.window_seats(em.game)
    if seats:
        em.emit("step_started", {"phase": phase, "step": "thug_window", "seats": seats,
                                 "window": name})
    else:
        AFTER_WINDOW[name](em)


def _after_choose_offer(em) -> None:
    phase1.discard_unchosen(em)
    if em.game["influence_mode"] == "phase":
        _window(em, "after_choices", 1)
    else:
        _window(em, "before_production", 2)


def _after_place_influence(em) -> None:
    _window(em, "before_production", 2)


def _produce(em) -> None:
    production.run(em)
    _open(em, "deals", muscle_order(em.game))


def _after_deals(em) -> None:
    _open(em, "load", shipping.loadable_seats(em.game))


def _after_load(em) -> None:
    _window(em, "after_loading", 4)


def _dispatch(em) -> None:
    _open(em, "dispatch", shipping.dispatchable_seats(em.game))


def _after_dispatch(em) -> None:
    """The end of Phase 4: "All Crates that are not loaded on a truck by the end of Phase 4
    are lost (exception: Warehouse)" — so unloaded crates stay with their owner through the
    after-loading window and the dispatch (so Warehouse stays playable until now) — and
    loaded trucks not sent lose their cargo."""
    shipping.dump_unloaded(em)
    shipping.lose_unsent(em)
    _window(em, "lined_up", 4)


def _continue_selling(em) -> None:
    if selling.proceed(em):
        end_of_phase5(em)


def _close_window(em) -> None:
    """Every awaited seat answered: settle the declared cards (Muscle order), then go on."""
    if thugs.settle(em):
        AFTER_WINDOW[em.game["window"]](em)


AFTER_WINDOW = {
    "after_choices": lambda em: _open(em, "place_influence", muscle_order(em.game)),
    "before_production": _produce,
    "after_loading": _dispatch,
    "lined_up": _continue_selling,
}

ON_COMPLETE = {
    "bid": _after_bid,
    "choose_offer": _after_choose_offer,
    "place_influence": _after_place_influence,
    "deals": _after_deals,
    "load": _after_load,
    "dispatch": _after_dispatch,
    "public_dock": _continue_selling,
    "thug_window": _close_window,
    "reaction": thugs.resolve_pending,
    "vigorish": thugs.resume,
}


def end_of_phase5(em) -> None:
    """Game end check, else Phase 6 (the Heat) and the next round."""
    g = em.game
    deals.return_trucks(em)
    deals.lapse(em)
    shipping.return_crates(em)
    cash = {str(p["seat"]): p["cash"] for p in g["players"]}
    rich = any(c >= data.WIN_CASH for c in cash.values())
    if g["round"] >= g["rounds"] or rich:
        ranking = forfeits.ranking(g, cash, forfeits.forfeited(em))
        em.emit("game_ended", {
            "winner": ranking[0], "ranking": ranking, "cash": cash,
            "muscle": {str(p["seat"]): p["displayed_muscle"] for p in g["players"]},
            "reason": "cash_100" if rich and g["round"] < g["rounds"] else "last_round"})
        return
    if g["round"] in data.HEAT_ROUNDS:
        em.emit("cash_announced", {"round": g["round"], "cash": cash})
        for seat in muscle_order(g):
            if markers_in_supply(g, seat) > 0:
                em.emit("influence_gained", {"seat": seat, "count": 1, "reason": "heat"})
        poorest = min(muscle_order(g), key=lambda s: (cash[str(s)], muscle_rank(g, s)))
        if markers_in_supply(g, poorest) > 0:
            em.emit("influence_gained", {"seat": poorest, "count": 1, "reason": "heat_last_place"})
    em.emit("round_ended", {"round": g["round"],
                            "discarded_muscle": {str(p["seat"]): p["displayed_muscle"]
                                                 for p in g["players"]}})
    start_round(em, g["round"] + 1)


def advance(em) -> None:
    """Run automatic work until the game waits for somebody (or is over)."""
    with as_system(em) as g:
        while not g["finished"]:
            step = g["step"]
            if step not in STEPS:
                return
            waiting = pending(g)
            if step == "public_dock" and waiting:
                q = selling.public_question(g)
                if q is None or q["leader"] not in waiting:
                    waiting = []    # a card or a placement changed the leader: the question
                                    # is asked again of the new one, or lapses (docs/rules.md)
            if waiting:
                if step == "choose_offer" and not player(g, waiting[0])["payroll_paid"]:
                    phase1.payroll(em, waiting[0])
                if forfeits.play_for(em, waiting):
                    continue
                return
            ON_COMPLETE[step](em)
