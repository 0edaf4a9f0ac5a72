"""The processes ``bootleggers serve`` starts (service/cli/serve.py): how each is started in
its own session and stopped with all it forked, where gunicorn's configuration and ``rq`` are
found, the metrics directory they share, and serve's own log lines (one JSON object a line on
stderr, as the children's: service/runtime/logs.py)."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import click

from service.runtime.supervise import Restarts

REPO_ROOT = Path(__file__).resolve().parents[2]

_serve_logger = None


def log(message: str, level: str = "info", **fields: object) -> None:
    """One JSON line on stderr: `event` the sentence, `logger` bootleggers.serve, the fields."""
    global _serve_logger
    if _serve_logger is None:
        import structlog

        from service.runtime import logs

        logs.configure()
        _serve_logger = structlog.get_logger("bootleggers.serve")
    getattr(_serve_logger, level)(message, **fields)


def redacted(url: str) -> str:
    """`url` without its password, for a log line."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = f"{parts.username}:***@" if parts.username else ":***@"
    return urlunsplit(parts._replace(netloc=user + netloc))


@dataclass
class Child:
    name: str
    argv: list[str]
    process: subprocess.Popen[bytes] | None = None
    #: restarted after a crash (the worker); None: its death stops serve (the web)
    restarts: Restarts | None = None

    def start(self, env: dict[str, str]) -> None:
        from service.runtime.embedded_redis import die_with_parent

        self.process = subprocess.Popen(
            self.argv,
            env=env,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            preexec_fn=die_with_parent,
        )
        if self.restarts is not None:
            self.restarts.started(time.monotonic())
        shown = " ".join(redacted(a) if "://" in a else a for a in self.argv)
        log(f"{self.name} started (pid {self.process.pid}): {shown}",
            child=self.name, pid=self.process.pid)

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def terminate(self) -> None:
        if self.alive:
            assert self.process is not None
            self.process.send_signal(signal.SIGTERM)

    def kill_group(self) -> None:
        """SIGKILL the child and whatever it forked (gunicorn workers, rq work-horses)."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def gunicorn_config() -> Path:
    """``gunicorn.conf.py`` of the working dir (Procfile semantics), else of the repo."""
    for candidate in (Path.cwd() / "gunicorn.conf.py", REPO_ROOT / "gunicorn.conf.py"):
        if candidate.is_file():
            return candidate
    raise click.ClickException("gunicorn.conf.py not found in the working dir or the repo")


def rq_command() -> list[str]:
    """``rq`` from the same environment as this interpreter, even if it is not on PATH."""
    beside = Path(sys.executable).parent / "rq"
    if beside.is_file():
        return [str(beside)]
    found = shutil.which("rq")
    return [found] if found else [sys.executable, "-m", "rq.cli"]


def stop_children(children: list[Child], timeout: float) -> None:
    for child in children:
        child.terminate()
    deadline = time.monotonic() + timeout
    for child in children:
        if child.process is None:
            continue
        remaining = max(0.0, deadline - time.monotonic())
        try:
            child.process.wait(remaining)
        except subprocess.TimeoutExpired:
            log(f"{child.name} did not stop within {timeout:.0f}s; killing it", "warning", child=child.name)
            child.kill_group()
            child.process.wait()
        # Leave nothing behind that the child forked and did not reap.
        child.kill_group()


@dataclass
class MetricsDir:
    path: str
    owned: bool


def fresh_metrics_dir(env: dict[str, str]) -> MetricsDir:
    """PROMETHEUS_MULTIPROC_DIR for the children, emptied: /metrics then sums the counters of
    every gunicorn worker and the RQ worker of this run, and nothing of an earlier one. A
    directory given in the environment is emptied of its metric files; otherwise a temp
    directory is made and removed at the end."""
    given = env.get("PROMETHEUS_MULTIPROC_DIR")
    if given:
        Path(given).mkdir(parents=True, exist_ok=True)
        for stale in Path(given).glob("*.db"):
            stale.unlink(missing_ok=True)
        return MetricsDir(given, owned=False)
    import tempfile

    env["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="bootleggers-metrics-")
    return MetricsDir(env["PROMETHEUS_MULTIPROC_DIR"], owned=True)


def forget_metrics_of(pid: int, env: dict[str, str]) -> None:
    """A dead process's live gauges must not be summed with the living (gunicorn.conf.py's
    child_exit does the same for its workers)."""
    if env.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid, env["PROMETHEUS_MULTIPROC_DIR"])
