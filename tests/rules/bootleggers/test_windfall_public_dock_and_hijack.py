"""Windfall draws, the Public-dock leader, Hijack before dispatch, and cards on a speakeasy
that is selling. Each test cites the rulebook sentence it holds the kernel to (docs/rules.md
"Thug cards and deals", "Who answers the Public dock question").
Seat 1 has the most Muscle (situations.hands), then 2, 3, 4.
"""
from __future__ import annotations

import pytest

from service.rules.bootleggers import RULESET
from service.rules.errors import RuleViolation

from .situations import give_thug, give_truck, loaded_for_a_hijack, pass_step, play, set_influence, table, to_step, types

MANY = [1] * 400


def _draw_next(t, prefix):
    """Put the next card of this kind on top of the Men of Action deck."""
    draw = t.game["decks"]["men_of_action"]["draw"]
    card = next(c for c in draw if c.startswith(prefix))
    draw.remove(card)
    draw.insert(0, card)
    return card


# --- 4. Windfall ------------------------------------------------------------------------------------
def test_a_windfall_influence_draw_is_played_at_once_not_kept():
    """Windfall: "The card drawn is played according to its usual rules." Influence cards
    "must be played immediately": the marker goes to the back room at once and no card is
    held for a later round."""
    t = table(4, MANY)
    to_step(t, "choose_offer")
    card = _draw_next(t, "single_influence")
    before = t.player(2)["back_room"]["influence"]
    events = play(t, 2, give_thug(t, 2, "thug:windfall#1"))
    assert types(events)[-4:-1] == ["windfall_drawn", "windfall_used", "influence_gained"]
    assert t.player(2)["back_room"]["influence"] == before + 1
    assert t.player(2)["windfall"] == [] and t.player(2)["thug_cards"] == []
    assert card in t.game["decks"]["men_of_action"]["discard"]
    assert not any(a["type"] == "play_thug" for a in RULESET.legal_actions(t.state, 2)["actions"])


def test_a_windfall_double_still_improvement_takes_the_choice_named_on_the_windfall():
    """Double Still Improvement: "the Mobster takes either two dice ... or starts a new Remote
    Still" — played at once, so the choice comes with the Windfall (dice unless asked)."""
    t = table(4, MANY)
    to_step(t, "choose_offer")
    _draw_next(t, "double_still_improvement")
    play(t, 2, give_thug(t, 2, "thug:windfall#1"), choice="remote_still")
    assert [s["id"] for s in t.player(2)["stills"]] == ["family", "remote_1"]
    _draw_next(t, "double_still_improvement")
    dice = t.player(3)["back_room"]["dice"]
    play(t, 3, give_thug(t, 3, "thug:windfall#2"))
    assert t.player(3)["back_room"]["dice"] == dice + 2


def test_a_windfall_thug_draw_joins_the_hand():
    """Thug cards "may be played immediately or held for later use": a drawn one is kept."""
    t = table(4, MANY)
    to_step(t, "choose_offer")
    hit = _draw_next(t, "thug:hit")
    play(t, 2, give_thug(t, 2, "thug:windfall#1"))
    assert t.player(2)["thug_cards"] == [hit] and t.player(2)["windfall"] == []


# --- 1. The Public-dock question follows the leader -------------------------------------------------
def _public_question_at_barleycorns(influence, cards):
    """Seat 1 has 1 crate at the Majority dock, seat 2 four at the Public dock; demand 9."""
    t = table(4, [1, 1, 1, 1, 3, 3, 3] + MANY)
    to_step(t, "deals")
    set_influence(t, "barleycorns", influence)
    for seat, card in cards.items():
        give_thug(t, seat, card)
    for seat in range(1, 5):
        t.player(seat)["crates"] = {1: 1, 2: 4}.get(seat, 0)
    pass_step(t)
    t.send(1, {"type": "load", "loads": {"small_1": 1}})
    t.send(2, {"type": "load", "loads": {"small_2": 4}})
    pass_step(t)                                                  # the after-loading window
    t.send(1, {"type": "dispatch", "routes": {"small_1": "barleycorns"}})
    t.send(2, {"type": "dispatch", "routes": {"small_2": "barleycorns"}})
    pass_step(t)                                                  # the lined-up window
    return t


def test_the_public_dock_question_moves_to_the_new_leader():
    """docs/rules.md: whoever has Majority or Controlling Influence "when the answer is given"
    answers; rulebook FAQ: "Payouts follow the revised Influence however." Barleycorn's
    {1:3, 3:1, 4:2}: seat 3's Mob War on two of seat 1's markers makes seat 4 Controlling."""
    t = _public_question_at_barleycorns({1: 3, 3: 1, 4: 2}, {3: "thug:mob_war#1"})
    assert t.waiting() == {"step": "public_dock", "seats": [1]}
    play(t, 3, "thug:mob_war#1", speakeasy="barleycorns", markers={"1": 2})
    assert t.speakeasy("barleycorns")["levels"] == {"1": "minority", "3": "minority",
                                                    "4": "controlling"}
    assert t.waiting() == {"step": "public_dock", "seats": [4]}
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "allow_public", "truck": "small_2", "allow": True})
    assert err.value.code == "not_your_turn"
    n = len(t.events)
    t.send(4, {"type": "allow_public", "truck": "small_2", "allow": True})
    paid = [(e["payload"]["to"], e["payload"]["amount"], e["payload"]["reason"])
            for e in t.since(n) if e["type"] == "cash_paid"]
    assert paid == [(2, 8, "wholesale"), (4, 4, "profit")]


