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

from service.runtime.queues import ALL_QUEUES

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
        # Tests opt in to the loopback exemption from the limits (no address is exempt by
        # default); a test of the limits themselves sets RATE_LIMIT_EXEMPT to "".
        env.setdefault("RATE_LIMIT_EXEMPT", "127.0.0.1,::1")
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
        self.wait_for_worker_pid(url, None)

    # -- its children, by what they run (the self-healing tests kill them) ---------------

    def records(self) -> list[dict]:
        """Every JSON line of the whole log (serve's own, gunicorn's, the worker's), parsed."""
        self._log.flush()
        found = []
        for line in self.log_path.read_text(errors="replace").splitlines():
            if line.startswith("{"):
                try:
                    found.append(json.loads(line))
                except ValueError:
                    pass
        return found

    def serve_records(self, child: str | None = None) -> list[dict]:
        """serve's own log lines (logger bootleggers.serve), those about `child` if given."""
        return [r for r in self.records() if r.get("logger") == "bootleggers.serve"
                and (child is None or r.get("child") == child)]

    def child_pid(self, marker: str) -> int | None:
        """The pid of serve's own live child whose command line contains `marker` (`redis-server`,
        `gunicorn`, `rq`), None if there is none right now."""
        self.track()
        for pid in descendants(self.process.pid):
            stat = _proc_stat(pid)
            if stat and stat[0] != "Z" and stat[1] == self.process.pid and marker in _cmdline(pid):
                return pid
        return None

    def wait_for_child(self, marker: str, other_than: int | None = None, timeout: float = BOOT_TIMEOUT) -> int:
        """Until serve has a live child running `marker` (and not pid `other_than`); its pid."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid = self.child_pid(marker)
            if pid is not None and pid != other_than:
                return pid
            if self.process.poll() is not None:
                pytest.fail(f"serve exited with {self.process.returncode}:\n{self.log()}")
            time.sleep(0.05)
        pytest.fail(f"no new {marker} child of serve within {timeout}s:\n{self.log()}")

    def web_workers(self) -> set[int]:
        """The live gunicorn workers (the children of serve's gunicorn master)."""
        master = self.child_pid("gunicorn")
        if master is None:
            return set()
        return {pid for pid in descendants(master)
                if (stat := _proc_stat(pid)) and stat[0] != "Z" and stat[1] == master}

    def wait_for_replaced_worker(self, victim: int, timeout: float = 30) -> set[int]:
        """The two live workers once gunicorn has replaced `victim` (each check one reading of
        the process table: the victim may die between two)."""
        end = time.monotonic() + timeout
        while not (len(now := self.web_workers()) == 2 and victim not in now):
            assert time.monotonic() < end, (victim, now, self.log()[-3000:])
            time.sleep(0.05)
        return now

    def redis_url(self) -> str:
        """The embedded Redis's URL, as serve logged it when it started it."""
        for record in self.serve_records("redis"):
            if record.get("url"):
                return record["url"]
        pytest.fail(f"serve logged no embedded Redis URL:\n{self.log()}")

    def wait_for_worker_pid(self, url: str, pid: int | None, timeout: float = BOOT_TIMEOUT) -> None:
        """Until the RQ worker of process `pid` (None: any) has registered in Redis on the
        Procfile's queues."""
        from rq import Worker

        client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=5)
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                self.track()
                try:
                    mine = [w for w in Worker.all(connection=client) if pid is None or w.pid == pid]
                except redis.RedisError:
                    mine = []
                if mine:
                    assert sorted(mine[0].queue_names()) == sorted(ALL_QUEUES)
                    return
                time.sleep(0.05)
        finally:
            client.close()
        pytest.fail(f"the RQ worker {f'of pid {pid} ' if pid else ''}did not register within {timeout}s:\n{self.log()}")

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


def call_full(base: str, method: str, path: str, body: object | None = None, token: str | None = None,
              timeout: float = 10.0) -> tuple[int, dict[str, str], object]:
    """`call`, with the answer's headers too: (status, headers, JSON body or text)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, headers, raw = response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        status, headers, raw = exc.code, dict(exc.headers), exc.read()
    try:
        return status, headers, json.loads(raw or b"null")
    except ValueError:
        return status, headers, raw.decode(errors="replace")
