"""Rules at the edges of the round: a truck lined up before dispatch (by Hijack), crates that
outlive the loading, Muscle ties that Big City Boys creates, scripted setups, and refusals
that must name the real reason."""
from __future__ import annotations

import pytest

from service.rules.bootleggers import RULESET, data
from service.rules.errors import RuleViolation

from .harness import Table
from .situations import give_thug, give_truck, hands, pass_step, play, table, to_step, top_bids


# -- a truck lined up before dispatch (a Hijack recorded before Thug windows): sent once, loaded never again
def seat_2_loaded(cards):
    """Loading: seat 2 has loaded 3 crates on its Small; seat 1 (with `cards` and an empty
    Medium) still has 2 crates to load."""
    t = table(4, [1] * 400)
    top_bids(t)
    for card in cards:
        give_thug(t, 1, card)
    to_step(t, "deals")
    med = give_truck(t, 1, "medium")
    for p in t.game["players"]:
        p["crates"] = 0
    t.player(1)["crates"], t.player(2)["crates"] = 2, 3
    pass_step(t)
    t.send(2, {"type": "load", "loads": {"small_2": 3}})
    return t, med


def hijacked_during_loading():
    """Seat 1 took seat 2's 3 crates into its Medium, lined up at O'Malley's, while seat 1
    itself has 2 crates still to load. Today's Hijack before dispatch leaves the truck at
    home (`cargo_hijacked`); games recorded earlier hold this `truck_hijacked` event, and
    they must still fold and play on."""
    t, med = seat_2_loaded(cards=())
    t.apply([{"type": "truck_hijacked", "payload": {
        "seat": 1, "truck": "small_2", "from_seat": 2, "with_truck": med, "crates": 3,
        "speakeasy": "omalleys", "dock": "line"}}], {"kind": "seat", "seat": 1})
    assert t.game["step"] == "load" and t.waiting()["seats"] == [1]
    return t, med


def test_a_lined_up_truck_takes_no_more_crates():
    t, med = hijacked_during_loading()
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "load", "loads": {med: 2}})
    assert err.value.code == "lined_up" and "O'Malley's" in err.value.detail
    load = next(a for a in RULESET.legal_actions(t.state, 1)["actions"] if a["type"] == "load")
    assert med not in load["params"]["loads"]["trucks"]
    assert all(med not in ex["loads"] for ex in load["examples"])
    timed_out = [d["payload"]["loads"] for d in t.timeout() if d["type"] == "trucks_loaded"]
    assert timed_out == [{"small_1": 2}]


def test_a_lined_up_truck_is_not_sent_again_and_crates_are_sold_once():
    t, med = hijacked_during_loading()
    t.send(1, {"type": "load", "loads": {"small_1": 2}})
    while t.game["step"] == "thug_window":
        pass_step(t)
    assert t.game["step"] == "dispatch"
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "dispatch", "routes": {"small_1": "omalleys", med: "omalleys"}})
    assert err.value.code == "lined_up"
    n = len(t.events)
    t.send(1, {"type": "dispatch", "routes": {"small_1": "omalleys"}})
    while t.game["step"] != "bid":
        pass_step(t)
    sold = sum(e["payload"]["crates"] for e in t.events[n:] if e["type"] == "crates_sold")
    assert sold == 5                                   # 2 of seat 1's own + 3 hijacked


def test_a_seat_whose_only_loaded_truck_is_lined_up_is_not_awaited_at_dispatch():
    t, med = hijacked_during_loading()
    t.send(1, {"type": "pass"})                         # loads nothing more
    while t.game["step"] == "thug_window":
        pass_step(t)
    assert t.game["step"] != "dispatch" or 1 not in t.waiting()["seats"]


