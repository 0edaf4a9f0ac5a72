"""Receipts and the public record (docs/verification.md): every write answers with a
receipt that says nothing while the game runs; after the end every event is public as
stored, to anyone, through /events, /export and the stream, and the record verifies with
every receipt handed out during the game."""
from __future__ import annotations

import json
import random

from events.envelope import event_hash, first_break
from events.store import EventStore
from service.desk import verification
from service.rules.registry import rulesets
from tests.api.test_stream import parse_sse
from tests.support.bots import Table, bearer, open_table, play


def receipt_of(answer) -> dict:
    assert answer.status_code in (200, 201), answer.get_data(as_text=True)
    body = answer.get_json()
    assert body["receipt"]["version"] == body["version"], body
    assert len(body["receipt"]["receipt"]) == 64
    return body["receipt"]


def open_recording_table(client, seats: int, options: dict) -> tuple[Table, list[dict]]:
    """`open_table` by hand, keeping the receipt of every answer (as a careful client does)."""
    kept = []
    created = client.post("/v1/games", json={"ruleset": "bootleggers", "seats": seats, "options": options})
    kept.append(receipt_of(created))
    game_id, organizer, tokens = created.get_json()["game_id"], created.get_json()["organizer_token"], {}
    for n in range(seats):
        joined = client.post(f"/v1/games/{game_id}/seats", json={"name": "ABC"[n]})
        kept.append(receipt_of(joined))
        tokens[joined.get_json()["seat"]] = joined.get_json()["player_token"]
    kept.append(receipt_of(client.post(f"/v1/games/{game_id}/start", headers=bearer(organizer))))
    table = Table(client, game_id, organizer, tokens)
    send = table.send

    def recording_send(seat, command, version=None, key=None):
        answer = send(seat, command, version, key)
        if answer.status_code == 201:
            kept.append(receipt_of(answer))
        return answer

    table.send = recording_send
    return table, kept


def test_a_finished_game_is_public_whole_and_verifies_with_every_receipt(app, redis_client):
    client = app.test_client()
    table, kept = open_recording_table(client, 3, {"rounds": 8})
    play(table, random.Random(5))
    stored = list(EventStore(redis_client).iter_all(table.game_id))
    assert stored[-1]["type"] == "seed_revealed"
    assert len(kept) > 50 and [r["version"] for r in kept] == sorted(r["version"] for r in kept)

    gid = table.game_id
    for headers in ({}, bearer(table.tokens[2]), bearer(table.organizer)):  # a spectator, a seat, the organizer
        export = client.get(f"/v1/games/{gid}/export", headers=headers)
        assert export.status_code == 200 and export.get_json()["complete"] is True
        assert export.get_json()["events"] == stored
        paged, after = [], 0
        while True:
            page = client.get(f"/v1/games/{gid}/events?limit=1000&after={after}", headers=headers).get_json()
            if not page["events"]:
                break
            paged += page["events"]
            after = page["next_after"]
        assert paged == stored
        streamed = [m["data"] for m in parse_sse(
            client.get(f"/v1/games/{gid}/events/stream?timeout=1", headers=headers).get_data(as_text=True))]
        assert streamed == stored
    assert first_break(stored) is None

    record = client.get(f"/v1/games/{gid}/export").get_json()
    report = verification.verify(verification.events_of(record), rulesets().get, kept)
    assert report.ok, verification.render(report)
    assert f"{len(kept)} receipts, each matching" in report.checks[-1].detail


def test_a_receipt_gives_no_sealed_bid_away(app, redis_client):
    """The bidder's receipt is not the chain head: nobody without the seed can test a
    guessed card against it, and no other reader gets a hash that covers the bid."""
    table = open_table(app.test_client(), 3)
    hand = table.state(table.tokens[1])["players"][0]["muscle_hand"]
    answer = table.send(1, {"type": "bid", "card": hand[0]})
    kept = receipt_of(answer)
    bid = list(EventStore(redis_client).iter_all(table.game_id))[kept["version"] - 1]
    assert bid["type"] == "bid_placed"
    guesses = {event_hash({**bid, "payload": {**bid["payload"], "card": card}}) for card in range(1, 73)}
    assert bid["hash"] in guesses and kept["receipt"] not in guesses

    other = table.send(2, {"type": "bid", "card": table.state(table.tokens[2])["players"][1]["muscle_hand"][0]})
    seen = json.dumps(other.get_json()) + table.client.get(
        f"/v1/games/{table.game_id}/events?limit=1000", headers=bearer(table.tokens[2])).get_data(as_text=True)
    assert not any(h in seen for h in guesses)


def test_a_game_without_a_seed_answers_no_receipt(app):
    """A receipt is keyed by the seed; a game that commits to none (a scripted game, unless
    it draws what the script leaves out from a seed) answers `receipt: null`."""
    client = app.test_client()
    created = client.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3,
                                             "options": {"rng": {"mode": "scripted", "dice": [1, 2, 3]}}})
    assert created.status_code == 201
    seedless = created.get_json()["seed_commitment"] is None
    assert (created.get_json()["receipt"] is None) == seedless
    joined = client.post(f"/v1/games/{created.get_json()['game_id']}/seats", json={"name": "A"})
    assert joined.status_code == 201 and (joined.get_json()["receipt"] is None) == seedless


def test_a_retried_request_gets_the_same_receipt(app):
    table = open_table(app.test_client(), 3)
    hand = table.state(table.tokens[1])["players"][0]["muscle_hand"]
    headers = {**bearer(table.tokens[1]), "Idempotency-Key": "bid-1"}
    url = f"/v1/games/{table.game_id}/commands"
    first = table.client.post(url, json={"type": "bid", "card": hand[0]}, headers=headers)
    table.send(2, {"type": "say", "text": "the game moves on"})
    again = table.client.post(url, json={"type": "bid", "card": hand[0]}, headers=headers)
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert receipt_of(again) == receipt_of(first)


def test_clock_controls_answer_with_receipts(app):
    table = open_table(app.test_client(), 3, {"deadlines": {"default": 600}})
    org = bearer(table.organizer)
    paused = receipt_of(table.client.post(f"/v1/games/{table.game_id}/clock/pause", headers=org))
    resumed = receipt_of(table.client.post(f"/v1/games/{table.game_id}/clock/resume", headers=org))
    assert resumed["version"] == paused["version"] + 1 and resumed["receipt"] != paused["receipt"]
