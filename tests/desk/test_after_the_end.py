"""The dispute window and rulings after the end: only as a dispute's answer (docs/api.md)."""
from __future__ import annotations

from freezegun import freeze_time

from events.canonical import dumps
from tests.api.conftest import problem
from tests.desk.helpers import (all_events, finished_bootleggers, listing, ok, organizer, rebuilt_equals_live,
                                    seat)
from tests.support.bots import open_table


def annul(table, reason="abandoned"):
    return ok(organizer(table, {"type": "ruling", "kind": "annul", "reason": reason}))


def test_filing_closes_when_the_window_after_the_end_has_passed(client, app):
    with freeze_time("2030-01-01T12:00:00Z") as frozen:
        table = open_table(client, 3, {"dispute_window": 3600})
        annul(table)
        state = table.state()
        assert state["status"] == "finished" and state["ended_at"] == "2030-01-01T12:00:00.000000Z"
        frozen.tick(3600)
        ok(seat(table, 1, {"type": "dispute", "version": 2, "text": "just in time"}))
        frozen.tick(1)
        body = problem(seat(table, 2, {"type": "dispute", "version": 2, "text": "too late"}), 409,
                       "dispute_window_closed")
        assert "until 2030-01-01T13:00:00" in body["detail"] and body["closed_at"].startswith("2030-01-01T13:00:00")
        listed = listing(table, None).get_json()  # after the end: everyone reads them, their texts only the filer
        assert listed["window_closes"] == "2030-01-01T13:00:00.000000Z"
        assert [d["text"] for d in listed["disputes"]] == [None]
        assert [d["text"] for d in listing(table, table.tokens[1]).get_json()["disputes"]] == ["just in time"]
    rebuilt_equals_live(app, table.game_id)


def test_the_default_window_is_a_day(client):
    with freeze_time("2030-01-01T12:00:00Z") as frozen:
        table = open_table(client, 3)
        annul(table)
        frozen.tick(24 * 3600)
        ok(seat(table, 1, {"type": "dispute", "version": 2, "text": "a day later"}))
        frozen.tick(1)
        problem(seat(table, 1, {"type": "dispute", "version": 2, "text": "later"}), 409, "dispute_window_closed")


def test_after_the_end_rulings_come_only_with_a_dispute(client, app):
    table, state = finished_bootleggers(client)
    problem(organizer(table, {"type": "ruling", "kind": "annul", "reason": "x"}), 409, "ruling_needs_dispute")
    problem(organizer(table, {"type": "ruling", "kind": "set_cash", "seat": 1, "cash": 3, "reason": "x"}), 409,
            "ruling_needs_dispute")
    problem(seat(table, 1, {"type": "pass"}), 409)
    ok(seat(table, 2, {"type": "dispute", "version": state["version"], "text": "seat 1 cheated"}))
    problem(organizer(table, {"type": "resolve_dispute", "dispute": 1, "decision": "upheld", "text": "t",
                              "rulings": [{"kind": "set_cash", "seat": 1, "cash": 3, "reason": "x"}]}),
            409, "ruling_after_end")
    winner = state["winner"]
    answer = ok(organizer(table, {"type": "resolve_dispute", "dispute": 1, "decision": "upheld",
                                  "text": "seat 1 used marked cards",
                                  "rulings": [{"kind": "forfeit", "seat": winner, "reason": "cheating"}]}))
    assert [e["type"] for e in answer["events"]] == ["dispute_resolved", "seat_forfeited", "result_amended"]
    amended = answer["events"][-1]["payload"]
    assert amended["winner_was"] == winner and amended["winner"] not in (None, winner)
    assert amended["dispute"] == 1 and amended["reason"] == "cheating"
    after = table.state()
    assert after["winner"] == amended["winner"] and after["forfeited"] == [winner]
    assert after["amendments"][0]["winner_was"] == winner
    # the original result stays in the record
    ended = [e for e in all_events(client, table.game_id, table.organizer) if e["type"] == "game_ended"]
    assert ended[0]["payload"]["winner"] == winner
    rebuilt_equals_live(app, table.game_id)


def test_an_annulled_game_has_no_winner_and_its_seed_is_revealed(client, app):
    table = open_table(client, 3)
    answer = annul(table, "the venue closed")
    assert [e["type"] for e in answer["events"]] == ["game_annulled", "seed_revealed"]
    state = table.state()
    assert state["status"] == "finished" and state["winner"] is None and state["waiting_for"] == []
    assert state["annulled"]["reason"] == "the venue closed"
    problem(seat(table, 1, {"type": "pass"}), 409, "game_finished")
    assert client.get(f"/v1/games/{table.game_id}/legal-actions",
                      headers={"Authorization": f"Bearer {table.tokens[1]}"}).get_json()["actions"] == []
    problem(organizer(table, {"type": "resolve_dispute", "dispute": 1, "decision": "rejected", "text": "n"}),
            422, "unknown_dispute")
    rebuilt_equals_live(app, table.game_id)


def test_annulling_a_finished_game_amends_its_result(client, app):
    table, state = finished_bootleggers(client, seed=5)
    ok(seat(table, 3, {"type": "dispute", "version": 5, "text": "the deal was rigged"}))
    answer = ok(organizer(table, {"type": "resolve_dispute", "dispute": 1, "decision": "upheld", "text": "yes",
                                  "rulings": [{"kind": "annul", "reason": "collusion"}]}))
    assert [e["type"] for e in answer["events"]] == ["dispute_resolved", "game_annulled"]
    after = table.state()
    assert after["winner"] is None and after["amendments"] == [{
        "version": answer["version"], "kind": "annulled", "winner": None, "winner_was": state["winner"],
        "reason": "collusion", "dispute": 1}]
    record = client.get(f"/v1/games/{table.game_id}/export", headers={"Authorization": f"Bearer {table.organizer}"})
    assert record.get_json()["complete"] is True
    assert "game_ended" in dumps(record.get_json())
    rebuilt_equals_live(app, table.game_id)


def test_an_import_refuses_a_dispute_filed_after_the_window(client, app, redis_client):
    with freeze_time("2030-01-01T12:00:00Z") as frozen:
        table = open_table(client, 3, {"dispute_window": 60})
        annul(table)
        frozen.tick(30)
        ok(seat(table, 1, {"type": "dispute", "version": 2, "text": "in time"}))
    headers = {"Authorization": f"Bearer {table.organizer}"}
    record = client.get(f"/v1/games/{table.game_id}/export", headers=headers).get_json()
    redis_client.flushdb()
    assert client.post("/v1/games/import", json=record, headers=headers).status_code == 201
    rebuilt_equals_live(app, table.game_id)
    redis_client.flushdb()
    from events.envelope import seal
    late = record["events"][-1]
    late_events = record["events"][:-1] + seal(
        [{"type": "dispute_filed", "payload": late["payload"]}], game_id=late["game_id"],
        first_version=late["version"], prev_hash=late["prev_hash"], recorded_at="2030-01-01T12:01:01.000000Z",
        actor=late["actor"], command_id=late["command_id"], schema_version_of=lambda kind: 1)
    body = problem(client.post("/v1/games/import", json={**record, "events": late_events}, headers=headers),
                   422, "invalid_record")
    assert body["event_version"] == late["version"] and "dispute window" in body["detail"]


def test_annulling_stops_the_clock(client, app):
    table = open_table(client, 3, {"deadlines": {"default": 600}})
    assert table.state()["deadline"] is not None
    answer = annul(table, "storm")
    assert "deadline_cleared" in [e["type"] for e in answer["events"]]
    assert table.state()["deadline"] is None
    rebuilt_equals_live(app, table.game_id)
