"""docs/rules.md "A round, step by step", Phases 2-6, influence levels, the end, and the timers."""
from __future__ import annotations

import pytest

from service.rules.bootleggers import RULESET
from service.rules.bootleggers.model import compute_levels
from service.rules.errors import RuleViolation

from .situations import give_truck, pass_step, set_influence, table, to_step

MANY = [1] * 400


# --- Phase 2 and influence levels ---------------------------------------------------------------
def test_phase2_one_complete_placement_each_in_muscle_order():
    t = table(4, MANY)
    to_step(t, "place_influence")
    assert t.waiting() == {"step": "place_influence", "seats": [1]}
    with pytest.raises(RuleViolation) as err:
        t.send(2, {"type": "place_influence", "placements": {"mothers": 1}})
    assert err.value.code == "not_your_turn"
    t.send(1, {"type": "place_influence", "placements": {"mothers": 1}})
    assert t.waiting()["seats"] == [2] and t.player(1)["back_room"]["influence"] == 0
    with pytest.raises(RuleViolation) as err:
        t.send(2, {"type": "place_influence", "placements": {"mothers": 2}})
    assert err.value.code == "insufficient_markers"
    with pytest.raises(RuleViolation) as err:
        t.send(2, {"type": "place_influence", "placements": {"omalleys": 1}})
    assert err.value.code == "no_influence_here"


def test_capacity_is_the_circles_and_open_at_shaded():
    t = table(4, MANY)
    to_step(t, "place_influence")
    set_influence(t, "mothers", {2: 4, 3: 4})
    assert t.speakeasy("mothers")["open"]
    t.player(1)["back_room"]["influence"] = 2
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "place_influence", "placements": {"mothers": 2}})
    assert err.value.code == "capacity"
    assert err.value.detail == "Mother's has 9 circles and 8 are taken — you can place 1 more"
    t.send(1, {"type": "place_influence", "placements": {"texas_lils": 2}})
    assert not t.speakeasy("texas_lils")["open"]          # 2 of 3 shaded
    set_influence(t, "texas_lils", {1: 3})
    assert t.speakeasy("texas_lils")["open"]


def test_influence_levels():
    m = {1: 40, 2: 30, 3: 20}.get
    assert compute_levels({"1": 2, "2": 2}, m) == {"1": "controlling", "2": "minority"}
    assert compute_levels({"1": 2, "2": 2}, {1: 10, 2: 30}.get) == {"1": "minority",
                                                                     "2": "controlling"}
    assert compute_levels({"1": 3, "2": 2, "3": 2}, m) == {"1": "majority", "2": "minority",
                                                          "3": "minority"}
    assert compute_levels({"1": 2, "2": 2, "3": 1}, m) == {"1": "minority", "2": "minority",
                                                          "3": "minority"}
    assert compute_levels({"3": 1}, m) == {"3": "controlling"}
    assert compute_levels({"1": 3, "2": 1, "3": 2}, m)["1"] == "controlling"


def test_anytime_influence_replaces_phase_2():
    t = table(4, MANY, options={"influence": "anytime"})
    with pytest.raises(RuleViolation) as err:
        t.send(3, {"type": "place_influence", "placements": {"mothers": 1}})
    assert err.value.code == "wrong_step"               # Muscle cards not displayed yet
    for p in t.game["players"]:
        t.send(p["seat"], {"type": "bid", "card": max(p["muscle_hand"])})
    t.send(3, {"type": "place_influence", "placements": {"mothers": 1}})   # not its turn
    assert t.speakeasy("mothers")["influence"] == {"3": 1}
    pass_step(t)
    assert t.game["step"] == "thug_window"              # no Phase 2 step: the window before
    assert t.waiting()["seats"] == [1, 2, 4]            # production waits for who can place
    pass_step(t)
    assert t.game["step"] == "deals"
    kinds = {a["type"] for a in RULESET.legal_actions(t.state, 4)["actions"]}
    assert kinds - {"propose_deal"} == {"pass", "place_influence"}     # deals are always open


