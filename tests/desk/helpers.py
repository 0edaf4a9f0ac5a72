"""Helpers of the dispute tests: commands as the organizer or a seat, over real HTTP."""
from __future__ import annotations

import random

from tests.support.bots import bearer, open_table, play


def post(client, gid: str, token: str | None, body: dict):
    return client.post(f"/v1/games/{gid}/commands", json=body, headers=bearer(token) if token else {})


def organizer(table, body: dict):
    return post(table.client, table.game_id, table.organizer, body)


def seat(table, n: int, body: dict):
    return post(table.client, table.game_id, table.tokens[n], body)


def ok(response) -> dict:
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def listing(table, token: str | None):
    return table.client.get(f"/v1/games/{table.game_id}/disputes", headers=bearer(token) if token else {})


def finished_bootleggers(client, seed: int = 3):
    """A real Bootleggers game brought to its end in round 1: seat 1 is given $100G."""
    table = open_table(client, 3)
    ok(organizer(table, {"type": "ruling", "kind": "set_cash", "seat": 1, "cash": 100, "reason": "fast end"}))
    state = play(table, random.Random(seed))
    assert state["status"] == "finished"
    return table, state


def all_events(client, gid: str, token: str) -> list[dict]:
    """Every page: a game played to its end by bots can pass the 1,000 events of one page."""
    events: list[dict] = []
    while True:
        page = client.get(f"/v1/games/{gid}/events?limit=1000&after={len(events)}",
                          headers=bearer(token)).get_json()
        events += page["events"]
        if not page["events"] or page["next_after"] >= page["version"]:
            return events


def rebuilt_equals_live(app, gid: str) -> None:
    games = app.extensions["games"]
    assert games.rebuild(gid) == games.load(gid)
