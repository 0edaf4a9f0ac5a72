"""Worked examples for the seed's (004) Action Phase sentences: Tail, Steal, Expose, the
Snitch tokens, Events (the River Caves, the seed's "Tail the player seated to your left")
and Pass; face-up then face-down Delivery cards. One test per sentence, quoted."""
from __future__ import annotations

import pytest

from service.rules.booze_baron import RULESET
from service.rules.errors import RuleViolation

from .situations import BEER, LIQUOR, WINE, pass_all, scripted, to_actions, until_turn

LW_DOCKS, BW_DOCKS = "d11", "d12"
SEAT = lambda n: {"kind": "seat", "seat": n}


def _liquor_holds_a_face_down_card():
    """Round 1: seat 2 (liquor) delivers the liquor+wine card at the Docks; round 2 begins
    with seats 2 and 3 both bound for the Casino."""
    t = scripted(["beer", "liquor", "wine"], top=[LW_DOCKS, BW_DOCKS, BEER["casino"]])
    to_actions(t, {1: "warehouse", 2: "docks", 3: "train_yard"})
    t.send(1, {"type": "pass_turn"})
    t.send(2, {"type": "deliver", "card": LW_DOCKS})
    t.send(3, {"type": "pass_turn"})
    return t


def test_new_delivery_cards_face_up_until_the_end_of_the_round():
    """"Newly-acquired Delivery cards remain face-up until the end of the round." ... "turn
    all face-up Delivery cards face-down.\""""
    t = scripted(["beer", "liquor", "wine"], top=[LW_DOCKS])
    to_actions(t, {1: "warehouse", 2: "docks", 3: "train_yard"})
    t.send(1, {"type": "pass_turn"})
    t.send(2, {"type": "deliver", "card": LW_DOCKS})
    other = next(p for p in RULESET.view(t.state, SEAT(1))["players"] if p["seat"] == 2)
    assert other["deliveries"] == [{"id": LW_DOCKS, "face_up": True}]
    t.send(3, {"type": "pass_turn"})
    assert "deliveries_turned_down" in t.types()
    other = next(p for p in RULESET.view(t.state, SEAT(1))["players"] if p["seat"] == 2)
    assert other["deliveries"] == [{"id": None, "face_up": False}]      # the count stays public


def test_tail_looks_at_all_cards_of_a_player_here_only_the_tailer_sees():
    """"TAIL: Choose another player at your Location. Look at all of that player's Delivery
    cards for up to 20 seconds." (a private reveal to the tailer, docs/rules-decisions.md)"""
    t = _liquor_holds_a_face_down_card()
    to_actions(t, {1: "docks", 2: "casino", 3: "casino"})
    t.send(2, {"type": "pass_turn"})
    with pytest.raises(RuleViolation, match="not at your Location"):
        t.send(3, {"type": "tail", "seat": 1})
    t.send(3, {"type": "tail", "seat": 2})
    look = t.events[-1]
    assert look["type"] == "deliveries_viewed" and look["payload"]["cards"] == [LW_DOCKS]
    assert RULESET.redact_event(look, SEAT(1))["payload"]["cards"] is None
    assert RULESET.redact_event(look, {"kind": "spectator"})["payload"]["count"] == 1
    assert RULESET.view(t.state, SEAT(3))["tail"]["cards"] == [{"id": LW_DOCKS, "face_up": False}]
    assert "cards" not in RULESET.view(t.state, SEAT(1))["tail"]
    assert t.game["step"] == "follow_up" and t.waiting() == [3]


def test_steal_a_face_down_card_of_your_type_or_expose_not_both():
    """"You may then either Steal or Expose (see below), but you may not do both." / "STEAL:
    ... choose one of their face-down Delivery cards that matches your Booze type. Place that
    card face-up in front of you.\""""
    t = _liquor_holds_a_face_down_card()
    to_actions(t, {1: "docks", 2: "casino", 3: "casino"})
    t.send(2, {"type": "pass_turn"})
    t.send(3, {"type": "tail", "seat": 2})
    kinds = [a["type"] for a in t.legal(3)["actions"]]
    assert kinds == ["steal", "expose", "drop_tail"]
    t.send(3, {"type": "steal", "card": LW_DOCKS})
    assert t.p(3)["deliveries"] == [{"id": LW_DOCKS, "face_up": True}] and t.p(2)["deliveries"] == []
    assert t.game["step"] == "action" and t.waiting() == [1]          # the tailer's turn is over
    with pytest.raises(RuleViolation):
        t.send(3, {"type": "expose", "booze": "liquor"})


