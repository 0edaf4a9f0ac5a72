"""A dropped entrant is out (docs/service-decisions.md, "A dropped entrant is
out"): after the drop its token neither talks nor disputes in the tournament (403
`entrant_dropped`), and at its table still in play the director revokes the seat's token (a
`replace_player` ruling whose new token nobody is given), so the game refuses the entrant's
token for commands, talk, disputes and legal actions while the seat plays on under the no-show
policy. The tournament's record still verifies, and a reinstated entrant's token opens its next
table as before."""
from __future__ import annotations

from service.tournaments import director, results
from tests.api.conftest import problem
from tests.support.bots import bearer
from tests.tournaments.test_tournament_rest import play_round

BODY = {"name": "Dropping Thursday", "ruleset": "bootleggers", "rounds": 2, "table_size": {"min": 3, "max": 4},
        "game_options": {"rounds": 8}, "bot_strategy": "random"}


def ok(response, status: int = 201) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    return response.get_json()


def tcommand(client, tid, token, body, status=201):
    return ok(client.post(f"/v1/tournaments/{tid}/commands", json=body, headers=bearer(token)), status)


def refused_at_the_table(client, gid: str, token: str) -> None:
    """The token acts in nothing at this table: talk, disputes, moves, legal actions are 403
    `entrant_dropped`; reading with it is a spectator's view."""
    for body in ({"type": "say", "text": "still here"}, {"type": "dispute", "version": 2, "text": "unfair"},
                 {"type": "pass"}):
        answer = client.post(f"/v1/games/{gid}/commands", json=body, headers=bearer(token))
        problem(answer, 403, "entrant_dropped")
    problem(client.get(f"/v1/games/{gid}/legal-actions", headers=bearer(token)), 403, "entrant_dropped")
    state = client.get(f"/v1/games/{gid}", headers=bearer(token))
    assert state.status_code == 200 and state.get_json()["viewer"] == {"kind": "spectator"}, state.get_json()
    # a spectator's read needs no token
    assert client.get(f"/v1/games/{gid}").get_json()["viewer"] == {"kind": "spectator"}


def test_a_dropped_entrant_cannot_talk_dispute_or_act_at_its_table_nor_in_the_tournament(client, app):
    made = ok(client.post("/v1/tournaments", json=BODY))
    tid, org = made["tournament_id"], made["organizer_token"]
    people = [ok(client.post(f"/v1/tournaments/{tid}/entrants", json={"name": n})) for n in ("Ada", "Bix", "Cora", "Dov")]
    ada, bix = people[0]["entrant_token"], people[1]["entrant_token"]
    tcommand(client, tid, org, {"type": "seat_round"})
    table = client.get(f"/v1/tournaments/{tid}").get_json()["tables"][0]
    gid = table["game_id"]
    seat = next(s["seat"] for s in table["entrants"] if s["entrant"] == 2)
    assert ok(client.get(f"/v1/games/{gid}/legal-actions", headers=bearer(bix)), 200)["seat"] == seat

    dropped = tcommand(client, tid, bix, {"type": "drop", "entrant": 2})
    assert [e["type"] for e in dropped["events"]] == ["entrant_dropped", "entrant_no_show"]
    # in the tournament
    problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "say", "text": "bye"}, headers=bearer(bix)),
            403, "entrant_dropped")
    problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "dispute", "version": 1, "text": "x"},
                        headers=bearer(bix)), 403, "entrant_dropped")
    # at its table: the seat goes to the bot, and the entrant's token is out
    refused_at_the_table(client, gid, bix)
    game = app.extensions["games"].load(gid)
    assert game["bots"] == {str(seat): "random"}
    replaced = [e for e in client.get(f"/v1/games/{gid}/events?limit=1000").get_json()["events"]
                if e["type"] == "seat_replaced"]
    assert [(e["payload"]["seat"], e["actor"]["kind"], e["payload"]["reason"]) for e in replaced] == [
        (seat, "system", director.DROPPED_REASON)]
    # the director runs again (the sweeper): nothing more is recorded
    director.apply_no_shows(app.extensions["games"], app.extensions["tournaments"].load(tid))
    assert app.extensions["games"].load(gid)["version"] == game["version"]
    # the others play on; the dropped entrant still reads the tournament
    assert ok(client.get(f"/v1/games/{gid}/legal-actions", headers=bearer(ada)), 200)["actions"]
    assert ok(client.get(f"/v1/tournaments/{tid}/me", headers=bearer(bix)), 200)["dropped"] is True
    assert ok(client.get(f"/v1/tournaments/{tid}", headers=bearer(bix)), 200)["entrants"][1]["dropped"] is True

    # round 1 played out by the bot; Bix reinstated sits in round 2 with the same token
    for entrant in (1, 3, 4):
        tcommand(client, tid, org, {"type": "seat_to_bot", "entrant": entrant})
    play_round(app, tid)
    tcommand(client, tid, org, {"type": "reinstate", "entrant": 2})
    tcommand(client, tid, org, {"type": "seat_round"})
    me = ok(client.get(f"/v1/tournaments/{tid}/me", headers=bearer(bix)), 200)
    assert me["table"]["round"] == 2
    assert ok(client.get(f"/v1/games/{me['table']['game_id']}/legal-actions", headers=bearer(bix)), 200)
    tcommand(client, tid, bix, {"type": "say", "text": "back again"})

    # the revocation keeps the tournament's record whole: it verifies offline
    for entrant in (1, 2, 3, 4):
        tcommand(client, tid, org, {"type": "seat_to_bot", "entrant": entrant})
    play_round(app, tid)
    tcommand(client, tid, org, {"type": "finish"})
    from service.rules.registry import rulesets
    from service.tournaments import record
    report = record.verify(client.get(f"/v1/tournaments/{tid}/export").get_json(), rulesets().get)
    assert report.ok, report.as_dict()


def test_a_seat_already_with_the_bot_is_revoked_when_its_entrant_drops_later(client, app):
    """Dropped after the organizer gave the seat to the bot: no new no-show is recorded, and the
    director (the sweeper's pass over running tournaments) revokes the token all the same."""
    made = ok(client.post("/v1/tournaments", json=BODY))
    tid, org = made["tournament_id"], made["organizer_token"]
    people = [ok(client.post(f"/v1/tournaments/{tid}/entrants", json={"name": n})) for n in ("Ada", "Bix", "Cora")]
    bix = people[1]["entrant_token"]
    tcommand(client, tid, org, {"type": "seat_round"})
    gid = client.get(f"/v1/tournaments/{tid}").get_json()["tables"][0]["game_id"]
    tcommand(client, tid, org, {"type": "seat_to_bot", "entrant": 2})
    ok(client.post(f"/v1/games/{gid}/commands", json={"type": "say", "text": "the bot has my seat"},
                   headers=bearer(bix)))  # not dropped: still at the table
    dropped = tcommand(client, tid, org, {"type": "drop", "entrant": 2})
    assert [e["type"] for e in dropped["events"]] == ["entrant_dropped"]
    results.sweep(app.extensions["tournaments"], app.extensions["games"])
    refused_at_the_table(client, gid, bix)
