"""Cash is announced, not shown (docs/rules.md "Cash is announced, not shown").

`cash: "announced"`: a seat sees its own cash and the others' as of the last announcement
(after Rounds 4 and 8, and at the end); spectators the announced figures; the organizer's
own view every total. Payments stay public events. A game recorded without the option is
`open` (events are forever). Bots play from their seat's view: the deal examples and the
stand-in read no hidden total.
"""
from __future__ import annotations

from service.i18n.message import render

import functools
import random

import pytest

from events.canonical import copy_value
from projections.core import evolve as core_evolve
from service.rules.bootleggers import RULESET, cash
from service.rules.bootleggers.stand_in import stand_in
from service.rules.bootleggers.steps import pending
from service.rules.errors import RuleViolation
from service.streams.rng import SeededOracle

from .harness import Table, ruleset_for

ANNOUNCED = {"cash": "announced"}
SEAT = lambda n: {"kind": "seat", "seat": n}  # noqa: E731
SPECTATOR, ORGANIZER = {"kind": "spectator"}, {"kind": "organizer"}


def _play_until(t: Table, rnd: random.Random, stop, limit=6000):
    """Random legal examples (deals and Thug cards often) until `stop(t)` holds."""
    for _ in range(limit):
        if stop(t) or t.game["finished"]:
            return t
        w = t.waiting()
        seat = rnd.choice(w["seats"])
        acts = RULESET.legal_actions(t.state, seat)["actions"]
        keen = [a for a in acts if a["type"] in ("propose_deal", "accept_deal", "play_thug")]
        act = rnd.choice(keen if keen and rnd.random() < 0.3 else acts)
        t.send(seat, rnd.choice(act["examples"]))
    raise AssertionError("the stop condition never held")


@functools.lru_cache(maxsize=None)
def _game(seats=3, rounds=8, seed=11, options=None):
    opts = {"rounds": rounds, **dict(options or ANNOUNCED.items())}
    return _play_until(Table(seats, opts, seed=seed.to_bytes(32, "big")), random.Random(seed),
                       lambda t: False)


def _rule_cash(t: Table, seat: int, amount: int) -> None:
    t.apply(RULESET.decide(t.state, ORGANIZER, {"type": "ruling", "kind": "set_cash", "seat": seat,
                                                "cash": amount, "reason": "test"}, t.oracle()), ORGANIZER)


def _cash_of(view, seat):
    return next(p for p in view["players"] if p["seat"] == seat)


def _differ(t: Table) -> bool:
    """Someone's cash differs from what was last announced (or nothing announced yet)."""
    g = t.game
    return g["round"] >= 2 and len({p["cash"] for p in g["players"]}) > 1


# --- options ------------------------------------------------------------------------------------
def test_the_option_is_announced_or_open():
    assert RULESET.validate_options({"cash": "announced"}, 4) == {}
    assert RULESET.validate_options({"cash": "open"}, 4) == {}
    assert "cash" in RULESET.validate_options({"cash": "hidden"}, 4)


def test_a_game_recorded_without_the_option_is_open():
    """Events are forever: the option's absence in a stored game_created means open."""
    t = Table(4)
    assert "cash" not in t.state["options"]
    assert cash.mode(t.state) == "open"
    for viewer in (SEAT(2), SPECTATOR):
        view = RULESET.view(t.state, viewer)
        assert view["cash_visibility"] == "open"
        assert all(isinstance(p["cash"], int) for p in view["players"])
        assert all("cash_announced" not in p for p in view["players"])


# --- the views ----------------------------------------------------------------------------------
def test_a_seat_sees_its_own_cash_and_not_the_others_before_any_announcement():
    t = _play_until(Table(4, ANNOUNCED), random.Random(1), _differ)
    me = RULESET.view(t.state, SEAT(1))
    assert me["cash_visibility"] == "announced" and me["cash_announced_round"] is None
    assert _cash_of(me, 1)["cash"] == t.player(1)["cash"]
    for s in (2, 3, 4):
        assert _cash_of(me, s)["cash"] is None and _cash_of(me, s)["cash_announced"] is None
    spectator = RULESET.view(t.state, SPECTATOR)
    assert all(p["cash"] is None for p in spectator["players"])
    organizer = RULESET.view(t.state, ORGANIZER)
    assert [p["cash"] for p in organizer["players"]] == [p["cash"] for p in t.game["players"]]