def test_the_public_dock_question_lapses_when_nobody_leads():
    """Rulebook Phase 5: "If no Mobster has Majority or Controlling Influence, then no Crates
    will be purchased from the Public Dock." Mob War on {1:3, 3:2, 4:2} leaves 1-2-2."""
    t = _public_question_at_barleycorns({1: 3, 3: 2, 4: 2}, {3: "thug:mob_war#1"})
    assert t.waiting() == {"step": "public_dock", "seats": [1]}
    n = len(t.events)
    play(t, 3, "thug:mob_war#1", speakeasy="barleycorns", markers={"1": 2})
    assert "public_dock_answered" not in types(t.since(n))
    assert not any(e["type"] == "crates_sold" and e["payload"]["seat"] == 2 for e in t.since(n))
    assert t.game["round"] == 2


# --- 3. Hijack before dispatch ------------------------------------------------------------------------
def _loaded_for_a_hijack(dice):
    t = loaded_for_a_hijack(dice, MANY)
    assert t.game["window"] == "after_loading"
    return t


def test_a_truck_hijacked_before_dispatch_is_sent_at_its_owners_turn_in_muscle_order():
    """Hijack: "Ship them as if you produced them." Trucks "are moved to Speakeasies in the
    order of highest to lowest Muscle cards", and Minority crates "are purchased ... in the
    order the Trucks are lined up (i.e., Muscle card order)": seat 1 (more Muscle) sells
    first at Mother's, demand 2, and the hijacker (seat 4) sells nothing."""
    t = _loaded_for_a_hijack([1, 1])
    with pytest.raises(RuleViolation) as err:
        play(t, 4, "thug:hijack#1", truck="small_3", with_truck="small_4", to_speakeasy="mothers")
    assert err.value.code == "not_lined_up" and "your turn in Muscle order" in err.value.detail
    events = play(t, 4, "thug:hijack#1", truck="small_3", with_truck="small_4")
    assert [e["payload"] for e in events if e["type"] == "cargo_hijacked"] == [
        {"seat": 4, "truck": "small_3", "from_seat": 3, "with_truck": "small_4", "crates": 4}]
    assert t.game["step"] == "dispatch" and t.game["step_seats"] == [1, 4]
    assert t.waiting()["seats"] == [1]
    t.send(1, {"type": "dispatch", "routes": {"small_1": "mothers"}})
    n = len(t.events)
    t.send(4, {"type": "dispatch", "routes": {"small_4": "mothers"}})
    sold = [(e["payload"]["seat"], e["payload"]["crates"]) for e in t.since(n)
            if e["type"] == "crates_sold"]
    assert sold == [(1, 2)]


def test_a_hijacker_whose_dispatch_turn_has_passed_dispatches_next():
    """A truck hijacked during the dispatch, before its owner sent it: the hijacker's turn
    (Muscle order) has come and gone, so it sends the truck next."""
    t = _loaded_for_a_hijack([1, 1])
    give_truck(t, 1, "medium")
    give_thug(t, 1, "thug:hijack#2")
    t.player(4)["thug_cards"] = []
    pass_step(t)
    assert t.waiting() == {"step": "dispatch", "seats": [1]}
    t.send(1, {"type": "dispatch", "routes": {"small_1": "mothers"}})
    assert t.waiting()["seats"] == [3]
    play(t, 1, "thug:hijack#2", truck="small_3", with_truck="medium_1")
    assert t.waiting() == {"step": "dispatch", "seats": [1]}
    t.send(1, {"type": "dispatch", "routes": {"medium_1": "omalleys"}})
    assert t.waiting()["seats"] == [3]          # its truck is empty now: it can only pass
    assert [a["type"] for a in RULESET.legal_actions(t.state, 3)["actions"]
            if a["type"] in ("dispatch", "pass")] == ["pass"]


