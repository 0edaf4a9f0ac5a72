"""Fixtures of the API tests: apps on the test Redis (toy ruleset, and Bootleggers when the
rules kernel is importable), games in every status, and helpers for problem+json answers."""
from __future__ import annotations

import pytest


PROBLEM = "application/problem+json"


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def problem(response, status: int, code: str | None = None) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM, response.mimetype
    body = response.get_json()
    assert body["status"] == status and body["title"] and body["detail"] and body["code"], body
    if code:
        assert body["code"] == code, body
    return body


def kernel_rulesets() -> dict:
    """The server's own rulesets; skips the test while the Bootleggers kernel is absent."""
    try:
        from service.rules.registry import rulesets
        return rulesets()
    except ModuleNotFoundError as exc:  # the kernel lands later
        if exc.name and exc.name.startswith("service.rules.bootleggers"):
            pytest.skip("the Bootleggers rules kernel (service.rules.bootleggers) is not there yet")
        raise


def new_game(api, ruleset: str = "toy", seats: int = 3, join: int = 3, start: bool = True, **options) -> dict:
    """Create a game, fill `join` seats and (when all are filled) start it."""
    body = {"ruleset": ruleset, "seats": seats}
    if options:
        body["options"] = options
    created = api.post("/v1/games", json=body)
    assert created.status_code == 201, created.get_data(as_text=True)
    game = created.get_json()
    tokens = []
    for n in range(join):
        joined = api.post(f"/v1/games/{game['game_id']}/seats", json={"name": f"Player {n + 1}"})
        assert joined.status_code == 201, joined.get_data(as_text=True)
        tokens.append(joined.get_json()["player_token"])
    if start and join == seats:
        started = api.post(f"/v1/games/{game['game_id']}/start", headers=bearer(game["organizer_token"]))
        assert started.status_code == 201, started.get_data(as_text=True)
    return {"id": game["game_id"], "organizer": game["organizer_token"], "players": tokens}


@pytest.fixture
def toy_game(api):
    """A started 3-seat toy game."""
    return new_game(api)


# ---- every problem code answered is declared on its route (tests/support/problem_codes.py) ----
@pytest.fixture(autouse=True)
def _record_problem_codes():
    from flask import request_finished
    from tests.support import problem_codes
    request_finished.connect(problem_codes.record)  # once: blinker keeps one connection per receiver
    problem_codes.ACTIVE = True
    yield
    problem_codes.ACTIVE = False

