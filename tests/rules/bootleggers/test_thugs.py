"""Thug cards on influence, speakeasies and people; the reaction window and Investigation.

Rulebook "Detailed listing of Thug cards" and "FAQ/Rule clarifications"; docs/rules.md "Thug cards
and deals". Seat 1 has the most Muscle (situations.hands); only the seats named hold cards.
"""
from __future__ import annotations

import pytest

from service.rules.bootleggers import RULESET
from service.rules.bootleggers.model import markers_in_supply
from service.rules.errors import RuleViolation

from .situations import (cash, give_thug, pass_step, play, set_influence, ship, table, to_step,
                         top_bids, types)

MANY = [1] * 400


def refused(t, actor, card, code, **targets):
    with pytest.raises(RuleViolation) as err:
        play(t, actor, card, **targets)
    assert err.value.code == code, err.value.detail
    return err.value


def at_deals(seats=4, dice=MANY, **kw):
    t = table(seats, dice, **kw)
    to_step(t, "deals")
    return t


# --- reaction window ---------------------------------------------------------------------------------
def test_reaction_window_waits_for_holders_then_resolves():
    t = at_deals()
    set_influence(t, "mothers", {2: 3, 3: 2})
    hit = give_thug(t, 1, "thug:hit#1")
    give_thug(t, 3, "thug:moll#1")
    play(t, 1, hit, speakeasy="mothers", seat=2)
    assert t.game["step"] == "reaction" and t.waiting()["seats"] == [3]
    assert t.game["pending_thug"]["card"] == hit
    refused(t, 3, "thug:moll#1", "thug_pending", seat=1)           # one card at a time
    with pytest.raises(RuleViolation) as err:
        t.send(3, {"type": "propose_deal", "to": 1, "give": {"cash": 1}})
    assert err.value.code == "thug_pending"
    t.send(3, {"type": "pass"})
    assert t.game["step"] == "deals" and t.speakeasy("mothers")["influence"] == {"2": 2, "3": 2}
    assert hit in t.game["decks"]["men_of_action"]["discard"]


def test_reaction_window_timeout_passes():
    t = at_deals()
    give_thug(t, 1, "thug:recruiting#1")
    give_thug(t, 2, "thug:hit#1")
    t.script["dice"][t.state["rng"]["dice_used"]] = 3
    play(t, 1, "thug:recruiting#1")
    assert t.game["step"] == "reaction"
    events = t.timeout()
    assert "timed_out" in types(events) and "thug_resolved" in types(events)
    assert t.game["step"] == "deals"


def test_investigation_nullifies_a_card_of_each_window():
    t = at_deals()
    set_influence(t, "mothers", {2: 3, 3: 2})
    give_thug(t, 2, "thug:g_men_investigation#1")
    # "any time" card (Hit), in the deals step
    give_thug(t, 1, "thug:hit#1")
    play(t, 1, "thug:hit#1", speakeasy="mothers", seat=2)
    refused(t, 1, "thug:g_men_investigation#1", "unknown_card", target="pending")
    events = play(t, 2, "thug:g_men_investigation#1", target="pending")
    assert types(events)[:2] == ["investigation_played", "step_resumed"]
    assert t.speakeasy("mothers")["influence"] == {"2": 3, "3": 2}
    assert t.game["pending_thug"] is None and t.game["step"] == "deals"
    discard = t.game["decks"]["men_of_action"]["discard"]
    assert {"thug:hit#1", "thug:g_men_investigation#1"} <= set(discard)


@pytest.mark.parametrize("card,targets,where", [
    ("thug:a_little_vigorish#1", {"seat": 2, "still": "family"}, "before_production"),
    ("thug:g_men_bust_a_shipment#1", {"truck": "small_2"}, "shipping"),
    ("thug:hey_free_truck#1", {"truck": "small_2"}, "after_loading"),
    ("thug:move_over_pigeon#1", {"truck": "small_2"}, "lined_up"),
])
def test_investigation_on_windowed_cards(card, targets, where):
    t = table(4, MANY)
    top_bids(t)
    give_thug(t, 1, card)
    give_thug(t, 3, "thug:g_men_investigation#1")
    if where != "before_production":
        set_influence(t, "mothers", {1: 4})
        to_step(t, "deals")
        if where == "shipping":
            to_step(t, "load")
            t.send(2, {"type": "load", "loads": {"small_2": 1}})
        elif where == "after_loading":
            to_step(t, "load")
            for s in t.waiting()["seats"]:
                t.send(s, {"type": "pass"})
            assert t.game["window"] == "after_loading"
        else:
            ship(t, {2: "mothers"})
            assert t.game["window"] == "lined_up"
    before = t.player(2)["trucks"][0].copy()
    play(t, 1, card, **targets)
    if t.game["step"] == "thug_window":             # declared: revealed once seat 3 answers
        assert t.game["declared"][0]["card"] == card and t.waiting()["seats"] == [3]
        t.send(3, {"type": "pass"})
    assert t.game["step"] == "reaction"
    play(t, 3, "thug:g_men_investigation#1", target="pending")
    assert t.player(2)["trucks"][0] == before and t.game["effects"]["idle_stills"] == []
    assert t.game["vigorish"] is None and t.game["pending_thug"] is None
    assert t.game["step"] != "reaction"


