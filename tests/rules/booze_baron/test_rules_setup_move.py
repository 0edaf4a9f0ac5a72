"""Worked examples for the seed's (004) setup and Move Phase sentences, one test each."""
from __future__ import annotations

from collections import Counter

import pytest

from service.rules.booze_baron import RULESET, data
from service.rules.errors import RuleViolation

from .harness import Table
from .situations import BEER, LIQUOR, WINE, pass_all, scripted, to_actions


def _mob_counts(t: Table) -> list[int]:
    return sorted(Counter(p["mob"] for p in t.game["players"]).values())


def _shuffled(t: Table, deck: str) -> list:
    return next(e["payload"]["order"] for e in t.events
                if e["type"] == "deck_shuffled" and e["payload"]["deck"] == deck)


def test_six_location_cards_a_side_house_data():
    """"Place the six Location cards on the table. For your first game, use the "A" side"."""
    t = Table(3)
    assert [l["id"] for l in t.game["locations"]] == [l["id"] for l in data.HOUSE_LOCATIONS]
    assert len(t.game["cards"]) == 36


@pytest.mark.parametrize("seats,pile,counts", [(3, 3, [1, 1, 1]), (5, 6, [1, 2, 2]), (6, 6, [2, 2, 2]),
                                               (8, 9, [2, 3, 3]), (9, 9, [3, 3, 3])])
def test_three_five_six_eight_nine_pile_one_per_mob_until_enough(seats, pile, counts):
    """"If you are playing with three, five, six, eight, or nine players, create a pile of
    Booze cards by adding one card from each Mob's pile until the number of cards is equal
    to or greater than the number of players. ... in a six player game, two cards would be
    added from each Mob. ... Return all unused Booze cards to the box without viewing them.\""""
    for seed in range(4):
        t = Table(seats, seed=bytes([seed]) * 32)
        order = _shuffled(t, "booze_pile")
        assert len(order) == pile and sorted(Counter(map(data.MOB_OF.get, order)).values()) == [pile // 3] * 3
        assert _mob_counts(t) == counts or seats == 5 or seats == 8
        assert all(p["mob"] for p in t.game["players"]) and len(t.game["players"]) == seats


@pytest.mark.parametrize("seats", [4, 7])
def test_four_and_seven_players_one_less_plus_one_from_the_rest(seats):
    """"If you are playing with four or seven players, create a pile of Booze cards by adding
    one card from each Mob until the number of cards in the pile is one less than the number
    of players. ... Shuffle all of the remaining Booze cards from all of the Mobs together and
    add one of those cards to the pile. Shuffle the pile and deal one Booze card to each player.\""""
    t = Table(seats)
    rest = _shuffled(t, "booze_rest")
    assert len(rest) == 12 - (seats - 1)
    pile = _shuffled(t, "booze_pile")
    assert len(pile) == seats and rest[0] in pile
    assert _mob_counts(t) == ([1, 1, 2] if seats == 4 else [2, 2, 3])


def test_nine_delivery_cards_placed_below_their_location():
    """"Shuffle the Delivery deck and draw nine cards. Place each card below the location
    displayed on the Delivery card.\""""
    t = Table(4)
    placed = {c: l["id"] for l in t.game["locations"] for c in l["cards"]}
    assert len(placed) == 9 and len(t.game["deck"]) == 27
    assert all(t.game["cards"][c]["location"] == loc for c, loc in placed.items())
    assert list(placed) == _shuffled(t, "delivery")[:9] or sorted(placed) == sorted(_shuffled(t, "delivery")[:9])


def test_the_booze_baron_is_the_first_player():
    """"The player who is the most similar to their Bootlegger takes the Booze Baron token.
    The Booze Baron will be the first player to take a turn." (first_baron option, default 1)"""
    t = scripted(["beer", "liquor", "wine", "beer"], first_baron=3)
    to_actions(t, {1: "docks", 2: "casino", 3: "warehouse", 4: "train_yard"})
    assert t.game["step_seats"] == [3, 4, 1, 2] and t.waiting() == [3]


def test_movement_cards_are_sealed_then_revealed_at_once():
    """"Each player chooses the Movement card ... and places it face-down on the table. Each
    player reveals their chosen card at the same time and moves their Bootlegger pawn.\""""
    t = scripted(["beer", "liquor", "wine"])
    t.send(1, {"type": "choose_move", "location": "docks"})
    chosen = t.events[-1]
    assert t.p(1)["location"] is None and t.game["step"] == "move"
    for viewer in ({"kind": "seat", "seat": 2}, {"kind": "organizer"}, {"kind": "spectator"}):
        assert RULESET.redact_event(chosen, viewer)["payload"]["location"] is None
        assert next(p for p in RULESET.view(t.state, viewer)["players"] if p["seat"] == 1)["chosen"] is None
    assert RULESET.redact_event(chosen, {"kind": "seat", "seat": 1})["payload"]["location"] == "docks"
    with pytest.raises(RuleViolation, match="already acted"):
        t.send(1, {"type": "choose_move", "location": "casino"})
    t.moves({2: "docks", 3: "casino"})
    assert t.types()[-2:] == ["movements_revealed", "booze_step_opened"]
    assert [t.p(s)["location"] for s in (1, 2, 3)] == ["docks", "docks", "casino"]


def test_no_player_moves_to_the_same_location_two_rounds_running():
    """"No player can move to the same Location during two consecutive rounds.\""""
    t = scripted(["beer", "liquor", "wine"])
    to_actions(t, {1: "docks", 2: "casino", 3: "warehouse"})
    pass_all(t)
    with pytest.raises(RuleViolation, match="two consecutive rounds"):
        t.send(1, {"type": "choose_move", "location": "docks"})
    assert "docks" not in t.legal(1)["actions"][0]["params"]["location"]["choices"]
    t.moves({1: "casino", 2: "docks", 3: "train_yard"})
    pass_all(t)
    t.send(1, {"type": "choose_move", "location": "docks"})      # two rounds later: fine


def test_action_phase_from_the_baron_clockwise():
    """"Starting with the Booze Baron and proceeding clockwise, each player takes one turn.\""""
    t = scripted(["beer", "liquor", "wine", "beer", "wine"], first_baron=4)
    to_actions(t, {1: "docks", 2: "casino", 3: "warehouse", 4: "train_yard", 5: "river_caves"})
    order = []
    while t.game["step"] == "action":
        order.append(t.waiting()[0])
        with pytest.raises(RuleViolation) as refused:
            t.send(order[-1] % 5 + 1, {"type": "pass_turn"})
        assert refused.value.code == "not_your_turn"
        t.send(order[-1], {"type": "pass_turn"})
    assert order == [4, 5, 1, 2, 3]


def test_deliver_only_here_and_only_your_booze_type():
    """"Take one Delivery card from your current Location and place it face-up in front of
    you. You may only collect a Delivery card if your Booze type is shown on that Delivery card.\""""
    t = scripted(["beer", "liquor", "wine"], top=[BEER["docks"], WINE["docks"], LIQUOR["casino"]])
    to_actions(t, {1: "docks", 2: "casino", 3: "warehouse"})
    with pytest.raises(RuleViolation, match="shows your Booze type"):
        t.send(1, {"type": "deliver", "card": WINE["docks"]})
    with pytest.raises(RuleViolation, match="not at The Docks"):
        t.send(1, {"type": "deliver", "card": LIQUOR["casino"]})
    t.send(1, {"type": "deliver", "card": BEER["docks"]})
    assert t.p(1)["deliveries"] == [{"id": BEER["docks"], "face_up": True}]
    assert BEER["docks"] not in t.game["locations"][1]["cards"]
