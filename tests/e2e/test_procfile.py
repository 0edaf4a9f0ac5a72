"""The Procfile's processes, booted for real by ``bootleggers serve``, driven over HTTP.

No REDIS_URL is given, so ``serve`` starts the embedded Redis (AOF under ``var/`` of a temp
working dir), then gunicorn and an RQ worker. The tests check that all of them come up,
answer, and are gone — every process they forked included — soon after one SIGINT.

The process-management tests boot a tiny stand-in app written into the temp dir (through
``BOOTLEGGERS_APP``), so they do not depend on the real API; the game-flow test boots the
real ``service.app:create_app()`` and is skipped while that module does not exist.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.runtime.queues import ALL_QUEUES
from tests.support.served import BOOT_TIMEOUT, REPO_ROOT, Served, _cmdline, alive, call

pytestmark = pytest.mark.slow

STUB_APP = '''
import os

import redis
from flask import Flask


def create_app():
    app = Flask(__name__)
    client = redis.Redis.from_url(os.environ["REDIS_URL"])

    @app.get("/healthz")
    def healthz():
        client.ping()
        return {"status": "ok", "redis_url": os.environ["REDIS_URL"]}

    return app
'''


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    (tmp_path / "stub_app.py").write_text(STUB_APP)
    return tmp_path


@pytest.fixture
def serve_stub(workdir: Path) -> Iterator[Served]:
    served = Served(workdir, app_spec="stub_app:create_app()")
    try:
        yield served
    finally:
        served.kill_everything()


# -- tests -----------------------------------------------------------------------------


def test_procfile_names_web_and_worker_like_serve_runs_them() -> None:
    lines = dict(
        line.split(":", 1) for line in (REPO_ROOT / "Procfile").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    )
    assert set(lines) == {"web", "worker"}
    assert "gunicorn -c gunicorn.conf.py" in lines["web"]
    assert '"service.app:create_app()"' in lines["web"]
    worker = lines["worker"].split()
    assert worker[:2] == ["rq", "worker"] and "--with-scheduler" in worker
    assert worker[-len(ALL_QUEUES):] == ALL_QUEUES


def test_serve_boots_redis_web_and_worker_and_sigint_stops_all(serve_stub: Served) -> None:
    assert serve_stub.wait_for_http("/healthz") == 200
    with urllib.request.urlopen(serve_stub.base + "/healthz", timeout=5) as response:
        health = json.load(response)
    redis_url = health["redis_url"]
    assert redis_url.startswith("redis://127.0.0.1:") and not redis_url.endswith(":6379/0")
    serve_stub.wait_for_worker(redis_url)

    commands = " | ".join(serve_stub.commands().values())
    assert "redis-server" in commands, commands
    assert "gunicorn" in commands, commands
    assert "rq worker" in commands or "rq.cli worker" in commands, commands

    code = serve_stub.interrupt_and_check_all_gone()
    assert code == 0, serve_stub.log()
    # The embedded Redis kept its data where it should: AOF under var/ of the working dir.
    assert (serve_stub.workdir / "var" / "redis" / "appendonly.aof").is_file()


def test_serve_exits_nonzero_and_stops_the_rest_when_a_child_dies(workdir: Path) -> None:
    served = Served(workdir, app_spec="no_such_module:create_app()")
    try:
        try:
            code = served.process.wait(BOOT_TIMEOUT)
        except subprocess.TimeoutExpired:
            pytest.fail(f"serve kept running with an app that cannot load:\n{served.log()}")
        served.track()
        assert code != 0
        assert "web exited" in served.log()
        time.sleep(0.5)
        left = {pid: _cmdline(pid) for pid in served.seen if alive(pid)}
        assert not left, f"orphans: {left}"
    finally:
        served.kill_everything()


# -- the real API, as a client would use it ---------------------------------------------


@pytest.mark.skipif(importlib.util.find_spec("service.app") is None,
                    reason="service.app is not written yet")
def test_three_seat_game_starts_through_the_real_api(workdir: Path) -> None:
    served = Served(workdir)  # the Procfile's own app spec
    try:
        assert served.wait_for_http("/healthz") == 200, served.log()
        base = served.base

        status, created = call(base, "POST", "/v1/games",
                               {"ruleset": "bootleggers", "seats": 3, "options": {}})
        assert status == 201, created
        game_id, organizer = created["game_id"], created["organizer_token"]

        players: dict[int, str] = {}
        for name in ("Ada", "Bix", "Cora"):
            status, joined = call(base, "POST", f"/v1/games/{game_id}/seats", {"name": name})
            assert status == 201, joined
            players[joined["seat"]] = joined["player_token"]
        assert len(players) == 3

        status, started = call(base, "POST", f"/v1/games/{game_id}/start", {}, token=organizer)
        assert status in (200, 201), started

        first_seat = min(players)
        status, state = call(base, "GET", f"/v1/games/{game_id}", token=players[first_seat])
        assert status == 200, state
        assert state["status"] == "running"
        assert state["round"] == 1
        by_seat = {p["seat"]: p for p in state["players"]}
        assert isinstance(by_seat[first_seat]["muscle_hand"], list)
        for seat, player in by_seat.items():
            if seat != first_seat:
                assert isinstance(player["muscle_hand"], int), player

        assert served.interrupt_and_check_all_gone() == 0
    finally:
        served.kill_everything()