def test_face_up_cards_cannot_be_stolen():
    """"Face-up Delivery cards cannot be stolen.\""""
    t = scripted(["beer", "liquor", "wine"], top=[LW_DOCKS])
    to_actions(t, {1: "warehouse", 2: "docks", 3: "docks"})
    t.send(1, {"type": "pass_turn"})
    t.send(2, {"type": "deliver", "card": LW_DOCKS})
    t.send(3, {"type": "tail", "seat": 2})
    assert "steal" not in [a["type"] for a in t.legal(3)["actions"]]
    with pytest.raises(RuleViolation, match="face-up cards cannot be stolen"):
        t.send(3, {"type": "steal", "card": LW_DOCKS})


def test_steal_only_a_card_showing_your_type_from_exposed_players_too():
    """"Both Exposed and Unexposed players may have their Delivery cards stolen." and "You
    may only collect Delivery cards that match your Booze Type (regardless of how you obtain them).\""""
    t = _liquor_holds_a_face_down_card()
    to_actions(t, {1: "casino", 2: "casino", 3: "docks"})
    t.send(2, {"type": "pass_turn"})
    t.send(3, {"type": "pass_turn"})
    t.send(1, {"type": "tail", "seat": 2})
    with pytest.raises(RuleViolation, match="shows your Booze type"):
        t.send(1, {"type": "steal", "card": LW_DOCKS})          # beer may not take liquor+wine
    t.send(1, {"type": "expose", "booze": "liquor"})
    assert t.p(2)["exposed"]
    t.moves({1: "warehouse", 2: "docks", 3: "warehouse"})
    pass_all(t)
    t.moves({1: "train_yard", 2: "train_yard", 3: "train_yard"})
    until_turn(t, 3)                                   # seat 3 (wine) steals from the Exposed seat 2
    t.send(3, {"type": "tail", "seat": 2})
    t.send(3, {"type": "steal", "card": LW_DOCKS})
    assert [c["id"] for c in t.p(3)["deliveries"]] == [LW_DOCKS]


def test_expose_right_the_movement_card_and_two_coins_change_hands():
    """"If you guess correctly, that player becomes Exposed and must turn their Booze card
    face-up. You collect that player's Movement token corresponding with their current
    Location." / "Exposing a player and taking their Movement card gives you two more coins
    and takes those two coins from them." / "When a player's Movement card has been stolen,
    they are unable to visit that Location again.\""""
    t = scripted(["beer", "liquor", "wine"])
    to_actions(t, {1: "casino", 2: "casino", 3: "docks"})
    from service.rules.booze_baron.model import public_coins
    before = (public_coins(t.p(1)), public_coins(t.p(2)))
    t.send(1, {"type": "tail", "seat": 2})
    t.send(1, {"type": "expose", "booze": "liquor"})
    assert t.p(2)["exposed"] and "casino" not in t.p(2)["movement"]
    assert t.p(1)["collected"] == [{"location": "casino", "from": 2}]
    assert (public_coins(t.p(1)), public_coins(t.p(2))) == (before[0] + 2 + 1, before[1] - 2)  # +1 Snitch
    assert next(p for p in RULESET.view(t.state, SEAT(3))["players"] if p["seat"] == 2)["mob"] == "liquor"
    assert next(p for p in RULESET.view(t.state, SEAT(3))["players"] if p["seat"] == 1)["mob"] is None
    pass_all(t)
    with pytest.raises(RuleViolation, match="cannot visit it again"):
        t.send(2, {"type": "choose_move", "location": "casino"})


def test_a_wrong_guess_costs_nothing_but_ends_the_turn():
    """"If you guess incorrectly, no Movement cards are exchanged, and your turn is over." /
    "A player who guesses a Booze type incorrectly ... suffers no penalty\""""
    t = scripted(["beer", "liquor", "wine"])
    to_actions(t, {1: "casino", 2: "casino", 3: "docks"})
    t.send(1, {"type": "tail", "seat": 2})
    t.send(1, {"type": "expose", "booze": "wine"})
    assert t.types()[-1] == "expose_failed" and not t.p(2)["exposed"]
    assert t.p(1)["collected"] == [] and len(t.p(1)["movement"]) == 6 and t.waiting() == [2]


def test_an_exposed_player_cannot_be_exposed_again():
    """"A player who has been Exposed cannot be Exposed again.\""""
    t = scripted(["beer", "liquor", "wine"])
    to_actions(t, {1: "casino", 2: "casino", 3: "casino"})
    t.send(1, {"type": "tail", "seat": 2})
    t.send(1, {"type": "expose", "booze": "liquor"})
    t.send(2, {"type": "pass_turn"})
    t.send(3, {"type": "tail", "seat": 2})
    assert "expose" not in [a["type"] for a in t.legal(3)["actions"]]
    with pytest.raises(RuleViolation, match="cannot be Exposed again"):
        t.send(3, {"type": "expose", "booze": "liquor"})