def test_investigation_on_a_displayed_friendly_union_boss():
    t = table(4, MANY)
    top_bids(t)
    give_thug(t, 4, "thug:friendly_union_boss#1")
    play(t, 4, "thug:friendly_union_boss#1")
    assert t.player(4)["union_boss"] == "thug:friendly_union_boss#1"
    to_step(t, "bid")                                   # next round: graft waived for seat 4
    top_bids(t)
    give_thug(t, 2, "thug:g_men_investigation#1")
    refused(t, 2, "thug:g_men_investigation#1", "bad_target", target="friendly_union_boss", seat=3)
    events = play(t, 2, "thug:g_men_investigation#1", target="friendly_union_boss", seat=4)
    assert types(events)[0] == "investigation_played"
    assert t.player(4)["union_boss"] is None
    assert "thug:friendly_union_boss#1" in t.game["decks"]["men_of_action"]["discard"]


def test_friendly_union_boss_waives_graft():
    t = table(4, MANY)
    top_bids(t)
    t.pass_offer_as_recorded(1)
    t.pass_offer_as_recorded(2)
    give_thug(t, 4, "thug:friendly_union_boss#1")
    play(t, 4, "thug:friendly_union_boss#1")
    before = t.player(4)["cash"]
    t.pass_offer_as_recorded(3)
    payroll = [e for e in t.events if e["type"] == "payroll" and e["payload"]["seat"] == 4][-1]
    assert payroll["payload"]["graft"] == 0
    assert t.player(4)["cash"] == before - payroll["payload"]["muscle_cost"]


# --- influence cards ------------------------------------------------------------------------------------
def test_hit_mob_war_destroyed_markers_go_to_supply():
    t = at_deals()
    set_influence(t, "barleycorns", {2: 3, 3: 2})
    supply2, back2 = markers_in_supply(t.game, 2), t.player(2)["back_room"]["influence"]
    play(t, 1, give_thug(t, 1, "thug:hit#2"), speakeasy="barleycorns", seat=2)
    assert markers_in_supply(t.game, 2) == supply2 + 1
    assert t.player(2)["back_room"]["influence"] == back2            # not the back room
    mob = give_thug(t, 1, "thug:mob_war#1")
    refused(t, 1, mob, "bad_count", speakeasy="barleycorns", markers={"2": 1})
    play(t, 1, mob, speakeasy="barleycorns", markers={"2": 1, "3": 1})
    assert t.speakeasy("barleycorns")["influence"] == {"2": 1, "3": 1}
    assert not t.speakeasy("barleycorns")["open"]                   # below its 4 shaded


def test_double_cross_either_mode_and_you_dirty_rat():
    t = at_deals()
    set_influence(t, "mothers", {2: 2, 3: 2})
    dc = give_thug(t, 1, "thug:double_cross#1")
    refused(t, 1, dc, "missing_target", speakeasy="mothers")
    play(t, 1, dc, speakeasy="mothers", mode="add")
    assert t.speakeasy("mothers")["influence"] == {"1": 1, "2": 2, "3": 2}
    t2 = at_deals()
    set_influence(t2, "mothers", {2: 2, 3: 2})
    play(t2, 1, give_thug(t2, 1, "thug:double_cross#1"), speakeasy="mothers", mode="destroy", seat=3)
    assert t2.speakeasy("mothers")["influence"] == {"2": 2, "3": 1}
    rat = give_thug(t, 4, "thug:you_dirty_rat#1")
    refused(t, 4, rat, "bad_target", speakeasy="mothers", seat=4)
    supply3 = markers_in_supply(t.game, 3)
    play(t, 4, rat, speakeasy="mothers", seat=3)
    assert t.speakeasy("mothers")["influence"] == {"1": 1, "2": 2, "3": 1, "4": 1}
    assert markers_in_supply(t.game, 3) == supply3 + 1


