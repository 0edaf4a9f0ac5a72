"""The payroll owed from the reveal (no cash parked between payrolls), cards at the Public
dock, and Hijack after the trucks are lined up. Each test cites the rulebook sentence it holds
the kernel to, and the docs/rules.md decision that settles it ("Payroll is owed from the reveal",
"How late a card may come", "Hijack, before and after dispatch").
Seat 1 has the most Muscle (situations.hands), then 2, 3, 4.
"""
from __future__ import annotations

import copy

import pytest

from service.rules.bootleggers import RULESET
from service.rules.errors import RuleViolation

from .situations import give_thug, loaded_for_a_hijack, pass_step, play, set_influence, table, to_step, top_bids, types

MANY = [1] * 400


def _refused(t, seat, cmd) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        t.send(seat, cmd)
    return err.value


def _accepted(t, seat, cmd) -> bool:
    try:
        RULESET.decide(copy.deepcopy(t.state), {"kind": "seat", "seat": seat}, cmd, t.oracle())
    except RuleViolation:
        return False
    return True


def _payroll(t, seat):
    return [e["payload"] for e in t.events if e["type"] == "payroll"
            and e["payload"]["seat"] == seat][-1]


# --- 1. The payroll loophole -------------------------------------------------------------------------
def _at_the_reveal():
    """Round 1, just after the reveal: seat 1 (Muscle 72) has paid its payroll, seat 4
    (Muscle 63: $3G, plus $1G graft on its Small Truck) has not — it pays at its turn."""
    t = table(4, MANY)
    top_bids(t)
    assert t.waiting() == {"step": "choose_offer", "seats": [1]}
    assert t.player(1)["payroll_paid"] and not t.player(4)["payroll_paid"]
    assert t.player(4)["cash"] == 10
    return t


def test_the_last_seat_cannot_park_its_cash_with_a_seat_that_has_paid():
    """Phase 1, 5a: each Mobster "pays Driver Graft ... and the required dough ... This cost
    represents the Mobster's payroll for this Round"; "if a Mobster cannot pay this, he pays
    what he can". The loophole: seat 4 hands its $10G to seat 1 (paid already), pays "what
    he can" — $0 — and gets it back. docs/rules.md: payroll is owed from the reveal; until it is
    paid, a deal moving the Mobster's cash away is refused (`payroll_pending`)."""
    t = _at_the_reveal()
    park = {"type": "propose_deal", "to": 1, "give": {"cash": 10}, "get": {},
            "promise": "give it back after my payroll"}
    err = _refused(t, 4, park)
    assert err.code == "payroll_pending"
    assert "payroll" in err.detail and "from the reveal" in err.detail
    # asking for it is refused too: whether a seat has paid is public (the `payroll` event)
    err = _refused(t, 1, {"type": "propose_deal", "to": 4, "give": {}, "get": {"cash": 10},
                          "promise": ""})
    assert err.code == "payroll_pending" and "seat 4" in err.detail
    while t.waiting()["seats"] != [4]:
        t.pass_offer_as_recorded(t.waiting()["seats"][0])
    assert _payroll(t, 4) == {"seat": 4, "graft": 1, "muscle_cost": 3, "paid": 4,
                              "cash_before": 10}
    t.send(4, {**park, "give": {"cash": 6}})          # paid: the rest is his to deal with
    assert [d["deal"] for d in t.game["deals"]] == ["d1"]


def test_the_last_seat_cannot_sell_its_truck_before_payroll_and_buy_it_back():
    """The same with graft: a truck "sold" to a seat that has paid before one's own payroll
    (no graft owed on it) and bought back after. Trucks leave only after payroll (docs/rules.md),
    by sale or rental."""
    t = _at_the_reveal()
    for give in ({"trucks": ["small_4"]}, {"rent_trucks": ["small_4"]}):
        err = _refused(t, 4, {"type": "propose_deal", "to": 1, "give": give, "get": {},
                              "promise": ""})
        assert err.code == "payroll_pending" and "graft" in err.detail
    err = _refused(t, 1, {"type": "propose_deal", "to": 4, "give": {"cash": 1},
                          "get": {"trucks": ["small_4"]}, "promise": ""})
    assert err.code == "payroll_pending"
    while t.waiting()["seats"] != [4]:
        t.pass_offer_as_recorded(t.waiting()["seats"][0])
    assert _payroll(t, 4)["graft"] == 1


