"""The server's bot (service/bots/seat_bots.py): the organizer hands a seat to it (`seat_to_bot`),
it answers for the seat with legal examples, and `seat_to_player` hands the seat back with a
new token. The job runs in a real RQ worker (the clock's)."""
from __future__ import annotations

import random
import time

import pytest

from events.canonical import copy_value
from service.bots import look_ahead, seat_bots
from tests.api.conftest import problem
from tests.clock.conftest import WorkerProcess
from tests.desk.helpers import ok, organizer, rebuilt_equals_live, seat
from tests.support.spec_validation import problems, state_variant
from tests.support.bots import bearer, move, open_table


def hand_to_bot(table, n: int, strategy: str | None = None) -> dict:
    body = {"type": "ruling", "kind": "seat_to_bot", "seat": n, "reason": f"seat {n} left the table"}
    return ok(organizer(table, {**body, **({"strategy": strategy} if strategy else {})}))


def test_seat_to_bot_is_recorded_and_the_players_token_may_read_but_not_send(client):
    table = open_table(client, 3)
    answer = hand_to_bot(table, 2, "random")
    assert [e["type"] for e in answer["events"]] == ["seat_given_to_bot"]
    assert answer["events"][0]["payload"] == {"seat": 2, "strategy": "random", "reason": "seat 2 left the table",
                                              "dispute": None}
    state = client.get(f"/v1/games/{table.game_id}", headers=bearer(table.tokens[2])).get_json()
    assert state["bots"] == {"2": "random"} and state["viewer"] == {"kind": "seat", "seat": 2}
    assert problems(state_variant(state), state) == []  # documented, field for field
    ok(seat(table, 2, {"type": "say", "text": "I am still here"}))  # table talk is not a move
    refused = seat(table, 2, {"type": "pass"})
    assert "seat_to_player" in problem(refused, 403, "seat_played_by_bot")["detail"]
    problem(organizer(table, {"type": "ruling", "kind": "seat_to_bot", "seat": 2, "reason": "again"}), 409,
            "already_a_bot")
    problem(organizer(table, {"type": "ruling", "kind": "seat_to_player", "seat": 3, "reason": "x"}), 409,
            "not_a_bot")
    problem(organizer(table, {"type": "ruling", "kind": "annul", "strategy": "greedy", "reason": "x"}), 422,
            "invalid_fields")
    problem(seat(table, 1, {"type": "ruling", "kind": "seat_to_bot", "seat": 3, "reason": "x"}), 403)


@pytest.mark.parametrize("strategy", ["random", "greedy"])
def test_the_bot_plays_its_seat_with_legal_examples_until_a_player_is_awaited(client, app, strategy):
    table = open_table(client, 3, {"rounds": 8})
    games = app.extensions["games"]
    for n in (1, 2, 3):
        hand_to_bot(table, n, strategy)
    moves = seat_bots.play_bot_seats(games, table.game_id)
    state = games.load(table.game_id)
    assert state["status"] == "finished" and moves > 20
    events = games.events(table.game_id, 0, 100_000)
    bot_moves = [e for e in events if (e["actor"] or {}).get("bot")]
    assert bot_moves and all(e["actor"]["kind"] == "seat" for e in bot_moves)
    served = client.get(f"/v1/games/{table.game_id}/events?limit=1000", headers=bearer(table.tokens[1])).get_json()
    assert problems("EventsPage", served) == []
    rebuilt_equals_live(app, table.game_id)


def test_greedy_takes_the_example_that_leaves_the_most_cash(client, app):
    table = open_table(client, 4)
    games = app.extensions["games"]
    rng = random.Random(5)
    for _ in range(400):  # to a step where the seat's examples leave it different cash
        state = games.load(table.game_id)
        ruleset = games.ruleset_for("bootleggers")
        for n in ruleset.waiting(state)["seats"]:
            found = seat_bots.examples(games, state, n)
            weigh = look_ahead.weigher(games, state, n, seat_bots.bot_actor(n))
            cash = [weigh(c) for c in found]
            if len({c for c in cash if c is not None}) > 1:
                chosen = seat_bots.choose(games, copy_value(state), n, "greedy")
                assert weigh(chosen) == max(c for c in cash if c is not None)
                return
        move(table, rng)
    pytest.fail("no step offered examples with different cash")


def test_greedy_plays_as_random_where_no_cash_is_counted(client, app):
    table = open_table(client, 3, ruleset="booze_baron")
    games = app.extensions["games"]
    state = games.load(table.game_id)
    n = games.ruleset_for("booze_baron").waiting(state)["seats"][0]
    assert seat_bots.choose(games, state, n, "greedy") == seat_bots.choose(games, state, n, "random")


def test_in_a_worker_the_bot_answers_each_step_and_seat_to_player_hands_it_back(client, app, redis_url,
                                                                                   redis_client, tmp_path):
    worker = WorkerProcess(redis_url, tmp_path / "worker.log",
                           extra_env={"BOOTLEGGERS_RULESETS": "service.rules.registry:rulesets"})
    try:
        worker.wait_ready(redis_client)
        table = open_table(client, 3, {"rounds": 8})
        hand_to_bot(table, 2)
        hand_to_bot(table, 3)
        rng = random.Random(1)
        bot_moved = False
        for _ in range(60):  # seat 1 plays; seats 2 and 3 are the worker's
            state = client.get(f"/v1/games/{table.game_id}", headers=bearer(table.organizer)).get_json()
            if 1 in state["waiting_for"]:
                legal = client.get(f"/v1/games/{table.game_id}/legal-actions",
                                   headers=bearer(table.tokens[1])).get_json()
                examples = [e for a in legal["actions"] if a["type"] != "say" for e in a["examples"]]
                # pinned to what it read: the worker's bots may move in between (then read again)
                sent = client.post(f"/v1/games/{table.game_id}/commands", json=rng.choice(examples),
                                   headers={**bearer(table.tokens[1]), "If-Match": str(legal["version"])})
                assert sent.status_code in (201, 412), sent.get_data(as_text=True)
            else:
                assert set(state["waiting_for"]) <= {2, 3}
                time.sleep(0.05)  # the worker's turn
            events = client.get(f"/v1/games/{table.game_id}/events?limit=1000",
                                headers=bearer(table.organizer)).get_json()["events"]
            bot_moved = bot_moved or any((e["actor"] or {}).get("bot") for e in events)
        assert bot_moved
        # a bot job that ran is kept a minute, not an hour: RQ's keys do not grow with the pace of play
        ttls = [redis_client.ttl(k) for k in redis_client.scan_iter("rq:job:bots-*")]
        assert any(0 < t <= seat_bots.BOT_RESULT_TTL for t in ttls) and max(ttls) <= seat_bots.BOT_RESULT_TTL, ttls
        answer = ok(organizer(table, {"type": "ruling", "kind": "seat_to_player", "seat": 2, "reason": "back"}))
        new = answer["player_tokens"]["2"]
        assert [e["type"] for e in answer["events"]] == ["seat_given_back"]
        state = client.get(f"/v1/games/{table.game_id}", headers=bearer(new)).get_json()
        assert state["bots"] == {"3": "greedy"} and state["viewer"] == {"kind": "seat", "seat": 2}
        problem(client.get(f"/v1/games/{table.game_id}", headers=bearer(table.tokens[2])), 401, "unknown_token")
    finally:
        worker.kill()
