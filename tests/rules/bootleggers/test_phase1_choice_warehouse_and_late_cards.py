"""No pass in Phase 1, Warehouse through the dispatch, one window for the cards on a
speakeasy's sales, Hey, Free Truck on a Favor truck. Each test cites the rulebook sentence
it holds the kernel to; docs/rules.md ("Phase 1 choices are not optional", "Warehouse", "How late
a card may come", "Hey, Free Truck on a Favor truck") settles each.
Seat 1 has the most Muscle (situations.hands), then 2, 3, 4.
"""
from __future__ import annotations

import copy

import pytest

from service.rules.bootleggers import RULESET
from service.rules.errors import RuleViolation

from .situations import give_thug, pass_step, play, ship, table, to_step, top_bids, types
from .test_setup_phase1 import _moa_deck
from .test_payroll_and_cards_at_the_public_dock import _offered, _public_question_after_a_sale, _sold

MANY = [1] * 400


def _refused(t, seat, cmd) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        RULESET.decide(copy.deepcopy(t.state), {"kind": "seat", "seat": seat}, cmd, t.oracle())
    return err.value


def _kinds(t, seat) -> list[str]:
    return [a["type"] for a in RULESET.legal_actions(t.state, seat)["actions"]]


# --- 1. Phase 1: no pass ------------------------------------------------------------------------
def test_phase_1_has_no_pass_while_an_offer_is_left():
    """Phase 1, 5b: each Mobster "Chooses one of the face up cards in an Offer Space (either
    the Truck card or a Men of Action card)"; step 7: "if one Mobster chose the Truck card
    rather than a Men of Action card". No pass is listed or accepted."""
    t = table(4, MANY)
    top_bids(t)
    assert t.waiting() == {"step": "choose_offer", "seats": [1]}
    assert "pass" not in _kinds(t, 1) and "take_offer" in _kinds(t, 1)
    err = _refused(t, 1, {"type": "pass"})
    assert err.code == "offer_required" and "chooses one of the face up cards" in err.detail
    for seat in (1, 2, 3):                  # the last seat still has two offers to choose from
        t.send(seat, {"type": "take_offer", "offer": seat})
    assert _refused(t, 4, {"type": "pass"}).code == "offer_required"


def test_the_clock_takes_the_lowest_numbered_offer_left():
    """docs/rules.md "Timeouts": at a timeout, "offer → the lowest-numbered offer left" (a Double
    Still Improvement as two dice), never a pass; the untaken Men of Action card is then
    discarded (step 7) and an untaken Truck card stays (step 8)."""
    first = ["double_still_improvement#1", "single_influence#1", "thug:moll#1", "speakeasy_improvement#1"]
    t = table(4, MANY, decks={"men_of_action": _moa_deck(first)})
    top_bids(t)
    n = len(t.events)
    t.timeout()
    taken = [e["payload"] for e in t.since(n) if e["type"] == "offer_taken"]
    assert taken == [{"seat": 1, "offer": 1, "card": "double_still_improvement#1", "result": "taken",
                      "choice": "dice"}]
    assert t.player(1)["back_room"]["dice"] == 2
    t.send(2, {"type": "take_offer", "offer": 3})
    for _ in range(2):
        t.timeout()
    taken = [(e["payload"]["seat"], e["payload"]["offer"]) for e in t.since(n) if e["type"] == "offer_taken"]
    assert taken == [(1, 1), (2, 3), (3, 2), (4, 4)]
    assert "passed" not in types(t.since(n)) and t.game["offers"]["truck"] is not None


def test_a_phase_1_pass_recorded_before_still_folds_and_the_game_goes_on():
    """Events are forever: a game recorded with a Phase-1 pass (`passed` in choose_offer)
    folds to the same state, the round goes on, and the untaken card is discarded."""
    t = table(4, MANY)
    top_bids(t)
    card = t.game["offers"]["slots"][0]["card"]
    t.pass_offer_as_recorded(1)
    assert t.waiting() == {"step": "choose_offer", "seats": [2]}
    assert t.player(2)["payroll_paid"]
    for seat in (2, 3, 4):
        t.send(seat, {"type": "take_offer", "offer": seat})
    assert card in t.game["decks"]["men_of_action"]["discard"]


