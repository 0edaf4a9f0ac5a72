"""The front door over a real `bootleggers serve` (gunicorn with 2 workers, the RQ worker,
embedded Redis): bad input is refused as problem+json (415, 422, 413 for a 10 MB body),
rate limits answer 429 with Retry-After, /metrics sums both workers, /healthz sees the
clock worker, and the web process logs JSON lines carrying the request id."""
from __future__ import annotations

import http.client
import json
import select
import socket
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.support.served import Served, call

LIMITED = {"RATE_LIMIT_EXEMPT": "", "RATE_LIMIT_CREATE": "5/minute", "WEB_CONCURRENCY": "2"}


@pytest.fixture(scope="module")
def door(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = Served(Path(tmp_path_factory.mktemp("door")), env=LIMITED)
    try:
        assert served.wait_for_http("/healthz") == 200, served.log()
        yield served
    finally:
        served.kill_everything()


def raw(served: Served, method: str, path: str, body: bytes | None = None,
        headers: dict | None = None) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=30)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def test_bad_input_is_refused_as_problem_json(door):
    status, headers, body = raw(door, "POST", "/v1/games", b'{"seats": 3}', {"Content-Type": "text/plain"})
    assert status == 415 and headers["Content-Type"] == "application/problem+json", body
    status, game = call(door.base, "POST", "/v1/games", {"seats": 3})
    assert status == 201, game
    status, refused = call(door.base, "POST", f"/v1/games/{game['game_id']}/seats", {"name": "\u200b"})
    assert status == 422 and "name" in refused["errors"], refused
    status, state = call(door.base, "GET", f"/v1/games/{game['game_id']}")
    assert state["players"] == []


def upload(served: Served, path: str, body: bytes) -> tuple[int, bytes]:
    """POST a large body as curl does: stop sending as soon as the server answers (it refuses
    a too-large body from its Content-Length, without reading it), then read the answer."""
    sock = socket.create_connection(("127.0.0.1", served.port), timeout=30)
    try:
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {len(body)}\r\n\r\n".encode())
        view, sent = memoryview(body), 0
        while sent < len(body):
            readable, writable, _ = select.select([sock], [sock], [], 30)
            if readable:
                break
            try:
                sent += sock.send(view[sent:sent + 65536])
            except (BrokenPipeError, ConnectionResetError):
                break
        response = http.client.HTTPResponse(sock)
        response.begin()
        return response.status, response.read()
    finally:
        sock.close()


def test_a_10_mb_body_is_413_and_the_server_goes_on(door):
    ten_mb = b'{"seats": 3, "pad": "' + b"x" * 10_000_000 + b'"}'
    status, body = upload(door, "/v1/games", ten_mb)
    assert status == 413 and json.loads(body)["code"] == "body_too_large", body
    assert call(door.base, "GET", "/healthz")[0] == 200


def test_creating_games_past_the_limit_is_429_with_retry_after(door):
    codes, last = [], None
    for _ in range(8):
        request = urllib.request.Request(door.base + "/v1/games", data=b'{"seats": 3}', method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                codes.append(response.status)
        except urllib.error.HTTPError as refused:
            codes.append(refused.code)
            last = refused
    assert 429 in codes and codes.index(429) <= 5 and set(codes) == {201, 429}, codes
    assert 1 <= int(last.headers["Retry-After"]) <= 60
    assert last.headers["Content-Type"] == "application/problem+json"


def metric_total(served: Served, name: str) -> float:
    with urllib.request.urlopen(served.base + "/metrics", timeout=10) as response:
        text = response.read().decode()
    return sum(s.value for f in text_string_to_metric_families(text) for s in f.samples if s.name == name)


def test_metrics_sum_both_workers_so_a_counter_only_grows(door):
    pids = {pid for pid, cmd in door.commands().items() if "gunicorn" in cmd}
    assert len(pids) >= 3, door.commands()  # the master and two workers
    seen = [metric_total(door, "bootleggers_http_requests_total") for _ in range(40)]
    assert all(b > a for a, b in zip(seen, seen[1:])), seen  # each read counts the one before


def test_healthz_sees_the_clock_worker(door):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        status, health = call(door.base, "GET", "/healthz")
        if health["clock_worker"]["seen"]:
            break
        time.sleep(0.3)
    assert status == 200 and health["clock_worker"]["seen"] is True, health
    assert health["clock_worker"]["last_seen_seconds_ago"] < 5


def test_the_web_process_logs_json_lines_with_the_request_id(door):
    status, headers, _ = raw(door, "GET", "/v1/games/nosuchgame", headers={"X-Request-Id": "live-rid-7"})
    assert status == 404 and headers["X-Request-Id"] == "live-rid-7"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and "live-rid-7" not in door.log():
        time.sleep(0.2)
    line = next(line for line in door.log().splitlines() if "live-rid-7" in line)
    entry = json.loads(line)
    assert entry["event"] == "request" and entry["status"] == 404 and entry["game_id"] == "nosuchgame"
    assert entry["time"] and entry["duration_ms"] >= 0
    booted = [line for line in door.log_path.read_text().splitlines() if "Booting worker" in line]
    assert booted and all(json.loads(line)["logger"] == "gunicorn.error" for line in booted)