def test_after_round_4_the_others_show_the_announced_figures_until_round_8():
    t = _play_until(Table(3, {"rounds": 12, **ANNOUNCED}, seed=bytes(31) + b"\x05"), random.Random(5),
                    lambda t: t.game["round"] >= 5)
    announced = t.game["announced_cash"]
    _rule_cash(t, 2, announced["2"] + 13)      # seat 2's total moves on after the announcement
    assert [e["payload"]["round"] for e in t.events if e["type"] == "cash_announced"] == [4]
    for viewer, me in ((SEAT(1), 1), (SPECTATOR, None)):
        view = RULESET.view(t.state, viewer)
        assert view["cash_announced_round"] == 4
        for p in view["players"]:
            assert p["cash_announced"] == announced[str(p["seat"])]
            assert p["cash"] == (t.player(p["seat"])["cash"] if p["seat"] == me else None)


def test_at_the_end_every_total_is_shown():
    t = _game()
    assert t.game["finished"]
    for viewer in (SEAT(1), SPECTATOR):
        view = RULESET.view(t.state, viewer)
        assert [p["cash"] for p in view["players"]] == [p["cash"] for p in t.game["players"]]


@pytest.mark.parametrize("seed", (7, 9))
def test_the_view_names_the_round_of_the_announced_figures(seed):
    """The fold keeps the figures, not their round (golden records refold unchanged): at every
    version a seat is awaited (where every command leaves the game) the view names the round
    of the last `cash_announced`; inside the command that ends a Heat round the figures shown
    are the announced ones whatever the label."""
    t = _game(rounds=12, seed=seed)
    state, last, checked = {"version": 0, "status": "none"}, None, 0
    for e in t.events:
        state = core_evolve(state, e, ruleset_for)
        if e["type"] == "cash_announced":
            last = e["payload"]["round"]
        g = state.get("game")
        if g and not g["finished"]:
            view = RULESET.view(state, SPECTATOR)
            if pending(g):
                checked += 1
                assert view["cash_announced_round"] == last, e["version"]
            if last is not None:
                assert {str(p["seat"]): p["cash_announced"] for p in view["players"]} == g["announced_cash"]
    assert last == 8 and checked > 100


# --- events -------------------------------------------------------------------------------------
def test_payments_stay_public_and_no_event_states_another_seats_total():
    t = _game()
    payroll = [e for e in t.events if e["type"] == "payroll"]
    paid = [e for e in t.events if e["type"] == "cash_paid"]
    assert payroll and paid
    for e in payroll:
        mine = RULESET.redact_event(e, SEAT(e["payload"]["seat"]))["payload"]
        theirs = RULESET.redact_event(e, SEAT(e["payload"]["seat"] % 3 + 1))["payload"]
        assert mine["cash_before"] == e["payload"]["cash_before"]
        assert theirs["cash_before"] is None and theirs["paid"] == e["payload"]["paid"]
        assert RULESET.redact_event(e, ORGANIZER)["payload"] == e["payload"]
    for e in paid:
        assert RULESET.redact_event(e, SPECTATOR)["payload"] == e["payload"]


def test_a_set_cash_ruling_shows_its_totals_to_that_seat_and_the_organizer_only():
    t = Table(3, ANNOUNCED)
    _rule_cash(t, 2, 14)
    ruling = next(e for e in t.events if e["type"] == "ruling_applied")
    assert RULESET.redact_event(ruling, SEAT(2))["payload"]["cash"] == 14
    assert RULESET.redact_event(ruling, ORGANIZER)["payload"]["was"] == 10
    other = RULESET.redact_event(ruling, SEAT(1))["payload"]
    assert other["cash"] is None and other["was"] is None
    sentence = render("en", RULESET.sentences["ruling_applied"](other, lambda s: f"seat {s}"))
    assert "None" not in sentence and "14" not in sentence
    payment = next(e for e in t.events if e["type"] == "cash_paid" and e["payload"]["reason"] == "ruling")
    assert RULESET.redact_event(payment, SEAT(1))["payload"]["amount"] == 4   # the payment is public


# --- deals and bots -----------------------------------------------------------------------------
def _in_deals(t: Table, rnd):
    """Phase 4's deals step, everyone's payroll paid and some cash at every seat."""
    return _play_until(t, rnd, lambda t: t.game["step"] == "deals"
                       and all(p["cash"] for p in t.game["players"]))


def test_a_proposal_asking_for_cash_is_not_checked_against_the_others_total():
    t = _in_deals(Table(3, ANNOUNCED), random.Random(2))
    rich = t.player(2)["cash"] + 5
    t.send(1, {"type": "propose_deal", "to": 2, "give": {}, "get": {"cash": rich}, "promise": "x"})
    assert t.events[-1]["type"] == "deal_proposed"
    deal = t.events[-1]["payload"]["deal"]
    with pytest.raises(RuleViolation) as refused:
        t.send(2, {"type": "accept_deal", "deal": deal})
    assert refused.value.code == "insufficient_cash"


