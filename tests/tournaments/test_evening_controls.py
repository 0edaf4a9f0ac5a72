"""The organizer's evening over REST: late entries with and without byes, drop and
reinstate, seat_to_bot, announcements, a previewed seating that is the one recorded, byes for
an uneven field, scoring options (placement by default for mixed table sizes, filler bots are
no opponents, annulled tables: average or replay), a no_show policy the ruleset cannot honour
refused at creation, and standings provisional until the last dispute window closes."""
from __future__ import annotations

import pytest
from freezegun import freeze_time

from tests.api.conftest import problem
from tests.support.bots import bearer
from tests.tournaments.test_tournament_rest import BODY, command, create, play_round, register


def house_field(client, count: int, **over) -> tuple[dict, list[dict]]:
    made = create(client, **over)
    return made, [register(client, made["tournament_id"], f"House {n}", made["organizer_token"], bot="random")
                  for n in range(1, count + 1)]


def test_a_policy_the_ruleset_cannot_honour_is_refused_at_creation(client):
    for ruleset, size in (("booze_baron", {"min": 3, "max": 4}), ("prohibition", {"min": 2, "max": 2})):
        refused = problem(client.post("/v1/tournaments", json={**BODY, "ruleset": ruleset, "table_size": size,
                                                                "game_options": {}, "no_show": "forfeit"}),
                          422, "invalid_options")
        assert ruleset in refused["detail"].lower().replace(" ", "_") or "forfeit" in refused["detail"]
        assert refused["errors"]["no_show"] == [f"{refused['detail'].split(' cannot')[0]} supports bot"]
    assert create(client, no_show="forfeit")["tournament_id"]          # Bootleggers can forfeit a seat


def test_the_preview_is_the_seating_then_recorded_and_records_nothing(client):
    made, _ = house_field(client, 9)
    tid, org = made["tournament_id"], made["organizer_token"]
    answer = client.post(f"/v1/tournaments/{tid}/commands", json={"type": "seat_round", "preview": True},
                         headers=bearer(org))
    assert answer.status_code == 200
    preview = answer.get_json()
    assert preview["preview"] is True and preview["round"] == 1 and preview["rule"] == 2
    assert client.get(f"/v1/tournaments/{tid}").get_json()["round"] == 0
    seated = command(client, tid, org, {"type": "seat_round"})["events"][0]["payload"]
    assert seated["tables"] == preview["tables"] and seated["order"] == preview["order"]
    problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "finish", "preview": True},
                        headers=bearer(org)), 422, "invalid_fields")


def test_late_entry_drop_reinstate_and_announcements(client, app):
    made, field = house_field(client, 8, rounds=3, table_size={"min": 4, "max": 4})
    tid, org = made["tournament_id"], made["organizer_token"]
    command(client, tid, org, {"type": "seat_round"})
    problem(client.post(f"/v1/tournaments/{tid}/entrants", json={"name": "Walk-in"}), 409, "registration_closed")
    late = register(client, tid, "Late Lou", org)
    problem(client.post(f"/v1/tournaments/{tid}/entrants", json={"name": "Lou Two", "bye": True}), 409,
            "registration_closed")
    byed = client.post(f"/v1/tournaments/{tid}/entrants", json={"name": "Bye Bea", "bye": True, "bot": "random"},
                       headers=bearer(org))
    assert byed.status_code == 201
    state = client.get(f"/v1/tournaments/{tid}").get_json()
    assert [e.get("late") for e in state["entrants"][-2:]] == [True, True]
    assert state["byes"] == [{"entrant": byed.get_json()["entrant"], "round": 1, "points": 1.5, "reason": "late_entry"}]
    play_round(app, tid)
    rows = {r["entrant"]: r for r in client.get(f"/v1/tournaments/{tid}/standings").get_json()["rows"]}
    assert rows[byed.get_json()["entrant"]]["points"] == 1.5 and rows[byed.get_json()["entrant"]]["byes"] == 1
    assert rows[late["entrant"]]["points"] == 0 and rows[late["entrant"]]["tables_played"] == 0
    command(client, tid, org, {"type": "drop", "entrant": 1})
    problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "reinstate", "entrant": 2},
                        headers=bearer(org)), 409, "not_dropped")
    command(client, tid, org, {"type": "reinstate", "entrant": 1})
    command(client, tid, org, {"type": "announce", "text": "Round 2 starts at nine"})
    problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "announce", "text": "hi"},
                        headers=bearer(late["entrant_token"])), 403, "organizer_only")
    seated = command(client, tid, org, {"type": "seat_round"})["events"][0]["payload"]
    everyone = {s["entrant"] for t in seated["tables"] for s in t["seats"]}
    assert {1, late["entrant"], byed.get_json()["entrant"]} <= everyone       # 10 entrants: the late ones play
    me = client.get(f"/v1/tournaments/{tid}/me", headers=bearer(late["entrant_token"])).get_json()
    assert me["announcements"][-1]["text"] == "Round 2 starts at nine" and me["table"] is not None


