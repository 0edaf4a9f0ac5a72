"""The engine over real HTTP (Flask test client) and a real Redis, with the toy ruleset."""
from __future__ import annotations

import hashlib

from tests.api.conftest import new_game
from tests.conftest import bearer


def problem(response, status, code=None):
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["status"] == status and body["detail"] and body["title"]
    if code:
        assert body["code"] == code, body
    return body


def test_create_returns_organizer_token_and_seed_commitment(api, redis_client):
    r = api.post("/v1/games", json={"ruleset": "toy", "seats": 3})
    assert r.status_code == 201
    body = r.get_json()
    assert body["version"] == 1 and len(body["seed_commitment"]) == 64
    seed = bytes.fromhex(redis_client.get(f"game:{{{body['game_id']}}}:seed").decode())
    assert hashlib.sha256(seed).hexdigest() == body["seed_commitment"]


def test_create_validates_options(api):
    problem(api.post("/v1/games", json={"ruleset": "toy", "seats": 7}), 422, "invalid_fields")
    problem(api.post("/v1/games", json={"ruleset": "toy", "seats": 3, "options": {"rounds": 10}}), 422)
    problem(api.post("/v1/games", json={"ruleset": "toy", "seats": 3, "options": {"influence": "never"}}), 422)
    problem(api.post("/v1/games", json={"ruleset": "toy", "seats": 3, "options": {"deadlines": {"bid": -1}}}), 422)
    problem(api.post("/v1/games", json={"ruleset": "toy", "seats": 3, "options": {"deadlines": {"nap": 5}}}), 422)
    problem(api.post("/v1/games", json={"ruleset": "toy", "seats": 3, "options": {"rng": {"mode": "dice"}}}), 422)
    problem(api.post("/v1/games", json={"ruleset": "chess", "seats": 3}), 422, "unknown_ruleset")
    body = problem(api.post("/v1/games", data="{nope", content_type="application/json"), 400, "malformed_json")
    assert "JSON" in body["detail"]


def test_join_fills_seats_then_refuses(api):
    game = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()["game_id"]
    seats = [api.post(f"/v1/games/{game}/seats", json={"name": n}).get_json()["seat"] for n in "ABC"]
    assert seats == [1, 2, 3]
    body = problem(api.post(f"/v1/games/{game}/seats", json={"name": "D"}), 409, "game_full")
    assert "3 seats" in body["detail"]
    problem(api.post(f"/v1/games/{game}/seats", json={}), 422, "invalid_fields")
    problem(api.post(f"/v1/games/{game}/seats", json={"name": "   "}), 422, "invalid_fields")
    problem(api.post("/v1/games/nosuchgame/seats", json={"name": "x"}), 404, "game_not_found")


def test_start_is_for_the_organizer_once_every_seat_is_filled(api):
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()
    game, org = created["game_id"], created["organizer_token"]
    player = api.post(f"/v1/games/{game}/seats", json={"name": "A"}).get_json()["player_token"]
    problem(api.post(f"/v1/games/{game}/start"), 401, "token_required")
    problem(api.post(f"/v1/games/{game}/start", headers=bearer(player)), 403)
    problem(api.post(f"/v1/games/{game}/start", headers=bearer("forged")), 401, "unknown_token")
    body = problem(api.post(f"/v1/games/{game}/start", headers=bearer(org)), 409, "seats_empty")
    assert "2 of 3 seats" in body["detail"]
    for n in "BC":
        api.post(f"/v1/games/{game}/seats", json={"name": n})
    assert api.post(f"/v1/games/{game}/start", headers=bearer(org)).status_code == 201
    problem(api.post(f"/v1/games/{game}/start", headers=bearer(org)), 409, "game_started")
    problem(api.post(f"/v1/games/{game}/seats", json={"name": "late"}), 409, "game_started")


