"""Event streams open while Redis is full: taking a stream's place among its
token's and address's open streams is a write, which a full Redis refuses — that is no reason
to refuse a reader. The place is held in the process's memory instead, with the same bounds.

On a Redis of its own whose `maxmemory` is set to one byte (every write that would grow memory
refused) and back, as tests/api/test_store_full.py does; rate limits on (they are off in the
other tests), since they are what takes the place.
"""
from __future__ import annotations

import pytest

from service.app import create_app
from tests.support.small_redis import full, roomy, small_redis, store  # noqa: F401 (fixtures)
from tests.api.conftest import bearer, new_game, problem
from tests.streams.toy import TOY


@pytest.fixture
def app(small_redis, store, tmp_path):
    from tests.api.conftest import kernel_rulesets
    return create_app({"REDIS_URL": small_redis.url, "TESTING": True, "RATELIMIT_ENABLED": True,
                       "STREAMS_PER_TOKEN": "2", "STREAMS_PER_ADDRESS": "3",
                       "RULESETS": {"toy": TOY, **kernel_rulesets()}, "ARCHIVE_URL": (tmp_path / "archive").as_uri()})


@pytest.fixture
def api(app):
    return app.test_client()


def frames(response) -> list[str]:
    return [f for f in response.get_data(as_text=True).split("\n\n") if f.startswith("id: ")]


def held(app) -> dict:
    leases = app.extensions.get("stream_local_leases")
    return dict(leases.held) if leases is not None else {}


def test_a_stream_opens_while_redis_is_full_with_or_without_a_token(api, app, store):
    game = new_game(api)
    path = f"/v1/games/{game['id']}/events/stream?timeout=1"
    version = api.get(f"/v1/games/{game['id']}").get_json()["version"]
    full(store)
    for headers in ({}, bearer(game["players"][0]), bearer(game["organizer"])):
        answer = api.get(path, headers=headers)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        assert answer.mimetype == "text/event-stream"
        assert len(frames(answer)) == version, "the whole record so far, as ever"
    assert held(app) == {}, "each stream's place is given back when it ends"
    assert not store.keys("ratelimit:open-streams:*"), "nothing was written"
    # a write is still refused as ever: a command (its append), a new game (its address's count, first)
    problem(api.post(f"/v1/games/{game['id']}/commands", json={"type": "roll"}, headers=bearer(game["players"][0])),
            507, "store_full")
    problem(api.post("/v1/games", json={"ruleset": "toy", "seats": 3}), 507, "store_full")
    roomy(store)
    answer = api.get(path, headers=bearer(game["players"][0]))
    assert answer.status_code == 200 and len(frames(answer)) == version


def test_streams_opened_while_full_are_bounded_in_memory_per_token_and_per_address(api, app, store):
    import threading
    import time

    game = new_game(api)
    url = f"/v1/games/{game['id']}/events/stream"
    answers: list[int] = []

    def hold(token: str) -> threading.Thread:  # each stream in a thread of its own, open 2 s
        def read() -> None:
            answer = app.test_client().get(url + "?timeout=2", headers=bearer(token))
            answer.get_data()
            answers.append(answer.status_code)
        opened = threading.Thread(target=read)
        opened.start()
        return opened

    def open_now() -> int:
        return sum(n for key, n in held(app).items() if key.startswith("address:"))

    def until(count: int) -> None:
        deadline = time.monotonic() + 5
        while open_now() < count and time.monotonic() < deadline:
            time.sleep(0.02)
        assert open_now() == count, held(app)

    full(store)
    seat = game["players"][0]
    streams = [hold(seat), hold(seat)]
    until(2)
    assert "for your token" in problem(api.get(url + "?timeout=0", headers=bearer(seat)), 429, "rate_limited")["detail"]
    streams.append(hold(game["players"][1]))
    until(3)
    assert "from your address" in problem(api.get(url + "?timeout=0", headers=bearer(game["players"][2])),
                                          429, "rate_limited")["detail"]
    for stream in streams:
        stream.join()
    assert answers == [200, 200, 200]
    assert held(app) == {}, "a stream that ends gives its place back"
    assert api.get(url + "?timeout=0", headers=bearer(seat)).status_code == 200
    assert not store.keys("ratelimit:open-streams:*"), "nothing was written"


def test_a_missing_game_is_still_404_while_full(api, store):
    full(store)
    problem(api.get("/v1/games/nosuchgame/events/stream"), 404)


def test_a_tournaments_stream_opens_while_redis_is_full(api, app, store):
    from tests.tournaments.test_tournament_rest import BODY

    made = api.post("/v1/tournaments", json=BODY).get_json()
    tid = made["tournament_id"]
    version = api.get(f"/v1/tournaments/{tid}").get_json()["version"]
    full(store)
    answer = api.get(f"/v1/tournaments/{tid}/events/stream?timeout=1")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert len(frames(answer)) == version
    assert held(app) == {}
