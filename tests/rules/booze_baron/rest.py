"""Booze Baron tables over the REST API (the Flask test client, a real Redis): create,
join, start, then play by legal-actions examples — tests/support/bots.py's Table and play
loop, opened for this ruleset."""
from __future__ import annotations

from tests.support.bots import Table, bearer

NAMES = "ABCDEFGHI"


def open_booze_table(client, seats: int, options: dict | None = None) -> Table:
    r = client.post("/v1/games", json={"ruleset": "booze_baron", "seats": seats,
                                       "options": options or {}})
    assert r.status_code == 201, r.get_data(as_text=True)
    created = r.get_json()
    game_id, tokens = created["game_id"], {}
    for n in range(seats):
        joined = client.post(f"/v1/games/{game_id}/seats", json={"name": NAMES[n]}).get_json()
        tokens[joined["seat"]] = joined["player_token"]
    started = client.post(f"/v1/games/{game_id}/start", headers=bearer(created["organizer_token"]))
    assert started.status_code == 201, started.get_data(as_text=True)
    return Table(client, game_id, created["organizer_token"], tokens)
