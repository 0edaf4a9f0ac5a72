"""``bootleggers serve``: what the Procfile lists (gunicorn + an RQ worker) as child processes,
with an embedded Redis when ``REDIS_URL`` is not set, supervised (service/cli/supervisor.py):
a crashed RQ worker or embedded Redis is started again after a backoff; gunicorn restarts its
own workers, and should gunicorn itself die everything is stopped and the command fails. It
stops them in order: web and worker first, Redis last. Every child runs in its own session so
that a Ctrl-C at the terminal reaches only this process, which then shuts the others down
cleanly; each also gets SIGTERM from the kernel should this process die without cleaning up.
Its log lines are for operators and stay English.
"""
from __future__ import annotations

import os
import shutil
import signal
import sys
import time

import click

from service.runtime.queues import ALL_QUEUES
from service.runtime.supervise import Backoff, Restarts, exit_fields

from .children import Child, MetricsDir, fresh_metrics_dir, gunicorn_config, log, redacted, rq_command, stop_children
from .supervisor import SUPERVISE_EVERY, how_it_ended, supervise_redis, supervise_worker

DEFAULT_APP = "service.app:create_app()"
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


@click.command()
@click.option("--port", type=int, envvar="PORT", default=8000, show_default=True,
              help="HTTP port (env PORT).")
@click.option("--app", "app_spec", envvar="BOOTLEGGERS_APP", default=DEFAULT_APP,
              show_default=True, help="gunicorn application spec (env BOOTLEGGERS_APP).")
@click.option("--data-dir", type=click.Path(file_okay=False), envvar="BOOTLEGGERS_DATA_DIR",
              default="var/redis", show_default=True,
              help="Embedded Redis data dir (used only when REDIS_URL is unset).")
@click.option("--stop-timeout", type=float, default=8.0, show_default=True,
              help="Seconds the web and worker get to stop before they are killed.")
def serve(port: int, app_spec: str, data_dir: str, stop_timeout: float) -> None:
    """Run web (gunicorn) + worker (rq) as in the Procfile, with Redis if needed.

    Without REDIS_URL an embedded Redis (AOF on, data under var/redis) is started and its
    URL is exported to the children. A crashed worker or embedded Redis is restarted after
    a backoff (0.5 s doubling to 10 s; RESTART_BACKOFF_SECONDS, RESTART_BACKOFF_MAX_SECONDS,
    RESTART_STABLE_SECONDS); if gunicorn itself dies, the others are stopped and the command
    exits non-zero. Ctrl-C or SIGTERM stops everything.
    """
    stop_signal = _stop_on_signals()
    env = dict(os.environ)
    env["PORT"] = str(port)
    env.setdefault("PYTHONUNBUFFERED", "1")
    backoff = _backoff(env)
    _check_archive(env)
    embedded, redis_restarts = _redis(env, data_dir, backoff)
    from service.runtime.archive import archive_url

    log(f"finished games leave for the archive at {archive_url(env)} (ARCHIVE_URL)")
    queue_url = _queue_url(env, embedded)
    metrics_dir = fresh_metrics_dir(env)
    web = Child("web", [sys.executable, "-m", "gunicorn", "-c", str(gunicorn_config()), app_spec])
    worker = Child("worker", [*rq_command(), "worker", "--with-scheduler", "-w", "service.jobs.worker.ClockWorker",
                              "--serializer", "json", "--url", queue_url, *ALL_QUEUES], restarts=_restarts(backoff))
    try:
        exit_code = _run(web, worker, env, port, embedded, redis_restarts, stop_signal)
    finally:
        _shut_down([web, worker], stop_timeout, embedded, metrics_dir)
    log("stopped")
    sys.exit(exit_code)


def _stop_on_signals() -> list[int]:
    """Ctrl-C, SIGTERM and SIGHUP ask serve to stop: the signal is noted in the list returned,
    and the watch ends at its next look."""
    stop_signal: list[int] = []

    def request_stop(signum: int, _frame: object) -> None:
        stop_signal.append(signum)

    for signum in STOP_SIGNALS:
        signal.signal(signum, request_stop)
    return stop_signal


def _backoff(env: dict[str, str]) -> Backoff:
    try:
        return Backoff.from_env(env)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from exc


