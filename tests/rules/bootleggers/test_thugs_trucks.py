"""Thug cards on trucks and stills, and deals between mobsters (with their FAQ lines)."""
from __future__ import annotations

import pytest

from service.rules.bootleggers import RULESET
from service.rules.errors import RuleViolation

from .situations import (cash, give_thug, give_truck, play, set_influence, ship,
                         table, to_step, top_bids, types)

MANY = [1] * 400


def refused(t, actor, card, code, **targets):
    with pytest.raises(RuleViolation) as err:
        play(t, actor, card, **targets)
    assert err.value.code == code, err.value.detail


def lined_up(cards: dict, routes: dict, influence=None, dice=MANY):
    t = table(4, dice)
    top_bids(t)
    set_influence(t, "mothers", influence or {1: 5, 2: 1})
    for seat, cs in cards.items():
        for c in cs:
            give_thug(t, seat, c)
    to_step(t, "deals")
    return t


def test_move_over_pigeon_keeps_owner_priority_and_pays_the_player():
    t = lined_up({3: ["thug:move_over_pigeon#1"]}, {})
    ship(t, {1: "mothers", 2: "mothers"})
    assert t.game["window"] == "lined_up"
    refused(t, 3, "thug:move_over_pigeon#1", "not_lined_up", truck="small_4")
    n = len(t.events)
    play(t, 3, "thug:move_over_pigeon#1", truck="small_2")
    sold = [e["payload"] for e in t.since(n) if e["type"] == "crates_sold"]
    assert [(s["truck"], s["dock"], s.get("paid_to")) for s in sold] == [
        ("small_1", "majority", None), ("small_2", "minority", 3)]
    wholesale = [e["payload"] for e in t.since(n) if e["type"] == "cash_paid"
                 and e["payload"]["reason"] == "wholesale"]
    assert [w["to"] for w in wholesale] == [1, 3]
    assert t.player(2)["trucks"][0]["id"] == "small_2"              # the truck goes home


def test_hijack_rented_out_truck_end_of_line_no_split():
    t = lined_up({1: ["thug:hijack#1"]}, {})
    t.player(1)["cash"] = 10
    big = give_truck(t, 1, "medium")
    t.send(1, {"type": "propose_deal", "to": 2, "give": {"rent_trucks": ["small_1"]},
               "get": {"cash": 1}})
    t.send(2, {"type": "accept_deal", "deal": "d1"})
    assert t.player(2)["trucks"][-1]["rented_from"] == 1
    t.player(2)["crates"], t.player(1)["crates"] = 5, 0
    ship(t, {1: "mothers", 2: "mothers"})
    assert t.game["window"] == "lined_up"
    line = [e["truck"] for e in t.speakeasy("mothers")["trucks"]]
    refused(t, 1, "thug:hijack#1", "no_empty_truck", truck="small_2", with_truck="small_1",
            to_speakeasy="mothers")
    events = play(t, 1, "thug:hijack#1", truck="small_1", with_truck=big,
                  to_speakeasy="mothers")                             # my own truck, rented out
    hj = next(e["payload"] for e in events if e["type"] == "truck_hijacked")
    assert hj["from_seat"] == 2 and hj["crates"] == 1 and hj["dock"] == "majority"
    lined = next(e for e in events if e["type"] == "truck_hijacked")
    assert lined and line[-1] != big


def test_hey_free_truck_after_bust_a_shipment_and_only_after_loading():
    t = lined_up({1: ["thug:g_men_bust_a_shipment#1", "thug:hey_free_truck#1"]}, {})
    refused(t, 1, "thug:hey_free_truck#1", "wrong_window", truck="small_2")   # deals step
    refused(t, 1, "thug:g_men_bust_a_shipment#1", "empty_truck", truck="small_2")
    to_step(t, "load")
    for s in t.waiting()["seats"]:
        t.send(s, {"type": "load", "loads": {f"small_{s}": 1}})
    assert t.game["window"] == "after_loading"
    play(t, 1, "thug:g_men_bust_a_shipment#1", truck="small_2")
    assert t.player(2)["trucks"][0]["load"] == 0
    play(t, 1, "thug:hey_free_truck#1", truck="small_2")
    assert [x["id"] for x in t.player(1)["trucks"]] == ["small_1", "small_2"]
    assert t.player(2)["trucks"] == []