# --- Phase 3 ----------------------------------------------------------------------------------
def _production_round(rnd, dice, copper_at=None):
    t = table(4, list(dice) + MANY)
    to_step(t, "place_influence")
    t.game["round"], t.game["copper_at"] = rnd, copper_at
    n = len(t.events)
    pass_step(t)
    return t, t.since(n)


def test_copper_waits_for_round_4_and_stops_from_round_5():
    t, evs = _production_round(3, [6, 5, 4, 3])
    assert not any(e["type"] == "copper_moved" for e in evs)
    t, evs = _production_round(4, [5, 1, 1, 1], copper_at=1)
    assert t.player(1)["crates"] == 5 and t.game["copper_at"] == 1   # round 4: no stop
    t, evs = _production_round(5, [5, 1, 1, 1], copper_at=1)
    assert t.player(1)["crates"] == 0 and t.game["copper_at"] == 4   # stopped; all 1s tie


def test_copper_tie_goes_to_lower_muscle():
    t, _ = _production_round(4, [6, 6, 2, 1])
    assert t.game["copper_at"] == 2


# --- Phase 4 ----------------------------------------------------------------------------------
def test_deals_load_and_dispatch_steps():
    t = table(4, [3, 0 + 2, 1, 1] + MANY)
    to_step(t, "deals")
    assert t.waiting() == {"step": "deals", "seats": [1, 2, 3, 4]}
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "load", "loads": {"small_1": 1}})
    assert err.value.code == "wrong_step"
    t.player(4)["crates"] = 0
    pass_step(t)
    assert t.waiting() == {"step": "load", "seats": [1, 2, 3]}      # David has no crates
    t.player(1)["crates"] = 6
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "load", "loads": {"small_1": 5}})
    assert err.value.code == "capacity" and "carries 4" in err.value.detail
    with pytest.raises(RuleViolation) as err:
        t.send(2, {"type": "load", "loads": {"small_2": 3}})
    assert err.value.code == "insufficient_crates"
    t.send(1, {"type": "load", "loads": {"small_1": 4}})
    t.send(3, {"type": "pass"})
    n = len(t.events)
    t.send(2, {"type": "load", "loads": {"small_2": 2}})
    assert "crates_dumped" not in t.types(n)       # unloaded crates last until Phase 4 ends
    assert t.waiting() == {"step": "dispatch", "seats": [1]}
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "dispatch", "routes": {"small_1": "mothers"}})
    assert err.value.code == "speakeasy_closed"
    t.send(1, {"type": "dispatch", "routes": {"small_1": "omalleys"}})
    n = len(t.events)
    t.send(2, {"type": "pass"})
    lost = [e["payload"] for e in t.since(n) if e["type"] == "cargo_lost"]
    assert lost == [{"seat": 2, "truck": "small_2", "crates": 2, "reason": "not_sent"}]
    dumped = {e["payload"]["seat"]: e["payload"]["crates"] for e in t.since(n)
              if e["type"] == "crates_dumped" and e["payload"]["reason"] == "not_loaded"}
    assert dumped == {1: 2, 3: 1}                   # the end of Phase 4
    sold = [e["payload"] for e in t.since(n) if e["type"] == "crates_sold"]
    assert [(s["seat"], s["crates"], s["price"]) for s in sold] == [(1, 4, 1)]


# --- Phase 5 ----------------------------------------------------------------------------------
def _at_texas_lils(influence, crates_by_seat, demand_dice, improvements=0):
    t = table(4, [1, 1, 1, 1] + list(demand_dice) + MANY)
    to_step(t, "deals")
    set_influence(t, "texas_lils", influence)
    t.speakeasy("texas_lils")["improvements"] = improvements
    for seat, n in crates_by_seat.items():
        t.player(seat)["crates"] = n
    for seat in range(1, 5):
        if seat not in crates_by_seat:
            t.player(seat)["crates"] = 0
    pass_step(t)
    for seat, n in crates_by_seat.items():
        t.send(seat, {"type": "load", "loads": {f"small_{seat}": n}})
    return t


def _dispatch_all(t, sid):
    n = len(t.events)
    while t.game["step"] == "dispatch":
        seat = t.waiting()["seats"][0]
        t.send(seat, {"type": "dispatch", "routes": {f"small_{seat}": sid}})
    return n


