"""Focused regressions for inputs that once made the API answer 500 (found by fuzzing and
probing), and the problem+json shape of every kind of refusal."""
from __future__ import annotations

import pytest

from tests.api.conftest import bearer, kernel_rulesets, new_game, problem

HUGE = "9" * 23  # beyond a 64-bit Redis stream id


@pytest.mark.parametrize("body", ["[" * 100_000, '{"a":' * 50_000])  # both within the 256 KiB body limit
def test_json_nested_too_deeply_is_a_400_not_a_500(api, body):
    r = api.post("/v1/games", data=body, content_type="application/json")
    assert "nested" in problem(r, 400, "malformed_json")["detail"]


def test_an_unpaired_surrogate_is_a_400_not_a_500(api, toy_game):
    game = toy_game["id"]
    problem(api.post(f"/v1/games/{game}/seats", data='{"name": "\\ud800"}', content_type="application/json"),
            400, "malformed_json")
    problem(api.post(f"/v1/games/{game}/commands", data='{"type": "say", "text": "a\\udfffb"}',
                     content_type="application/json", headers=bearer(toy_game["players"][0])), 400, "malformed_json")
    # a proper pair is fine
    ok = api.post(f"/v1/games/{game}/commands", data='{"type": "say", "text": "\\ud83c\\udfb2"}',
                  content_type="application/json", headers=bearer(toy_game["players"][0]))
    assert ok.status_code == 201 and ok.get_json()["events"][0]["payload"]["text"] == "\N{GAME DIE}"


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_a_400_not_stored(api, toy_game, literal):
    """Python's JSON reader takes them; JSON has no such numbers, and nothing may store one."""
    game = toy_game["id"]
    before = api.get(f"/v1/games/{game}").get_json()["version"]
    refused = api.post(f"/v1/games/{game}/commands", data='{"type": "roll", "count": %s}' % literal,
                       content_type="application/json", headers=bearer(toy_game["players"][0]))
    assert "NaN or Infinity" in problem(refused, 400, "malformed_json")["detail"]
    assert api.get(f"/v1/games/{game}").get_json()["version"] == before


@pytest.mark.parametrize("query", [f"after={HUGE}", f"limit={HUGE}"])
def test_huge_query_integers_are_422_not_500(api, toy_game, query):
    body = problem(api.get(f"/v1/games/{toy_game['id']}/events?{query}"), 422, "invalid_fields")
    assert body["errors"]


def test_huge_or_odd_versions_in_headers_are_400_not_500(api, toy_game):
    game, org = toy_game["id"], toy_game["organizer"]
    for value in (HUGE, "²", "١٢", "-1", "1.0", ""):
        problem(api.post(f"/v1/games/{game}/start", headers={**bearer(org), "If-Match": value}), 400, "bad_if_match")
        problem(api.get(f"/v1/games/{game}/events/stream?timeout=1", headers={"Last-Event-ID": value}),
                400, "bad_last_event_id")
    problem(api.get(f"/v1/games/{game}/events/stream?timeout=1&after={HUGE}"), 422, "invalid_fields")
    problem(api.get(f"/v1/games/{game}?at={HUGE}"), 422, "invalid_fields")


def test_body_that_is_not_an_object(api, toy_game):
    for raw in ("[]", "3", '"x"', "null"):
        problem(api.post("/v1/games", data=raw, content_type="application/json"), 422, "invalid_fields")
    problem(api.post("/v1/games", data="seats=3", content_type="application/x-www-form-urlencoded"), 415,
            "unsupported_media_type")
    problem(api.post("/v1/games", data=b'{"seats": "\xff"}', content_type="application/json"), 400, "malformed_json")


def test_auth_refusals(api, toy_game):
    game = toy_game["id"]
    problem(api.get(f"/v1/games/{game}", headers={"Authorization": "Basic dXNlcjpwYXNz"}), 401, "bad_token")
    problem(api.get(f"/v1/games/{game}", headers={"Authorization": "Bearer"}), 401, "bad_token")
    problem(api.get(f"/v1/games/{game}", headers=bearer("forged")), 401, "unknown_token")
    other = new_game(api)
    problem(api.get(f"/v1/games/{game}", headers=bearer(other["organizer"])), 401, "unknown_token")
    problem(api.get(f"/v1/games/{game}/audit"), 401, "token_required")
    problem(api.get(f"/v1/games/{game}/audit", headers=bearer(toy_game["players"][0])), 403, "forbidden")