def test_an_unpaid_seat_may_still_receive_cash_and_deal_in_cards_and_promises():
    """Only what would leave the unpaid Mobster is held back: cash paid *to* him, his Thug
    cards and promises move as before."""
    t = _at_the_reveal()
    give_thug(t, 4, "thug:hit#1")
    t.send(1, {"type": "propose_deal", "to": 4, "give": {"cash": 2},
               "get": {"thug_cards": ["thug:hit"]}, "promise": ""})
    t.send(4, {"type": "accept_deal", "deal": "d1"})
    assert t.player(4)["cash"] == 12 and t.player(1)["thug_cards"] == ["thug:hit#1"]
    t.send(4, {"type": "propose_deal", "to": 2, "give": {}, "get": {},
               "promise": "no Hits between us"})


def test_a_deal_recorded_before_the_rule_cannot_be_accepted_before_payroll():
    """Accepting re-checks both sides: a proposal recorded by an earlier server (before this
    rule) that moves an unpaid seat's cash is refused when accepted."""
    t = _at_the_reveal()
    t.apply([{"type": "deal_proposed", "payload": {
        "deal": "d1", "from": 4, "to": 1, "give": {"cash": 10}, "get": {}, "promise": ""}}],
        {"kind": "seat", "seat": 4})
    assert _refused(t, 1, {"type": "accept_deal", "deal": "d1"}).code == "payroll_pending"
    accept = [a for a in RULESET.legal_actions(t.state, 1)["actions"] if a["type"] == "accept_deal"]
    assert accept == []


def test_legal_deal_examples_before_payroll_are_all_accepted():
    """legal_actions offers only deals decide accepts: none moving an unpaid seat's cash or
    trucks away, for the unpaid seat itself nor for a seat dealing with it."""
    t = _at_the_reveal()
    for seat in (1, 4):
        props = next(a for a in RULESET.legal_actions(t.state, seat)["actions"]
                     if a["type"] == "propose_deal")["examples"]
        assert props and all(_accepted(t, seat, ex) for ex in props), seat
        away = [ex for ex in props if (ex["to"] == 4 and set(ex["get"]) & {"cash", "trucks",
                                                                           "rent_trucks"})
                or (seat == 4 and set(ex["give"]) & {"cash", "trucks", "rent_trucks"})]
        assert away == []


# --- 2. Cards at the Public dock --------------------------------------------------------------------
def _public_question_nothing_sold(cards, demand=(1, 1, 1), extra=()):
    """Barleycorn's {1: 4, 3: 1}: seat 1 Controlling but with no truck there; seat 2's Small
    Truck (4 crates) alone at the Public dock. Demand `demand` (3 by default) is rolled and
    the question is put to seat 1 before any crate is sold there."""
    t = table(4, [1, 1, 1, 1, *demand, *extra] + MANY)
    to_step(t, "deals")
    set_influence(t, "barleycorns", {1: 4, 3: 1})
    for seat, card in cards.items():
        give_thug(t, seat, card)
    for seat in range(1, 5):
        t.player(seat)["crates"] = 4 if seat == 2 else 0
    pass_step(t)
    t.send(2, {"type": "load", "loads": {"small_2": 4}})
    while t.game["step"] == "thug_window":
        pass_step(t)
    t.send(2, {"type": "dispatch", "routes": {"small_2": "barleycorns"}})
    while t.game["step"] == "thug_window":
        pass_step(t)
    assert t.waiting() == {"step": "public_dock", "seats": [1]}
    assert t.game["selling"]["speakeasy"] == "barleycorns" and t.game["selling"]["sold"] == 0
    return t


def _offered(t, seat, card):
    return [ex for a in RULESET.legal_actions(t.state, seat)["actions"] if a["type"] == "play_thug"
            for ex in a["examples"] if ex["card"] == card]


def _sold(events):
    return [(e["payload"]["seat"], e["payload"]["crates"], e["payload"]["price"],
             e["payload"].get("paid_to")) for e in events if e["type"] == "crates_sold"]


