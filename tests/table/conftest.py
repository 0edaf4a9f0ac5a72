import pytest



def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def toy_game(api):
    """A started 3-seat toy game: (game_id, organizer token, [player tokens])."""
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()
    tokens = [api.post(f"/v1/games/{created['game_id']}/seats", json={"name": n}).get_json()["player_token"]
              for n in ("Alice", "Bob", "Charlie")]
    assert api.post(f"/v1/games/{created['game_id']}/start", headers=bearer(created["organizer_token"])).status_code == 201
    return created["game_id"], created["organizer_token"], tokens
