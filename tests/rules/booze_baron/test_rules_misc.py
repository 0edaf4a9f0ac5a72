"""Worked examples for the seed's (004) remaining sentences: Movement cards picked up again,
a collected Movement token that cannot be stolen, table talk, and the objective."""
from __future__ import annotations

import random

from tests.support.bots import bearer

from .harness import Table, random_play
from .rest import open_booze_table
from .situations import pass_all, scripted, to_actions


def test_movement_cards_come_back_after_the_next_reveal():
    """"All players then pick up the Movement card they played during the previous round." /
    "Each player leaves their selected Movement card face-up on the table until the next round
    when they have revealed another Movement card.\""""
    t = scripted(["beer", "liquor", "wine"])
    to_actions(t, {1: "docks", 2: "casino", 3: "warehouse"})
    assert t.p(1)["location"] == "docks" and len(t.p(1)["movement"]) == 6     # face-up, still his
    pass_all(t)
    t.moves({1: "casino", 2: "docks", 3: "casino"})
    pass_all(t)
    choices = t.legal(1)["actions"][0]["params"]["location"]["choices"]
    assert "docks" in choices and "casino" not in choices                     # picked up again


def test_a_collected_movement_token_cannot_be_stolen():
    """"You collect that player's Movement token ... That Movement token cannot be stolen from you.\""""
    t = scripted(["beer", "liquor", "wine"])
    to_actions(t, {1: "casino", 2: "casino", 3: "casino"})
    t.send(1, {"type": "tail", "seat": 2})
    t.send(1, {"type": "expose", "booze": "liquor"})
    t.send(2, {"type": "tail", "seat": 1})
    kinds = [a["type"] for a in t.legal(2)["actions"]]
    assert kinds == ["expose", "drop_tail"]                     # nothing takes a Movement token
    t.send(2, {"type": "drop_tail"})
    assert t.p(1)["collected"] == [{"location": "casino", "from": 2}]


def test_table_talk_is_encouraged(app):
    """"Table talk is highly encouraged. You are allowed to say whatever you'd like.\""""
    table = open_booze_table(app.test_client(), 3)
    said = table.send(2, {"type": "say", "text": "I'm wine, honest."})
    assert said.status_code == 201
    talk = table.client.get(f"/v1/games/{table.game_id}/talk", headers=bearer(table.tokens[3])).get_json()["entries"]
    assert talk[-1]["text"] == "I'm wine, honest."


def test_objective_the_mob_with_most_coins_wins_when_one_remains():
    """"When only one Bootlegger remains unexposed, the game will end, and the Mob with the
    most Coins will win.\""""
    for seed in range(3):
        t = random_play(Table(5, seed=bytes([seed + 40]) * 32), random.Random(seed))
        result = t.game["result"]
        assert sum(not p["exposed"] for p in t.game["players"]) <= 1
        best = max(result["mob_coins"].values())
        assert all(result["mob_coins"][m] == best for m in result["winners"])


def test_scripted_decks_and_event_fields_are_checked():
    import pytest
    from service.rules.errors import RuleViolation
    with pytest.raises(RuleViolation, match="Booze card names"):
        Table(3, script={"decks": {"booze_pile": ["Punching Bag Porter", "Root Beer"]}})
    with pytest.raises(RuleViolation, match="all four beer"):
        Table(3, script={"decks": {"booze_beer": ["Punching Bag Porter"]}})
    with pytest.raises(RuleViolation, match="orders a deck"):
        Table(3, script={"decks": {"muscle": [1]}})
    t = scripted(["beer", "liquor", "wine"])
    to_actions(t, {1: "warehouse", 2: "casino", 3: "docks"})
    with pytest.raises(RuleViolation, match="takes no fields; not card") as refused:
        t.send(1, {"type": "trigger_event", "card": "d01"})
    assert refused.value.status == 422
