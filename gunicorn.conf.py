"""gunicorn settings for the referee's web process (see Procfile).

Sized for a 2-core machine: 2 worker processes, each with a pool of threads. The threads
matter more than the processes: every open Server-Sent-Events stream
(``/v1/games/{id}/events/stream``) holds one thread for as long as the client listens.
Everything can be overridden from the environment.
"""

import os

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"

workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "16"))

# gthread workers heartbeat from their main loop, so long-lived SSE responses do not
# trip this; it only catches a worker that is truly stuck.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# On SIGTERM, in-flight requests get this long; SSE streams never finish by themselves,
# so keep it short enough for a prompt restart.
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "5"))
keepalive = 5

# Logs are JSON lines (service/logs.py): the app writes one line per request (time, request
# id, game, seat, command, status, duration), so gunicorn's own access log is off, and its
# error log (boot, worker deaths, tracebacks) goes through the same JSON formatter.
accesslog = None
errorlog = "-"  # stderr
loglevel = os.environ.get("LOG_LEVEL", "info")
from service.logs import LOGCONFIG  # noqa: E402  (beside its use: the settings above need nothing)

logconfig_dict = LOGCONFIG


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