def test_safe_house_markers_not_replaced_this_round():
    t = table(4, MANY)
    top_bids(t)
    set_influence(t, "mothers", {1: 2})
    set_influence(t, "texas_lils", {1: 2})
    sh = give_thug(t, 1, "thug:safe_house#1")
    refused(t, 1, sh, "bad_count", withdraw={"mothers": 2, "texas_lils": 2})
    play(t, 1, sh, withdraw={"mothers": 2, "texas_lils": 1})
    assert t.player(1)["back_room"]["influence"] == 4
    to_step(t, "place_influence")
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "place_influence", "placements": {"barleycorns": 2}})
    assert err.value.code == "insufficient_markers" and "Safe-house" in err.value.detail
    t.send(1, {"type": "place_influence", "placements": {"barleycorns": 1}})   # the old one
    to_step(t, "bid")
    assert t.game["effects"]["safe_house"] == {}


def test_politics_cost_and_refusal_when_short():
    t = at_deals()
    city, state = give_thug(t, 1, "thug:city_politics#1"), give_thug(t, 1, "thug:state_politics#1")
    t.player(1)["cash"] = 9
    refused(t, 1, state, "insufficient_cash", count=2)
    play(t, 1, state, count=1)
    assert t.player(1)["cash"] == 4 and t.player(1)["back_room"]["influence"] == 2
    refused(t, 1, city, "insufficient_cash", count=2)
    play(t, 1, city, count=1)
    assert t.player(1)["cash"] == 0 and t.player(1)["back_room"]["influence"] == 3
    assert [e["payload"]["to"] for e in t.events if e["type"] == "cash_paid" and e["payload"]["reason"] in
            ("city_politics", "state_politics")] == ["bank", "bank"]


def test_recruiting_six_markers_three_players():
    t = table(3, MANY)
    to_step(t, "deals")
    t.script["dice"][t.state["rng"]["dice_used"]] = 6
    before = {s: t.player(s)["back_room"]["influence"] for s in (1, 2, 3)}
    play(t, 2, give_thug(t, 2, "thug:recruiting#2"))
    got = {s: t.player(s)["back_room"]["influence"] - before[s] for s in (1, 2, 3)}
    assert got == {2: 3, 1: 2, 3: 1}            # 2 first, then Muscle order 1, 2, 3, 1, 2


def test_big_payoff_controls_and_former_leader_is_minority():
    t = at_deals()
    set_influence(t, "mothers", {2: 4, 3: 1})
    assert t.speakeasy("mothers")["levels"] == {"2": "controlling", "3": "minority"}
    bp = give_thug(t, 4, "thug:big_payoff#1")
    t.player(4)["cash"] = 4
    refused(t, 4, bp, "insufficient_cash", speakeasy="mothers")
    t.player(4)["cash"] = 5
    play(t, 4, bp, speakeasy="mothers")
    assert t.speakeasy("mothers")["levels"] == {"2": "minority", "3": "minority", "4": "controlling"}
    assert t.player(4)["cash"] == 0
    refused(t, 1, give_thug(t, 1, "thug:big_payoff#1"), "bad_target", speakeasy="omalleys")


def test_big_payoff_after_trucks_lined_up_relines_them():
    t = table(4, [1] * 400)
    top_bids(t)
    set_influence(t, "mothers", {2: 4, 3: 1})
    give_thug(t, 1, "thug:big_payoff#1")
    to_step(t, "deals")
    t.player(1)["cash"] = 20
    ship(t, {1: "mothers", 2: "mothers", 3: "mothers"})
    assert t.game["window"] == "lined_up"
    line = [(e["seat"], e["dock"]) for e in t.speakeasy("mothers")["trucks"]]
    assert line == [(1, "public"), (2, "majority"), (3, "minority")]
    events = play(t, 1, "thug:big_payoff#1", speakeasy="mothers")
    relined = next(e["payload"]["line"] for e in events if e["type"] == "trucks_relined")
    assert [(e["seat"], e["dock"]) for e in relined] == [(1, "majority"), (2, "minority"),
                                                        (3, "minority")]
    sold = [e["payload"]["seat"] for e in events if e["type"] == "crates_sold"]
    assert sold[0] == 1                                  # sold from the Majority dock first