def test_state_is_redacted_per_viewer(api, toy_game):
    game, org, tokens = toy_game
    mine = api.get(f"/v1/games/{game}", headers=bearer(tokens[0])).get_json()
    assert mine["status"] == "running" and mine["viewer"] == {"kind": "seat", "seat": 1}
    assert mine["secrets"]["1"] is not None and mine["secrets"]["2"] is None
    spectator = api.get(f"/v1/games/{game}").get_json()
    assert set(spectator["secrets"].values()) == {None}
    organizer = api.get(f"/v1/games/{game}", headers=bearer(org)).get_json()
    assert None not in organizer["secrets"].values()
    for view in (mine, spectator, organizer):
        assert "auth" not in view and "script" not in str(view)


def test_events_hide_deck_order_token_hashes_and_hashes(api, toy_game):
    game, org, tokens = toy_game
    seen = api.get(f"/v1/games/{game}/events", headers=bearer(tokens[1])).get_json()
    by_type = {e["type"]: e for e in seen["events"]}
    assert by_type["deck_shuffled"]["payload"] == {"deck": "numbers", "count": 9}
    assert "organizer_token_hash" not in by_type["game_created"]["payload"]
    assert all("token_hash" not in e["payload"] for e in seen["events"])
    assert all("hash" not in e for e in seen["events"])
    assert by_type["secrets_dealt"]["payload"]["secrets"]["1"] is None
    assert by_type["secrets_dealt"]["payload"]["secrets"]["2"] is not None
    full = api.get(f"/v1/games/{game}/events", headers=bearer(org)).get_json()["events"]
    assert [e for e in full if e["type"] == "deck_shuffled"][0]["payload"]["order"]
    assert all(len(e["hash"]) == 64 for e in full)


def test_time_travel_passes_through_the_same_redaction(api, toy_game):
    game, org, tokens = toy_game
    api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(tokens[0]))
    at_start = api.get(f"/v1/games/{game}?at=4", headers=bearer(tokens[2])).get_json()
    assert at_start["version"] == 4 and at_start["status"] == "lobby"
    past = api.get(f"/v1/games/{game}?at=7", headers=bearer(tokens[2])).get_json()
    assert past["secrets"]["1"] is None and past["secrets"]["3"] is not None
    assert past["totals"] == {"1": 0, "2": 0, "3": 0}
    problem(api.get(f"/v1/games/{game}?at=999"), 404, "no_such_version")
    problem(api.get(f"/v1/games/{game}?at=0"), 422)
    problem(api.get(f"/v1/games/{game}?at=x"), 422)


def test_commands_append_events_and_unknown_types_name_the_known_ones(api, toy_game):
    game, org, tokens = toy_game
    r = api.post(f"/v1/games/{game}/commands", json={"type": "roll", "count": 2}, headers=bearer(tokens[0]))
    assert r.status_code == 201
    body = r.get_json()
    assert body["events"][0]["type"] == "dice_rolled" and len(body["events"][0]["payload"]["dice"]) == 2
    err = problem(api.post(f"/v1/games/{game}/commands", json={"type": "fly"}, headers=bearer(tokens[0])), 422, "unknown_command")
    assert "roll" in err["detail"] and "say" in err["detail"]
    problem(api.post(f"/v1/games/{game}/commands", json={"type": "roll", "count": 9}, headers=bearer(tokens[0])), 422)
    problem(api.post(f"/v1/games/{game}/commands", json={"type": "roll", "extra": 1}, headers=bearer(tokens[0])), 422)
    problem(api.post(f"/v1/games/{game}/commands", json={"type": "roll"}), 401)
    problem(api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(org)), 403, "seat_only")
    problem(api.post(f"/v1/games/{game}/commands", json=[1, 2], headers=bearer(tokens[0])), 422)


def test_say_is_table_talk_in_the_record(api, toy_game):
    game, org, tokens = toy_game
    r = api.post(f"/v1/games/{game}/commands", json={"type": "say", "text": "Pay me $5G or I play Mob War"},
                 headers=bearer(tokens[1]))
    assert r.status_code == 201
    state = api.get(f"/v1/games/{game}", headers=bearer(org)).get_json()
    assert state["talk_count"] == 1 and "talk" not in state
    talk = api.get(f"/v1/games/{game}/talk", headers=bearer(org)).get_json()
    assert talk["entries"] == [{"version": r.get_json()["version"], "seat": 2, "name": talk["entries"][0]["name"],
                                "text": "Pay me $5G or I play Mob War",
                                "recorded_at": r.get_json()["events"][0]["recorded_at"]}]
    problem(api.post(f"/v1/games/{game}/commands", json={"type": "say", "text": ""}, headers=bearer(tokens[1])), 422)