def test_method_not_allowed_names_the_allowed_ones(api, toy_game):
    r = api.delete(f"/v1/games/{toy_game['id']}")
    problem(r, 405, "method_not_allowed")
    assert "GET" in r.headers["Allow"]


def test_idempotency_key_and_unknown_routes(api, toy_game):
    game, seat = toy_game["id"], toy_game["players"][0]
    problem(api.post(f"/v1/games/{game}/commands", json={"type": "say", "text": "x"},
                     headers={**bearer(seat), "Idempotency-Key": "x" * 201}), 400, "bad_idempotency_key")
    problem(api.post(f"/v1/games/{game}/commands", json={"type": "say", "text": "x"},
                     headers={**bearer(seat), "Idempotency-Key": "tab\there"}), 400, "bad_idempotency_key")
    problem(api.get("/v1/games/" + "a" * 65), 404, "game_not_found")
    problem(api.get("/nothing"), 404, "not_found")


def test_bootleggers_events_carry_actor_objects(client):
    """The envelope's `actor` is an object ({kind, seat?}) — also for the rules' system events
    (the OpenAPI EventOut says so; schemathesis' response check found "system" strings)."""
    kernel_rulesets()
    game = new_game(client, ruleset="bootleggers")
    events = client.get(f"/v1/games/{game['id']}/events", headers=bearer(game["organizer"])).get_json()["events"]
    bad = sorted({(e["type"], repr(e["actor"])) for e in events if not isinstance(e["actor"], dict)})
    assert not bad, f"events whose actor is not an object: {bad}"
    assert {e["actor"]["kind"] for e in events} <= {"organizer", "seat", "system"}


def test_a_500_after_the_append_does_not_claim_that_nothing_was_recorded(toy_app, api, toy_game):
    """A failure after the events are stored (a hook, an import's last steps) is a 500 that
    sends the caller to look, never one saying "nothing was recorded" (it may have been)."""
    games = toy_app.extensions["games"]
    before = api.get(f"/v1/games/{toy_game['id']}").get_json()["version"]

    def broken_hook(game_id, state, events):
        raise RuntimeError("a hook failed after the append")

    games.after_append.append(broken_hook)
    try:
        r = api.post(f"/v1/games/{toy_game['id']}/commands", json={"type": "roll"},
                     headers=bearer(toy_game["players"][0]))
    finally:
        games.after_append.remove(broken_hook)
    body = problem(r, 500, "internal_error")
    assert "nothing was recorded" not in body["detail"] and "whether" in body["detail"]
    assert api.get(f"/v1/games/{toy_game['id']}").get_json()["version"] == before + 1


def test_queries_and_bodies_parsed_by_their_schemas_answer_the_referees_problems(api, toy_game):
    """@bp.arguments (service/api/parsing.py): the schema that documents a query or a body
    reads it; a bad value is the 422 invalid_fields problem naming the field, a body keeps
    the referee's own 415 / 400, and nothing is appended."""
    game = toy_game["id"]
    before = api.get(f"/v1/games/{game}").get_json()["version"]
    refused = problem(api.get(f"/v1/games/{game}/events?limit=0"), 422, "invalid_fields")
    assert refused["detail"] == "`limit` must be from 1 to 1000" and refused["errors"] == {"limit": ["must be from 1 to 1000"]}
    refused = problem(api.get(f"/v1/games/{game}/talk?after=x&limit=2000"), 422, "invalid_fields")
    assert refused["errors"] == {"after": ["must be a whole number"], "limit": ["must be from 1 to 1000"]}
    assert problem(api.get("/v1/games?status=over"), 422, "invalid_fields")["errors"] == {
        "status": ["must be lobby, running or finished"]}
    assert problem(api.get(f"/v1/games/{game}?at=0"), 422, "invalid_fields")["detail"] == "`at` must be at least 1"
    page = api.get(f"/v1/games/{game}/events?limit=2&unknown=1")  # unknown query parameters are ignored
    assert page.status_code == 200 and len(page.get_json()["events"]) == 2
    problem(api.post(f"/v1/games/{game}/seats", data="name=Bix", content_type="text/plain"), 415, "unsupported_media_type")
    problem(api.post(f"/v1/games/{game}/seats", data="{", content_type="application/json"), 400, "malformed_json")
    refused = problem(api.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3, "colour": "red"}), 422,
                      "invalid_fields")
    assert refused["errors"] == {"colour": ["Unknown field."]}  # by field, not by where webargs read it
    assert api.get(f"/v1/games/{game}").get_json()["version"] == before