# --- speakeasy cards ----------------------------------------------------------------------------------------
def _sell_at_mothers(card, seat_card=3, dice=None):
    t = table(4, dice or [1] * 400)
    top_bids(t)
    set_influence(t, "mothers", {1: 5, 2: 1})
    to_step(t, "deals")
    events_from = len(t.events)
    if card:
        play(t, seat_card, give_thug(t, seat_card, card), speakeasy="mothers")
    ship(t, {1: "mothers", 2: "mothers"})
    pass_step(t) if t.game["step"] == "thug_window" else None
    return t, t.since(events_from)


def test_word_of_mouth_thirsty_packing_heat_copper():
    _, plain = _sell_at_mothers(None)
    sold = [e["payload"] for e in plain if e["type"] == "crates_sold"]
    assert [(s["seat"], s["price"]) for s in sold] == [(1, 2), (2, 2)]
    _, wom = _sell_at_mothers("thug:word_of_mouth#1")
    assert [e["payload"]["amount"] for e in wom if e["payload"].get("reason") == "profit"] == [2, 2]
    _, thirsty = _sell_at_mothers("thug:thirsty#1")
    demand = next(e["payload"] for e in thirsty if e["type"] == "dice_rolled"
                  and e["payload"]["purpose"] == "demand")
    assert len(demand["dice"]) == 3
    _, heat = _sell_at_mothers("thug:packing_heat#1", seat_card=2)
    assert [(e["payload"]["seat"], e["payload"]["price"]) for e in heat
            if e["type"] == "crates_sold"] == [(1, 1), (2, 2)]
    _, copper = _sell_at_mothers("thug:copper_in_the_house#1")
    assert [e["payload"]["price"] for e in copper if e["type"] == "crates_sold"] == [1, 1]
    assert not [e for e in copper if e["payload"].get("reason") == "profit"]
    assert not [e for e in copper if e["type"] == "dice_rolled"
                and e["payload"]["purpose"] == "demand"]


def test_bust_a_speakeasy_closes_it_even_omalleys():
    t = at_deals()
    play(t, 1, give_thug(t, 1, "thug:g_men_bust_a_speakeasy#1"), speakeasy="omalleys")
    assert not t.speakeasy("omalleys")["open"]
    refused(t, 1, give_thug(t, 1, "thug:word_of_mouth#1"), "bad_target", speakeasy="omalleys")
    to_step(t, "bid")
    assert t.speakeasy("omalleys")["open"]                          # one round only


def test_opportunity_knocks_needs_open_destination_with_a_free_square():
    t = at_deals()
    t.speakeasy("texas_lils")["improvements"] = 1
    ok = give_thug(t, 1, "thug:opportunity_knocks#1")
    refused(t, 1, ok, "speakeasy_closed", speakeasy="texas_lils", to_speakeasy="mothers")
    set_influence(t, "mothers", {2: 4})
    play(t, 1, ok, speakeasy="texas_lils", to_speakeasy="mothers")
    assert t.speakeasy("mothers")["improvements"] == 1 and t.speakeasy("texas_lils")["improvements"] == 0


# --- people ---------------------------------------------------------------------------------------------------
def test_big_city_boys_changes_order_for_the_round():
    t = table(4, MANY)
    top_bids(t)
    assert t.waiting()["seats"] == [1]
    bids = {p["seat"]: p["displayed_muscle"] for p in t.game["players"]}
    give_thug(t, 4, "thug:big_city_boys#1")
    if bids[4] + 5 > bids[1]:
        play(t, 4, "thug:big_city_boys#1", seat=4)
        assert t.game["order"][0] == 4 and t.waiting()["seats"] == [4]


def test_moll_against_a_player_with_less_cash():
    t = at_deals()
    t.player(2)["cash"] = 2
    t.script["dice"][t.state["rng"]["dice_used"]] = 5
    before = cash(t)
    events = play(t, 1, give_thug(t, 1, "thug:moll#1"), seat=2)
    moll = next(e["payload"] for e in events if e["type"] == "moll_spent")
    assert moll == {"seat": 1, "target": 2, "roll": 5, "paid": 2}
    assert cash(t)[2] == 0 and cash(t)[1] == before[1]              # to the bank, not to you


def test_windfall_is_played_in_the_muscle_phase_only():
    t = table(4, MANY)
    give_thug(t, 2, "thug:windfall#1")
    to_step(t, "deals")
    with pytest.raises(RuleViolation) as err:
        play(t, 2, "thug:windfall#1")
    assert err.value.code == "wrong_window" and "Phase 1" in err.value.detail
    to_step(t, "bid")
    top_bids(t)
    assert [e["type"] for e in play(t, 2, "thug:windfall#1")].count("windfall_drawn") == 1