def test_if_match_refuses_a_stale_version_and_appends_nothing(api, toy_game):
    game, org, tokens = toy_game
    version = api.get(f"/v1/games/{game}").get_json()["version"]
    ok = api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers={**bearer(tokens[0]), "If-Match": str(version)})
    assert ok.status_code == 201
    stale = api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers={**bearer(tokens[1]), "If-Match": f'"{version}"'})
    body = problem(stale, 412, "version_conflict")
    assert body["current_version"] == version + 1
    assert api.get(f"/v1/games/{game}").get_json()["version"] == version + 1
    problem(api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers={**bearer(tokens[1]), "If-Match": "abc"}), 400)


def test_idempotency_key_returns_the_first_answer(api, toy_game):
    game, org, tokens = toy_game
    headers = {**bearer(tokens[0]), "Idempotency-Key": "roll-once"}
    first = api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=headers)
    again = api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=headers)
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert api.get(f"/v1/games/{game}").get_json()["version"] == first.get_json()["version"]
    problem(api.post(f"/v1/games/{game}/commands", json={"type": "roll", "count": 2}, headers=headers), 422, "idempotency_key_reused")


def test_a_rule_violation_appends_nothing(api, toy_game):
    game, org, tokens = toy_game
    before = api.get(f"/v1/games/{game}").get_json()["version"]
    body = problem(api.post(f"/v1/games/{game}/commands", json={"type": "finish"}, headers=bearer(tokens[0])), 409, "nothing_rolled")
    assert "roll" in body["detail"]
    assert api.get(f"/v1/games/{game}").get_json()["version"] == before


def test_the_end_reveals_the_seed_and_every_roll_can_be_recomputed(api, toy_game):
    from service.streams.rng import seeded_die
    game, org, tokens = toy_game
    api.post(f"/v1/games/{game}/commands", json={"type": "roll", "count": 3}, headers=bearer(tokens[2]))
    done = api.post(f"/v1/games/{game}/commands", json={"type": "finish"}, headers=bearer(tokens[0]))
    assert [e["type"] for e in done.get_json()["events"]] == ["toy_finished", "seed_revealed"]
    state = api.get(f"/v1/games/{game}").get_json()
    seed = bytes.fromhex(state["rng"]["seed"])
    assert hashlib.sha256(seed).hexdigest() == state["rng"]["seed_commitment"]
    rolled = [e for e in api.get(f"/v1/games/{game}/events").get_json()["events"] if e["type"] == "dice_rolled"][0]
    assert rolled["payload"]["dice"] == [seeded_die(seed, rolled["version"], "toy", n) for n in range(3)]
    problem(api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(tokens[0])), 409, "game_finished")
    audit = api.get(f"/v1/games/{game}/audit").get_json()
    assert audit["chain"] == {"intact": True, "first_break": None} and audit["seed"] == state["rng"]["seed"]


def test_scripted_dice_are_used_in_order_and_running_out_appends_nothing(api):
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3,
                                         "options": {"rng": {"mode": "scripted", "dice": [6, 5, 4]}}}).get_json()
    game = created["game_id"]
    # a seed all the same: what is not scripted (the deck) comes from it
    assert len(created["seed_commitment"]) == 64 and created["scripted"] == ["dice"]
    tokens = [api.post(f"/v1/games/{game}/seats", json={"name": n}).get_json()["player_token"] for n in "ABC"]
    api.post(f"/v1/games/{game}/start", headers=bearer(created["organizer_token"]))
    first = api.post(f"/v1/games/{game}/commands", json={"type": "roll", "count": 2}, headers=bearer(tokens[0])).get_json()
    assert first["events"][0]["payload"]["dice"] == [6, 5]
    before = api.get(f"/v1/games/{game}").get_json()["version"]
    body = problem(api.post(f"/v1/games/{game}/commands", json={"type": "roll", "count": 2}, headers=bearer(tokens[1])),
                   409, "scripted_dice_exhausted")
    assert "run out of dice" in body["detail"]
    assert api.get(f"/v1/games/{game}").get_json()["version"] == before


