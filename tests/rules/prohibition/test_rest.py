"""Prohibition played through the REST API: create with `"ruleset": "prohibition"`, join,
start, legal-actions, commands, refusals as problem+json that append nothing, random bots
to the end with the hash chain and the revealed seed checked, and the clock's timeouts."""
from __future__ import annotations

import random

import pytest

from service.desk import history
from events.envelope import first_break
from tests.support.bots import bearer, open_table, play
from tests.support.timeouts import play_out_by_timeouts

from .situations import dice_for


def scripted(client, seats=2, **dice):
    return open_table(client, seats, {"rng": {"mode": "scripted", "dice": dice_for(seats, **dice)}},
                      ruleset="prohibition")


def test_a_turn_through_rest(client):
    table = scripted(client, action=(2, 6), production=(4, 3, 3))
    state = table.state(table.tokens[2])
    assert state["ruleset"] == "prohibition" and state["waiting_for"] == [1]
    assert state["step"] == "move" and state["phase"] == "action"
    assert state["law"] == {"police": 1, "agent": 1, "fbi": 1}
    assert state["board"][14] == {"space": 15, "name": "Rum Runners", "kind": "S", "cases": 6}
    assert [p["bankrolls"] for p in state["players"]] == [18, 18]

    legal = table.legal(1)
    assert legal["step"] == "move"
    moves = next(a for a in legal["actions"] if a["type"] == "move")
    assert {"type": "move", "die": 2, "pawn": "own", "direction": "cw"} in moves["examples"]
    assert len(moves["examples"]) == 2 * 4 * 2                  # 2 dice x 4 pawns x 2 ways
    assert {"dice": [2, 6], "directions": ["cw", "cw"], "via": 15, "to": 21} in moves["params"]["plans"]
    assert [a["type"] for a in table.legal(2)["actions"]] == ["say"]

    r = table.send(1, {"type": "move", "die": 2, "pawn": "own", "direction": "cw"}, version=legal["version"])
    assert r.status_code == 201
    assert [e["type"] for e in r.get_json()["events"]] == ["pawn_moved", "step_started"]
    buy = table.legal(1)["actions"][0]
    assert buy["type"] == "buy" and buy["params"]["cases"] == {"min": 0, "max": 6}
    assert table.send(1, {"type": "buy", "cases": 5}).status_code == 201
    me = table.state(table.tokens[1])["players"][0]
    assert (me["cases"], me["bankrolls"], me["space"]) == (5, 13, 15)


def test_refusals_are_problems_and_append_nothing(client):
    table = scripted(client, action=(3, 5))
    before = table.state()["version"]
    cases = [
        (2, {"type": "end_turn"}, 409, "not_your_turn"),
        (1, {"type": "buy", "cases": 1}, 409, "wrong_step"),
        (1, {"type": "move", "die": 6, "pawn": "own", "direction": "cw"}, 409, "die_not_rolled"),
        (1, {"type": "move", "die": 3, "pawn": "cop", "direction": "cw"}, 422, None),
        (1, {"type": "move", "die": 3, "pawn": "own"}, 422, None),
        (1, {"type": "move", "die": "3", "pawn": "own", "direction": "cw"}, 422, None),
        (1, {"type": "bid", "card": 3}, 422, "unknown_command"),
    ]
    for seat, command, status, code in cases:
        r = table.send(seat, command)
        assert r.status_code == status, (command, r.get_json())
        assert r.mimetype == "application/problem+json"
        if code:
            assert r.get_json()["code"] == code, r.get_json()
        assert r.get_json()["detail"]
    assert table.state()["version"] == before


def test_a_pawn_refused_onto_a_law_pawn(client):
    """"You may not use a roll to move your pawn onto a law pawn." — over REST: 409, a
    sentence naming the pawn, and no event."""
    table = scripted(client, action=(6, 6))
    assert table.send(1, {"type": "move", "die": 6, "pawn": "police", "direction": "cw"}).status_code == 201
    version = table.state()["version"]
    r = table.send(1, {"type": "move", "die": 6, "pawn": "own", "direction": "ccw"})        # 13 -> 7
    assert r.status_code == 409 and r.get_json()["code"] == "law_pawn_there"
    assert "the Local Police stands on space 7 (Canada)" in r.get_json()["detail"]
    assert table.state()["version"] == version
    moves = next(a for a in table.legal(1)["actions"] if a["type"] == "move")["examples"]
    assert {"type": "move", "die": 6, "pawn": "own", "direction": "ccw"} not in moves
    assert {"type": "move", "die": 6, "pawn": "own", "direction": "cw"} in moves


def test_create_checks_the_player_count(client):
    ok = client.post("/v1/games", json={"ruleset": "prohibition", "seats": 2})
    assert ok.status_code == 201
    for seats, code in ((1, "invalid_fields"), (7, "invalid_fields")):
        r = client.post("/v1/games", json={"ruleset": "prohibition", "seats": seats})
        assert (r.status_code, r.get_json()["code"]) == (422, code)
    r = client.post("/v1/games", json={"ruleset": "bootleggers", "seats": 2})
    assert (r.status_code, r.get_json()["code"]) == (422, "invalid_fields")
    assert "3 to 6" in r.get_json()["errors"]["seats"][0]