def test_move_over_pigeon_on_the_truck_waiting_at_the_public_dock():
    """Move Over, Pigeon: "Play on a Truck lined up at a Speakeasy. You 'borrow' that Truck
    and steal its cargo." The truck waiting on the Public-dock question is lined up and has
    sold nothing: the card is accepted, and the crates sold are paid to the player."""
    t = _public_question_nothing_sold({3: "thug:move_over_pigeon#1"})
    assert _offered(t, 3, "thug:move_over_pigeon#1") == [
        {"type": "play_thug", "card": "thug:move_over_pigeon#1", "truck": "small_2"}]
    play(t, 3, "thug:move_over_pigeon#1", truck="small_2")
    assert t.waiting() == {"step": "public_dock", "seats": [1]}
    n = len(t.events)
    t.send(1, {"type": "allow_public", "truck": "small_2", "allow": True})
    assert _sold(t.since(n)) == [(2, 3, 2, 3)]
    assert [(e["payload"]["to"], e["payload"]["amount"]) for e in t.since(n)
            if e["type"] == "cash_paid" and e["payload"]["reason"] == "wholesale"] == [(3, 6)]


def test_thirsty_at_the_public_dock_adds_its_die_to_the_demand_still_to_be_met():
    """Thirsty: "Consumption at that Speakeasy increases by one die for one Round only."
    Played while the question is open and nothing is sold yet, its die is rolled then and
    added to the demand (3 + 6 = 9), so all 4 Public-dock crates can be bought."""
    t = _public_question_nothing_sold({3: "thug:thirsty#1"}, extra=(6,))
    assert _offered(t, 3, "thug:thirsty#1")
    events = play(t, 3, "thug:thirsty#1", speakeasy="barleycorns")
    rolled = [e["payload"] for e in events if e["type"] == "dice_rolled"]
    assert rolled == [{"purpose": "thirsty", "seat": 3, "speakeasy": "barleycorns", "dice": [6],
                       "improvements": 0, "demand": 9}]
    assert t.game["selling"]["demand"] == 9 and t.game["selling"]["remaining"] == 9
    assert t.waiting() == {"step": "public_dock", "seats": [1]}
    n = len(t.events)
    t.send(1, {"type": "allow_public", "truck": "small_2", "allow": True})
    assert _sold(t.since(n)) == [(2, 4, 2, None)]


def test_copper_in_the_house_at_the_public_dock_buys_every_crate_at_one_g():
    """Copper in the House: "No Influence, no Profit, consumption unlimited, Wholesale Price
    $1G/Crate ... the same as O'Malley's": with no influence there is nobody to ask, and
    every crate waiting is bought at $1G, no profit."""
    t = _public_question_nothing_sold({3: "thug:copper_in_the_house#1"})
    assert _offered(t, 3, "thug:copper_in_the_house#1")
    events = play(t, 3, "thug:copper_in_the_house#1", speakeasy="barleycorns")
    assert "public_dock_answered" not in types(events)
    assert _sold(events) == [(2, 4, 1, None)]
    assert not [e for e in events if e["type"] == "cash_paid" and e["payload"]["reason"] == "profit"]
    assert t.game["round"] == 2


def test_bust_a_speakeasy_at_the_public_dock_closes_it_before_a_crate_is_sold():
    """G-Men—Bust a Speakeasy: "That Speakeasy is closed for one Round only"; "If ... the
    Speakeasy [is] closed ... no whiskey is sold at the Speakeasy this Round"."""
    t = _public_question_nothing_sold({3: "thug:g_men_bust_a_speakeasy#1"})
    assert _offered(t, 3, "thug:g_men_bust_a_speakeasy#1")
    events = play(t, 3, "thug:g_men_bust_a_speakeasy#1", speakeasy="barleycorns")
    assert _sold(events) == [] and "public_dock_answered" not in types(events)
    finished = next(e["payload"] for e in events if e["type"] == "selling_finished")
    assert finished == {"speakeasy": "barleycorns", "sold": 0, "unsold": {"small_2": 4}}
    assert t.game["round"] == 2


def _public_question_after_a_sale(cards):
    """Barleycorn's {1: 4, 3: 1}: seat 1 sells its 1 crate at the Majority dock, then the
    question about seat 2's 4 crates at the Public dock is put to seat 1 (demand 9)."""
    t = table(4, [1, 1, 1, 1, 3, 3, 3] + MANY)
    to_step(t, "deals")
    set_influence(t, "barleycorns", {1: 4, 3: 1})
    for seat, card in cards.items():
        give_thug(t, seat, card)
    for seat in range(1, 5):
        t.player(seat)["crates"] = {1: 1, 2: 4}.get(seat, 0)
    pass_step(t)
    t.send(1, {"type": "load", "loads": {"small_1": 1}})
    t.send(2, {"type": "load", "loads": {"small_2": 4}})
    while t.game["step"] == "thug_window":
        pass_step(t)
    t.send(1, {"type": "dispatch", "routes": {"small_1": "barleycorns"}})
    t.send(2, {"type": "dispatch", "routes": {"small_2": "barleycorns"}})
    while t.game["step"] == "thug_window":
        pass_step(t)
    assert t.waiting() == {"step": "public_dock", "seats": [1]}
    assert t.game["selling"]["sold"] == 1
    return t