def test_open_keeps_the_check_at_proposal():
    t = _in_deals(Table(3, {"cash": "open"}), random.Random(2))
    with pytest.raises(RuleViolation) as refused:
        t.send(1, {"type": "propose_deal", "to": 2, "give": {}, "get": {"cash": t.player(2)["cash"] + 5},
                   "promise": ""})
    assert refused.value.code == "insufficient_cash" and f"${t.player(2)['cash']}G" in refused.value.detail


def test_accepting_a_deal_the_proposer_can_no_longer_pay_names_no_total():
    t = _in_deals(Table(3, ANNOUNCED), random.Random(2))
    have = t.player(1)["cash"]
    t.send(1, {"type": "propose_deal", "to": 2, "give": {"cash": have}, "get": {}, "promise": ""})
    deal = t.events[-1]["payload"]["deal"]
    _rule_cash(t, 1, 0)
    with pytest.raises(RuleViolation) as refused:
        t.send(2, {"type": "accept_deal", "deal": deal})
    assert refused.value.code == "insufficient_cash"        # the deal's own figure, not seat 1's total
    assert refused.value.detail == f"seat 1 does not have ${have}G any more"


def test_the_stand_in_leaves_a_deal_the_proposer_can_no_longer_pay_off_the_accept_list():
    """The receiver's accept list says the proposer's cash ran short; its stand-in agrees."""
    t = _in_deals(Table(3, ANNOUNCED), random.Random(2))
    have = t.player(1)["cash"]
    t.send(1, {"type": "propose_deal", "to": 2, "give": {"cash": have}, "get": {}, "promise": ""})
    for left in (0, have - 1, have):
        state = _with_cash(t.state, 1, left)
        look = stand_in(state, 2, SeededOracle(bytes(32), 1))
        assert RULESET.legal_actions(look, 2) == RULESET.legal_actions(state, 2)


def _with_cash(state, seat, amount):
    out = copy_value(state)
    next(p for p in out["game"]["players"] if p["seat"] == seat)["cash"] = amount
    return out


def test_a_seats_legal_actions_do_not_depend_on_anothers_hidden_total():
    """What the bots choose from (legal-actions) reads no hidden total."""
    t = _in_deals(Table(3, ANNOUNCED), random.Random(2))
    for other in (2, 3):
        legal = [RULESET.legal_actions(_with_cash(t.state, other, n), 1) for n in (0, 1, 57)]
        assert legal[0] == legal[1] == legal[2]
    t_open = _in_deals(Table(3, {"cash": "open"}), random.Random(2))
    broke = RULESET.legal_actions(_with_cash(t_open.state, 2, 0), 1)
    rich = RULESET.legal_actions(_with_cash(t_open.state, 2, 57), 1)
    assert broke != rich        # open: the examples read the others' cash, as before


def test_the_stand_in_holds_no_hidden_total():
    t = _play_until(Table(3, ANNOUNCED), random.Random(1), _differ)
    for n in (0, 33):
        look = stand_in(_with_cash(t.state, 2, n), 1, SeededOracle(bytes(32), 1))
        assert _cash_of(look["game"], 2)["cash"] == cash.known_figure(look["game"], {}) == 10
        assert _cash_of(look["game"], 1)["cash"] == t.player(1)["cash"]


@pytest.mark.parametrize("seed", range(4))
def test_random_announced_games_accept_every_example_and_hide_totals(seed):
    """The property run with the option: every example decide accepts; a seat's view never
    shows another's total while the game runs, and shows the announced figures."""
    rnd = random.Random(seed)
    t = Table(3 + seed % 4, {"rounds": 8, **ANNOUNCED}, seed=(100 + seed).to_bytes(32, "big"))
    moves = 0
    while not t.game["finished"]:
        moves += 1
        assert moves < 6000
        seat = rnd.choice(t.waiting()["seats"])
        acts = RULESET.legal_actions(t.state, seat)["actions"]
        keen = [a for a in acts if a["type"] in ("propose_deal", "accept_deal")]
        act = rnd.choice(keen if keen and rnd.random() < 0.4 else acts)
        t.send(seat, rnd.choice(act["examples"]))
        if moves % 7 == 0 and not t.game["finished"]:
            view = RULESET.view(t.state, SEAT(seat))
            for p in view["players"]:
                if p["seat"] != seat:
                    assert p["cash"] is None
                    announced = t.game["announced_cash"]
                    assert p["cash_announced"] == (announced[str(p["seat"])] if announced else None)
    assert all(isinstance(p["cash"], int) for p in RULESET.view(t.state, SPECTATOR)["players"])
