"""Setup and docs/rules.md "A round, step by step": Muscle display, steps, and Phase 1."""
from __future__ import annotations

import pytest

from service.rules.bootleggers import RULESET, data
from service.rules.errors import RuleViolation

from .harness import Table
from .situations import cash, pass_step, table, to_step, top_bids

MANY = [1] * 400


def _moa_deck(first):
    rest = data.men_of_action_deck()
    for c in first:
        rest.remove(c)
    return list(first) + rest


def test_setup_deals_and_opens_round_one():
    t = Table(4)                                   # seeded
    g = t.game
    kinds = [e["payload"]["deck"] for e in t.events if e["type"] == "deck_shuffled"]
    assert kinds == ["muscle_q1", "muscle_q2", "muscle_q3", "muscle_q4", "men_of_action", "trucks"]
    for p in g["players"]:
        assert len(p["muscle_hand"]) == 12
        for first, last in data.MUSCLE_QUARTERS.values():
            assert sum(first <= c <= last for c in p["muscle_hand"]) == 3
        assert p["cash"] == 10 and [x["size"] for x in p["trucks"]] == ["small"]
        assert p["stills"] == [{"id": "family", "dice": 1, "last_roll": []}]
        assert p["back_room"] == {"influence": 1, "dice": 0, "improvements": 0}
    starting = [e["payload"] for e in t.events if e["type"] == "cash_paid"]
    assert all(p["from"] == "bank" and p["amount"] == 10 for p in starting) and len(starting) == 4
    assert g["round"] == 1 and g["step"] == "bid" and g["waiting_for"] == [1, 2, 3, 4]
    assert g["offers"]["truck"].startswith("truck:")
    assert all(s["card"] for s in g["offers"]["slots"]) and len(g["offers"]["slots"]) == 4
    assert len(g["truck_supply"]["small"]) == 8
    assert [s["id"] for s in g["speakeasies"]] == ["omalleys", "texas_lils", "mothers",
                                                   "barleycorns", "real_mccoy"]
    assert t.speakeasy("real_mccoy")["wholesale"] == 3 and t.speakeasy("real_mccoy")["profit"] == 2


def test_six_players_use_volstead_and_cheaper_real_mccoy():
    t = Table(6)
    assert t.speakeasy("volstead")["circles"] == 17
    assert (t.speakeasy("real_mccoy")["wholesale"], t.speakeasy("real_mccoy")["profit"]) == (2, 1)


def test_short_game_deals_eight_cards():
    t = Table(3, {"rounds": 8})
    assert all(len(p["muscle_hand"]) == 8 for p in t.game["players"])


def test_options_are_validated():
    assert RULESET.validate_options({}, 2)["seats"]
    assert RULESET.validate_options({"rounds": 10}, 4)["rounds"]
    assert RULESET.validate_options({"rounds": 8, "influence": "anytime"}, 6) == {}


def test_deck_composition():
    deck = data.men_of_action_deck()
    kinds = [data.card_kind(c) for c in deck]
    assert len(deck) == len(set(deck)) == 78
    assert kinds.count("single_influence") == 20 and kinds.count("thug:hit") == 2
    assert sum(k.startswith("thug:") for k in kinds) == 33
    assert len(data.truck_deck()) == 14
    assert [data.muscle_cost(c) for c in (1, 12, 13, 27, 28, 45, 46, 66, 67, 72)] == \
        [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]


def test_back_room_placement_only_while_muscle_displayed():
    t = table(4, MANY)
    t.game["players"][3]["back_room"]["dice"] = 1
    with pytest.raises(RuleViolation) as err:
        t.send(4, {"type": "place_die", "still": "family"})
    assert err.value.code == "wrong_step"
    top_bids(t)
    assert t.waiting() == {"step": "choose_offer", "seats": [1]}
    t.send(4, {"type": "place_die", "still": "family"})     # not its turn: still allowed
    assert t.player(4)["stills"][0]["dice"] == 2
    t.player(4)["back_room"]["dice"] = 3
    for _ in range(2):
        t.send(4, {"type": "place_die", "still": "family"})
    with pytest.raises(RuleViolation) as err:
        t.send(4, {"type": "place_die", "still": "family"})
    assert err.value.code == "capacity" and "4 dice" in err.value.detail


def test_sealed_bids_hidden_until_revealed():
    t = table(4, MANY)
    drafts = t.send(2, {"type": "bid", "card": 69})
    assert t.waiting()["seats"] == [1, 3, 4]
    seen_by_1 = RULESET.view(t.state, {"kind": "seat", "seat": 1})
    assert seen_by_1["players"][1]["bid"] is None and seen_by_1["players"][1]["has_bid"]
    assert RULESET.view(t.state, {"kind": "seat", "seat": 2})["players"][1]["bid"] == 69
    ev = t.events[-len(drafts)]
    assert RULESET.redact_event(ev, {"kind": "seat", "seat": 1})["payload"]["card"] is None
    assert RULESET.redact_event(ev, {"kind": "organizer"})["payload"]["card"] is None
    assert RULESET.redact_event(ev, {"kind": "seat", "seat": 2})["payload"]["card"] == 69
    with pytest.raises(RuleViolation) as err:
        t.send(2, {"type": "bid", "card": 68})
    assert err.value.code == "not_your_turn"
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "bid", "card": 69})
    assert err.value.code == "unknown_card"
    for seat, card in ((1, 54), (3, 66), (4, 63)):
        t.send(seat, {"type": "bid", "card": card})
    assert t.game["order"] == [2, 3, 4, 1]
    assert [p["displayed_muscle"] for p in t.game["players"]] == [54, 69, 66, 63]
    assert 69 not in t.player(2)["muscle_hand"]


