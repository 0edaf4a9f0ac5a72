"""The end of a game over HTTP (Flask test client, real Redis, the real rulesets): the result
in places (the ruleset's own ranking, Booze Baron's Mobs), and the rematch — the same players
by the same tokens, the same options, the bot's seats the bot's again, one game however many
ask, pointers both ways, and refusals before the end, without a token and at a tournament's
table."""
from __future__ import annotations

import random

from service.table import rematch
from tests.api.conftest import problem
from tests.support.bots import bearer, open_table, play

NAMES = ["Ada", "Bix", "Cora"]


def annul(table) -> None:
    r = table.client.post(f"/v1/games/{table.game_id}/commands", headers=bearer(table.organizer),
                          json={"type": "ruling", "kind": "annul", "reason": "closing time"})
    assert r.status_code == 201, r.get_json()


def ask(client, game_id: str, token: str | None, status: int):
    r = client.post(f"/v1/games/{game_id}/rematch", headers=bearer(token) if token else {})
    assert r.status_code == status, r.get_json()
    return r


def test_a_rematch_seats_the_same_players_by_their_tokens_with_the_same_options(client):
    options = {"rounds": 8, "influence": "anytime", "deadlines": {"default": 600, "bid": 90}}
    table = open_table(client, 3, options, names=NAMES)
    ruled = client.post(f"/v1/games/{table.game_id}/commands", headers=bearer(table.organizer),
                        json={"type": "ruling", "kind": "seat_to_bot", "seat": 3, "strategy": "random",
                              "reason": "Cora went home"})
    assert ruled.status_code == 201, ruled.get_json()
    problem(ask(client, table.game_id, table.tokens[1], 409), 409, "game_not_finished")
    annul(table)
    problem(ask(client, table.game_id, None, 401), 401, "token_required")
    problem(ask(client, table.game_id, "not-a-token", 401), 401, "unknown_token")
    assert client.get(f"/v1/games/{table.game_id}/rematch").get_json() == {
        "game_id": table.game_id, "rematch_of": None, "rematch": None}

    made = ask(client, table.game_id, table.tokens[2], 201)
    new_id = made.get_json()["game_id"]
    assert made.get_json()["created"] is True and made.headers["Location"] == f"/v1/games/{new_id}"
    assert new_id == rematch.rematch_id(table.game_id) != table.game_id
    again = ask(client, table.game_id, table.organizer, 200).get_json()
    assert again["game_id"] == new_id and again["created"] is False

    old = client.get(f"/v1/games/{table.game_id}", headers=bearer(table.organizer)).get_json()
    new = client.get(f"/v1/games/{new_id}", headers=bearer(table.organizer)).get_json()
    assert new["viewer"] == {"kind": "organizer"} and new["status"] == "running" and new["round"] == 1
    assert new["ruleset"] == "bootleggers" and new["seats_total"] == 3
    assert [p["name"] for p in new["players"]] == NAMES
    assert new["options"] == {**old["options"], "rng": {"mode": "seeded"}}
    assert new["bots"] == {"3": "random"}
    for seat in (1, 2, 3):  # each old token opens the same seat
        mine = client.get(f"/v1/games/{new_id}", headers=bearer(table.tokens[seat])).get_json()
        assert mine["viewer"] == {"kind": "seat", "seat": seat}
    legal = client.get(f"/v1/games/{new_id}/legal-actions", headers=bearer(table.tokens[1])).get_json()
    assert legal["awaited"] and legal["actions"][0]["type"] == "bid"
    assert client.get(f"/v1/games/{table.game_id}/rematch").get_json()["rematch"] == new_id
    assert client.get(f"/v1/games/{new_id}/rematch").get_json() == {
        "game_id": new_id, "rematch_of": table.game_id, "rematch": None}
    log = client.get(f"/v1/games/{new_id}/log?limit=3", headers=bearer(table.tokens[1])).get_json()
    assert f"This game is the rematch of game {table.game_id}" in log["entries"][1]["text"]
    # The finished game is untouched: nothing appended to it.
    assert client.get(f"/v1/games/{table.game_id}").get_json()["version"] == old["version"]


