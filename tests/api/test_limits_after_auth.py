"""A request's token is resolved against the game's (the tournament's) own
`auth` before any budget of that game is spent (service/api/limits.py, service/api/auth.py).

Random bearer tokens used to spend the per-game command and talk budgets before the view
checked them, so an outsider froze a game for its real players (3,100 commands: the seat's
move and the organizer's controls 429 for 32 s). Now an unknown token spends only its
address's budget of 401s, and a known token spends the game's budget only up to its fair
share when the game is over it. Each test here fails on the limits of ea21c6d."""
from __future__ import annotations

import secrets
import time

import pytest

from tests.api.conftest import bearer, new_game, problem


def limited(redis_url: str, **limits):
    from service.app import create_app
    from tests.streams.toy import TOY

    return create_app({"REDIS_URL": redis_url, "TESTING": True, "RULESETS": {"toy": TOY},
                       "RATELIMIT_ENABLED": True, "RATE_LIMIT_EXEMPT": "", **limits}).test_client()


FLOOD = "203.0.113.66"  # the outsider's address (the players come from 127.0.0.1)


def outsider(client, url: str, body: dict | None = None, addr: str = FLOOD):
    return client.post(url, json=body if body is not None else {"type": "roll"},
                       headers=bearer(secrets.token_urlsafe(16)), environ_base={"REMOTE_ADDR": addr})


def test_random_tokens_spend_nothing_of_the_games_command_budget(redis_url, redis_client):
    client = limited(redis_url, RATE_LIMIT_GAME_COMMANDS="5/minute", RATE_LIMIT_UNAUTHORIZED="1000/minute")
    game = new_game(client)  # its start is 1 of the game's 5
    url = f"/v1/games/{game['id']}/commands"
    for _ in range(30):
        problem(outsider(client, url), 401, "unknown_token")
    for token in game["players"]:  # ea21c6d: 429 "too many commands to this game"
        assert client.post(url, json={"type": "roll"}, headers=bearer(token)).status_code == 201


def test_random_tokens_do_not_silence_the_table(redis_url, redis_client):
    client = limited(redis_url, RATE_LIMIT_GAME_TALK="3/minute", RATE_LIMIT_UNAUTHORIZED="1000/minute")
    game = new_game(client)
    url = f"/v1/games/{game['id']}/commands"
    for n in range(20):
        problem(outsider(client, url, {"type": "say", "text": f"spam {n}"}), 401, "unknown_token")
    said = client.post(url, json={"type": "say", "text": "still here"}, headers=bearer(game["players"][0]))
    assert said.status_code == 201, said.get_json()  # ea21c6d: 429 "lines of table talk at this table"
    assert [t["text"] for t in client.get(f"/v1/games/{game['id']}/talk").get_json()["entries"]] == ["still here"]


def test_random_tokens_cannot_keep_the_organizer_from_starting(redis_url, redis_client):
    client = limited(redis_url, RATE_LIMIT_GAME_COMMANDS="3/minute", RATE_LIMIT_UNAUTHORIZED="1000/minute")
    game = new_game(client, start=False)
    for _ in range(10):
        problem(outsider(client, f"/v1/games/{game['id']}/start", body={}), 401, "unknown_token")
    assert client.post(f"/v1/games/{game['id']}/start", headers=bearer(game["organizer"])).status_code == 201


