"""Server-Sent Events at /v1/games/{id}/events/stream: the SSE id is the event version,
a reconnect with Last-Event-ID resumes after it, and every event is redacted exactly as
/events redacts it for the same caller. `?timeout=` bounds each connection."""
from __future__ import annotations

import json
import threading
import time

import pytest

from tests.api.conftest import bearer, problem


def parse_sse(text: str) -> list[dict]:
    """The messages of an SSE body: [{id, event, data}], comments and `retry:` skipped."""
    messages = []
    for block in text.split("\n\n"):
        fields: dict = {}
        for line in block.split("\n"):
            if not line or line.startswith(":"):
                continue
            name, _, val = line.partition(":")
            fields[name] = val[1:] if val.startswith(" ") else val
        if "data" in fields:
            messages.append({"id": fields.get("id"), "event": fields.get("event"), "data": json.loads(fields["data"])})
    return messages


def stream(api, game: str, headers: dict | None = None, query: str = "timeout=1") -> list[dict]:
    r = api.get(f"/v1/games/{game}/events/stream?{query}", headers=headers or {})
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.mimetype == "text/event-stream"
    assert r.headers["Cache-Control"] == "no-cache"
    return parse_sse(r.get_data(as_text=True))


def test_ids_are_versions_and_event_names_are_types(api, toy_game):
    game = toy_game["id"]
    version = api.get(f"/v1/games/{game}").get_json()["version"]
    messages = stream(api, game)
    assert [m["id"] for m in messages] == [str(v) for v in range(1, version + 1)]
    assert all(m["event"] == m["data"]["type"] and m["data"]["version"] == int(m["id"]) for m in messages)


def test_a_reconnect_with_last_event_id_resumes_after_it(api, toy_game):
    game = toy_game["id"]
    version = api.get(f"/v1/games/{game}").get_json()["version"]
    first = stream(api, game, query="timeout=0")
    assert first == [], "timeout=0 closes at once"
    resumed = stream(api, game, headers={"Last-Event-ID": "3"})
    assert [int(m["id"]) for m in resumed] == list(range(4, version + 1))
    assert stream(api, game, query="timeout=1&after=2")[0]["id"] == "3"
    # Last-Event-ID wins over ?after= (a browser's EventSource resends the URL it started with)
    assert stream(api, game, headers={"Last-Event-ID": str(version)}, query="timeout=1&after=1") == []


@pytest.mark.parametrize("who", ["spectator", "seat", "organizer"])
def test_events_are_redacted_as_events_redacts_them(api, toy_game, who):
    game = toy_game["id"]
    api.post(f"/v1/games/{game}/commands", json={"type": "roll", "count": 2}, headers=bearer(toy_game["players"][1]))
    headers = {"spectator": {}, "seat": bearer(toy_game["players"][0]), "organizer": bearer(toy_game["organizer"])}[who]
    paged = api.get(f"/v1/games/{game}/events", headers=headers).get_json()["events"]
    streamed = [m["data"] for m in stream(api, game, headers=headers)]
    assert streamed == paged
    dealt = next(e for e in streamed if e["type"] == "secrets_dealt")["payload"]["secrets"]
    shuffled = next(e for e in streamed if e["type"] == "deck_shuffled")["payload"]
    if who == "organizer":
        assert None not in dealt.values() and "order" in shuffled and all("hash" in e for e in streamed)
    else:
        assert "order" not in shuffled and all("hash" not in e for e in streamed)
        assert list(dealt.values()).count(None) == (3 if who == "spectator" else 2)
    assert all("token_hash" not in json.dumps(e) for e in streamed if who != "organizer")


def test_after_the_end_everyone_sees_what_events_shows(api, toy_game):
    game, seat1 = toy_game["id"], toy_game["players"][0]
    api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(seat1))
    assert api.post(f"/v1/games/{game}/commands", json={"type": "finish"}, headers=bearer(seat1)).status_code == 201
    streamed = [m["data"] for m in stream(api, game)]
    assert streamed == api.get(f"/v1/games/{game}/events").get_json()["events"]
    assert streamed[-1]["type"] == "seed_revealed"


def test_events_appended_while_connected_arrive_live(toy_app, toy_game):
    game, seat2 = toy_game["id"], toy_game["players"][1]
    version = toy_app.test_client().get(f"/v1/games/{game}").get_json()["version"]

    def later():
        time.sleep(0.4)
        toy_app.test_client().post(f"/v1/games/{game}/commands", json={"type": "say", "text": "live!"},
                                   headers=bearer(seat2))

    writer = threading.Thread(target=later)
    writer.start()
    started = time.monotonic()
    messages = stream(toy_app.test_client(), game, headers={"Last-Event-ID": str(version)}, query="timeout=2")
    writer.join()
    assert time.monotonic() - started < 4
    assert [(m["id"], m["event"], m["data"]["payload"]) for m in messages] == [(str(version + 1), "said", {"text": "live!"})]


def test_stream_refusals_are_problems(api, toy_game):
    game = toy_game["id"]
    problem(api.get(f"/v1/games/{game}/events/stream?timeout=1", headers={"Last-Event-ID": "abc"}), 400, "bad_last_event_id")
    problem(api.get(f"/v1/games/{game}/events/stream?timeout=-1"), 422, "invalid_fields")
    problem(api.get(f"/v1/games/{game}/events/stream?timeout=1&after=x"), 422, "invalid_fields")
    problem(api.get(f"/v1/games/{game}/events/stream?timeout=1", headers=bearer("forged")), 401, "unknown_token")
    problem(api.get("/v1/games/nosuchgame/events/stream?timeout=1"), 404, "game_not_found")