def test_a_forfeited_seat_takes_the_lowest_numbered_offer_too():
    from service.rules.bootleggers.defaults import default_command
    t = table(4, MANY)
    top_bids(t)
    assert default_command(t.game, 1) == {"type": "take_offer", "offer": 1}
    for slot in t.game["offers"]["slots"]:
        slot["card"] = None
    assert default_command(t.game, 1) == {"type": "take_offer", "offer": "truck"}
    t.game["offers"]["truck"] = None             # both decks dry: nothing to choose
    assert default_command(t.game, 1) == {"type": "pass"}
    assert "pass" in _kinds(t, 1)
    t.send(1, {"type": "pass"})


# --- 2. Warehouse through the dispatch ----------------------------------------------------------
def _at_dispatch_with_unloaded_crates(card=None):
    """Seat 1 loads 2 of its 2 crates, seat 2 loads nothing and holds 5; seat 2 holds `card`."""
    t = table(4, MANY)
    top_bids(t)
    if card:
        give_thug(t, 2, card)
    to_step(t, "deals")
    for p in t.game["players"]:
        p["crates"] = 0
    t.player(1)["crates"], t.player(2)["crates"] = 2, 5
    pass_step(t)
    t.send(1, {"type": "load", "loads": {"small_1": 2}})
    t.send(2, {"type": "pass"})
    while t.game["step"] == "thug_window":
        pass_step(t)
    assert t.waiting() == {"step": "dispatch", "seats": [1]}
    return t


def test_unloaded_crates_are_held_until_phase_4_ends():
    """"All Crates that are not loaded on a truck by the end of Phase 4 are lost (exception:
    Warehouse)": not when the loading ends — at the end of the dispatch."""
    t = _at_dispatch_with_unloaded_crates()
    assert t.player(2)["crates"] == 5 and "crates_dumped" not in types(t.events)
    n = len(t.events)
    t.send(1, {"type": "dispatch", "routes": {"small_1": "omalleys"}})
    dumped = [e["payload"] for e in t.since(n) if e["type"] == "crates_dumped"]
    assert dumped == [{"seat": 2, "crates": 5, "reason": "not_loaded"}]


def test_warehouse_is_playable_during_the_dispatch_and_keeps_the_crates():
    """Warehouse saves the crates "not loaded on a truck by the end of Phase 4": played while
    the trucks are being sent, it is accepted and keeps seat 2's 5 crates."""
    t = _at_dispatch_with_unloaded_crates("thug:warehouse#1")
    assert _offered(t, 2, "thug:warehouse#1")
    play(t, 2, "thug:warehouse#1")
    n = len(t.events)
    t.send(1, {"type": "dispatch", "routes": {"small_1": "omalleys"}})
    assert [e["payload"] for e in t.since(n) if e["type"] == "crates_warehoused"] == [
        {"seat": 2, "crates": 5}]
    assert t.player(2)["crates"] == 5


def test_warehouse_is_too_late_once_phase_4_has_ended():
    t = _at_dispatch_with_unloaded_crates("thug:warehouse#1")
    give_thug(t, 3, "thug:hit#1")                  # someone to keep the lined-up window open
    t.send(1, {"type": "dispatch", "routes": {"small_1": "omalleys"}})
    assert t.game["window"] == "lined_up" and t.game["step"] == "thug_window"
    err = _refused(t, 2, {"type": "play_thug", "card": "thug:warehouse#1"})
    assert err.code == "too_late" and "end of Phase 4" in err.detail


# --- 3. One window for the cards on a speakeasy's sales ---------------------------------------
@pytest.mark.parametrize("card", ["thug:thirsty#1", "thug:copper_in_the_house#1",
                                  "thug:g_men_bust_a_speakeasy#1", "thug:word_of_mouth#1",
                                  "thug:packing_heat#1", "thug:big_payoff#1"])
def test_a_card_on_a_speakeasy_is_playable_while_it_still_has_crates_to_sell(card):
    """docs/rules.md "How late a card may come" (revised): playable while that speakeasy still
    has crates lined up to sell — the Public-dock question does not close it. Barleycorn's
    has sold seat 1's crate; seat 2's 4 crates wait on the question."""
    t = _public_question_after_a_sale({3: card})
    t.player(3)["cash"] = 20
    assert [ex for ex in _offered(t, 3, card) if ex["speakeasy"] == "barleycorns"]
    play(t, 3, card, speakeasy="barleycorns")