def test_an_address_has_its_own_budget_of_401s_and_its_known_tokens_pass_it(redis_url, redis_client):
    client = limited(redis_url, RATE_LIMIT_UNAUTHORIZED="3/minute")
    game = new_game(client)
    url = f"/v1/games/{game['id']}/commands"
    for _ in range(2):
        problem(outsider(client, url), 401, "unknown_token")
    problem(client.post(url, json={"type": "roll"}, environ_base={"REMOTE_ADDR": FLOOD}), 401, "token_required")
    refused = outsider(client, url)  # ea21c6d: 401 again, as often as it is asked
    body = problem(refused, 429, "rate_limited")
    assert "without a valid token" in body["detail"] and 1 <= int(refused.headers["Retry-After"]) <= 60
    problem(client.post(url, json={"type": "roll"}, environ_base={"REMOTE_ADDR": FLOOD}), 429, "rate_limited")
    # a player behind the same address (a venue's NAT) is known to the game: it plays on
    seat = client.post(url, json={"type": "roll"}, headers=bearer(game["players"][0]),
                       environ_base={"REMOTE_ADDR": FLOOD})
    assert seat.status_code == 201, seat.get_json()
    # and a seat taken after the flood began is known too, a second later at most (the hashes
    # are read again: limits.KNOWN_REFRESH_SECONDS)
    other = new_game(client, join=2, start=False)
    problem(outsider(client, f"/v1/games/{other['id']}/commands"), 429, "rate_limited")
    late = client.post(f"/v1/games/{other['id']}/seats", json={"name": "Late"}).get_json()["player_token"]
    time.sleep(1.1)
    assert client.post(f"/v1/games/{other['id']}/commands", json={"type": "roll"}, headers=bearer(late),
                       environ_base={"REMOTE_ADDR": FLOOD}).status_code != 429
    # another address is not concerned
    problem(outsider(client, url, addr="198.51.100.7"), 401, "unknown_token")


def test_one_seat_cannot_spend_what_the_others_at_the_table_need(redis_url, redis_client):
    # 4 tokens (the organizer, 3 seats) share 8 commands a minute: each is sure of 2
    client = limited(redis_url, RATE_LIMIT_GAME_COMMANDS="8/minute", RATE_LIMIT_COMMANDS="100/minute")
    game = new_game(client)  # the organizer's start: 1
    url = f"/v1/games/{game['id']}/commands"
    one, two, three = game["players"]
    sent = [client.post(url, json={"type": "roll"}, headers=bearer(one)).status_code for _ in range(12)]
    assert sent == [201] * 7 + [429] * 5  # the game's 8, then refused: over the game's and over its share
    assert "this game" in problem(client.post(url, json={"type": "roll"}, headers=bearer(one)), 429)["detail"]
    # ea21c6d: the others are refused too, having sent nothing
    assert [client.post(url, json={"type": "roll"}, headers=bearer(two)).status_code for _ in range(3)] == [201, 201, 429]
    assert client.post(url, json={"type": "roll"}, headers=bearer(three)).status_code == 201


@pytest.fixture
def tournament(redis_url, redis_client):
    def make(**limits):
        client = limited(redis_url, **limits)
        made = client.post("/v1/tournaments", json={"name": "Cup", "ruleset": "toy", "rounds": 1,
                                                    "table_size": {"min": 3, "max": 3}}).get_json()
        tid = made["tournament_id"]
        entrant = client.post(f"/v1/tournaments/{tid}/entrants", json={"name": "Ada"}).get_json()
        return client, tid, made["organizer_token"], entrant["entrant_token"]
    return make


def test_random_tokens_spend_nothing_of_a_tournaments_budgets(tournament):
    client, tid, organizer, entrant = tournament(RATE_LIMIT_GAME_COMMANDS="4/minute", RATE_LIMIT_GAME_TALK="2/minute",
                                                 RATE_LIMIT_UNAUTHORIZED="1000/minute")
    url = f"/v1/tournaments/{tid}/commands"
    for n in range(10):
        problem(outsider(client, url, {"type": "say", "text": f"spam {n}"}), 401, "unknown_token")
    said = client.post(url, json={"type": "say", "text": "hello"}, headers=bearer(entrant))
    assert said.status_code == 201, said.get_json()
    announced = client.post(url, json={"type": "announce", "text": "round 1 soon"}, headers=bearer(organizer))
    assert announced.status_code == 201, announced.get_json()


def test_limits_still_refuse_a_known_token_over_its_own_budget(redis_url, redis_client):
    client = limited(redis_url, RATE_LIMIT_COMMANDS="2/minute", RATE_LIMIT_TALK="1/minute")
    game = new_game(client)
    url, seat = f"/v1/games/{game['id']}/commands", bearer(game["players"][0])
    assert [client.post(url, json={"type": "roll"}, headers=seat).status_code for _ in range(3)] == [201, 201, 429]
    other = bearer(game["players"][1])
    assert [client.post(url, json={"type": "say", "text": "hi"}, headers=other).status_code
            for _ in range(2)] == [201, 429]