@pytest.mark.parametrize("seats,tokens", [(6, 1), (7, 2)])
def test_snitch_tokens_first_exposer_and_with_seven_the_second(seats, tokens):
    """"The first player to Expose another player takes a Snitch token. If there are seven
    or more players, the second player to Expose another player also takes a Snitch token.\""""
    mobs = ["beer", "liquor", "wine", "beer", "liquor", "wine", "wine"][:seats]
    t = scripted(mobs)
    to_actions(t, {s: "casino" for s in range(1, seats + 1)})
    t.send(1, {"type": "tail", "seat": 2})
    t.send(1, {"type": "expose", "booze": "liquor"})
    t.send(2, {"type": "pass_turn"})
    t.send(3, {"type": "tail", "seat": 4})
    t.send(3, {"type": "expose", "booze": "beer"})
    t.send(4, {"type": "pass_turn"})
    t.send(5, {"type": "tail", "seat": 6})
    t.send(5, {"type": "expose", "booze": "wine"})
    assert [t.p(s)["snitch"] for s in (1, 3, 5)] == [1, 1 if tokens == 2 else 0, 0]


def test_the_river_caves_passive_no_tail_there_and_no_event_action():
    """"The River Caves has a passive ability that is always activated while you are there.
    It does not require you to use your Action" (house: nobody there can be Tailed)."""
    t = scripted(["beer", "liquor", "wine"])
    to_actions(t, {1: "river_caves", 2: "river_caves", 3: "police_station"})
    assert [a["type"] for a in t.legal(1)["actions"]] in (["pass_turn"], ["deliver", "pass_turn"])
    with pytest.raises(RuleViolation, match="nobody can be Tailed"):
        t.send(1, {"type": "tail", "seat": 2})
    with pytest.raises(RuleViolation, match="passive"):
        t.send(1, {"type": "trigger_event"})
    t.send(1, {"type": "pass_turn"})
    t.send(2, {"type": "pass_turn"})
    with pytest.raises(RuleViolation, match="nobody can be Tailed"):      # seat 1 is on 3's left
        t.send(3, {"type": "trigger_event"})


def test_event_tail_the_player_seated_to_your_left():
    """EVENT: "Trigger the Event listed at your current Location" — "Tail the player seated to
    your left." (house: the Police Station's stakeout, wherever that player is)."""
    t = scripted(["beer", "liquor", "wine"])
    to_actions(t, {1: "police_station", 2: "casino", 3: "docks"})
    t.send(1, {"type": "trigger_event"})
    assert t.game["tail"] == {"seat": 1, "target": 2, "how": "stakeout"}
    t.send(1, {"type": "expose", "booze": "liquor"})
    assert t.p(1)["collected"] == [{"location": "casino", "from": 2}]


def test_house_events_smuggle_restock_gamble_reroute():
    """The other house Events (docs/rules-decisions.md); "Anytime that you are required to
    Discard a Delivery card, place that card at the bottom of the Delivery deck without
    showing it to any player." (The cards they take: test_house_events.py.)"""
    top = [f"d{n:02d}" for n in (13, 14, 15, 16, 17, 18, 20, 21, 22)]
    t = scripted(["beer", "liquor", "wine"], top=top + [WINE["docks"], BEER["casino"], LIQUOR["docks"]],
                 dice=[3])
    to_actions(t, {1: "docks", 2: "casino", 3: "train_yard"})
    t.send(1, {"type": "trigger_event"})                 # smuggle: wine on top, beer keeps nothing
    assert t.types()[-2:] == ["deck_peeked", "delivery_discarded"]
    assert t.game["deck"][-1] == WINE["docks"] and t.game["deck"][0] == BEER["casino"]
    assert RULESET.redact_event(t.events[-1], SEAT(2))["payload"]["card"] is None
    t.send(2, {"type": "trigger_event"})                 # gamble, die 3: lost
    assert t.types()[-2:] == ["dice_rolled", "gamble_lost"] and t.p(2)["deliveries"] == []
    t.send(3, {"type": "pass_turn"})
    t.moves({1: "warehouse", 2: "train_yard", 3: "casino"})
    t.send(2, {"type": "pass_turn"})
    t.send(3, {"type": "pass_turn"})
    top_card = t.game["deck"][0]
    t.send(1, {"type": "trigger_event"})                 # restock: the top card to its Location
    where = t.game["cards"][top_card]["location"]
    assert top_card in next(l for l in t.game["locations"] if l["id"] == where)["cards"]


def test_pass_do_nothing():
    """"PASS: You may choose to pass and do nothing on your turn.\""""
    t = scripted(["beer", "liquor", "wine"])
    to_actions(t, {1: "docks", 2: "casino", 3: "warehouse"})
    before = {s: dict(t.p(s)) for s in (1, 2, 3)}
    t.send(1, {"type": "pass_turn"})
    assert t.types()[-1] == "action_passed" and t.p(1) == before[1] and t.waiting() == [2]