def test_a_truck_hijacked_after_lining_up_goes_behind_the_line():
    """FAQ: "If you hijack a Truck when it is already lined up ... your [Truck] goes to the
    appropriate Dock behind all other Trucks that are already lined up"."""
    t = _loaded_for_a_hijack([1, 1])
    pass_step(t)
    t.send(1, {"type": "dispatch", "routes": {"small_1": "mothers"}})
    t.send(3, {"type": "dispatch", "routes": {"small_3": "omalleys"}})
    assert t.game["window"] == "lined_up"
    with pytest.raises(RuleViolation) as err:       # the same speakeasy, no other
        play(t, 4, "thug:hijack#1", truck="small_3", with_truck="small_4",
             to_speakeasy="mothers")
    assert err.value.code == "bad_target"
    events = play(t, 4, "thug:hijack#1", truck="small_3", with_truck="small_4")
    assert [(e["payload"]["speakeasy"], e["payload"]["dock"]) for e in events
            if e["type"] == "truck_hijacked"] == [("omalleys", "line")]


# --- 5. Cards on a speakeasy that is selling ----------------------------------------------------------
def test_word_of_mouth_during_the_public_dock_question_raises_the_remaining_profit():
    """Word of Mouth: "Profit at that Speakeasy increases by $1G/Crate for one Round only";
    the Controlling Mobster "collects the Profit Margin on EVERY Crate that passes through
    the Speakeasy". While the Public-dock question is open, crates are still to be sold."""
    t = _public_question_at_barleycorns({1: 4, 3: 1}, {3: "thug:word_of_mouth#1"})
    assert t.waiting() == {"step": "public_dock", "seats": [1]}
    play(t, 3, "thug:word_of_mouth#1", speakeasy="barleycorns")
    n = len(t.events)
    t.send(1, {"type": "allow_public", "truck": "small_2", "allow": True})
    profit = [e["payload"]["amount"] for e in t.since(n) if e["type"] == "cash_paid"
              and e["payload"]["reason"] == "profit"]
    assert profit == [4 * 2]                        # 4 crates at $1G + $1G


def test_packing_heat_during_the_public_dock_question_cuts_the_remaining_price():
    """Packing Heat: "Wholesale Price for everyone but you is $1G/Crate for one Round only.
    You'll take it and like it!" Seat 2's Public-dock crates still to be sold pay $1G."""
    t = _public_question_at_barleycorns({1: 4, 3: 1}, {3: "thug:packing_heat#1"})
    play(t, 3, "thug:packing_heat#1", speakeasy="barleycorns")
    n = len(t.events)
    t.send(1, {"type": "allow_public", "truck": "small_2", "allow": True})
    assert [e["payload"]["price"] for e in t.since(n) if e["type"] == "crates_sold"] == [1]


def test_big_payoff_during_the_public_dock_question_takes_control_of_the_rest():
    """Big Payoff: "Pay $5G to the Bank to gain Controlling Influence in that Speakeasy ...
    You get the Profit from that Speakeasy." Played during the question, its player answers
    it and is paid the profit on the crates sold from then on."""
    t = _public_question_at_barleycorns({1: 4, 3: 1}, {3: "thug:big_payoff#1"})
    play(t, 3, "thug:big_payoff#1", speakeasy="barleycorns")
    assert t.waiting() == {"step": "public_dock", "seats": [3]}
    n = len(t.events)
    t.send(3, {"type": "allow_public", "truck": "small_2", "allow": True})
    profit = [(e["payload"]["to"], e["payload"]["amount"]) for e in t.since(n)
              if e["type"] == "cash_paid" and e["payload"]["reason"] == "profit"]
    assert profit == [(3, 4)]


def test_big_payoff_during_selling_sells_the_payers_public_dock_truck_at_the_majority_dock():
    """FAQ: "If you play this card after Trucks are lined up, the Trucks must line up again";
    the Speakeasy "will buy Crates from the Truck(s) at the Majority Dock first"."""
    t = _public_question_at_barleycorns({1: 4, 3: 1}, {2: "thug:big_payoff#1"})
    assert t.waiting() == {"step": "public_dock", "seats": [1]}
    n = len(t.events)
    play(t, 2, "thug:big_payoff#1", speakeasy="barleycorns")
    sold = [(e["payload"]["seat"], e["payload"]["dock"], e["payload"]["crates"])
            for e in t.since(n) if e["type"] == "crates_sold"]
    assert sold == [(2, "majority", 4)]


@pytest.mark.parametrize("card,why", [
    ("thug:word_of_mouth#1", "Word of Mouth could change no sale there any more"),
    ("thug:packing_heat#1", "Packing Heat could change no sale there any more"),
    ("thug:big_payoff#1", "Big Payoff could change no sale there any more"),
    ("thug:thirsty#1", "Thirsty could change no sale there any more"),     # one rule for them all
])
def test_cards_on_a_speakeasy_are_refused_once_they_can_change_nothing(card, why):
    """Allowed for as long as the effect can change an outcome; refused after, saying why."""
    t = _public_question_at_barleycorns({1: 4, 3: 1}, {3: card})
    set_influence(t, "mothers", {4: 4})
    t.game["selling"]["done"].append("mothers")
    with pytest.raises(RuleViolation) as err:
        play(t, 3, card, speakeasy="mothers")
    assert err.value.code == "too_late" and why in err.value.detail
