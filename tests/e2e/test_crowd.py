"""Event streams and crowds against the real `bootleggers serve` (gunicorn's gevent worker).

A stream stays open through a quiet spell longer than the web process's Redis socket timeout,
with keep-alive comments, and then delivers a live event (this module's server sends them every
second and times Redis reads out after 2 s, so seconds prove what the defaults, 15 s and 10 s,
do over half a minute); hundreds of idle streams and
dozens of slowloris half-requests leave /healthz and state reads answering; a command's
event reaches every one of 200 spectators; a finished game's stream closes right after
its last event; and an RQ job enqueued by the gevent web process still runs on the worker.
Bounds on time here are generous ("it answers at all"), not speed figures:
those come from bench/stream.py.
"""
from __future__ import annotations

import json
import random
import time
import urllib.request
from pathlib import Path

import pytest

from tests.support.bots import open_table, play
from tests.support.crowd import Crowd, raise_open_files_limit
from tests.support.served import Served, call

pytestmark = pytest.mark.slow

ANSWER_WITHIN = 5.0
#: this module's server: short keep-alive and Redis socket timeout (see the docstring)
KEEPALIVE, SOCKET_TIMEOUT = 1, 2


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory):
    served = Served(Path(tmp_path_factory.mktemp("serve")),
                    env={"STREAM_KEEPALIVE_SECONDS": str(KEEPALIVE), "REDIS_SOCKET_TIMEOUT": str(SOCKET_TIMEOUT)})
    try:
        assert served.wait_for_http("/healthz") == 200, served.log()
        yield served
    finally:
        served.kill_everything()


class Http:
    """The client interface the bots use (tests/support/bots.py), over real HTTP."""

    class Answer:
        def __init__(self, status: int, body: object):
            self.status_code, self.body = status, body

        def get_json(self) -> object:
            return self.body

        def get_data(self, as_text: bool = False) -> str:
            return json.dumps(self.body)

    def __init__(self, base: str):
        self.base = base

    def _send(self, method: str, path: str, body: object | None, headers: dict | None) -> "Http.Answer":
        token = (headers or {}).get("Authorization", "").removeprefix("Bearer ") or None
        extra = {k: v for k, v in (headers or {}).items() if k != "Authorization"}
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={**extra, **({"Content-Type": "application/json"} if data else {}),
                                                  **({"Authorization": f"Bearer {token}"} if token else {})})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return self.Answer(response.status, json.loads(response.read() or b"null"))
        except urllib.error.HTTPError as exc:
            return self.Answer(exc.code, json.loads(exc.read() or b"null"))

    def get(self, path: str, headers: dict | None = None) -> "Http.Answer":
        return self._send("GET", path, None, headers)

    def post(self, path: str, json: object | None = None, headers: dict | None = None) -> "Http.Answer":
        return self._send("POST", path, json, headers)


@pytest.fixture(scope="module", autouse=True)
def _enough_file_descriptors() -> None:
    assert raise_open_files_limit() >= 1024


@pytest.fixture
def crowd(live_server: Served):
    with Crowd(live_server.base) as crowd:
        yield crowd


def new_game(base: str) -> str:
    status, created = call(base, "POST", "/v1/games", {"ruleset": "bootleggers", "seats": 3})
    assert status == 201, created
    return created["game_id"]


def join(base: str, game_id: str, name: str) -> int:
    status, joined = call(base, "POST", f"/v1/games/{game_id}/seats", {"name": name})
    assert status == 201, joined
    return joined["version"]


def answers_promptly(base: str, path: str) -> float:
    started = time.monotonic()
    with urllib.request.urlopen(base + path, timeout=ANSWER_WITHIN) as response:
        assert response.status == 200
        response.read()
    return time.monotonic() - started


def test_the_default_keep_alive_comes_well_within_every_client_default_read_timeout(app):
    assert app.config["STREAM_KEEPALIVE_SECONDS"] == 15 < 30


