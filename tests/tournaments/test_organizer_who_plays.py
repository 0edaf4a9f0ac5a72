"""An organizer who plays is a player. Anyone may create a tournament and
enter it, and the organizer's token organizes every table: by default it reads a running
table as a spectator does (no hand, no `as=` another seat), while rulings stay its own; a
tournament created with `organizer_sees_tables: true` (shown to every entrant) keeps the
desk's "as any seat" for an organizer who does not play."""
from __future__ import annotations

from tests.api.conftest import problem
from tests.support.bots import bearer
from tests.tournaments.test_tournament_rest import command, create, register


def seated_table(client, **over):
    made = create(client, table_size={"min": 4, "max": 4}, rounds=1, **over)
    tid, org = made["tournament_id"], made["organizer_token"]
    people = [register(client, tid, f"P{n}") for n in range(4)]
    command(client, tid, org, {"type": "seat_round"})
    return made, people, client.get(f"/v1/tournaments/{tid}").get_json()


def test_by_default_the_organizer_reads_a_running_table_as_a_spectator(client):
    made, people, tournament = seated_table(client)
    assert tournament["organizer_sees_tables"] is False
    game_id, org = tournament["tables"][0]["game_id"], made["organizer_token"]
    seen = client.get(f"/v1/games/{game_id}", headers=bearer(org)).get_json()
    spectator = client.get(f"/v1/games/{game_id}").get_json()
    assert seen["viewer"] == {"kind": "spectator", "referee": True}
    assert {**seen, "viewer": None} == {**spectator, "viewer": None}
    problem(client.get(f"/v1/games/{game_id}?as=seat:1", headers=bearer(org)), 403, "forbidden")
    events = client.get(f"/v1/games/{game_id}/events", headers=bearer(org)).get_json()["events"]
    assert events == client.get(f"/v1/games/{game_id}/events").get_json()["events"]
    ruled = client.post(f"/v1/games/{game_id}/commands", headers=bearer(org),
                        json={"type": "ruling", "kind": "seat_to_bot", "seat": 1, "strategy": "random",
                              "reason": "the player left"})
    assert ruled.status_code == 201, ruled.get_json()      # rulings stay the organizer's


def test_an_organizer_who_does_not_play_may_see_every_seat(client):
    made, people, tournament = seated_table(client, organizer_sees_tables=True)
    assert tournament["organizer_sees_tables"] is True
    game_id, org = tournament["tables"][0]["game_id"], made["organizer_token"]
    seen = client.get(f"/v1/games/{game_id}", headers=bearer(org)).get_json()
    assert seen["viewer"] == {"kind": "organizer"}
    assert client.get(f"/v1/games/{game_id}?as=seat:1", headers=bearer(org)).status_code == 200


def test_the_event_stream_follows_the_same_sight(client):
    made, people, tournament = seated_table(client)
    game_id, org = tournament["tables"][0]["game_id"], made["organizer_token"]
    as_organizer = client.get(f"/v1/games/{game_id}/events/stream?timeout=1", headers=bearer(org)).get_data(as_text=True)
    as_anyone = client.get(f"/v1/games/{game_id}/events/stream?timeout=1").get_data(as_text=True)
    assert as_organizer == as_anyone and "data:" in as_organizer


def test_a_blind_organizer_still_reads_the_disputes_it_answers(client):
    made, people, tournament = seated_table(client)
    game_id, org = tournament["tables"][0]["game_id"], made["organizer_token"]
    seat_one = next(s["entrant"] for s in tournament["tables"][0]["entrants"] if s["seat"] == 1)
    token = people[seat_one - 1]["entrant_token"]
    filed = client.post(f"/v1/games/{game_id}/commands", headers=bearer(token),
                        json={"type": "dispute", "version": 2, "text": "marker-xyz"})
    assert filed.status_code == 201, filed.get_json()
    events = client.get(f"/v1/games/{game_id}/events?limit=1000", headers=bearer(org)).get_json()["events"]
    assert any(e["type"] == "dispute_filed" and e["payload"]["text"] == "marker-xyz" for e in events)
    assert client.get(f"/v1/games/{game_id}?as=spectator", headers=bearer(org)).status_code == 200
