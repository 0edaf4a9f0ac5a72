"""The official Python client (clients/python, installed by `make venv`): its generated part
and its hand-written layer, against the service as `make serve` runs it (real HTTP)."""
from __future__ import annotations

import threading
from pathlib import Path

import httpx
import pytest

from service.runtime.embedded_redis import EmbeddedRedis
from tests.support.bots import open_table
from tests.support.http_client import HttpClient
from tests.support.web_process import start_serve, stop

bootleggers_play = pytest.importorskip("bootleggers_play", reason="clients/python is not installed (make venv)")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("served")
    with EmbeddedRedis.ephemeral() as redis_server:
        process, base = start_serve(redis_server.url, tmp / "serve.log", RATE_LIMITS="off")
        try:
            yield base
        finally:
            stop(process)


class DropOnce(httpx.BaseTransport):
    """A transport whose first event stream breaks after a few lines, as a flaky network does."""

    def __init__(self):
        self.inner, self.streams, self.dropped = httpx.HTTPTransport(), 0, False

    def handle_request(self, request):
        response = self.inner.handle_request(request)
        if request.url.path.endswith("/events/stream"):
            self.streams += 1
            if self.streams == 1:
                return httpx.Response(response.status_code, headers=response.headers,
                                      stream=Breaking(response.stream, self), request=request)
        return response


class Breaking(httpx.SyncByteStream):
    def __init__(self, inner, transport):
        self.inner, self.transport = inner, transport

    def __iter__(self):
        for n, chunk in enumerate(self.inner):
            if n == 3:
                self.transport.dropped = True
                raise httpx.ReadError("connection reset by the network")
            yield chunk

    def close(self):
        self.inner.close()


def test_three_seats_play_a_whole_game_with_the_play_loop(served):
    table = open_table(HttpClient(served), 3, {"rounds": 8})
    results, errors = {}, []

    def seat(n):
        try:
            results[n] = bootleggers_play.play_seat(served, table.game_id, table.tokens[n])
        except Exception as exc:  # noqa: BLE001 (reported below)
            errors.append(repr(exc))

    threads = [threading.Thread(target=seat, args=(n,)) for n in (1, 2, 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert not errors, errors
    final = HttpClient(served).get(f"/v1/games/{table.game_id}").get_json()
    assert final["status"] == "finished" and set(results.values()) == {final["version"]}


def test_the_event_subscription_resumes_after_a_dropped_connection(served):
    table = open_table(HttpClient(served), 3, {"rounds": 8})
    for n in (1, 2, 3):
        threading.Thread(target=bootleggers_play.play_seat, args=(served, table.game_id, table.tokens[n]),
                         daemon=True).start()
    flaky = DropOnce()
    seen = [e for e in bootleggers_play.events(served, table.game_id, httpx_args={"transport": flaky})]
    versions = [getattr(e, "version", None) or e["version"] for e in seen]
    assert flaky.dropped and flaky.streams >= 2  # it broke, and the client came back
    assert versions == list(range(1, len(versions) + 1))  # none missed, none twice
    final = HttpClient(served).get(f"/v1/games/{table.game_id}").get_json()
    assert final["status"] == "finished" and versions[-1] == final["version"]
    assert type(seen[0]).__name__ == "GameCreatedEvent"  # typed models


def test_a_lost_answer_is_retried_with_the_same_idempotency_key(served):
    from bootleggers_client import AuthenticatedClient
    from bootleggers_client.api.play import get_legal_actions
    from bootleggers_client.models import SayCommand

    table = open_table(HttpClient(served), 3)
    keys = []

    class LoseFirstAnswer(httpx.BaseTransport):
        def __init__(self):
            self.inner = httpx.HTTPTransport()

        def handle_request(self, request):
            response = self.inner.handle_request(request)
            if request.method == "POST":
                keys.append(request.headers["Idempotency-Key"])
                if len(keys) == 1:
                    response.read()
                    raise httpx.ReadTimeout("the answer was lost on the way back")
            return response

    client = AuthenticatedClient(base_url=served, token=table.tokens[1], httpx_args={"transport": LoseFirstAnswer()})
    legal = get_legal_actions.sync(table.game_id, client=client)
    example = next(e for a in legal.actions for e in a.examples if not isinstance(e, SayCommand))
    answer = bootleggers_play.send(client, table.game_id, example, legal.version)
    assert len(keys) == 2 and keys[0] == keys[1]
    events = HttpClient(served).get(f"/v1/games/{table.game_id}/events?after={legal.version}").get_json()["events"]
    assert [e["version"] for e in events] == [e.version for e in answer.events]  # played once


@pytest.mark.parametrize("strategy", ["random", "greedy"])
def test_bootleggers_bot_plays_a_seat_from_the_command_line(served, strategy):
    """`bootleggers bot --url --game --token --strategy` plays seat 1 while the test plays the others."""
    import subprocess
    import sys

    table = open_table(HttpClient(served), 3, {"rounds": 8})
    for n in (2, 3):
        threading.Thread(target=bootleggers_play.play_seat, args=(served, table.game_id, table.tokens[n]),
                         daemon=True).start()
    cli = Path(sys.executable).with_name("bootleggers")
    run = subprocess.run([str(cli), "bot", "--url", served, "--game", table.game_id, "--token", table.tokens[1],
                          "--strategy", strategy], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    final = HttpClient(served).get(f"/v1/games/{table.game_id}").get_json()
    assert final["status"] == "finished" and f"over at version {final['version']}" in run.stdout
    assert run.stdout.count("sent {") > 5


def test_greedy_sends_the_example_the_look_ahead_says_leaves_the_most_cash():
    """GREEDY asks legal-actions with `look_ahead=cash` and sends the best-scored example (the
    first listed on a tie); with nothing counted it plays any example; while another seat is
    awaited it sends only what raises its cash, else nothing (it waits)."""
    from bootleggers_client.models import LegalActions

    listed = {"version": 9, "seat": 1, "phase": 1, "step": "bid", "awaited": True, "cash": 7, "actions": [
        {"type": "bid", "params": {}, "examples": [{"type": "bid", "card": 3}, {"type": "bid", "card": 40}],
         "cash_after": [7, 9]},
        {"type": "pass", "params": {}, "examples": [{"type": "pass"}], "cash_after": [9]},
        {"type": "say", "params": {}, "examples": [{"type": "say", "text": "hi"}], "cash_after": [None]}]}
    legal = LegalActions.from_dict(listed)
    examples = [e for a in legal.actions for e in a.examples]
    assert bootleggers_play.GREEDY(examples, legal).to_dict() == {"type": "bid", "card": 40}
    uncounted = LegalActions.from_dict({**listed, "actions": [{**a, "cash_after": [None] * len(a["examples"])}
                                                              for a in listed["actions"]]})
    assert bootleggers_play.GREEDY(examples, uncounted) in examples
    elsewhere = LegalActions.from_dict({**listed, "awaited": False})  # someone else's turn
    assert bootleggers_play.GREEDY(examples, elsewhere).to_dict() == {"type": "bid", "card": 40}  # 9 > 7
    assert bootleggers_play.GREEDY(examples, LegalActions.from_dict({**listed, "awaited": False, "cash": 9})) is None
    assert bootleggers_play.GREEDY.look_ahead.value == "cash"
