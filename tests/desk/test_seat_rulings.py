"""The engine's seat rulings: replace_player (a new token) and forfeit (the seat is out)."""
from __future__ import annotations

import random

from tests.api.conftest import problem
from tests.desk.helpers import all_events, ok, organizer, rebuilt_equals_live, seat
from tests.support.bots import bearer, open_table, play


def test_replace_player_gives_a_new_token_and_kills_the_old_one(client, app, redis_client):
    table = open_table(client, 3)
    old = table.tokens[2]
    problem(seat(table, 1, {"type": "ruling", "kind": "replace_player", "seat": 2, "reason": "x"}), 403)
    problem(organizer(table, {"type": "ruling", "kind": "replace_player", "seat": 9, "reason": "x"}), 422,
            "not_a_player")
    answer = ok(organizer(table, {"type": "ruling", "kind": "replace_player", "seat": 2,
                                  "reason": "Bob left; Dora takes his seat"}))
    new = answer["player_tokens"]["2"]
    assert new != old and [e["type"] for e in answer["events"]] == ["seat_replaced"]
    assert "token_hash" not in answer["events"][0]["payload"]
    gid = table.game_id
    problem(client.get(f"/v1/games/{gid}/legal-actions", headers=bearer(old)), 401, "unknown_token")
    legal = client.get(f"/v1/games/{gid}/legal-actions", headers=bearer(new))
    assert legal.status_code == 200 and legal.get_json()["seat"] == 2
    table.tokens[2] = new
    ok(seat(table, 2, {"type": "dispute", "version": 1, "text": "the new player speaks"}))
    # the new token itself is nowhere: not in events, state, export, nor anything stored
    ok(organizer(table, {"type": "ruling", "kind": "annul", "reason": "end it"}))
    for token in (table.organizer, new, None):
        headers = bearer(token) if token else {}
        assert new not in client.get(f"/v1/games/{gid}", headers=headers).get_data(as_text=True)
        assert new not in client.get(f"/v1/games/{gid}/events?limit=1000", headers=headers).get_data(as_text=True)
    assert new not in client.get(f"/v1/games/{gid}/export", headers=bearer(table.organizer)).get_data(as_text=True)
    for key in redis_client.keys("*"):
        kind = redis_client.type(key)
        if kind == b"string":
            assert new.encode() not in redis_client.get(key)
        elif kind == b"hash":
            assert all(new.encode() not in v for v in redis_client.hvals(key))
        elif kind == b"stream":
            assert all(new.encode() not in v for _, entry in redis_client.xrange(key) for v in entry.values())
    rebuilt_equals_live(app, gid)


def test_an_idempotent_repeat_does_not_show_the_token_again(client):
    table = open_table(client, 3)
    headers = {**bearer(table.organizer), "Idempotency-Key": "swap-2"}
    body = {"type": "ruling", "kind": "replace_player", "seat": 2, "reason": "swap"}
    first = client.post(f"/v1/games/{table.game_id}/commands", json=body, headers=headers)
    again = client.post(f"/v1/games/{table.game_id}/commands", json=body, headers=headers)
    assert "player_tokens" in first.get_json() and "player_tokens" not in again.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"


def test_a_forfeited_seat_is_played_for_and_cannot_win(client, app):
    table = open_table(client, 3)
    # seat 3 would win on cash at the end of round 1 ...
    ok(organizer(table, {"type": "ruling", "kind": "set_cash", "seat": 3, "cash": 150, "reason": "setup"}))
    ok(organizer(table, {"type": "ruling", "kind": "set_cash", "seat": 1, "cash": 100, "reason": "setup"}))
    answer = ok(organizer(table, {"type": "ruling", "kind": "forfeit", "seat": 3, "reason": "left the table"}))
    assert answer["events"][0]["type"] == "seat_forfeited"
    problem(organizer(table, {"type": "ruling", "kind": "forfeit", "seat": 3, "reason": "again"}), 409,
            "already_forfeited")
    problem(seat(table, 3, {"type": "pass"}), 403, "seat_forfeited")
    legal = client.get(f"/v1/games/{table.game_id}/legal-actions", headers=bearer(table.tokens[3])).get_json()
    assert [a["type"] for a in legal["actions"]] == ["say"]
    state = table.state()
    assert 3 not in state["waiting_for"] and state["forfeited"] == [3]
    seen = []
    real_state = table.state

    def watching_state(token=None):
        s = real_state(token)
        seen.append(s["waiting_for"])
        return s

    table.state = watching_state
    final = play(table, random.Random(2))
    assert all(3 not in waiting for waiting in seen)
    assert final["status"] == "finished" and final["winner"] != 3
    ended = next(e for e in all_events(client, table.game_id, table.organizer) if e["type"] == "game_ended")
    assert ended["payload"]["ranking"][-1] == 3 and ended["payload"]["cash"]["3"] >= 150
    moved_for_3 = [e for e in all_events(client, table.game_id, table.organizer)
                   if e["actor"] == {"kind": "system"} and e["payload"].get("seat") == 3
                   and e["type"] in ("bid_placed", "passed")]
    assert moved_for_3, "the forfeited seat's moves are made for it"
    rebuilt_equals_live(app, table.game_id)
