"""Every write that creates answers 201 with a `Location` (RFC 9110 §15.3.2): a new
game its URL; a seat, the start, a command or a clock control the state right after the events
it appended (`?at=<version>`), which reads back as that version."""
from __future__ import annotations

from tests.api.conftest import bearer, new_game


def follow(api, response, token: str) -> dict:
    assert response.status_code == 201, response.get_data(as_text=True)
    state = api.get(response.headers["Location"], headers=bearer(token))
    assert state.status_code == 200, state.get_data(as_text=True)
    return state.get_json()


def test_create_join_and_start_answer_201_with_the_state_they_led_to(api):
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3})
    game = created.get_json()
    organizer = game["organizer_token"]
    assert created.headers["Location"] == f"/v1/games/{game['game_id']}"
    for n in range(3):
        joined = api.post(f"/v1/games/{game['game_id']}/seats", json={"name": f"P{n}"})
        assert follow(api, joined, organizer)["version"] == joined.get_json()["version"]
    started = api.post(f"/v1/games/{game['game_id']}/start", headers=bearer(organizer))
    state = follow(api, started, organizer)
    assert state["version"] == started.get_json()["version"] and state["status"] == "running"
    assert started.headers["Location"] == f"/v1/games/{game['game_id']}?at={state['version']}"


def test_a_command_and_a_replayed_one_answer_the_same_location(api):
    game = new_game(api)
    player = game["players"][0]
    send = lambda: api.post(f"/v1/games/{game['id']}/commands", json={"type": "say", "text": "hi"},  # noqa: E731
                            headers={**bearer(player), "Idempotency-Key": "k1"})
    first, again = send(), send()
    assert follow(api, first, player)["version"] == first.get_json()["version"]
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.status_code == 201 and again.headers["Location"] == first.headers["Location"]
