"""Legal actions list every valid target of a Thug card and a deal for every seat.

A client (or a bot) that only ever sends listed examples must be able to make every play
the rules allow: the Mob War split between two mobsters, Safe-house with several markers,
Muscling In into any of one's stills, Hijack with any empty truck that fits, and a deal
from a seat with nothing to give but a promise. Each listed example is sent and accepted.
"""
from __future__ import annotations

import copy

import pytest

from service.rules.bootleggers import RULESET
from service.rules.errors import RuleViolation

from .situations import give_thug, give_truck, play, set_influence, ship, table, to_step, top_bids

MANY = [1] * 400


def examples(t, seat, kind, card=None):
    return [{k: v for k, v in ex.items() if k != "type"}
            for a in RULESET.legal_actions(t.state, seat)["actions"] if a["type"] == kind
            for ex in a["examples"] if card is None or ex.get("card") == card]


def accepted(t, seat, kind, body):
    trial = copy.deepcopy(t)
    trial.send(seat, {"type": kind, **body})
    return True


def at_deals():
    t = table(4, MANY)
    top_bids(t)
    to_step(t, "deals")
    return t


def test_a_seat_with_nothing_to_give_can_still_deal_a_promise():
    t = at_deals()
    me = t.player(1)
    me["cash"], me["crates"], me["trucks"], me["thug_cards"] = 0, 0, [], []
    props = examples(t, 1, "propose_deal")
    assert {"to": 2, "give": {}, "get": {}, "promise": "no Hits between us this round"} in props
    assert any(p["give"] == {} and p["get"] == {"cash": 1} for p in props)   # selling a promise
    assert all(accepted(t, 1, "propose_deal", p) for p in props)


def test_mob_war_lists_the_split_between_two_mobsters():
    t = at_deals()
    set_influence(t, "barleycorns", {2: 3, 3: 2})
    mob = give_thug(t, 1, "thug:mob_war#1")
    listed = [ex["markers"] for ex in examples(t, 1, "play_thug", mob) if ex["speakeasy"] == "barleycorns"]
    assert sorted(listed, key=sorted) == sorted([{"2": 2}, {"3": 2}, {"2": 1, "3": 1}], key=sorted)
    assert all(accepted(t, 1, "play_thug", ex) for ex in examples(t, 1, "play_thug", mob))


def test_safe_house_lists_several_markers_and_two_speakeasies():
    t = table(4, MANY)
    top_bids(t)
    set_influence(t, "mothers", {1: 3})
    set_influence(t, "texas_lils", {1: 1})
    sh = give_thug(t, 1, "thug:safe_house#1")
    listed = [ex["withdraw"] for ex in examples(t, 1, "play_thug", sh)]
    for want in ({"mothers": 1}, {"mothers": 2}, {"mothers": 3}, {"texas_lils": 1},
                 {"mothers": 1, "texas_lils": 1}):
        assert want in listed
    assert all(accepted(t, 1, "play_thug", {"card": sh, "withdraw": w}) for w in listed)


def test_muscling_in_lists_each_of_my_stills():
    t = at_deals()
    t.player(1)["stills"].append({"id": "remote_2", "dice": 1, "last_roll": []})
    t.player(2)["stills"].append({"id": "remote_1", "dice": 1, "last_roll": []})
    card = give_thug(t, 1, "thug:muscling_in#1")
    listed = {ex["to_still"] for ex in examples(t, 1, "play_thug", card)}
    assert listed == {"back_room", "family", "remote_2"}
    assert all(accepted(t, 1, "play_thug", ex) for ex in examples(t, 1, "play_thug", card))


def test_hijack_lists_every_empty_truck_that_fits():
    t = table(4, MANY)
    top_bids(t)
    set_influence(t, "mothers", {1: 5, 2: 1})
    card = give_thug(t, 1, "thug:hijack#1")
    to_step(t, "deals")
    give_truck(t, 1, "medium"), give_truck(t, 1, "large")
    t.player(1)["crates"], t.player(2)["crates"] = 1, 2
    ship(t, {1: "mothers", 2: "mothers"})
    assert t.game["window"] == "lined_up"
    empty = {x["id"] for x in t.player(1)["trucks"] if not x["load"] and not x["at"]}
    used = {ex["with_truck"] for ex in examples(t, 1, "play_thug", card) if ex["truck"] == "small_2"}
    assert len(empty) == 2 and used == empty
    assert all(accepted(t, 1, "play_thug", ex) for ex in examples(t, 1, "play_thug", card))


def test_a_field_the_card_ignores_is_refused():
    t = at_deals()
    set_influence(t, "mothers", {2: 3})
    hit = give_thug(t, 1, "thug:hit#1")
    with pytest.raises(RuleViolation) as err:
        play(t, 1, hit, speakeasy="mothers", seat=2, truck="small_2")
    assert err.value.code == "unexpected_fields" and err.value.status == 422
    assert "no truck" in err.value.detail
    assert t.player(1)["thug_cards"] == [hit]


def test_take_offer_choice_lists_a_remote_still_only_while_one_is_left():
    t = table(4, MANY)
    for n, p in enumerate(t.game["players"]):
        p["stills"] += [{"id": f"remote_{2 * n + k}", "dice": 1, "last_roll": []} for k in (1, 2)]
    top_bids(t)
    params = [a["params"] for a in RULESET.legal_actions(t.state, 1)["actions"] if a["type"] == "take_offer"]
    assert params and params[0]["choice"]["choices"] == ["dice"]