def test_seat_to_bot_hands_the_seat_over_and_the_rating_stays(client, app):
    made, field = house_field(client, 3, rounds=1, table_size={"min": 4, "max": 4})
    tid, org = made["tournament_id"], made["organizer_token"]
    ada = register(client, tid, "Ada")
    command(client, tid, org, {"type": "seat_round"})
    events = command(client, tid, org, {"type": "seat_to_bot", "entrant": ada["entrant"]})["events"]
    assert events[0]["type"] == "entrant_no_show" and events[0]["payload"]["policy"] == "bot"
    problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "seat_to_bot", "entrant": ada["entrant"]},
                        headers=bearer(org)), 409, "already_no_show")
    play_round(app, tid)
    table = client.get(f"/v1/tournaments/{tid}").get_json()["tables"][0]
    seat = next(s["seat"] for s in table["entrants"] if s["entrant"] == ada["entrant"])
    assert seat in table["result"]["stand_ins"]
    row = next(r for r in client.get(f"/v1/tournaments/{tid}/standings").get_json()["rows"]
               if r["entrant"] == ada["entrant"])
    assert row["rating"]["mu"] == 25.0 and row["tables_played"] == 1      # played for her, not rated


def test_uneven_fields_take_byes_and_filler_bots_are_no_opponents(client, app):
    made, _ = house_field(client, 9, rounds=2, table_size={"min": 4, "max": 4}, uneven="byes")
    tid, org = made["tournament_id"], made["organizer_token"]
    seated = command(client, tid, org, {"type": "seat_round"})["events"][0]["payload"]
    assert len(seated["byes"]) == 1 and all(len(t["seats"]) == 4 for t in seated["tables"])
    play_round(app, tid)
    again = command(client, tid, org, {"type": "seat_round"})["events"][0]["payload"]
    assert again["byes"] != seated["byes"], "a second bye goes to someone who has not had one"
    bots, _ = house_field(client, 6, rounds=1, table_size={"min": 4, "max": 4})
    bid = bots["tournament_id"]
    seated = command(client, bid, bots["organizer_token"], {"type": "seat_round"})["events"][0]["payload"]
    assert [sum(s["entrant"] is None for s in t["seats"]) for t in seated["tables"]] == [0, 2]
    play_round(app, bid)
    rows = client.get(f"/v1/tournaments/{bid}/standings").get_json()["rows"]
    # beaten (one table size): a table of 4 entrants hands out 6, the table of 2 entrants and 2 bots 1
    assert sum(r["points"] for r in rows) == 6 + 1


@pytest.mark.parametrize("annulled", ["average", "replay"])
def test_an_annulled_table_gives_the_average_or_is_replayed(client, app, annulled):
    made, _ = house_field(client, 4, rounds=1, table_size={"min": 4, "max": 4}, scoring={"annulled": annulled})
    tid, org = made["tournament_id"], made["organizer_token"]
    command(client, tid, org, {"type": "seat_round"})
    game_id = client.get(f"/v1/tournaments/{tid}").get_json()["tables"][0]["game_id"]
    answer = client.post(f"/v1/games/{game_id}/commands", headers=bearer(org),
                         json={"type": "ruling", "kind": "annul", "reason": "a misdeal"})
    assert answer.status_code == 201, answer.get_json()
    from service.tournaments import results
    results.sweep(app.extensions["tournaments"], app.extensions["games"])
    state = client.get(f"/v1/tournaments/{tid}").get_json()
    rows = client.get(f"/v1/tournaments/{tid}/standings").get_json()["rows"]
    if annulled == "average":
        assert [r["points"] for r in rows] == [1.5] * 4 and len(state["tables"]) == 1
    else:
        assert [t["replay_of"] for t in state["tables"]] == [None, 1] and all(r["points"] == 0 for r in rows)
        problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "finish"}, headers=bearer(org)),
                409, "round_in_play")
        play_round(app, tid)
        rows = client.get(f"/v1/tournaments/{tid}/standings").get_json()["rows"]
        assert sum(r["points"] for r in rows) == 6


def test_standings_are_provisional_until_the_last_dispute_window_closes(client, app):
    made, _ = house_field(client, 4, rounds=1, table_size={"min": 4, "max": 4})
    tid, org = made["tournament_id"], made["organizer_token"]
    command(client, tid, org, {"type": "seat_round"})
    play_round(app, tid)
    assert client.get(f"/v1/tournaments/{tid}/standings").get_json()["final"] is False
    command(client, tid, org, {"type": "finish"})
    standings = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    assert standings["final"] is False and standings["final_at"]
    ended = client.get(f"/v1/tournaments/{tid}").get_json()["tables"][0]["result"]["ended_at"]
    from service.runtime import timeutil
    assert standings["final_at"] == timeutil.shift(ended, 24 * 3600)
    with freeze_time(timeutil.shift(standings["final_at"], 1)):
        assert client.get(f"/v1/tournaments/{tid}/standings").get_json()["final"] is True