def test_the_lobby_shows_the_board(client):
    created = client.post("/v1/games", json={"ruleset": "prohibition", "seats": 3}).get_json()
    state = client.get(f"/v1/games/{created['game_id']}").get_json()
    assert state["status"] == "lobby" and len(state["board"]) == 24 and state["players"] == []


@pytest.mark.parametrize("seats,seed", [(2, 1), (4, 2)])
def test_random_bots_play_a_whole_game_over_rest(app, seats, seed):
    client = app.test_client()
    table = open_table(client, seats, ruleset="prohibition")
    final = play(table, random.Random(seed), max_commands=4000, talk=0.01)
    assert final["status"] == "finished" and set(final["winners"]) <= set(table.tokens)
    games = app.extensions["games"]
    events = list(games.store.iter_all(table.game_id))
    assert first_break(events) is None
    assert games.rebuild(table.game_id) == games.load(table.game_id)
    from service.streams.rng import first_unproven_die
    audit = client.get(f"/v1/games/{table.game_id}/audit").get_json()
    assert audit["seed"] and first_unproven_die(events, bytes.fromhex(audit["seed"])) is None
    # nothing is hidden: a spectator sees what the organizer sees of the game
    spectator, organizer = table.state(None), client.get(
        f"/v1/games/{table.game_id}", headers=bearer(table.organizer)).get_json()
    assert spectator["board"] == organizer["board"] and spectator["players"] == organizer["players"]


def test_a_game_nobody_plays_ends_by_timeouts(redis_client):
    """Deadline keys are the step names (move, buy, sell); the defaults end the turn, buy
    nothing and sell all (docs/rules-decisions.md). Nobody moves, so nobody takes a Culture
    Bankroll: the house round limit ends the game."""
    games, game, state = play_out_by_timeouts(redis_client, "prohibition", 2, {"move": 30}, sweeps=200)
    assert state["status"] == "finished"
    assert state["game"]["round"] == state["game"]["round_limit"]
    assert {t["step"] for t in history.timeouts(games, game, state["version"])} == {"move"}


def test_nothing_secret_reaches_players_while_the_game_runs(client):
    """Prohibition hides nothing at the table, but the seed (and with it every future die)
    stays secret until the end through every endpoint, and players get no hash fields."""
    table = open_table(client, 3, ruleset="prohibition")
    play_some = random.Random(9)
    for _ in range(12):
        state = table.state()
        seat = state["waiting_for"][0]
        legal = table.legal(seat)
        example = play_some.choice([e for a in legal["actions"] if a["type"] != "say" for e in a["examples"]])
        assert table.send(seat, example, version=legal["version"]).status_code == 201
    gid, seed_hex = table.game_id, client.application.extensions["games"].redis.get(f"game:{{{table.game_id}}}:seed")
    seed = seed_hex.decode() if isinstance(seed_hex, bytes) else seed_hex
    views = {"seat 2": bearer(table.tokens[2]), "spectator": {}}
    seen = {}
    for name, headers in views.items():
        texts = [client.get(path, headers=headers).get_data(as_text=True) for path in (
            f"/v1/games/{gid}", f"/v1/games/{gid}?at=20", f"/v1/games/{gid}/events?limit=1000",
            f"/v1/games/{gid}/events/stream?timeout=1", f"/v1/games/{gid}/audit",
            f"/v1/games/{gid}/legal-actions")]
        assert not any(seed in text for text in texts), name
        events = client.get(f"/v1/games/{gid}/events?limit=1000", headers=headers).get_json()["events"]
        assert not any("hash" in e or "prev_hash" in e for e in events), name
        state = client.get(f"/v1/games/{gid}", headers=headers).get_json()
        seen[name] = {k: v for k, v in state.items() if k != "viewer"}
    assert seen["seat 2"] == seen["spectator"], "Prohibition shows every viewer the same game"


def test_the_state_shows_prohibitions_own_options_and_its_round_limit(client):
    """Bootleggers' option defaults (`rounds: 12`, `influence: phase`) are its own, never loaded
    into another ruleset's game: a Prohibition game reads neither, so its state shows neither — only the
    engine's options (dice, clock, disputes) — and shows its house round limit, 60, from the
    lobby on."""
    created = client.post("/v1/games", json={"ruleset": "prohibition", "seats": 2,
                                             "options": {"deadlines": {"move": 60}}}).get_json()
    lobby = client.get(f"/v1/games/{created['game_id']}").get_json()
    assert lobby["options"] == {"deadlines": {"move": 60}, "rng": {"mode": "seeded"}}
    assert lobby["round_limit"] == 60
    table = open_table(client, 2, ruleset="prohibition")
    spectator = client.get(f"/v1/games/{table.game_id}").get_json()
    for state in (spectator, table.state(), table.state(table.tokens[1])):
        assert "rounds" not in state["options"] and "influence" not in state["options"]
        assert state["round_limit"] == 60