def test_two_asking_at_once_make_one_game(client, monkeypatch):
    """The second writer does not see the first's game before it appends (its look comes first),
    fails on the version, and answers the game the first made."""
    table = open_table(client, 3, {"rounds": 8}, names=NAMES)
    annul(table)
    games = client.application.extensions["games"]
    state = games.load(table.game_id)
    first, created = rematch.open_rematch(games, state)
    looks = iter([None])
    real = rematch.found
    monkeypatch.setattr(rematch, "found", lambda g, i: next(looks, real(g, i)))
    second, again = rematch.open_rematch(games, state)
    assert created and not again and first == second
    assert games.load(first)["version"] == client.get(f"/v1/games/{first}").get_json()["version"]


def test_a_scripted_game_has_a_seeded_rematch(client):
    options = {"rounds": 8, "rng": {"mode": "scripted", "dice": [3] * 50}}
    table = open_table(client, 3, options, names=NAMES)
    annul(table)
    new_id = ask(client, table.game_id, table.tokens[1], 201).get_json()["game_id"]
    new = client.get(f"/v1/games/{new_id}").get_json()
    assert new["rng"]["mode"] == "seeded" and new["options"]["rng"] == {"mode": "seeded"}


def test_a_tournament_table_has_no_rematch(client):
    made = client.post("/v1/tournaments", json={"name": "Friday", "ruleset": "bootleggers", "rounds": 1,
                                                "table_size": {"min": 3, "max": 3},
                                                "game_options": {"rounds": 8}}).get_json()
    tid, org = made["tournament_id"], made["organizer_token"]
    tokens = [client.post(f"/v1/tournaments/{tid}/entrants", json={"name": n}).get_json()["entrant_token"]
              for n in NAMES]
    seated = client.post(f"/v1/tournaments/{tid}/commands", json={"type": "seat_round"}, headers=bearer(org))
    assert seated.status_code == 201, seated.get_json()
    game_id = client.application.extensions["tournaments"].load(tid)["tables"][0]["game_id"]
    r = client.post(f"/v1/games/{game_id}/commands", headers=bearer(org),
                    json={"type": "ruling", "kind": "annul", "reason": "the hall closes"})
    assert r.status_code == 201, r.get_json()
    problem(ask(client, game_id, tokens[0], 409), 409, "tournament_table")


def test_the_result_ranks_every_seat_and_names_the_winning_mob(client):
    table = open_table(client, 4, ruleset="booze_baron", names=["Ada", "Bix", "Cora", "Dot"])
    problem(client.get(f"/v1/games/{table.game_id}/result"), 409, "game_not_finished")
    final = play(table, random.Random(4))
    result = client.get(f"/v1/games/{table.game_id}/result").get_json()
    mobs = final["result"]["mobs"]
    won = set(final["result"]["winners"])
    assert result["score_name"] == "coins" and not result["annulled"]
    assert result["winning_mobs"] == sorted(won)
    assert result["winners"] == sorted(int(s) for s, m in mobs.items() if m in won)
    assert [r["place"] for r in result["ranking"]] == sorted(r["place"] for r in result["ranking"])
    for row in result["ranking"]:
        assert row["mob"] == mobs[str(row["seat"])] and row["score"] == final["result"]["coins"][str(row["seat"])]
        assert (row["place"] == 1) == (row["mob"] in won) and not row["forfeited"]


def test_the_result_of_bootleggers_is_by_cash_and_an_annulled_game_has_none(client):
    table = open_table(client, 3, {"rounds": 8}, names=NAMES)
    final = play(table, random.Random(7))
    result = client.get(f"/v1/games/{table.game_id}/result").get_json()
    assert result["score_name"] == "cash" and result["winners"] == [final["winner"]]
    assert [r["score"] for r in result["ranking"]] == sorted((r["score"] for r in result["ranking"]), reverse=True)
    assert {r["seat"]: r["score"] for r in result["ranking"]} == {int(s): c for s, c in final["final_cash"].items()}
    other = open_table(client, 3, {"rounds": 8}, names=NAMES)
    annul(other)
    nothing = client.get(f"/v1/games/{other.game_id}/result").get_json()
    assert nothing["annulled"] and nothing["winners"] == [] and all(r["place"] is None for r in nothing["ranking"])