def test_windfall_draw_is_hidden_and_a_drawn_improvement_is_played_at_once():
    deck = ["single_influence#%d" % n for n in range(1, 5)] + ["double_influence#1"]
    from .test_setup_phase1 import _moa_deck
    t = table(4, MANY, decks={"men_of_action": _moa_deck(deck)})
    to_step(t, "choose_offer")
    t.game["decks"]["men_of_action"]["draw"].remove("speakeasy_improvement#1")
    t.game["decks"]["men_of_action"]["draw"].insert(0, "speakeasy_improvement#1")
    events = play(t, 2, give_thug(t, 2, "thug:windfall#1"))
    drawn = next(e for e in events if e["type"] == "windfall_drawn")
    assert drawn["payload"]["card"] == "speakeasy_improvement#1"
    assert RULESET.redact_event(drawn, {"kind": "seat", "seat": 1})["payload"]["card"] is None
    assert RULESET.redact_event(drawn, {"kind": "organizer"})["payload"]["card"] is not None
    assert types(events)[-3:-1] == ["windfall_used", "improvement_gained"]
    assert t.player(2)["back_room"]["improvements"] == 1 and t.player(2)["windfall"] == []
    t.pass_offer_as_recorded(1)
    t.send(2, {"type": "take_offer", "offer": 1})        # plus the normal choice


def _windfall_draws(kind_prefix):
    t = table(4, MANY)
    to_step(t, "choose_offer")
    draw = t.game["decks"]["men_of_action"]["draw"]
    top = next(c for c in draw if c.startswith(kind_prefix))
    draw.remove(top)
    draw.insert(0, top)
    play(t, 2, give_thug(t, 2, "thug:windfall#1"))
    return t, top


def test_a_windfall_draw_event_never_names_the_card_to_others():
    """FAQ: "You do not have to show the blindly drawn card to other Mobsters as you draw
    it." The draw event is hidden whatever was drawn; a drawn Thug card is one more card in
    the hand (a count for the others)."""
    for prefix in ("thug:", "single_influence"):
        t, top = _windfall_draws(prefix)
        drawn = next(e for e in t.events if e["type"] == "windfall_drawn")
        assert RULESET.redact_event(drawn, {"kind": "seat", "seat": 1})["payload"]["card"] is None
    t, top = _windfall_draws("thug:")
    assert top in t.player(2)["thug_cards"]
    other = RULESET.view(t.state, {"kind": "seat", "seat": 1})["players"][1]
    assert (other["thug_cards"], other["windfall"]) == (1, None)


def test_a_windfall_draw_waits_while_a_vigorish_answer_is_pending():
    t = table(4, MANY)
    top_bids(t)
    give_thug(t, 1, "thug:a_little_vigorish#1")
    t.player(2)["windfall"].append({"card": "single_influence#20", "round": t.game["round"]})
    t.game["decks"]["men_of_action"]["draw"].remove("single_influence#20")
    play(t, 1, "thug:a_little_vigorish#1", seat=3, still="family")
    while t.game["step"] == "reaction":
        t.send(t.waiting()["seats"][0], {"type": "pass"})
    assert t.game["step"] == "vigorish"
    with pytest.raises(RuleViolation) as err:
        play(t, 2, "single_influence#20")
    assert err.value.code == "thug_pending"


def test_crates_and_trucks_change_hands_before_loading_not_during_it():
    t = table(4, MANY)
    to_step(t, "deals")
    t.player(4)["crates"], t.player(1)["crates"] = 0, 4
    to_step(t, "load")
    assert 4 not in t.game["step_seats"]
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "propose_deal", "to": 4, "give": {"crates": 3}, "get": {"cash": 2}})
    assert err.value.code == "loading_underway"
    t.send(1, {"type": "propose_deal", "to": 4, "give": {"cash": 1}, "get": {}, "promise": "later"})
    proposals = [ex for a in RULESET.legal_actions(t.state, 1)["actions"] if a["type"] == "propose_deal"
                 for ex in a["examples"]]
    assert proposals and all(not (set(ex["give"]) | set(ex["get"])) & {"crates", "trucks", "rent_trucks"}
                             for ex in proposals)


def test_offering_a_card_you_never_held_says_so():
    t = table(4, MANY)
    to_step(t, "deals")
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "propose_deal", "to": 2, "give": {"thug_cards": ["thug:hit#1"]},
                   "get": {"cash": 1}})
    assert err.value.code == "insufficient_cards" and "does not hold 'thug:hit#1'" in err.value.detail
