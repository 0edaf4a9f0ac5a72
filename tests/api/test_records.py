"""Portable records: a finished game exported from one server and imported on another (a
second Redis database here), every event re-validated; forged or unfinished records are
refused with the first bad event named, and nothing is stored."""
from __future__ import annotations

import copy
import random

import pytest
import redis

from events.envelope import event_hash
from tests.api.conftest import bearer, problem
from tests.support.bots import open_table, play


@pytest.fixture
def source(app):
    return app.test_client()


@pytest.fixture
def target(redis_url, make_app):
    """A second server: the same Redis server, another database, emptied first."""
    url = redis_url.rsplit("/", 1)[0] + "/5"
    client = redis.Redis.from_url(url)
    client.flushdb()
    from service.app import create_app
    yield create_app({"REDIS_URL": url, "TESTING": True}).test_client()
    client.flushdb()
    client.close()


def play_to_the_end(client):
    table = open_table(client, 3, {"rounds": 8})
    play(table, random.Random(3))
    return table


def export(client, table) -> dict:
    r = client.get(f"/v1/games/{table.game_id}/export", headers=bearer(table.organizer))
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()


def rechain(events: list[dict], start: int) -> None:
    """Recompute the chain from event `start` on: a forger's edit that the chain alone misses."""
    for e in events[start - 1:]:
        e["prev_hash"] = events[e["version"] - 2]["hash"] if e["version"] > 1 else e["prev_hash"]
        e["hash"] = event_hash(e)


def send(target, record, token):
    return target.post("/v1/games/import", json=record, headers=bearer(token))


def test_a_finished_game_moves_to_another_server_whole(source, target):
    table = play_to_the_end(source)
    record = export(source, table)
    assert record["complete"] is True and record["status"] == "finished"
    assert len(record["events"]) == record["version"]

    r = send(target, record, table.organizer)
    assert r.status_code == 201, r.get_data(as_text=True)
    assert r.headers["Location"] == f"/v1/games/{table.game_id}"
    answer = r.get_json()
    assert answer["version"] == record["version"] and answer["head_hash"] == record["events"][-1]["hash"]

    # the same game, as every viewer sees it, and the same tokens
    for token in (table.organizer, *table.tokens.values()):
        here = source.get(f"/v1/games/{table.game_id}", headers=bearer(token)).get_json()
        there = target.get(f"/v1/games/{table.game_id}", headers=bearer(token)).get_json()
        assert here == there
    audit = target.get(f"/v1/games/{table.game_id}/audit").get_json()
    assert audit["chain"]["intact"] and audit["seed"]
    listed = target.get("/v1/games?status=finished").get_json()["games"]
    assert [g["game_id"] for g in listed] == [table.game_id]
    assert target.get(f"/v1/games/{table.game_id}/export", headers=bearer(table.organizer)).get_json() == record

    problem(send(target, record, table.organizer), 409, "game_exists")


def test_only_the_games_organizer_may_import_or_export_it(source, target):
    table = open_table(source, 3)
    problem(source.get(f"/v1/games/{table.game_id}/export"), 401, "token_required")
    problem(source.get(f"/v1/games/{table.game_id}/export", headers=bearer(table.tokens[1])), 403)
    table = play_to_the_end(source)
    record = export(source, table)
    problem(target.post("/v1/games/import", json=record), 401, "token_required")
    problem(send(target, record, table.tokens[1]), 403, "forbidden")
    assert target.get("/v1/games").get_json()["games"] == []


def test_a_running_games_export_is_a_reading_copy_that_keeps_secrets(source, target):
    table = open_table(source, 3)
    hand = table.state(table.tokens[1])["players"][0]["muscle_hand"]
    assert table.send(1, {"type": "bid", "card": hand[-1]}).status_code == 201
    record = export(source, table)
    assert record["complete"] is False and record["status"] == "running"
    text = str(record)
    assert "token_hash" not in text
    bid = next(e for e in record["events"] if e["type"] == "bid_placed")
    assert bid["payload"]["card"] is None and "hash" not in bid
    body = problem(send(target, record, table.organizer), 422, "invalid_record")
    assert "not complete" in body["detail"]