def test_favors_come_from_supply_pay_no_graft_and_go_back():
    t = lined_up({1: ["thug:call_in_a_big_favor#1", "thug:call_in_a_little_favor#1"]}, {})
    play(t, 1, "thug:call_in_a_big_favor#1")
    play(t, 1, "thug:call_in_a_little_favor#1")
    assert [x["size"] for x in t.player(1)["trucks"]] == ["small", "large", "medium"]
    assert all(x.get("favor") for x in t.player(1)["trucks"][1:])
    to_step(t, "bid")
    assert [x["size"] for x in t.player(1)["trucks"]] == ["small"]
    assert "large_1" in t.game["truck_supply"]["large"]


def test_warehouse_keeps_unloaded_crates_one_round():
    t = lined_up({2: ["thug:warehouse#1"]}, {})
    play(t, 2, "thug:warehouse#1")
    t.player(2)["crates"] = 7
    to_step(t, "bid")
    assert t.player(2)["crates"] == 7                 # kept into the next round
    assert any(e["type"] == "crates_warehoused" for e in t.events)


def test_muscling_in_leaves_remote_still_without_dice():
    t = lined_up({1: ["thug:muscling_in#1"]}, {})
    t.player(2)["stills"].append({"id": "remote_1", "dice": 1, "last_roll": []})
    refused(t, 1, "thug:muscling_in#1", "bad_target", seat=2, still="family")
    play(t, 1, "thug:muscling_in#1", seat=2, still="remote_1", to_still="family")
    assert t.player(2)["stills"][1]["dice"] == 0 and t.player(1)["stills"][0]["dice"] == 2


def test_turf_war_remote_still_or_family_die_but_not_the_last():
    t = lined_up({1: ["thug:turf_war#1"], 3: ["thug:turf_war#2"]}, {})
    t.game["players"][1]["stills"].append({"id": "remote_1", "dice": 3, "last_roll": []})
    refused(t, 1, "thug:turf_war#1", "last_die", seat=2, still="family")
    play(t, 1, "thug:turf_war#1", seat=2, still="remote_1")
    t.send(3, {"type": "pass"}) if t.game["step"] == "reaction" else None
    assert [s["id"] for s in t.player(2)["stills"]] == ["family"]


def test_vigorish_pay_refuse_and_cannot_pay():
    t = table(4, MANY)
    top_bids(t)
    give_thug(t, 1, "thug:a_little_vigorish#1")
    t.player(3)["stills"][0]["dice"] = 2
    play(t, 1, "thug:a_little_vigorish#1", seat=3, still="family")
    assert t.game["step"] == "vigorish" and t.waiting()["seats"] == [3]
    before = cash(t)
    t.send(3, {"type": "answer_vigorish", "pay": True})
    assert cash(t)[3] == before[3] - 6 and cash(t)[1] == before[1] + 6
    assert t.game["step"] == "choose_offer"
    t2 = table(4, MANY)
    top_bids(t2)
    give_thug(t2, 1, "thug:a_little_vigorish#1")
    t2.player(2)["cash"] = 2
    events = play(t2, 1, "thug:a_little_vigorish#1", seat=2, still="family")
    assert next(e for e in events if e["type"] == "vigorish_answered")["payload"]["pay"] is False
    to_step(t2, "deals")
    assert any(e["type"] == "still_idle" and e["payload"]["seat"] == 2 for e in t2.events)
    refused(t2, 1, give_thug(t2, 1, "thug:a_little_vigorish#1"), "wrong_window",
            seat=3, still="family")