def test_legal_actions_for_a_seat(api, toy_game):
    game, org, tokens = toy_game
    body = api.get(f"/v1/games/{game}/legal-actions", headers=bearer(tokens[0])).get_json()
    assert body["seat"] == 1 and {a["type"] for a in body["actions"]} == {"roll", "say"}
    for action in body["actions"]:
        for example in action["examples"]:
            assert api.post(f"/v1/games/{game}/commands", json=example, headers=bearer(tokens[0])).status_code == 201
    problem(api.get(f"/v1/games/{game}/legal-actions"), 401)
    problem(api.get(f"/v1/games/{game}/legal-actions", headers=bearer(org)), 403)


def test_list_games_by_status(api, toy_game):
    api.post("/v1/games", json={"ruleset": "toy", "seats": 4})
    games = api.get("/v1/games").get_json()["games"]
    assert len(games) == 2
    running = api.get("/v1/games?status=running").get_json()["games"]
    assert [g["game_id"] for g in running] == [toy_game[0]] and running[0]["seats_taken"] == 3
    problem(api.get("/v1/games?status=sleeping"), 422)


def test_errors_are_problems_everywhere(api):
    problem(api.get("/v1/nothing-here"), 404)
    problem(api.delete("/v1/games"), 405)
    problem(api.get("/v1/games/bad$id"), 404, "game_not_found")


def test_polling_with_if_none_match_gets_304_until_the_game_moves(api, toy_game):
    game, org, tokens = toy_game
    first = api.get(f"/v1/games/{game}", headers=bearer(tokens[0]))
    etag = first.headers["ETag"]
    assert etag == f'"{first.get_json()["version"]}"'
    same = api.get(f"/v1/games/{game}", headers={**bearer(tokens[0]), "If-None-Match": etag})
    assert same.status_code == 304 and same.data == b"" and same.headers["ETag"] == etag
    # the answer depends on the token: a cache must key on it and revalidate, or a browser
    # would serve one viewer's cached state to another on a 304
    for answer in (first, same):
        assert "Authorization" in answer.vary  # (and Origin: CORS headers answer browsers only)
        assert answer.headers["Cache-Control"] == "private, no-cache"
    assert api.get(f"/v1/games/{game}", headers={**bearer(tokens[0]), "If-None-Match": f'"0", W/{etag}'}).status_code == 304
    assert api.get(f"/v1/games/{game}", headers={"Authorization": "Bearer nope", "If-None-Match": etag}).status_code == 401
    api.post(f"/v1/games/{game}/commands", json={"type": "say", "text": "moved"}, headers=bearer(tokens[1]))
    moved = api.get(f"/v1/games/{game}", headers={**bearer(tokens[0]), "If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag
    # a past state always answers in full (its view changes once, at the end of the game)
    past = api.get(f"/v1/games/{game}?at=2", headers={**bearer(org), "If-None-Match": '"2"'})
    assert past.status_code == 200 and past.get_json()["version"] == 2


def test_a_lobby_that_never_starts_expires_and_a_started_game_never_does(toy_app, redis_client):
    import time

    from service.table.expiry import expire_lobbies
    api = toy_app.test_client()
    games = toy_app.extensions["games"]
    idle = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()["game_id"]
    api.post(f"/v1/games/{idle}/seats", json={"name": "Ada"})
    started = new_game(api)["id"]
    fresh = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()["game_id"]
    later = time.time() + 3600
    assert expire_lobbies(games, ttl=7200, now=later) == []  # younger than the TTL: kept
    removed = expire_lobbies(games, ttl=1800, now=later)
    assert sorted(removed) == sorted([idle, fresh])
    assert api.get(f"/v1/games/{idle}").status_code == 404
    assert not redis_client.keys(f"*{idle}*")
    assert api.get(f"/v1/games/{started}").status_code == 200
    assert [g["game_id"] for g in api.get("/v1/games").get_json()["games"]] == [started]