def _restarts(backoff: Backoff) -> Restarts:
    """A child's own restart count and backoff, on the settings read from the environment."""
    return Restarts(Backoff(backoff.initial, backoff.maximum, backoff.stable))


def _check_archive(env: dict[str, str]) -> None:
    """A URL that names no archive stops serve before anything starts."""
    from service.runtime.archive import ArchiveError, archive_url, open_archive
    try:
        if env.get("ARCHIVE_URL"):
            open_archive(archive_url(env), env)
    except ArchiveError as exc:
        raise click.ClickException(str(exc)) from exc


def _redis(env: dict[str, str], data_dir: str, backoff: Backoff):
    """Without REDIS_URL: the embedded Redis started (its URL exported to the children, the
    archive beside its data dir unless ARCHIVE_URL says otherwise) and its restart count.
    With it: (None, None), an external Redis that serve does not supervise."""
    if env.get("REDIS_URL"):
        log(f"using REDIS_URL={redacted(env['REDIS_URL'])} (not supervised here: an external Redis)")
        return None, None
    from service.runtime.embedded_redis import EmbeddedRedis, EmbeddedRedisError

    try:
        embedded = EmbeddedRedis(data_dir, appendonly=True).start()
    except EmbeddedRedisError as exc:
        raise click.ClickException(str(exc)) from exc
    restarts = _restarts(backoff)
    restarts.started(time.monotonic())
    env["REDIS_URL"] = embedded.url
    log(f"embedded redis started (pid {embedded.pid}) at {embedded.url}, "
        f"AOF in {embedded.data_dir} (appendfsync {embedded.fsync}; REDIS_FSYNC=always|everysec), "
        f"maxmemory {embedded.maxmemory} (REDIS_MAXMEMORY)",
        child="redis", pid=embedded.pid, url=embedded.url)
    if not env.get("ARCHIVE_URL"):  # finished games' records: beside the data dir (var/archive)
        from service.runtime.archive import beside
        env["ARCHIVE_URL"] = beside(data_dir)
    return embedded, restarts


def _queue_url(env: dict[str, str], embedded) -> str:
    """RQ's plain Redis: REDIS_URL unless that is a cluster (then the queue's own URL, or serve
    stops); a Redis not answering yet gives REDIS_URL, on which the worker retries."""
    import redis
    from service.runtime.redis_connect import ClusterWithoutQueue, rq_url
    try:
        return rq_url(env)
    except ClusterWithoutQueue as exc:
        if embedded is not None:
            embedded.stop()
        raise click.ClickException(str(exc)) from exc
    except redis.RedisError:
        return env["REDIS_URL"]


def _run(web: Child, worker: Child, env: dict[str, str], port: int, embedded, redis_restarts: Restarts | None,
         stop_signal: list[int]) -> int:
    """Start the children, then look after them until a stop signal (exit code 0) or the
    web's death (1)."""
    for child in (web, worker):
        if stop_signal:
            break
        child.start(env)
    host = env.get("HOST", "0.0.0.0")
    where = f"http://127.0.0.1:{port}" + (f" (listening on {host}:{port})" if host != "127.0.0.1" else "")
    log(f"serving on {where} (Ctrl-C to stop)", port=port)
    exit_code = 0
    while not stop_signal:
        if web.process is not None and not web.alive:
            code = web.process.returncode
            log(f"web exited ({how_it_ended(code)}); stopping the others", "error", child="web",
                pid=web.process.pid, **exit_fields(code))
            exit_code = 1
            break
        if embedded is not None and redis_restarts is not None:
            supervise_redis(embedded, redis_restarts)
        if worker.process is not None and not stop_signal:
            supervise_worker(worker, env, redis_up=embedded is None or embedded.running())
        time.sleep(SUPERVISE_EVERY)
    if stop_signal:
        log(f"got {signal.Signals(stop_signal[0]).name}; stopping")
    return exit_code


def _shut_down(children: list[Child], stop_timeout: float, embedded, metrics_dir: MetricsDir) -> None:
    """In order: further Ctrl-Cs ignored, the web and the worker stopped, then Redis, then the
    metrics directory serve made."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, lambda *_: None)
    stop_children(children, stop_timeout)
    if embedded is not None:
        embedded.stop()
        log("embedded redis stopped")
    if metrics_dir.owned:
        shutil.rmtree(metrics_dir.path, ignore_errors=True)
