"""The request contract at its edges: whose an Idempotency-Key is, what it stands for, the
version headers, strict command fields, talk after the end, and the lobby's state shape."""
from __future__ import annotations

import pytest

from tests.api.conftest import bearer, kernel_rulesets, new_game, problem


@pytest.fixture
def bl(make_app):
    """A started 3-seat Bootleggers game on an app hosting the real rulesets."""
    api = make_app(kernel_rulesets()).test_client()
    return api, new_game(api, ruleset="bootleggers")


def hand(api, game, seat):
    state = api.get(f"/v1/games/{game['id']}", headers=bearer(game["players"][seat - 1])).get_json()
    return state["players"][seat - 1]["muscle_hand"]


def post(api, game, token, body, **headers):
    return api.post(f"/v1/games/{game['id']}/commands", json=body, headers={**bearer(token), **headers})


# -- Idempotency-Key: the caller's own, and for one operation ----------------------------------
def test_another_seat_with_the_same_key_is_not_a_retry(bl):
    api, game = bl
    one = post(api, game, game["players"][0], {"type": "say", "text": "hello"}, **{"Idempotency-Key": "k"})
    two = post(api, game, game["players"][1], {"type": "say", "text": "hello"}, **{"Idempotency-Key": "k"})
    assert one.status_code == two.status_code == 201
    assert "Idempotent-Replayed" not in two.headers
    talk = api.get(f"/v1/games/{game['id']}/talk").get_json()["entries"]
    assert [t["seat"] for t in talk] == [1, 2]


def test_a_key_is_no_oracle_for_another_seats_sealed_bid(bl):
    api, game = bl
    secret = hand(api, game, 1)[5]
    assert post(api, game, game["players"][0], {"type": "bid", "card": secret},
                **{"Idempotency-Key": "bid-1"}).status_code == 201
    answers = {(r.status_code, (r.get_json() or {}).get("code"))
               for card in hand(api, game, 1)
               for r in [post(api, game, game["players"][1], {"type": "bid", "card": card},
                              **{"Idempotency-Key": "bid-1"})]}
    assert (201, None) not in answers or len(answers) == 1     # no card answered differently
    assert all(code != "idempotency_key_reused" for _, code in answers)


def test_a_key_stands_for_one_operation(make_app):
    api = make_app(kernel_rulesets()).test_client()
    game = new_game(api, ruleset="bootleggers", deadlines={"default": 300})
    org = {**bearer(game["organizer"]), "Idempotency-Key": "k-1"}
    assert api.post(f"/v1/games/{game['id']}/clock/pause", headers=org).status_code == 201
    problem(api.post(f"/v1/games/{game['id']}/clock/resume", headers=org), 422, "idempotency_key_reused")
    problem(api.post(f"/v1/games/{game['id']}/commands", json={"type": "say", "text": "back"}, headers=org),
            422, "idempotency_key_reused")
    again = api.post(f"/v1/games/{game['id']}/clock/pause", headers=org)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"


def test_extend_with_a_reused_key_and_other_seconds_is_refused(make_app):
    api = make_app(kernel_rulesets()).test_client()
    game = new_game(api, ruleset="bootleggers", deadlines={"default": 600})
    org = {**bearer(game["organizer"]), "Idempotency-Key": "extend"}
    assert api.post(f"/v1/games/{game['id']}/clock/extend", json={"seconds": 60}, headers=org).status_code == 201
    problem(api.post(f"/v1/games/{game['id']}/clock/extend", json={"seconds": 3600}, headers=org),
            422, "idempotency_key_reused")


# -- version headers -----------------------------------------------------------------------------
def test_version_headers_of_thousands_of_digits_are_400(bl):
    api, game = bl
    digits = "1" * 5000
    problem(post(api, game, game["players"][0], {"type": "say", "text": "x"}, **{"If-Match": digits}),
            400, "bad_if_match")
    problem(api.get(f"/v1/games/{game['id']}/events/stream?timeout=1", headers={"Last-Event-ID": digits}),
            400, "bad_last_event_id")


def test_if_match_star_matches_any_version(bl):
    api, game = bl
    assert post(api, game, game["players"][0], {"type": "say", "text": "x"}, **{"If-Match": "*"}).status_code == 201


# -- command fields are taken as sent, never coerced ----------------------------------------------
@pytest.mark.parametrize("field", ["float", "string", "bool"])
def test_a_card_that_is_not_a_json_integer_is_refused(bl, field):
    api, game = bl
    card = hand(api, game, 1)[0]
    sent = {"float": card + 0.5, "string": str(card), "bool": True}[field]
    before = api.get(f"/v1/games/{game['id']}").get_json()["version"]
    body = problem(post(api, game, game["players"][0], {"type": "bid", "card": sent}), 422, "invalid_fields")
    assert "card" in body["errors"]
    assert api.get(f"/v1/games/{game['id']}").get_json()["version"] == before


def test_a_yes_or_no_must_be_a_json_boolean():
    from service.rules.bootleggers.schemas import AnswerVigorishSchema, AllowPublicSchema
    for value in ("true", 1, "yes", None):
        assert AnswerVigorishSchema().validate({"pay": value})
        assert AllowPublicSchema().validate({"truck": "small_1", "allow": value})
    assert AnswerVigorishSchema().validate({"pay": False}) == {}


# -- the end, and the lobby ------------------------------------------------------------------------
def test_talk_ends_with_the_game(api, toy_game):
    game, seat = toy_game["id"], toy_game["players"][0]
    api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(seat))
    assert api.post(f"/v1/games/{game}/commands", json={"type": "finish"}, headers=bearer(seat)).status_code == 201
    version = api.get(f"/v1/games/{game}").get_json()["version"]
    problem(api.post(f"/v1/games/{game}/commands", json={"type": "say", "text": "gg"}, headers=bearer(seat)),
            409, "game_finished")
    assert api.get(f"/v1/games/{game}").get_json()["version"] == version


def test_the_lobby_state_has_the_fields_of_api_md(make_app):
    api = make_app(kernel_rulesets()).test_client()
    game = new_game(api, ruleset="bootleggers", seats=4, join=2)
    state = api.get(f"/v1/games/{game['id']}").get_json()
    assert state["status"] == "lobby"
    listed = ["game_id", "ruleset", "version", "status", "round", "phase", "step", "waiting_for", "deadline",
              "players", "speakeasies", "offers", "copper_at", "deals", "winner"]
    assert [k for k in listed if k not in state] == []
    assert [s["id"] for s in state["speakeasies"]] == ["omalleys", "texas_lils", "mothers", "barleycorns",
                                                      "real_mccoy"]
    assert all(s["influence"] == {} for s in state["speakeasies"])
