"""The per-process fan-out behind /events/stream (service/api/fanout.py), on the real test
Redis through the Flask test client: streams opened while events are appended see each
event exactly once and in order (the catch-up/live seam), a subscriber that falls behind is
dropped and resumes with Last-Event-ID without loss, a live event is redacted once per
distinct viewer, a game's reader stops with its last stream, and a game's end ends its
streams even without `?timeout=`."""
from __future__ import annotations

import threading
import time
from collections import Counter

from service.api import fanout
from service.api import stream as stream_module
from tests.api.conftest import bearer
from tests.api.test_stream import parse_sse, stream


def say(app, game: dict, text: str, seat: int = 1) -> int:
    r = app.test_client().post(f"/v1/games/{game['id']}/commands", json={"type": "say", "text": text},
                               headers=bearer(game["players"][seat]))
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()["version"]


def version_of(app, game: dict) -> int:
    return app.test_client().get(f"/v1/games/{game['id']}").get_json()["version"]


def in_threads(*targets) -> None:
    threads = [threading.Thread(target=t) for t in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
        assert not thread.is_alive(), "a stream did not end"


def test_streams_opened_while_events_are_appended_see_each_exactly_once(toy_app, toy_game):
    seen: list[list[int]] = []

    def write() -> None:
        for n in range(30):
            say(toy_app, toy_game, f"m{n}")
            time.sleep(0.01)

    def read(delay: float, after: int):
        def run() -> None:
            time.sleep(delay)
            messages = stream(toy_app.test_client(), toy_game["id"], query=f"timeout=3&after={after}")
            seen.append([after, *(int(m["id"]) for m in messages)])
        return run

    in_threads(write, *(read(0.05 * n, n % 4) for n in range(10)))
    final = version_of(toy_app, toy_game)
    assert len(seen) == 10
    for after, *ids in seen:
        assert ids == list(range(after + 1, final + 1))


def test_a_subscriber_that_falls_behind_is_dropped_and_resumes_without_loss(toy_app, toy_game, monkeypatch):
    monkeypatch.setattr(fanout, "QUEUE_LIMIT", 3)
    client, game = toy_app.test_client(), toy_game["id"]
    start = version_of(toy_app, toy_game)
    response = client.get(f"/v1/games/{game}/events/stream?after={start}&timeout=10", buffered=False)
    chunks = iter(response.response)
    assert next(chunks).startswith(b"retry:")
    say(toy_app, toy_game, "first")
    head = next(chunks)  # past its catch-up: live now; and now it reads nothing for a while
    for n in range(10):
        say(toy_app, toy_game, f"flood {n}")
    began = time.monotonic()
    got = [int(m["id"]) for m in parse_sse((head + b"".join(chunks)).decode())]
    response.close()
    assert time.monotonic() - began < 5, "a dropped stream ends at once rather than at its timeout"
    assert got == list(range(start + 1, start + 1 + len(got))) and len(got) < 11
    resumed = stream(client, game, headers={"Last-Event-ID": str(got[-1])})
    assert got + [int(m["id"]) for m in resumed] == list(range(start + 1, start + 12))


def test_a_live_event_is_redacted_once_per_distinct_viewer(toy_app, toy_game, monkeypatch):
    calls: Counter = Counter()
    real = stream_module.view_event

    def counting(event, viewer, *args, **kwargs):
        calls[event["version"]] += 1
        return real(event, viewer, *args, **kwargs)

    monkeypatch.setattr(stream_module, "view_event", counting)
    game, start = toy_game["id"], version_of(toy_app, toy_game)
    viewers = [{}] * 4 + [bearer(toy_game["players"][0])] * 2 + [bearer(toy_game["organizer"])]
    received: list[list[dict]] = []
    opened = threading.Barrier(len(viewers) + 1)

    def watch(headers: dict):
        def run() -> None:
            response = toy_app.test_client().get(f"/v1/games/{game}/events/stream?after={start}&timeout=2",
                                                 headers=headers, buffered=False)
            chunks = iter(response.response)
            first = next(chunks)
            opened.wait(10)
            received.append(parse_sse((first + b"".join(chunks)).decode()))
            response.close()
        return run

    def write() -> None:
        opened.wait(10)
        say(toy_app, toy_game, "to everyone", seat=2)

    in_threads(write, *(watch(h) for h in viewers))
    assert [[int(m["id"]) for m in got] for got in received] == [[start + 1]] * len(viewers)
    assert calls[start + 1] == 3, "spectator, seat 1 and organizer: one redaction each"


def test_a_games_reader_stops_with_its_last_stream(toy_app, toy_game, monkeypatch):
    monkeypatch.setattr(fanout, "READ_BLOCK_SECONDS", 0.2)
    stream(toy_app.test_client(), toy_game["id"], query="timeout=1")
    hub = toy_app.extensions["stream_hub"]
    deadline = time.monotonic() + 5
    while hub.counts() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hub.counts() == {}


def test_the_end_of_the_game_ends_its_streams_without_a_timeout(toy_app, toy_game):
    game = toy_game["id"]
    live: list[list[dict]] = []

    def watch() -> None:
        live.append(stream(toy_app.test_client(), game, query=""))

    def finish() -> None:
        time.sleep(0.5)
        say(toy_app, toy_game, "last words")
        toy_app.test_client().post(f"/v1/games/{game}/commands", json={"type": "roll"},
                                   headers=bearer(toy_game["players"][0]))
        r = toy_app.test_client().post(f"/v1/games/{game}/commands", json={"type": "finish"},
                                       headers=bearer(toy_game["players"][0]))
        assert r.status_code == 201, r.get_data(as_text=True)

    in_threads(watch, finish)
    final = version_of(toy_app, toy_game)
    assert [int(m["id"]) for m in live[0]] == list(range(1, final + 1))
    assert live[0][-1]["event"] == "seed_revealed"

    after = threading.Thread(target=watch)
    after.start()
    after.join(5)
    assert not after.is_alive(), "a finished game's stream closes at once"
    assert [int(m["id"]) for m in live[1]] == list(range(1, final + 1))


def test_a_stream_whose_body_is_never_read_leaves_no_subscriber(toy_app, toy_game):
    response = toy_app.test_client().head(f"/v1/games/{toy_game['id']}/events/stream")
    assert response.status_code == 200
    response.close()  # what a WSGI server does once it has sent the headers
    hub = toy_app.extensions["stream_hub"]
    assert sum(hub.counts().values()) == 0
