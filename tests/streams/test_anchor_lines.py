"""(e) A game's list line (`game:{id}:summary`) forged in Redis never shows in `GET /v1/games`.

Each line is sealed with the server key (service/streams/list_index.py); one that does not check
is rebuilt from the game's checked record and written again; a game whose record does not check
either is left out of the list.
"""
from __future__ import annotations

import json

import pytest

from service.streams import list_index
from service.streams.keys import summary_key
from tests.support.anchor import bearer, cut_back, anchor, make_app


@pytest.fixture
def web(redis_url, redis_client, tmp_path):
    return make_app(redis_url, (tmp_path / "archive").as_uri())


def running_toy_game(api) -> tuple[str, dict, list[dict]]:
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()
    gid, organizer = created["game_id"], bearer(created["organizer_token"])
    seats = [bearer(api.post(f"/v1/games/{gid}/seats", json={"name": n}).get_json()["player_token"]) for n in "ABC"]
    assert api.post(f"/v1/games/{gid}/start", headers=organizer).status_code == 201
    return gid, organizer, seats


def listed(api, status: str | None = None) -> dict:
    answer = api.get("/v1/games" + (f"?status={status}" if status else ""))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return {line["game_id"]: line for line in answer.get_json()["games"]}


def test_a_forged_list_line_is_rebuilt_from_the_record_and_never_listed(web, redis_client):
    api = web.test_client()
    gid, organizer, seats = running_toy_game(api)
    truth = listed(api)[gid]
    assert truth["status"] == "running" and truth["ruleset"] == "toy" and "seal" not in truth
    stored = json.loads(redis_client.get(summary_key(gid)))
    assert list_index.holds(web.extensions["games"].sealer, stored)

    forged = {**stored, "status": "finished", "round": 99, "ruleset": "bootleggers"}
    redis_client.set(summary_key(gid), json.dumps(forged))  # the seal kept: it no longer checks
    redis_client.zadd("games:index:finished", {gid: 1.0})  # and listed among the finished too
    assert listed(api)[gid] == truth
    assert gid not in listed(api, "finished")
    assert json.loads(redis_client.get(summary_key(gid))) == stored  # written again from the record

    del forged["seal"]  # a line as an older server wrote it: rebuilt, and sealed
    redis_client.set(summary_key(gid), json.dumps(forged))
    assert listed(api, "running")[gid] == truth
    assert json.loads(redis_client.get(summary_key(gid))) == stored


def test_a_forged_line_of_a_damaged_game_is_left_out(web, redis_client):
    api = web.test_client()
    gid, organizer, seats = running_toy_game(api)
    for n in range(12):
        assert api.post(f"/v1/games/{gid}/commands", json={"type": "say", "text": f"{n}"},
                        headers=seats[0]).status_code == 201
    anchor(web.extensions["games"])
    cut_back(redis_client, gid, 5)
    redis_client.set(summary_key(gid), json.dumps({"game_id": gid, "ruleset": "bootleggers", "status": "finished",
                                                   "seats_total": 3, "seats_taken": 3, "round": 9, "version": 1,
                                                   "created_at": "2026-01-01T00:00:00Z"}))
    web.extensions["games"].cache.clear()
    assert gid not in listed(api) and gid not in listed(api, "running")