# "How late a card may come": Thirsty, Copper in the House and Bust a Speakeasy are too
# late only once the speakeasy has finished selling, not once its first crate is sold (tests/rules/bootleggers/test_phase1_choice_warehouse_and_late_cards.py).


def test_move_over_pigeon_on_the_public_dock_truck_after_the_majority_dock_sold():
    """The Public-dock truck has sold nothing yet, though the speakeasy has: a Pigeon on it
    still changes who is paid for its crates."""
    t = _public_question_after_a_sale({3: "thug:move_over_pigeon#1"})
    play(t, 3, "thug:move_over_pigeon#1", truck="small_2")
    n = len(t.events)
    t.send(1, {"type": "allow_public", "truck": "small_2", "allow": True})
    assert _sold(t.since(n)) == [(2, 4, 2, 3)]


# --- 3. Hijack after lineup -------------------------------------------------------------------------
def _lined_up_at_mothers(demand):
    """Mother's {1: 1, 2: 3, 4: 1}: seat 1's Small Truck (2 crates) at its Minority dock,
    seat 3's (4 crates, no influence there) at its Public dock. Seat 4 holds Hijack and has
    only its empty Small Truck; the lined-up window waits for it."""
    t = loaded_for_a_hijack(demand, MANY)
    pass_step(t)                                      # the after-loading window
    t.send(1, {"type": "dispatch", "routes": {"small_1": "mothers"}})
    t.send(3, {"type": "dispatch", "routes": {"small_3": "mothers"}})
    assert t.game["window"] == "lined_up" and t.waiting()["seats"] == [4]
    assert [(e["truck"], e["dock"]) for e in t.speakeasy("mothers")["trucks"]] == [
        ("small_1", "minority"), ("small_3", "public")]
    return t


def test_crates_hijacked_after_lineup_cannot_be_sent_to_another_speakeasy():
    """FAQ: "If you hijack a Truck when it is already lined up for unloading, that Truck does
    not move ... but your[s] goes to the appropriate Dock behind all other Trucks that are
    already lined up". docs/rules.md: the same speakeasy."""
    t = _lined_up_at_mothers((1, 2))
    with pytest.raises(RuleViolation) as err:
        play(t, 4, "thug:hijack#1", truck="small_3", with_truck="small_4", to_speakeasy="omalleys")
    assert err.value.code == "bad_target" and "Mother's" in err.value.detail
    offered = _offered(t, 4, "thug:hijack#1")
    assert offered and {ex.get("to_speakeasy") for ex in offered} == {"mothers"}


def test_crates_hijacked_after_lineup_join_the_same_line_at_the_hijackers_dock():
    """Seat 4 has Minority influence at Mother's: its truck lines up at the Minority dock
    behind seat 1's, and the Minority dock sells "in the order the Trucks are lined up"
    (demand 3: seat 1's 2 crates, then 1 of the 4 hijacked)."""
    t = _lined_up_at_mothers((1, 2))
    events = play(t, 4, "thug:hijack#1", truck="small_3", with_truck="small_4")
    hj = next(e["payload"] for e in events if e["type"] == "truck_hijacked")
    assert (hj["speakeasy"], hj["dock"], hj["crates"]) == ("mothers", "minority", 4)
    assert _sold(events) == [(1, 2, 2, None), (4, 1, 2, None)]


def test_naming_the_same_speakeasy_is_accepted_and_a_public_dock_hijacker_waits_behind():
    """A hijacker with no influence there goes to the Public dock, behind the truck already
    at it (the emptied target stays in line, empty): the question comes to its truck."""
    t = _lined_up_at_mothers((6, 6))
    set_influence(t, "mothers", {1: 1, 2: 3})
    t.send(4, {"type": "play_thug", "card": "thug:hijack#1", "truck": "small_3",
               "with_truck": "small_4", "to_speakeasy": "mothers"})
    line = [(e["truck"], e["dock"], e["crates"]) for e in t.speakeasy("mothers")["trucks"]]
    assert line == [("small_1", "minority", 0), ("small_3", "public", 0),
                    ("small_4", "public", 4)]
    assert t.waiting() == {"step": "public_dock", "seats": [2]}
    assert t.events[-1]["payload"]["truck"] == "small_4"
