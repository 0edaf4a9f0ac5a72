"""Disputes as part of the record: filed by a seat, answered by the organizer (docs/api.md)."""
from __future__ import annotations

from tests.api.conftest import problem
from tests.desk.helpers import all_events, listing, ok, organizer, post, rebuilt_equals_live, seat
from tests.support.bots import open_table


def test_a_seat_files_a_dispute_and_others_cannot(client):
    table = open_table(client, 3)
    problem(post(client, table.game_id, None, {"type": "dispute", "version": 3, "text": "x"}), 401)
    problem(organizer(table, {"type": "dispute", "version": 3, "text": "x"}), 403, "seat_only")
    problem(seat(table, 2, {"type": "dispute", "version": 10_000, "text": "x"}), 422, "no_such_version")
    answer = ok(seat(table, 2, {"type": "dispute", "version": 3, "text": "I bid 40, not 30"}))
    [event] = answer["events"]
    assert event["type"] == "dispute_filed"
    sealed = event["payload"].pop("text_sealed")  # recorded sealed; opened for its filer (and the organizer)
    assert sealed.startswith("v1.") and "I bid" not in sealed
    assert event["payload"] == {"dispute": 1, "seat": 2, "about": 3, "text": "I bid 40, not 30"}
    assert event["actor"] == {"kind": "seat", "seat": 2}


def test_the_listing_shows_each_viewer_what_it_may_see(client):
    table = open_table(client, 3)
    ok(seat(table, 2, {"type": "dispute", "version": 3, "text": "mine"}))
    ok(seat(table, 3, {"type": "dispute", "version": 4, "text": "theirs"}))
    problem(listing(table, None), 401, "token_required")
    own = listing(table, table.tokens[2]).get_json()
    assert [(d["seat"], d["text"], d["state"]) for d in own["disputes"]] == [(2, "mine", "open")]
    assert own["window_closes"] is None and own["status"] == "running"
    everyone = listing(table, table.organizer).get_json()["disputes"]
    assert [(d["dispute"], d["seat"], d["about"]) for d in everyone] == [(1, 2, 3), (2, 3, 4)]
    # another seat's dispute text stays its own in the event list while the game runs
    seen_by_1 = [e for e in all_events(client, table.game_id, table.tokens[1]) if e["type"] == "dispute_filed"]
    assert [e["payload"]["text"] for e in seen_by_1] == [None, None]
    seen_by_2 = [e for e in all_events(client, table.game_id, table.tokens[2]) if e["type"] == "dispute_filed"]
    assert [e["payload"]["text"] for e in seen_by_2] == ["mine", None]


def test_upheld_with_a_ruling_is_one_append(client, app):
    table = open_table(client, 3)
    ok(seat(table, 2, {"type": "dispute", "version": 3, "text": "my cash is wrong"}))
    before = table.state()
    cash = {p["seat"]: p["cash"] for p in before["players"]}
    answer = ok(organizer(table, {
        "type": "resolve_dispute", "dispute": 1, "decision": "upheld", "text": "counted again",
        "rulings": [{"kind": "set_cash", "seat": 2, "cash": cash[2] + 5, "reason": "miscounted"}]}))
    kinds = [e["type"] for e in answer["events"]]
    assert kinds[:3] == ["dispute_resolved", "ruling_applied", "cash_paid"]
    assert len({e["command_id"] for e in answer["events"]}) == 1
    assert answer["events"][0]["payload"]["rulings"] == ["set_cash"]
    after = table.state()
    assert {p["seat"]: p["cash"] for p in after["players"]}[2] == cash[2] + 5
    [d] = listing(table, table.tokens[2]).get_json()["disputes"]
    assert d["state"] == "upheld" and d["resolution"]["text"] == "counted again"
    assert d["resolution"]["rulings"] == ["set_cash"]
    problem(organizer(table, {"type": "resolve_dispute", "dispute": 1, "decision": "rejected", "text": "no"}),
            409, "dispute_closed")
    rebuilt_equals_live(app, table.game_id)


def test_a_refused_ruling_refuses_the_whole_answer(client):
    table = open_table(client, 3)
    ok(seat(table, 1, {"type": "dispute", "version": 2, "text": "wrong"}))
    version = table.state()["version"]
    bad = organizer(table, {"type": "resolve_dispute", "dispute": 1, "decision": "upheld", "text": "yes",
                            "rulings": [{"kind": "set_cash", "seat": 1, "cash": 1, "reason": "a"},
                                        {"kind": "remove_truck", "seat": 1, "truck": "nope", "reason": "b"}]})
    problem(bad, 422, "unknown_truck")
    assert table.state()["version"] == version
    assert listing(table, table.organizer).get_json()["disputes"][0]["state"] == "open"
    body = problem(organizer(table, {"type": "resolve_dispute", "dispute": 1, "decision": "upheld", "text": "y",
                                     "rulings": [{"kind": "set_cash", "reason": "no seat"}]}), 422, "invalid_fields")
    assert "rulings" in body["errors"]


def test_rejected_carries_no_rulings(client):
    table = open_table(client, 3)
    ok(seat(table, 1, {"type": "dispute", "version": 2, "text": "wrong"}))
    problem(organizer(table, {"type": "resolve_dispute", "dispute": 1, "decision": "rejected", "text": "no",
                              "rulings": [{"kind": "annul", "reason": "x"}]}), 422, "rulings_need_upheld")
    problem(seat(table, 1, {"type": "resolve_dispute", "dispute": 1, "decision": "rejected", "text": "no"}),
            403, "organizer_only")
    problem(organizer(table, {"type": "resolve_dispute", "dispute": 7, "decision": "rejected", "text": "no"}),
            422, "unknown_dispute")
    answer = ok(organizer(table, {"type": "resolve_dispute", "dispute": 1, "decision": "rejected",
                                  "text": "the record shows 30"}))
    assert [e["type"] for e in answer["events"]] == ["dispute_resolved"]
    [d] = listing(table, table.organizer).get_json()["disputes"]
    assert d["state"] == "rejected" and d["resolution"]["rulings"] == []