def test_no_leader_means_no_public_sales_and_demand_counts_improvements():
    t = _at_texas_lils({1: 1, 2: 1, 3: 1}, {1: 2, 4: 4}, [2], improvements=1)
    n = _dispatch_all(t, "texas_lils")
    evs = t.since(n)
    assert [e["payload"]["demand"] for e in evs if e["type"] == "selling_started"] == [3]
    sold = [(e["payload"]["seat"], e["payload"]["crates"]) for e in evs if e["type"] == "crates_sold"]
    assert sold == [(1, 2)]                       # seat 4 at the Public dock: nobody to ask
    assert not any(e["type"] == "public_dock_answered" for e in evs)
    assert t.game["round"] == 2


def test_public_dock_allowed_truck_by_truck_and_partial_sale():
    t = _at_texas_lils({1: 3}, {1: 1, 2: 4, 3: 4}, [6], improvements=1)   # demand 7
    n = _dispatch_all(t, "texas_lils")
    assert t.waiting() == {"step": "public_dock", "seats": [1]}
    la = RULESET.legal_actions(t.state, 1)
    assert la["actions"][0]["params"]["truck"]["choices"] == ["small_2"]
    t.send(1, {"type": "allow_public", "truck": "small_2", "allow": True})
    assert t.waiting() == {"step": "public_dock", "seats": [1]}
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "allow_public", "truck": "small_2", "allow": True})
    assert err.value.code == "wrong_truck"
    t.send(1, {"type": "allow_public", "truck": "small_3", "allow": True})
    sold = [(e["payload"]["seat"], e["payload"]["crates"]) for e in t.since(n)
            if e["type"] == "crates_sold"]
    assert sold == [(1, 1), (2, 4), (3, 2)]       # demand 7: seat 3 sells 2 of 4
    profit = sum(e["payload"]["amount"] for e in t.since(n) if e["type"] == "cash_paid"
                 and e["payload"]["reason"] == "profit")
    assert profit == 7 and t.game["round"] == 2


def test_first_refusal_ends_public_sales():
    t = _at_texas_lils({1: 3}, {2: 4, 3: 4}, [6])
    n = _dispatch_all(t, "texas_lils")
    t.send(1, {"type": "allow_public", "truck": "small_2", "allow": False})
    assert not any(e["type"] == "crates_sold" for e in t.since(n))
    assert t.game["round"] == 2


# --- Phase 6 and the end ------------------------------------------------------------------------
def _finish_round(t):
    rnd = t.game["round"]
    while t.game["round"] == rnd and not t.game["finished"]:
        if t.game["step"] == "bid":
            for p in t.game["players"]:
                t.send(p["seat"], {"type": "bid", "card": max(p["muscle_hand"])})
        else:
            pass_step(t)


def test_heat_after_round_4():
    t = table(4, MANY)
    to_step(t, "place_influence")
    t.game["round"] = 4
    for seat, c in ((1, 30), (2, 20), (3, 5), (4, 5)):
        t.player(seat)["cash"] = c
    n = len(t.events)
    _finish_round(t)
    evs = t.since(n)
    ann = [e["payload"] for e in evs if e["type"] == "cash_announced"]
    assert ann == [{"round": 4, "cash": {"1": 30, "2": 20, "3": 5, "4": 5}}]
    gained = [(e["payload"]["seat"], e["payload"]["reason"]) for e in evs
              if e["type"] == "influence_gained"]
    assert gained == [(1, "heat"), (2, "heat"), (3, "heat"), (4, "heat"), (4, "heat_last_place")]
    assert all(p["displayed_muscle"] is None for p in t.game["players"])
    assert all(len(p["muscle_hand"]) == 11 for p in t.game["players"])
    assert t.game["round"] == 5


def test_no_heat_after_other_rounds():
    t = table(4, MANY)
    n = len(t.events)
    _finish_round(t)
    assert not any(e["type"] in ("cash_announced", "influence_gained") for e in t.since(n))


