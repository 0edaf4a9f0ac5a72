"""Every way to make games counts against one budget (a tournament
round's tables that only the server's bots play are new games from the organizer's address),
stored talk is capped per address too, and every HTML answer carries the page headers."""
from __future__ import annotations

from service.app import create_app
from tests.api.conftest import bearer, new_game, problem
from tests.streams.toy import TOY


def limited(redis_url: str, **limits):
    return create_app({"REDIS_URL": redis_url, "TESTING": True, "RULESETS": {"toy": TOY},
                       "RATELIMIT_ENABLED": True, **limits}).test_client()


def test_a_round_of_bot_tables_spends_the_new_game_budget_and_a_refusal_seats_nothing(redis_url, redis_client):
    client = limited(redis_url, RATE_LIMIT_CREATE="3/minute")
    made = client.post("/v1/tournaments", json={"name": "Farm", "ruleset": "toy", "rounds": 2,
                                                  "table_size": {"min": 3, "max": 3}}).get_json()
    tid, org = made["tournament_id"], made["organizer_token"]
    for n in range(12):                         # four tables of house players: four server-played games
        assert client.post(f"/v1/tournaments/{tid}/entrants", json={"name": f"House {n}", "bot": "random"},
                           headers=bearer(org)).status_code == 201
    refused = problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "seat_round"},
                                  headers=bearer(org)), 429, "rate_limited")
    assert "new games from your address" in refused["detail"]
    assert client.get(f"/v1/tournaments/{tid}").get_json()["round"] == 0          # nothing seated
    assert client.post("/v1/games", json={"ruleset": "toy", "seats": 3}).status_code == 201  # budget untouched


def test_tables_with_people_are_not_charged(redis_url, redis_client):
    client = limited(redis_url, RATE_LIMIT_CREATE="1/minute")
    made = client.post("/v1/tournaments", json={"name": "Club", "ruleset": "toy", "rounds": 1,
                                                  "table_size": {"min": 3, "max": 3}}).get_json()
    tid, org = made["tournament_id"], made["organizer_token"]
    for n in range(6):
        assert client.post(f"/v1/tournaments/{tid}/entrants", json={"name": f"P{n}"}).status_code == 201
    assert client.post(f"/v1/tournaments/{tid}/commands", json={"type": "seat_round"},
                       headers=bearer(org)).status_code == 201


def test_talk_stored_from_one_address_is_capped_across_tokens(redis_url, redis_client):
    client = limited(redis_url, RATE_LIMIT_ADDRESS_TALK="3/hour")
    said = []
    for _ in range(2):                          # two games, two seats each: four tokens, one address
        game = new_game(client)
        for seat in game["players"][:2]:
            said.append(client.post(f"/v1/games/{game['id']}/commands", json={"type": "say", "text": "x" * 500},
                                    headers=bearer(seat)).status_code)
    assert said == [201, 201, 201, 429]


def test_every_html_answer_carries_the_page_headers(redis_url, redis_client, toy_game):
    client = limited(redis_url)
    for path in ("/", "/docs", f"/viewer/{toy_game['id']}", "/no/such/page"):
        answer = client.get(path, headers={"Accept": "text/html"})
        assert answer.mimetype == "text/html", path
        for header, value in (("Referrer-Policy", "no-referrer"), ("X-Content-Type-Options", "nosniff"),
                              ("X-Frame-Options", "DENY")):
            assert answer.headers.get(header) == value, (path, header)
        assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"], path