def test_hijacked_crates_at_home_ride_with_the_hijackers_own_and_are_sent_once():
    """Hijack before dispatch: "Ship them as if you produced them" — the Medium holding the 3
    hijacked crates takes 2 of seat 1's own and is sent at seat 1's turn."""
    t, med = seat_2_loaded(cards=("thug:hijack#1",))
    play(t, 1, "thug:hijack#1", truck="small_2", with_truck=med)
    assert t.game["step"] == "load" and t.waiting()["seats"] == [1]
    t.send(1, {"type": "load", "loads": {med: 2}})
    assert t.game["step"] == "dispatch" and t.waiting()["seats"] == [1]
    n = len(t.events)
    t.send(1, {"type": "dispatch", "routes": {med: "omalleys"}})
    while t.game["step"] != "bid":
        pass_step(t)
    sold = [(e["payload"]["truck"], e["payload"]["crates"]) for e in t.events[n:]
            if e["type"] == "crates_sold"]
    assert sold == [(med, 5)]


# -- crates: what is not loaded is lost; a Warehouse keeps its own only ------------------------
def test_crates_dealt_away_after_loading_are_lost_at_the_end_of_phase_4():
    """Rulebook: crates not loaded by the end of Phase 4 are lost (Warehouse aside) — crates
    dealt away during the dispatch to a seat without a Warehouse too (that is when
    they are lost, not at the end of the loading)."""
    t = table(4, [1] * 400)
    top_bids(t)
    give_thug(t, 2, "thug:warehouse#1")
    to_step(t, "deals")
    play(t, 2, "thug:warehouse#1")
    for p in t.game["players"]:
        p["crates"] = 0
    t.player(2)["crates"], t.player(1)["crates"] = 7, 2
    to_step(t, "load")
    t.send(1, {"type": "load", "loads": {"small_1": 2}})
    t.send(2, {"type": "pass"})
    assert t.game["step"] == "dispatch" and t.player(2)["crates"] == 7
    t.send(2, {"type": "propose_deal", "to": 3, "give": {"crates": 4}, "get": {"cash": 1}})
    t.send(3, {"type": "accept_deal", "deal": "d1"})
    n = len(t.events)
    while t.game["step"] != "bid":
        pass_step(t)
    dumped = [e["payload"] for e in t.events[n:] if e["type"] == "crates_dumped"]
    assert dumped == [{"seat": 3, "crates": 4, "reason": "not_loaded"}]
    assert t.player(3)["crates"] == 0 and t.player(2)["crates"] == 3   # the Warehouse keeps its own


# -- Muscle ties that Big City Boys creates go to the higher printed card ----------------------
def bcb_tie(t, boosted, printed):
    """`boosted` shows `printed` - 5 with Big City Boys' +5: equal Muscle, lower printed card."""
    t.game["players"][boosted - 1]["displayed_muscle"] = printed - 5
    t.game["effects"]["muscle_bonus"] = {str(boosted): 5}


def test_copper_tie_created_by_big_city_boys_goes_to_the_lower_printed_card():
    t = table(4, dice=[1, 1, 6, 6] + [1] * 50)     # seats 3 and 4 both make 6 family crates
    to_step(t, "place_influence")
    t.game["round"] = 4
    bcb_tie(t, 4, t.player(3)["displayed_muscle"])   # seat 4: 61 + 5 = seat 3's 66
    pass_step(t)
    assert t.game["copper_at"] == 4                  # the weaker Muscle takes the Copper


def test_heat_last_place_tie_created_by_big_city_boys_goes_to_the_lower_printed_card():
    t = table(4, dice=[1] * 50)
    to_step(t, "deals")
    t.game["round"] = 4
    bcb_tie(t, 4, t.player(3)["displayed_muscle"])
    for p in t.game["players"]:
        p["cash"], p["crates"] = 20, 0
    n = len(t.events)
    while t.game["step"] != "bid":
        pass_step(t)
    extra = [e["payload"]["seat"] for e in t.events[n:]
             if e["type"] == "influence_gained" and e["payload"]["reason"] == "heat_last_place"]
    assert extra == [4]


