"""Serve's watch over its children: a crashed RQ worker or embedded Redis is started again once
its backoff has passed (service/runtime/supervise.py), Redis on the same port and data dir;
every death and restart is a log line saying how it ended and when the next try comes."""
from __future__ import annotations

import time

from service.runtime.supervise import Restarts, exit_fields

from .children import Child, forget_metrics_of, log

#: seconds between two looks at the children
SUPERVISE_EVERY = 0.1


def _wall_in(seconds: float) -> str:
    """The UTC time `seconds` from now, ISO 8601 (the log lines' own `time` format)."""
    from datetime import datetime, timedelta, timezone

    return (datetime.now(timezone.utc) + timedelta(seconds=seconds)).isoformat().replace("+00:00", "Z")


def supervise_worker(worker: Child, env: dict[str, str], redis_up: bool) -> None:
    """Restart the RQ worker after a crash, once its backoff has passed and Redis runs."""
    restarts = worker.restarts
    assert restarts is not None and worker.process is not None
    now = time.monotonic()
    if not restarts.pending and not worker.alive:
        pid, code = worker.process.pid, worker.process.returncode
        ran = None if restarts.started_at is None else round(now - restarts.started_at, 1)
        worker.kill_group()  # what it forked (RQ's scheduler) must not outlive it
        forget_metrics_of(pid, env)
        wait = restarts.died(now)
        log(f"worker (pid {pid}) died ({how_it_ended(code)}) after {ran} s; restarting in {wait:g} s"
            + ("" if redis_up else ", once Redis is back"), "warning",
            child="worker", pid=pid, **exit_fields(code), ran_seconds=ran, restart_in_seconds=wait,
            restart_at=_wall_in(wait), restart=restarts.count + 1)
    if restarts.due(now) and redis_up:
        restarts.count += 1
        worker.start(env)
        log(f"worker restarted (pid {worker.process.pid}, restart {restarts.count})",
            child="worker", pid=worker.process.pid, restart=restarts.count)


def supervise_redis(embedded, restarts: Restarts) -> None:  # embedded: EmbeddedRedis
    """Restart the embedded Redis after a crash: same port, same data dir (its AOF)."""
    from service.runtime.embedded_redis import EmbeddedRedisError

    now = time.monotonic()
    if not restarts.pending and not embedded.running():
        pid, code = embedded.pid, embedded.returncode
        ran = None if restarts.started_at is None else round(now - restarts.started_at, 1)
        wait = restarts.died(now)
        log(f"embedded redis (pid {pid}) died ({how_it_ended(code)}) after {ran} s; restarting it on the "
            f"same port and data dir in {wait:g} s; meanwhile the API answers 503", "warning",
            child="redis", pid=pid, **exit_fields(code), ran_seconds=ran, restart_in_seconds=wait,
            restart_at=_wall_in(wait), restart=restarts.count + 1)
    if restarts.due(now):
        restarts.count += 1
        began = time.monotonic()
        try:
            embedded.restart()
        except EmbeddedRedisError as exc:
            wait = restarts.failed(time.monotonic())
            log(f"embedded redis did not come back ({exc}); trying again in {wait:g} s", "error",
                child="redis", restart=restarts.count, restart_in_seconds=wait, restart_at=_wall_in(wait))
            return
        restarts.started(time.monotonic())
        log(f"embedded redis restarted (pid {embedded.pid}) at {embedded.url}, AOF replayed in "
            f"{time.monotonic() - began:.2f} s", child="redis", pid=embedded.pid, restart=restarts.count,
            url=embedded.url)


def how_it_ended(returncode: int | None) -> str:
    """"exit code N" or "killed by SIGNAL", for a log line."""
    fields = exit_fields(returncode)
    return f"killed by {fields['signal']}" if "signal" in fields else f"exit code {returncode}"
