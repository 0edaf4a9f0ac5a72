"""Scripted games: whatever the organizer does not script comes from the game's committed
seed, never from a fixed order anyone could compute.

A game scripted with dice only used to deal the Muscle hands and the Men of Action and
Truck decks in their printed order: every player and spectator knew every hand.
"""
from __future__ import annotations

import hashlib

from service.streams import rng
from service.streams.keys import seed_key
from service.rules.bootleggers import data
from tests.api.conftest import bearer


def scripted_game(client, **script):
    created = client.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3,
                                              "options": {"rng": {"mode": "scripted", **script}}})
    assert created.status_code == 201, created.get_data(as_text=True)
    created = created.get_json()
    for name in ("Alice", "Bob", "Charlie"):
        assert client.post(f"/v1/games/{created['game_id']}/seats", json={"name": name}).status_code == 201
    started = client.post(f"/v1/games/{created['game_id']}/start", headers=bearer(created["organizer_token"]))
    assert started.status_code == 201, started.get_data(as_text=True)
    return created, started.get_json()["events"]


def test_a_game_scripting_only_dice_shuffles_every_deck_with_its_committed_seed(client, redis_client):
    created, events = scripted_game(client, dice=[3] * 200)
    assert created["scripted"] == ["dice"]
    seed = bytes.fromhex(redis_client.get(seed_key(created["game_id"])).decode())
    assert hashlib.sha256(seed).hexdigest() == created["seed_commitment"]
    batch = events[0]["version"]  # the start's batch: its shuffles are keyed by its first version
    org = bearer(created["organizer_token"])
    shuffled = {e["payload"]["deck"]: e["payload"]["order"]
                for e in client.get(f"/v1/games/{created['game_id']}/events?limit=1000", headers=org).get_json()["events"]
                if e["type"] == "deck_shuffled"}
    printed = {**{q: list(range(a, b + 1)) for q, (a, b) in data.MUSCLE_QUARTERS.items()},
               "men_of_action": data.men_of_action_deck(), "trucks": data.truck_deck()}
    assert set(shuffled) == set(printed)
    for deck, order in shuffled.items():
        assert order != printed[deck], f"{deck} dealt in its printed order"
        assert order == rng.seeded_shuffle(seed, batch, deck, printed[deck]), deck


def test_scripted_decks_and_hands_are_kept_and_the_dice_come_from_the_seed(client, redis_client):
    trucks = list(reversed(data.truck_deck()))
    created, _ = scripted_game(client, decks={"trucks": trucks})
    assert created["scripted"] == ["decks"] and created["seed_commitment"]
    org = bearer(created["organizer_token"])
    events = client.get(f"/v1/games/{created['game_id']}/events?limit=1000", headers=org).get_json()["events"]
    assert next(e for e in events if e["type"] == "deck_shuffled" and e["payload"]["deck"] == "trucks")["payload"]["order"] == trucks
    moa = next(e for e in events if e["type"] == "deck_shuffled" and e["payload"]["deck"] == "men_of_action")
    assert moa["payload"]["order"] != data.men_of_action_deck()


def test_a_seeded_game_says_it_scripted_nothing(client):
    created = client.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3}).get_json()
    assert created["scripted"] == [] and len(created["seed_commitment"]) == 64