def test_an_idle_stream_outlives_the_redis_socket_timeout_and_then_gets_a_live_event(live_server, crowd):
    game_id = new_game(live_server.base)
    [listener] = crowd.listen(f"/v1/games/{game_id}/events/stream")
    assert listener.status == 200
    time.sleep(2.5 * SOCKET_TIMEOUT)
    assert listener.closed_at is None, live_server.log()
    assert listener.comments >= 2 * SOCKET_TIMEOUT / KEEPALIVE, "a keep-alive comment every KEEPALIVE seconds"
    version = join(live_server.base, game_id, "Ada")
    assert crowd.wait_for([listener], version, timeout=10), listener
    assert sorted(listener.arrivals) == [1, 2]
    assert "Timeout reading from socket" not in live_server.log()


def test_two_hundred_idle_spectators_leave_the_server_answering_and_all_get_the_event(live_server, crowd):
    game_id = new_game(live_server.base)
    listeners = crowd.listen(f"/v1/games/{game_id}/events/stream", count=200)
    assert {listener.status for listener in listeners} == {200}
    assert crowd.wait_for(listeners, 1, timeout=30), "every stream starts with the game's past"
    for _ in range(3):
        answers_promptly(live_server.base, "/healthz")
        answers_promptly(live_server.base, f"/v1/games/{game_id}")
    version = join(live_server.base, game_id, "Ada")
    assert crowd.wait_for(listeners, version, timeout=30), \
        f"{sum(version in l.arrivals for l in listeners)} of 200 got the event"
    assert all(l.closed_at is None and sorted(l.arrivals) == [1, 2] for l in listeners)


def test_slowloris_half_requests_do_not_stop_healthz(live_server, crowd):
    crowd.half_requests(40)
    time.sleep(1)
    for _ in range(5):
        answers_promptly(live_server.base, "/healthz")


def test_a_finished_games_stream_closes_right_after_its_last_events(live_server, crowd):
    base = live_server.base
    table = open_table(Http(base), 3, {"rounds": 8})
    [watching] = crowd.listen(f"/v1/games/{table.game_id}/events/stream")
    final = play(table, random.Random(5))
    assert final["status"] == "finished"
    last = final["version"]
    assert crowd.wait_for([watching], last, timeout=10), watching
    deadline = time.monotonic() + ANSWER_WITHIN
    while watching.closed_at is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert watching.closed_at is not None, "the stream stays open after the game ended"
    assert sorted(watching.arrivals) == list(range(1, last + 1))

    opened = time.monotonic()
    [late] = crowd.listen(f"/v1/games/{table.game_id}/events/stream?after=3")
    while late.closed_at is None and time.monotonic() < opened + ANSWER_WITHIN:
        time.sleep(0.05)
    assert late.closed_at is not None, "a finished game's stream closes at once"
    assert sorted(late.arrivals) == list(range(4, last + 1))


def test_a_replay_job_enqueued_by_the_gevent_web_process_runs_on_the_worker(live_server):
    base = live_server.base
    status, created = call(base, "POST", "/v1/games", {"ruleset": "bootleggers", "seats": 3})
    assert status == 201, created
    join(base, created["game_id"], "Ada")
    status, queued = call(base, "POST", f"/v1/games/{created['game_id']}/replays", {},
                          token=created["organizer_token"])
    assert status == 202, queued
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        status, job = call(base, "GET", queued["location"], token=created["organizer_token"])
        assert status == 200, job
        if job["status"] in ("finished", "failed"):
            break
        time.sleep(0.2)
    assert job["status"] == "finished", (job, live_server.log())


def test_ctrl_c_stops_serve_cleanly_with_streams_open(tmp_path):
    served = Served(tmp_path)  # its own: this one is stopped
    try:
        assert served.wait_for_http("/healthz") == 200, served.log()
        game_id = new_game(served.base)
        with Crowd(served.base) as crowd:
            listeners = crowd.listen(f"/v1/games/{game_id}/events/stream", count=50)
            assert crowd.wait_for(listeners, 1, timeout=30)
            interrupted = time.monotonic()
            assert served.interrupt_and_check_all_gone() == 0, served.log()
            time.sleep(0.5)
            assert all(listener.closed_at is not None for listener in listeners)
            # Ended by the worker as it stops, not cut at GUNICORN_GRACEFUL_TIMEOUT (5 s).
            assert max(listener.closed_at for listener in listeners) - interrupted < 4, served.log()
    finally:
        served.kill_everything()
