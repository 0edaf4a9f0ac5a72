"""Clock fixtures: the timed toy app, games with deadlines, and a real RQ worker process."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.clock.timed_toy import TIMED_TOY
from tests.conftest import bearer

REPO = Path(__file__).resolve().parents[2]
RQ = Path(sys.executable).parent / "rq"
WORKER_ARGV = ["worker", "--with-scheduler", "-w", "service.jobs.worker.ClockWorker", "--serializer", "json"]


@pytest.fixture
def clock_app(make_app):
    return make_app({"toy": TIMED_TOY})


@pytest.fixture
def api(clock_app):
    return clock_app.test_client()


@pytest.fixture
def games(clock_app):
    return clock_app.extensions["games"]


@pytest.fixture
def new_game(api):
    """`new_game(deadlines={...}, **options)` -> (game_id, organizer token, [player tokens])."""

    def make(deadlines=None, start=True, **options):
        body = {"ruleset": "toy", "seats": 3, "options": {"deadlines": deadlines or {}, **options}}
        created = api.post("/v1/games", json=body)
        assert created.status_code == 201, created.get_data(as_text=True)
        created = created.get_json()
        game = created["game_id"]
        tokens = [api.post(f"/v1/games/{game}/seats", json={"name": n}).get_json()["player_token"]
                  for n in ("Alice", "Bob", "Charlie")]
        if start:
            r = api.post(f"/v1/games/{game}/start", headers=bearer(created["organizer_token"]))
            assert r.status_code == 201, r.get_data(as_text=True)
        return game, created["organizer_token"], tokens

    return make


class WorkerProcess:
    """`rq worker` as a child process in its own session (killed with its group)."""

    def __init__(self, redis_url: str, log_path: Path, extra_env: dict | None = None):
        env = {**os.environ, "REDIS_URL": redis_url, "PYTHONUNBUFFERED": "1",
               "BOOTLEGGERS_RULESETS": "tests.clock.timed_toy:rulesets", "CLOCK_SWEEP_SECONDS": "0.25",
               **(extra_env or {})}
        self.log_path = log_path
        self.log = open(log_path, "ab")
        self.process = subprocess.Popen([str(RQ), *WORKER_ARGV, "--url", redis_url, "clock", "replays"],
                                        cwd=REPO, env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, start_new_session=True)

    def wait_ready(self, client, timeout: float = 20.0) -> None:
        """Ready once it has registered itself (after its start-up sweep)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"worker exited: {self.log_path.read_text()[-3000:]}")
            if b"clock: " in self.log_path.read_bytes() and client.smembers("rq:workers"):
                return
            time.sleep(0.05)
        raise RuntimeError(f"worker not ready after {timeout}s: {self.log_path.read_text()[-3000:]}")

    def kill(self, sig=signal.SIGKILL) -> None:
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, sig)
            except ProcessLookupError:
                pass
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(5)
        self.log.close()

    def stop(self) -> None:
        """SIGTERM (warm shutdown), then SIGKILL for whatever is left of the group."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        if self.process.poll() is None:
            self.process.wait(5)
        if not self.log.closed:
            self.log.close()


@pytest.fixture
def start_worker(redis_url, redis_client, tmp_path):
    """`start_worker(env=...)` -> a ready WorkerProcess (`env`: more of its environment); every one
    is stopped at teardown."""
    started: list[WorkerProcess] = []

    def start(ready: bool = True, env: dict | None = None) -> WorkerProcess:
        worker = WorkerProcess(redis_url, tmp_path / f"worker{len(started)}.log", env)
        started.append(worker)
        if ready:
            worker.wait_ready(redis_client)
        return worker

    yield start
    for worker in started:
        worker.stop()