def test_short_game_ends_after_round_8_winner_ties_to_muscle():
    t = table(3, MANY, options={"rounds": 8})
    to_step(t, "place_influence")
    t.game["round"] = 8
    for seat, c in ((1, 20), (2, 20), (3, 3)):
        t.player(seat)["cash"] = c
    _finish_round(t)
    assert t.game["finished"] and t.state["status"] == "finished"
    assert t.game["winner"] == 1 and t.state["winner"] == 1      # tie: higher Muscle
    ended = t.events[-1]["payload"]
    assert ended["reason"] == "last_round" and ended["ranking"] == [1, 2, 3]
    for cmd in ({"type": "pass"}, {"type": "bid", "card": 1}):
        with pytest.raises(RuleViolation) as err:
            t.send(2, cmd)
        assert err.value.code == "game_finished"
    assert RULESET.legal_actions(t.state, 1)["actions"] == []
    assert RULESET.waiting(t.state) == {"step": None, "seats": []}
    assert RULESET.timeout(t.state, t.oracle()) == []


def test_game_ends_when_anyone_reaches_100():
    t = table(4, MANY)
    t.player(3)["cash"] = 120
    _finish_round(t)
    assert t.game["finished"] and t.game["round"] == 1 and t.game["winner"] == 3
    assert t.events[-1]["payload"]["reason"] == "cash_100"


# --- timers -----------------------------------------------------------------------------------
def test_timeouts_apply_the_rules_defaults():
    t = table(4, [2, 2, 2, 2] + MANY)
    t.send(1, {"type": "bid", "card": 72})
    drafts = t.timeout()
    assert [d["type"] for d in drafts[:2]] == ["timed_out", "bid_placed"]
    assert all(d["actor"] == "system" for d in drafts)
    bids = next(d for d in drafts if d["type"] == "bids_revealed")["payload"]["bids"]
    assert bids == {"1": 72, "2": 13, "3": 10, "4": 7}          # lowest cards in hand
    while t.game["step"] != "load":
        t.timeout()
    give_truck(t, 2, "medium")
    t.player(2)["crates"] = 8
    drafts = t.timeout()
    loads = {d["payload"]["seat"]: d["payload"]["loads"] for d in drafts
             if d["type"] == "trucks_loaded"}
    assert loads[2] == {"medium_1": 6, "small_2": 2}             # biggest first
    drafts = t.timeout()
    routes = [r["speakeasy"] for d in drafts if d["type"] == "trucks_dispatched"
              for r in d["payload"]["routes"]]
    assert routes == ["omalleys"]
    assert drafts[0]["payload"]["timeout_for"] == drafts[0]["payload"]["seat"]


def test_anytime_influence_can_remove_the_leader_and_the_question_lapses():
    t = table(4, [1, 1, 1, 1, 6] + MANY, options={"influence": "anytime"})
    to_step(t, "deals")
    set_influence(t, "texas_lils", {1: 2, 2: 1})             # seat 1 controlling
    for seat, n in ((2, 4), (3, 4)):
        t.player(seat)["crates"] = n
    t.player(1)["crates"] = t.player(4)["crates"] = 0
    pass_step(t)
    t.send(2, {"type": "load", "loads": {"small_2": 4}})
    t.send(3, {"type": "load", "loads": {"small_3": 4}})
    pass_step(t) if t.game["step"] == "thug_window" else None
    t.send(2, {"type": "dispatch", "routes": {"small_2": "texas_lils"}})   # minority dock
    t.send(3, {"type": "dispatch", "routes": {"small_3": "texas_lils"}})   # public dock
    pass_step(t) if t.game["step"] == "thug_window" else None
    assert t.waiting() == {"step": "public_dock", "seats": [1]}
    t.player(2)["back_room"]["influence"] = 1
    n = len(t.events)
    t.send(2, {"type": "place_influence", "placements": {"texas_lils": 1}})  # 2-2: seat 1
    assert t.speakeasy("texas_lils")["levels"]["1"] == "controlling"        # wins on Muscle
    assert t.waiting() == {"step": "public_dock", "seats": [1]}
    t.player(4)["back_room"]["influence"] = 2
    t.send(4, {"type": "place_influence", "placements": {"texas_lils": 1}})  # 2-2-1: nobody leads
    assert t.game["round"] == 2
    assert not any(e["type"] == "public_dock_answered" for e in t.since(n))
