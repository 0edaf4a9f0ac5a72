"""A real ``bootleggers serve`` (embedded Redis, gunicorn, RQ worker) driven as a client would.

``Served`` starts it in a temp working dir, tracks every process it forks, and stops it;
``call`` sends one JSON request with urllib. Shared by the e2e tests (tests/e2e).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import redis

from service.queues import ALL_QUEUES

REPO_ROOT = Path(__file__).resolve().parents[2]
BOOT_TIMEOUT = 45.0
STOP_TIMEOUT = 10.0


def _proc_stat(pid: int) -> tuple[str, int] | None:
    """(state, ppid) of a live process, from /proc; None if it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = raw[raw.rindex(")") + 2 :].split()
    return fields[0], int(fields[1])


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def descendants(root: int) -> set[int]:
    """Every process below ``root`` right now (children, grandchildren, ...)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        stat = _proc_stat(int(entry.name))
        if stat is not None:
            children.setdefault(stat[1], []).append(int(entry.name))
    found: set[int] = set()
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    stat = _proc_stat(pid)
    return stat is not None and stat[0] != "Z"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve_command() -> list[str]:
    script = Path(sys.executable).parent / "bootleggers"
    if script.is_file():
        return [str(script), "serve"]
    return [sys.executable, "-m", "service.cli", "serve"]


class Served:
    """``bootleggers serve`` in a temp working dir, with every pid it ever forked."""

    def __init__(self, workdir: Path, app_spec: str | None = None, env: dict[str, str] | None = None) -> None:
        self.workdir = workdir
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = workdir / "serve.log"
        extra_env = env or {}
        env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "TEST_REDIS_URL"}}
        env["PORT"] = str(self.port)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(workdir), env.get("PYTHONPATH")]))
        env.update(extra_env)
        if app_spec:
            env["BOOTLEGGERS_APP"] = app_spec
        else:
            env.pop("BOOTLEGGERS_APP", None)
        self._log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            serve_command(), cwd=workdir, env=env, stdin=subprocess.DEVNULL,
            stdout=self._log, stderr=subprocess.STDOUT,
        )
        self.seen: set[int] = set()

    def log(self) -> str:
        self._log.flush()
        return self.log_path.read_text(errors="replace")[-6000:]

    def track(self) -> set[int]:
        self.seen |= descendants(self.process.pid)
        return self.seen

    def commands(self) -> dict[int, str]:
        return {pid: _cmdline(pid) for pid in self.track() if alive(pid)}

    def wait_for_http(self, path: str = "/healthz") -> int:
        """Poll until gunicorn answers ``path`` with any status; return that status."""
        deadline = time.monotonic() + BOOT_TIMEOUT
        while time.monotonic() < deadline:
            self.track()
            if self.process.poll() is not None:
                pytest.fail(f"serve exited early with {self.process.returncode}:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.base + path, timeout=2) as response:
                    return response.status
            except urllib.error.HTTPError as exc:
                return exc.code
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.2)
        pytest.fail(f"no HTTP answer on {self.base}{path} within {BOOT_TIMEOUT}s:\n{self.log()}")

    def wait_for_worker(self, url: str) -> None:
        """Until an RQ worker has registered in Redis, listening on the Procfile's queues."""
        from rq import Worker

        client = redis.Redis.from_url(url)
        deadline = time.monotonic() + BOOT_TIMEOUT
        try:
            while time.monotonic() < deadline:
                self.track()
                workers = Worker.all(connection=client)
                if workers:
                    assert sorted(workers[0].queue_names()) == sorted(ALL_QUEUES)
                    return
                time.sleep(0.2)
        finally:
            client.close()
        pytest.fail(f"no RQ worker registered within {BOOT_TIMEOUT}s:\n{self.log()}")

    def interrupt_and_check_all_gone(self) -> int:
        """SIGINT serve; assert it and every process it forked are gone within the limit."""
        pids = self.track()
        self.process.send_signal(signal.SIGINT)
        try:
            code = self.process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            pytest.fail(f"serve still running {STOP_TIMEOUT}s after SIGINT:\n{self.log()}")
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline and any(alive(p) for p in pids):
            time.sleep(0.1)
        left = {pid: _cmdline(pid) for pid in pids if alive(pid)}
        assert not left, f"orphans left after SIGINT: {left}\n{self.log()}"
        return code

    def kill_everything(self) -> None:
        """Last-resort cleanup so a failing test leaves no processes behind."""
        for pid in self.track() | {self.process.pid}:
            if alive(pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        self.process.wait()
        self._log.close()


def call(base: str, method: str, path: str, body: object | None = None,
         token: str | None = None) -> tuple[int, object]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as exc:
        raw = exc.read()
        try:
            return exc.code, json.loads(raw)
        except ValueError:
            return exc.code, raw.decode(errors="replace")