def test_double_still_dice_split_between_two_stills():
    t = table(4, MANY)
    top_bids(t)
    t.player(1)["stills"].append({"id": "remote_1", "dice": 1, "last_roll": []})
    t.player(1)["back_room"]["dice"] = 2               # a Double Still Improvement's two dice
    t.send(1, {"type": "place_die", "still": "family"})
    t.send(1, {"type": "place_die", "still": "remote_1"})
    assert [s["dice"] for s in t.player(1)["stills"]] == [2, 2]


# --- deals ----------------------------------------------------------------------------------------------------
def test_deal_moves_everything_atomically_with_cash_paid():
    t = table(4, MANY)
    to_step(t, "deals")
    hit = give_thug(t, 1, "thug:hit#1")
    t.player(1)["crates"], t.player(2)["crates"] = 3, 0
    before = cash(t)
    t.send(1, {"type": "propose_deal", "to": 2, "give": {"crates": 3, "thug_cards": [hit]},
               "get": {"cash": 4}, "promise": "I'll stay out of Mother's"})
    deal = t.game["deals"][0]
    assert RULESET.view(t.state, {"kind": "seat", "seat": 3})["deals"][0]["give"]["thug_cards"] == 1
    events = t.send(2, {"type": "accept_deal", "deal": deal["deal"]})
    assert types(events) == ["deal_accepted", "cash_paid"]
    assert events[1]["payload"] == {"from": 2, "to": 1, "amount": 4, "reason": "deal",
                                    "deal": "d1"}
    assert t.player(2)["crates"] == 3 and t.player(2)["thug_cards"] == [hit]
    assert cash(t)[1] == before[1] + 4 and t.game["deals"] == []


def test_deal_rechecked_at_acceptance_reject_withdraw_and_lapse():
    t = table(4, MANY)
    to_step(t, "deals")
    t.send(1, {"type": "propose_deal", "to": 2, "give": {"cash": 5}, "get": {}})
    t.player(1)["cash"] = 1
    with pytest.raises(RuleViolation) as err:
        t.send(2, {"type": "accept_deal", "deal": "d1"})
    assert err.value.code == "insufficient_cash"
    t.send(2, {"type": "reject_deal", "deal": "d1"})
    t.send(1, {"type": "propose_deal", "to": 3, "give": {"cash": 1}, "promise": "thanks"})
    with pytest.raises(RuleViolation):
        t.send(3, {"type": "withdraw_deal", "deal": "d2"})
    t.send(1, {"type": "propose_deal", "to": 4, "give": {"cash": 1}})
    assert len(t.game["deals"]) == 2
    to_step(t, "bid")
    assert t.game["deals"] == [] and any(e["type"] == "deals_lapsed" for e in t.events)


def test_influence_is_never_tradable():
    schema, _ = RULESET.command_schemas["propose_deal"]
    from marshmallow import ValidationError
    with pytest.raises(ValidationError) as err:
        schema().load({"to": 2, "give": {"influence": 2}})
    assert "never be traded" in str(err.value)


def test_rented_truck_operated_by_renter_and_returned_after_phase5():
    t = table(4, MANY)
    top_bids(t)
    set_influence(t, "mothers", {1: 5, 2: 1})
    to_step(t, "deals")
    extra = give_truck(t, 1, "medium")
    t.send(1, {"type": "propose_deal", "to": 2, "give": {"rent_trucks": [extra]},
               "get": {"cash": 2}})
    t.send(2, {"type": "accept_deal", "deal": "d1"})
    t.player(2)["crates"] = 7
    n = len(t.events)
    ship(t, {2: "mothers"})
    sold = [e["payload"] for e in t.since(n) if e["type"] == "cash_paid"
            and e["payload"]["reason"] == "wholesale"]
    assert sold and all(s["to"] == 2 for s in sold)
    to_step(t, "bid")
    assert extra in [x["id"] for x in t.player(1)["trucks"]]
    assert "rented_from" not in t.player(1)["trucks"][-1]
