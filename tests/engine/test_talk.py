"""Table talk lives in the `said` events, paged by GET /talk; the state keeps only a count."""
from __future__ import annotations

from tests.engine.conftest import bearer


def say(api, game, token, text):
    r = api.post(f"/v1/games/{game}/commands", json={"type": "say", "text": text}, headers=bearer(token))
    assert r.status_code == 201
    return r.get_json()["version"]


def test_talk_pages_oldest_first_and_next_after_continues(api, toy_game):
    game, org, tokens = toy_game
    versions = [say(api, game, tokens[i % 3], f"line {i}") for i in range(5)]
    say(api, game, org, "the organizer speaks")
    first = api.get(f"/v1/games/{game}/talk?limit=2").get_json()
    assert [e["text"] for e in first["entries"]] == ["line 0", "line 1"]
    assert first["entries"][0] == {"version": versions[0], "seat": 1, "name": "Alice", "text": "line 0",
                                   "recorded_at": first["entries"][0]["recorded_at"]}
    assert first["next_after"] == versions[1]
    rest = api.get(f"/v1/games/{game}/talk?after={first['next_after']}").get_json()
    assert [e["text"] for e in rest["entries"]] == ["line 2", "line 3", "line 4", "the organizer speaks"]
    assert rest["entries"][-1]["seat"] is None and "name" not in rest["entries"][-1]
    assert api.get(f"/v1/games/{game}/talk?after={rest['next_after']}").get_json()["entries"] == []
    assert api.get(f"/v1/games/{game}").get_json()["talk_count"] == 6


def test_the_state_does_not_grow_with_talk(api, toy_game):
    game, _, tokens = toy_game
    before = api.get(f"/v1/games/{game}").data
    for i in range(30):
        say(api, game, tokens[0], "blah " * 50)
    after = api.get(f"/v1/games/{game}").data
    assert abs(len(after) - len(before)) < 20  # the version and the count grew a digit or two


def test_talk_checks_its_query_and_token(api, toy_game):
    game, _, _ = toy_game
    assert api.get(f"/v1/games/{game}/talk?limit=0").status_code == 422
    assert api.get(f"/v1/games/{game}/talk?after=x").status_code == 422
    assert api.get(f"/v1/games/{game}/talk", headers=bearer("nope")).status_code == 401
    assert api.get("/v1/games/nosuch/talk").status_code == 404
