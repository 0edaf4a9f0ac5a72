"""The front door's bounds on what only Prohibition and Booze Baron read (docs/operations.md
"The front door"): a table's own Booze Baron Locations and Delivery deck, its first Baron,
scripted hands (dealt only by Bootleggers), and the numbers and ids in their commands —
over a bound is 422 naming the field, and nothing is stored."""
from __future__ import annotations

import pytest

from service.rules.booze_baron import data as booze
from tests.api.conftest import bearer, new_game, problem


def listed(client) -> list[dict]:
    return client.get("/v1/games").get_json()["games"]


def locations(**change) -> list[dict]:
    return [{**loc, **change} for loc in booze.HOUSE_LOCATIONS]


def deck(cards: int) -> list[dict]:
    return [{"location": "docks", "booze": ["beer"]}] * cards


@pytest.mark.parametrize("options, path", [
    ({"locations": locations() + [locations()[0]]}, ["locations"]),
    ({"locations": [{"id": "x" * 41, "name": "X", "event": "gamble"}] * 6}, ["locations", "0", "id"]),
    ({"locations": locations(name="\u202eSeyac Revir")}, ["locations", "0", "name"]),
    ({"locations": locations(name="\u200b")}, ["locations", "0", "name"]),
    ({"locations": locations(event="e" * 41)}, ["locations", "0", "event"]),
    ({"locations": [{"id": "a", "name": "A", "event": "gamble", "notes": "x" * 1000}] * 6},
     ["locations", "0", "notes"]),
    ({"delivery_deck": deck(201)}, ["delivery_deck"]),
    ({"delivery_deck": [{"location": "docks", "booze": ["beer"] * 4}] * 9}, ["delivery_deck", "0", "booze"]),
    ({"delivery_deck": [{"location": "docks", "booze": ["b" * 21]}] * 9}, ["delivery_deck", "0", "booze"]),
    ({"delivery_deck": [{"location": "d" * 41, "booze": ["beer"]}] * 9}, ["delivery_deck", "0", "location"]),
    ({"first_baron": 10**40}, ["first_baron"]),
])
def test_booze_baron_table_data_over_its_bounds_is_422_naming_the_field(client, options, path):
    body = problem(client.post("/v1/games", json={"ruleset": "booze_baron", "seats": 5, "options": options}),
                   422, "invalid_fields")
    errors = body["errors"]["options"]
    for key in path:
        assert key in errors, body
        errors = errors[key]
    assert listed(client) == []


def test_a_table_deck_at_its_bounds_is_taken(client):
    options = {"locations": locations(), "delivery_deck": deck(200), "first_baron": 5,
               "rng": {"mode": "scripted", "decks": {"delivery": [f"d{n:02d}" for n in range(1, 201)]}}}
    r = client.post("/v1/games", json={"ruleset": "booze_baron", "seats": 5, "options": options})
    assert r.status_code == 201, r.get_data(as_text=True)


@pytest.mark.parametrize("ruleset, seats", [("booze_baron", 9), ("booze_baron", 3), ("prohibition", 2)])
def test_rulesets_that_deal_no_hands_refuse_scripted_hands(client, ruleset, seats):
    rng = {"mode": "scripted", "hands": {"1": [1, 2, 3]}}
    body = problem(client.post("/v1/games", json={"ruleset": ruleset, "seats": seats, "options": {"rng": rng}}),
                   422, "invalid_options")
    assert "deals no hands" in body["errors"]["hands"][0], body
    assert listed(client) == []


def test_scripted_hands_name_only_bootleggers_seats(client):
    rng = {"mode": "scripted", "hands": {"7": [1]}}
    body = problem(client.post("/v1/games", json={"ruleset": "bootleggers", "seats": 6, "options": {"rng": rng}}),
                   422, "invalid_fields")
    assert "hands" in body["errors"]["options"]["rng"], body


PROHIBITION = [
    ({"type": "buy", "cases": 10**40}, "cases"),
    ({"type": "buy", "cases": 10_001}, "cases"),
    ({"type": "buy", "cases": -1}, "cases"),
    ({"type": "move", "die": 10**40, "pawn": "own", "direction": "cw"}, "die"),
    ({"type": "move", "die": 1, "pawn": "own", "direction": "cw", "target": 10**40}, "target"),
    ({"type": "move", "die": 1, "pawn": "x" * 10_000, "direction": "cw"}, "pawn"),
]
BOOZE_BARON = [
    ({"type": "choose_move", "location": "x" * 41}, "location"),
    ({"type": "deliver", "card": "d" * 11}, "card"),
    ({"type": "steal", "card": ""}, "card"),
    ({"type": "tail", "seat": 10**40}, "seat"),
    ({"type": "tail", "seat": 10}, "seat"),
    ({"type": "trigger_event", "card": "d01", "to": "t" * 41}, "to"),
    ({"type": "expose", "booze": "x" * 10_000}, "booze"),
]


@pytest.mark.parametrize("ruleset, seats, command, field",
                         [("prohibition", 2, *case) for case in PROHIBITION]
                         + [("booze_baron", 9, *case) for case in BOOZE_BARON])
def test_commands_over_their_bounds_are_422_naming_the_field_and_store_nothing(client, ruleset, seats,
                                                                                command, field):
    game = new_game(client, ruleset=ruleset, seats=seats, join=seats)
    before = client.get(f"/v1/games/{game['id']}").get_json()["version"]
    for token in game["players"]:
        body = problem(client.post(f"/v1/games/{game['id']}/commands", json=command, headers=bearer(token)), 422)
        assert field in body["errors"], body
    assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == before