def test_thirsty_after_a_sale_adds_its_die_to_the_demand_still_to_be_met():
    """Thirsty: "Consumption at that Speakeasy increases by one die". Demand 9, 1 crate sold
    (8 left); a 6 makes it 15 with 14 left; the crate sold stays sold."""
    t = _public_question_after_a_sale({3: "thug:thirsty#1"})
    t.script["dice"][t.state["rng"]["dice_used"]] = 6
    events = play(t, 3, "thug:thirsty#1", speakeasy="barleycorns")
    changed = [e["payload"] for e in events if e["type"] == "demand_changed"]
    assert changed == [{"speakeasy": "barleycorns", "demand": 15, "remaining": 14, "reason": "thirsty"}]
    assert t.game["selling"]["sold"] == 1 and "selling_started" not in types(events)
    assert t.waiting() == {"step": "public_dock", "seats": [1]}


def test_copper_in_the_house_after_a_sale_buys_the_crates_left_at_one_g():
    """Copper in the House: "consumption unlimited, Wholesale Price $1G/Crate" — for the
    crates not yet sold; the one sold at $2G stays sold at its price."""
    t = _public_question_after_a_sale({3: "thug:copper_in_the_house#1"})
    before = [e for e in t.events if e["type"] == "crates_sold"]
    assert [e["payload"]["price"] for e in before] == [2]
    events = play(t, 3, "thug:copper_in_the_house#1", speakeasy="barleycorns")
    assert _sold(events) == [(2, 4, 1, None)]
    finished = next(e["payload"] for e in events if e["type"] == "selling_finished")
    assert finished == {"speakeasy": "barleycorns", "sold": 5, "unsold": {}}


def test_bust_a_speakeasy_after_a_sale_closes_it_for_the_crates_left():
    """G-Men—Bust a Speakeasy: "That Speakeasy is closed for one Round only": the crates still
    lined up are not sold; the one sold stays sold."""
    t = _public_question_after_a_sale({3: "thug:g_men_bust_a_speakeasy#1"})
    events = play(t, 3, "thug:g_men_bust_a_speakeasy#1", speakeasy="barleycorns")
    assert _sold(events) == [] and "public_dock_answered" not in types(events)
    finished = next(e["payload"] for e in events if e["type"] == "selling_finished")
    assert finished == {"speakeasy": "barleycorns", "sold": 1, "unsold": {"small_2": 4}}


# --- 4. Hey, Free Truck on a Favor truck --------------------------------------------------------
def test_hey_free_truck_steals_an_empty_favor_truck_for_the_rest_of_the_round():
    """Hey, Free Truck: "Play on an empty Truck. Steal that Truck"; "special restrictions are
    always printed on the Thug card" and none is printed for Favor trucks. The thief uses it
    for the rest of the round; it goes back to the supply at the round's end."""
    t = table(4, MANY)
    top_bids(t)
    give_thug(t, 1, "thug:call_in_a_big_favor#1")
    give_thug(t, 3, "thug:hey_free_truck#1")
    play(t, 1, "thug:call_in_a_big_favor#1")
    pass_step(t)                                    # seat 3's reaction window
    favor = next(x["id"] for x in t.player(1)["trucks"] if x.get("favor"))
    to_step(t, "deals")
    for p in t.game["players"]:
        p["crates"] = 0
    pass_step(t)
    assert t.game["window"] == "after_loading"
    assert {"type": "play_thug", "card": "thug:hey_free_truck#1", "truck": favor} in _offered(
        t, 3, "thug:hey_free_truck#1")
    give_thug(t, 4, "thug:hit#1")           # a holder to keep the round waiting after it
    play(t, 3, "thug:hey_free_truck#1", truck=favor)      # declared in the window
    while "truck_stolen" not in types(t.events):
        pass_step(t)
    assert [e["payload"] for e in t.events if e["type"] == "truck_stolen"] == [
        {"seat": 3, "truck": favor, "from_seat": 1}]
    assert favor in [x["id"] for x in t.player(3)["trucks"]] and t.game["round"] == 1
    while t.game["round"] == 1:
        pass_step(t)
    returned = [r for e in t.events if e["type"] == "trucks_returned" for r in e["payload"]["returns"]]
    assert {"truck": favor, "from": 3, "to": "supply"} in returned
    assert favor in t.game["truck_supply"]["large"]
    assert all(x["id"] != favor for p in t.game["players"] for x in p["trucks"])
