"""Booze Baron through the same REST API as Bootleggers: creation with its seat range and
options, a whole game played by bots that read nothing but legal-actions (every listed
example accepted), and refusals as problem+json that change nothing."""
from __future__ import annotations

import random

from tests.support.bots import bearer, play

from .rest import open_booze_table


def test_a_whole_game_over_rest_by_legal_action_examples(app):
    table = open_booze_table(app.test_client(), 5)
    final = play(table, random.Random(3))
    assert final["status"] == "finished" and final["ruleset"] == "booze_baron"
    assert final["winner"] in ("beer", "liquor", "wine") or "&" in final["winner"]
    audit = table.client.get(f"/v1/games/{table.game_id}/audit").get_json()
    assert audit["chain"]["intact"] and audit["seed"]
    games = app.extensions["games"]
    assert games.rebuild(table.game_id) == games.load(table.game_id)      # replay equals live


def test_seat_counts_and_options_are_checked_at_creation(app):
    c = app.test_client()
    for seats in (2, 10):
        r = c.post("/v1/games", json={"ruleset": "booze_baron", "seats": seats})
        assert r.status_code == 422 and r.get_json()["code"] == "invalid_fields"
    assert c.post("/v1/games", json={"ruleset": "booze_baron", "seats": 9}).status_code == 201
    assert c.post("/v1/games", json={"ruleset": "bootleggers", "seats": 7}).status_code == 422
    bad = c.post("/v1/games", json={"ruleset": "booze_baron", "seats": 4, "options": {
        "locations": [{"id": "x", "name": "X", "event": "fly"}]}})
    assert bad.status_code == 422 and "locations" in bad.get_json()["errors"]
    bad = c.post("/v1/games", json={"ruleset": "booze_baron", "seats": 4, "options": {
        "delivery_deck": [{"location": "moon", "booze": ["beer"]}] * 9}})
    assert bad.status_code == 422 and "delivery_deck" in bad.get_json()["errors"]
    bad = c.post("/v1/games", json={"ruleset": "booze_baron", "seats": 4, "options": {"first_baron": 5}})
    assert bad.status_code == 422 and "first_baron" in bad.get_json()["errors"]


def test_an_illegal_command_is_a_problem_and_appends_nothing(app):
    table = open_booze_table(app.test_client(), 3)
    before = table.state()["version"]
    r = table.send(1, {"type": "deliver", "card": "d01"})
    assert r.status_code == 409 and r.content_type == "application/problem+json"
    assert r.get_json()["code"] == "wrong_step" and "Move Phase" in r.get_json()["detail"]
    r = table.send(1, {"type": "choose_move", "location": "the_moon"})
    assert r.status_code == 422 and "Locations are" in r.get_json()["detail"]
    r = table.send(1, {"type": "pass"})
    assert r.status_code == 422 and r.get_json()["code"] == "unknown_command"
    assert table.state()["version"] == before
    legal = table.legal(1)
    assert legal["step"] == "move" and [a["type"] for a in legal["actions"]] == ["choose_move", "say"]
    r = table.client.get(f"/v1/games/{table.game_id}/legal-actions", headers=bearer(table.organizer))
    assert r.status_code == 403


def test_the_lobby_shows_the_locations_the_game_will_use(app):
    c = app.test_client()
    locations = [{"id": f"l{n}", "name": f"Spot {n}", "event": e} for n, e in
                 enumerate(["hideout", "smuggle", "stakeout", "restock", "gamble", "reroute"])]
    game = c.post("/v1/games", json={"ruleset": "booze_baron", "seats": 3,
                                     "options": {"locations": locations}}).get_json()["game_id"]
    lobby = c.get(f"/v1/games/{game}").get_json()
    assert lobby["status"] == "lobby" and [l["id"] for l in lobby["locations"]] == [f"l{n}" for n in range(6)]
    assert lobby["mobs"] == ["beer", "liquor", "wine"] and lobby["round"] is None


def test_the_state_shows_only_booze_barons_own_options(app):
    """No Bootleggers defaults (`rounds`, `influence`) echoed into a Booze Baron
    game; its own options (here `first_baron`) and the engine's are shown."""
    c = app.test_client()
    created = c.post("/v1/games", json={"ruleset": "booze_baron", "seats": 3,
                                        "options": {"first_baron": 2}}).get_json()
    lobby = c.get(f"/v1/games/{created['game_id']}").get_json()
    assert lobby["options"] == {"first_baron": 2, "deadlines": {}, "rng": {"mode": "seeded"}}
    table = open_booze_table(c, 3)
    assert set(table.state()["options"]) == {"deadlines", "rng"}
