"""gunicorn settings for the referee's web process (see Procfile).

Sized for a 2-core machine: 2 worker processes of gunicorn's gevent worker. Every connection
is a greenlet (tens of kB with its request), not a thread, so thousands of open Server-Sent-Events streams
(``/v1/games/{id}/events/stream``) and slow clients fit in one process without starving
other requests (docs/service-decisions.md, "Web worker"). Everything can be overridden from
the environment.
"""

import gc
import logging
import os
import resource

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"

workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gevent"
# Open connections per worker (streams included); beyond it, new ones wait in the backlog.
worker_connections = int(os.environ.get("GUNICORN_WORKER_CONNECTIONS", "5000"))

# The gevent worker heartbeats from a greenlet of its own, so long-lived SSE responses do
# not trip this; it only catches a worker whose CPU is stuck.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# On SIGTERM, in-flight requests get this long. Open event streams are ended at once
# (post_worker_init below) and their clients reconnect, so this bounds ordinary requests.
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "5"))
keepalive = 5

# Logs are JSON lines (service/runtime/logs.py): the app writes one line per request (time, request
# id, game, seat, command, status, duration), so gunicorn's own access log is off, and its
# error log (boot, worker deaths, tracebacks) goes through the same JSON formatter.
accesslog = None
errorlog = "-"  # stderr
loglevel = os.environ.get("LOG_LEVEL", "info")
from service.runtime.logs import LOGCONFIG  # noqa: E402  (beside its use: the settings above need nothing)

logconfig_dict = LOGCONFIG

from gunicorn.glogging import Logger as _GunicornLogger  # noqa: E402


class QuietAccessLogger(_GunicornLogger):
    """gunicorn's logger, but a request's access-log line is built only when the access logger
    would write it: with a `logconfig_dict` gunicorn builds every line's atoms even while that
    logger is off (WARNING, above) — 3% of a worker's CPU under load."""

    def access(self, resp, req, environ, request_time):
        if self.access_log.isEnabledFor(logging.INFO):
            super().access(resp, req, environ, request_time)


logger_class = QuietAccessLogger


def child_exit(server, worker):
    """/metrics sums every process's files (PROMETHEUS_MULTIPROC_DIR, set by `bootleggers
    serve`); a dead worker's live gauges must not be summed with the living."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


# Heartbeat files in memory rather than on a possibly slow disk, where there is one.
if os.path.isdir("/dev/shm"):
    worker_tmp_dir = "/dev/shm"

proc_name = "bootleggers-web"

# gunicorn >= 27 opens a control socket at one fixed path per user (~/.gunicorn/), which
# two servers on one machine (a dev server and the e2e tests, say) would fight over.
# Set GUNICORN_CONTROL_SOCKET to a path of its own to get ``gunicornc`` back.
if os.environ.get("GUNICORN_CONTROL_SOCKET"):
    control_socket = os.environ["GUNICORN_CONTROL_SOCKET"]
else:
    control_socket_disable = True


def _raise_open_files_limit() -> None:
    """Every connection is a file descriptor: let a worker hold `worker_connections` of them
    plus its Redis connections (the soft limit is often 1024), up to the hard limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = worker_connections + 1024
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))


def on_starting(server) -> None:
    _raise_open_files_limit()


def post_worker_init(worker) -> None:
    """When the worker is told to stop, end its open event streams at once: they never end
    by themselves, and gunicorn would otherwise wait out graceful_timeout for them."""
    import gevent

    from service.api import fanout

    def end_streams_on_stop() -> None:
        while worker.alive:
            gevent.sleep(0.25)
        fanout.close_all()

    gevent.spawn(end_streams_on_stop)
    _freeze_what_was_loaded()


#: gen-0 collections every this many net allocations (CPython's default: 700): a write copies
#: a game's state (thousands of objects, freed at once by reference counting), and at the
#: default a collection ran every request, reaching the whole heap every few hundred.
GC_THRESHOLD = (int(os.environ.get("GC_THRESHOLD0", "20000")), 20, 100)


def _freeze_what_was_loaded() -> None:
    """The app's modules, schemas and routes live as long as the worker: moved out of the
    collector's reach (gc.freeze) once loaded, a full collection no longer walks them (~95,000
    objects, 60-90 ms a pass, a pause for every request of the worker)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLD)