def test_payroll_in_muscle_order_and_no_debt():
    t = table(4, MANY)
    t.player(2)["cash"] = 3
    n = len(t.events)
    top_bids(t)                        # 72, 69, 66, 63: costs $4G, $4G, $3G, $3G
    assert cash(t)[1] == 10 - 1 - 4    # seat 1's payroll is due at once: graft + card
    assert cash(t)[2] == 3             # seat 2 pays when its turn comes
    t.pass_offer_as_recorded(1)
    payroll = [e["payload"] for e in t.since(n) if e["type"] == "payroll"]
    assert payroll[1] == {"seat": 2, "graft": 1, "muscle_cost": 4, "paid": 3, "cash_before": 3}
    assert cash(t)[2] == 0


def test_offer_kinds_and_double_still_choice():
    first = ["single_influence#1", "double_still_improvement#1", "speakeasy_improvement#1",
             "thug:moll#1"]
    t = table(4, MANY, decks={"men_of_action": _moa_deck(first)})
    top_bids(t)
    t.send(1, {"type": "take_offer", "offer": 1})
    assert t.player(1)["back_room"]["influence"] == 2
    with pytest.raises(RuleViolation) as err:
        t.send(2, {"type": "take_offer", "offer": 2})
    assert err.value.code == "choice_required"
    with pytest.raises(RuleViolation) as err:
        t.send(2, {"type": "take_offer", "offer": 1})
    assert err.value.code == "unknown_offer"
    t.send(2, {"type": "take_offer", "offer": 2, "choice": "remote_still"})
    assert t.player(2)["stills"][1] == {"id": "remote_1", "dice": 1, "last_roll": []}
    t.send(3, {"type": "take_offer", "offer": 3})
    assert t.player(3)["back_room"]["improvements"] == 1
    t.send(4, {"type": "take_offer", "offer": 4})
    assert t.player(4)["thug_cards"] == ["thug:moll#1"]
    assert RULESET.view(t.state, {"kind": "seat", "seat": 1})["players"][3]["thug_cards"] == 1
    assert t.game["step"] == "thug_window"                # seat 4 holds a Thug card
    assert t.waiting()["seats"] == [4]
    t.send(4, {"type": "pass"})
    assert t.game["step"] == "place_influence"
    assert t.game["offers"]["truck"] is not None          # an unchosen truck card stays


def test_unchosen_offers_discarded_and_truck_card_stays():
    t = table(4, MANY)
    truck_card = t.game["offers"]["truck"]
    slots = [s["card"] for s in t.game["offers"]["slots"]]
    n = len(t.events)
    to_step(t, "place_influence")
    disc = [e["payload"] for e in t.since(n) if e["type"] == "offers_discarded"]
    assert disc == [{"cards": slots}]
    to_step(t, "bid")
    assert t.game["round"] == 2 and t.game["offers"]["truck"] == truck_card
    assert not any(e["type"] == "truck_card_turned" for e in t.since(n))


def test_truck_purchase_and_unaffordable_truck():
    decks = {"trucks": ["truck:large#1"] + [c for c in data.truck_deck() if c != "truck:large#1"]}
    t = table(4, MANY, decks=decks)
    top_bids(t)                         # seat 1 now has $5G
    t.send(1, {"type": "take_offer", "offer": "truck"})
    assert [x["size"] for x in t.player(1)["trucks"]] == ["small", "large"]
    assert cash(t)[1] == 2
    to_step(t, "bid")                   # round 2: the next truck card is turned
    assert t.game["offers"]["truck"] != "truck:large#1"
    before = cash(t)[1]
    top_bids(t)
    assert before - cash(t)[1] == min(before, 3 + 4)   # graft now $1G + $2G for the Large


def test_unaffordable_truck_card_is_discarded():
    decks = {"trucks": ["truck:large#1"] + [c for c in data.truck_deck() if c != "truck:large#1"]}
    t = table(4, MANY, decks=decks)
    t.player(1)["cash"] = 6
    top_bids(t)                         # pays 1 + 4, has $1G
    n = len(t.events)
    t.send(1, {"type": "take_offer", "offer": "truck"})
    taken = [e["payload"] for e in t.since(n) if e["type"] == "offer_taken"][0]
    assert taken["result"] == "discarded" and "$1G" in taken["detail"]
    assert len(t.player(1)["trucks"]) == 1 and cash(t)[1] == 1
    assert t.game["offers"]["truck"] is None
    assert t.game["decks"]["trucks"]["discard"] == ["truck:large#1"]


def test_empty_deck_is_reshuffled_from_discard():
    t = table(4, MANY)
    moa = t.game["decks"]["men_of_action"]
    moa["discard"], moa["draw"] = moa["draw"][2:12], moa["draw"][:2]
    n = len(t.events)
    to_step(t, "place_influence")
    to_step(t, "bid")
    assert t.game["round"] == 2
    shuffles = [e["payload"] for e in t.since(n) if e["type"] == "deck_shuffled"]
    assert len(shuffles) == 1 and shuffles[0]["reason"] == "reshuffle_discard"
    assert all(s["card"] for s in t.game["offers"]["slots"])


def test_wrong_step_and_turn_errors_are_clear():
    t = table(4, MANY)
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "load", "loads": {"small_1": 1}})
    assert err.value.code == "wrong_step" and "Phase 1" in err.value.detail
    top_bids(t)
    with pytest.raises(RuleViolation) as err:
        t.send(3, {"type": "pass"})
    assert err.value.code == "not_your_turn" and "seat 1" in err.value.detail
    pass_step(t)
    assert t.game["step"] == "place_influence"