def test_final_tie_created_by_big_city_boys_goes_to_the_higher_printed_card():
    t = table(4, dice=[1] * 50)
    to_step(t, "deals")
    t.game["round"] = 12
    bcb_tie(t, 3, t.player(4)["displayed_muscle"])   # seat 3: 58 + 5 = seat 4's 63
    for p in t.game["players"]:
        p["crates"] = 0
    t.player(1)["cash"] = t.player(2)["cash"] = 0
    t.player(3)["cash"] = t.player(4)["cash"] = 50
    while not t.game["finished"]:
        pass_step(t)
    ended = next(e["payload"] for e in t.events if e["type"] == "game_ended")
    assert ended["winner"] == 4 and ended["ranking"][:2] == [4, 3]


def test_the_turn_order_refusal_shows_muscle_with_big_city_boys():
    t = table(4, [1] * 400)
    give_thug(t, 4, "thug:big_city_boys#1")
    top_bids(t)                                       # 72, 69, 66, 63
    play(t, 4, "thug:big_city_boys#1", seat=2)
    with pytest.raises(RuleViolation) as err:
        t.send(3, {"type": "pass"})
    assert "seat 2 (74), seat 1 (72)" in err.value.detail


# -- scripted setups ---------------------------------------------------------------------------
def test_a_scripted_hand_may_not_repeat_a_card():
    h = hands(4)
    low = sorted(c for c in h["4"] if c <= 18)
    h["4"] = sorted([low[0] if c == low[1] else c for c in h["4"]])
    with pytest.raises(RuleViolation) as err:
        Table(4, script={"dice": [], "hands": h, "decks": {}})
    assert err.value.code == "scripted_hands_invalid"


@pytest.mark.parametrize("decks,code", [
    ({"trucks": data.truck_deck()[:-1]}, "scripted_deck_mismatch"),
    ({"truck": data.truck_deck()}, "scripted_deck_unknown"),
])
def test_scripted_decks_are_checked_at_setup(decks, code):
    with pytest.raises(RuleViolation) as err:
        Table(4, script={"dice": [], "hands": hands(4), "decks": decks})
    assert err.value.code == code


def test_a_scripted_men_of_action_deck_still_reshuffles_its_discard_pile():
    t = table(4, [1] * 400, decks={"men_of_action": data.men_of_action_deck()})
    moa = t.game["decks"]["men_of_action"]
    moa["discard"], moa["draw"] = moa["draw"][2:12], moa["draw"][:2]
    to_step(t, "place_influence")
    to_step(t, "bid")
    reshuffle = [e for e in t.events if e["type"] == "deck_shuffled"][-1]["payload"]
    assert reshuffle["reason"] == "reshuffle_discard"
    assert reshuffle["order"] == sorted(reshuffle["order"])       # scripted: the pile's order
    assert t.game["round"] == 2 and all(s["card"] for s in t.game["offers"]["slots"])


# -- refusals that name the real reason --------------------------------------------------------
def test_sending_a_truck_to_a_busted_speakeasy_names_the_bust():
    t = table(4, [1] * 400)
    top_bids(t)
    give_thug(t, 2, "thug:g_men_bust_a_speakeasy#1")
    to_step(t, "deals")
    play(t, 2, "thug:g_men_bust_a_speakeasy#1", speakeasy="omalleys")
    for p in t.game["players"]:
        p["crates"] = 0
    t.player(1)["crates"] = 2
    to_step(t, "load")
    t.send(1, {"type": "load", "loads": {"small_1": 2}})
    while t.game["step"] == "thug_window":
        pass_step(t)
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "dispatch", "routes": {"small_1": "omalleys"}})
    assert err.value.code == "speakeasy_closed" and "G-Men busted it" in err.value.detail


def test_a_command_at_the_wrong_step_names_what_the_step_takes():
    t = table(4, [1] * 400)
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "pass"})
    assert err.value.code == "wrong_step" and "which takes bid" in err.value.detail
