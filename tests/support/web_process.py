"""The service as a user runs it, in a child process, for the benches (and tests that need
real gunicorn): `serve` is `make serve` (gunicorn with gunicorn.conf.py + the RQ worker,
service/cli/serve.py), `gunicorn` the web process alone. Each waits for /healthz and is stopped
with its whole process group."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from service.runtime.embedded_redis import free_port

REPO = Path(__file__).resolve().parents[2]


def start_serve(redis_url: str, log_path: Path, **env: str) -> tuple[subprocess.Popen, str]:
    """`bootleggers serve` (web + worker) on `redis_url`, on a free port; extra `env`."""
    port = free_port()
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    return _started(command, port, {"REDIS_URL": redis_url, **env}, log_path)


def start_serve_embedded(workdir: Path, log_path: Path, **env: str) -> tuple[subprocess.Popen, str]:
    """`bootleggers serve` exactly as `make serve` runs it — its own embedded Redis (AOF under
    `workdir`/var/redis), gunicorn and the RQ worker — in `workdir`, on a free port; extra `env`."""
    port = free_port()
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    clean = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "RQ_REDIS_URL", "TEST_REDIS_URL")}
    return _started(command, port, env, log_path, cwd=workdir, base_env=clean)


def start_web(redis_url: str, rq_url: str, workers: int, log_path: Path) -> tuple[subprocess.Popen, str]:
    """gunicorn alone, `workers` processes, RQ on `rq_url`, rate limits off."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "-c", str(REPO / "gunicorn.conf.py"), "service.app:create_app()"]
    env = {"REDIS_URL": redis_url, "RQ_REDIS_URL": rq_url, "PORT": str(port), "HOST": "127.0.0.1",
           "WEB_CONCURRENCY": str(workers), "RATE_LIMITS": "off", "LOG_LEVEL": "warning"}
    return _started(command, port, env, log_path)


def _started(command: list[str], port: int, env: dict, log_path: Path, cwd: Path = REPO,
             base_env: dict | None = None) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen(command, cwd=cwd, env={**(os.environ if base_env is None else base_env), **env},
                               stdout=open(log_path, "wb"),
                               stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2):
                return process, base
        except Exception:
            if process.poll() is not None:
                break
            time.sleep(0.2)
    stop(process)
    raise RuntimeError(f"the service did not come up: {log_path.read_text()[-3000:]}")


def stop(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(5)