FORGERIES = {
    # name: (edit the record's events in place -> the version that must be named, words in the detail)
    "a die changed, chain recomputed": "dice",
    "a die changed, chain left alone": "chain",
    "a deck order changed, chain recomputed": "shuffle",
    "an unknown event type, chain recomputed": "type",
    "a payload its type refuses, chain recomputed": "payload",
    "events cut before the end": "finished",
    "an event out of place, chain recomputed": "cannot happen",
}


@pytest.mark.parametrize("forgery", sorted(FORGERIES))
def test_forged_records_are_refused_naming_the_first_bad_event(source, target, forgery):
    table = play_to_the_end(source)
    record = copy.deepcopy(export(source, table))
    events = record["events"]
    first_die = next(e for e in events if e["type"] == "dice_rolled")
    named = first_die["version"]
    if forgery.startswith("a die changed"):
        first_die["payload"]["dice"][0] = first_die["payload"]["dice"][0] % 6 + 1
        if "recomputed" in forgery:
            rechain(events, named)
    elif forgery.startswith("a deck order"):  # the bottom two Men of Action, never drawn here
        shuffled = next(e for e in events if e["type"] == "deck_shuffled" and e["payload"]["deck"] == "men_of_action")
        order = shuffled["payload"]["order"]
        order[-1], order[-2] = order[-2], order[-1]
        named = shuffled["version"]
        rechain(events, named)
    elif forgery.startswith("an unknown event type"):
        first_die["type"] = "dice_loaded"
        rechain(events, named)
    elif forgery.startswith("a payload"):
        first_die["payload"]["dice"] = [7]
        rechain(events, named)
    elif forgery.startswith("events cut"):
        del events[-3:]
        named = None
    else:  # round 1's reveal again at the end: those Muscle cards have left the hands
        revealed = next(e for e in events if e["type"] == "bids_revealed")
        clone = {**copy.deepcopy(revealed), "version": len(events) + 1}
        events.append(clone)
        rechain(events, clone["version"])
        named = clone["version"]
    body = problem(send(target, record, table.organizer), 422, "invalid_record")
    assert FORGERIES[forgery] in body["detail"], body
    assert body.get("event_version") == named, body
    assert target.get("/v1/games").get_json()["games"] == []
    problem(target.get(f"/v1/games/{table.game_id}"), 404)


@pytest.mark.parametrize("record", [
    {}, {"format": "bootleggers-game-record", "format_version": 1, "complete": True, "events": []},
    {"format": "bootleggers-game-record", "format_version": 1, "complete": True, "events": [1, 2]},
    {"format": "bootleggers-game-record", "format_version": 1, "complete": True, "events": "x"},
    {"format": "bootleggers-game-record", "format_version": 1, "complete": True,
     "events": [{"type": "game_created"}]},
    {"format": "something-else", "format_version": 1, "complete": True, "events": []},
])
def test_malformed_records_get_a_clear_422(target, record):
    problem(send(target, record, "any-token"), 422, "invalid_record")


def test_a_game_id_ending_in_a_newline_is_refused_and_nothing_is_stored(source, target):
    """`$` in a regular expression also matches before a final newline: the id check is a
    full match, so the record is refused (422) before anything is written."""
    table = play_to_the_end(source)
    record = export(source, table)
    for event in record["events"]:
        event["game_id"] = table.game_id + "\n"
    rechain(record["events"], 1)
    body = problem(send(target, record, table.organizer), 422, "invalid_record")
    assert body["event_version"] == 1
    assert target.get("/v1/games").get_json()["games"] == []
    assert target.application.extensions["games"].redis.keys("game:*") == []
