"""Many open event streams (and idle half-requests) from one process, for the crowd tests
(tests/e2e/test_crowd.py) and bench/stream.py.

One asyncio loop in a background thread holds every socket (a few kB each), so the caller
stays synchronous: it opens streams, sends commands with plain urllib, and asks when each
event reached every listener. Requests are HTTP/1.0, so the SSE body comes unchunked and
ends when the server closes the connection.
"""
from __future__ import annotations

import asyncio
import resource
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit


def raise_open_files_limit() -> int:
    """Lift this process's soft limit on open files to the hard one; the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


@dataclass
class Listener:
    """One open stream: when each event id arrived, how many comments, when it closed."""

    status: int
    arrivals: dict[int, float] = field(default_factory=dict)
    comments: int = 0
    closed_at: float | None = None

    @property
    def last_id(self) -> int | None:
        return max(self.arrivals) if self.arrivals else None


class Crowd:
    """Open connections to one server, read on a loop of their own."""

    def __init__(self, base: str):
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="crowd", daemon=True)
        self.thread.start()
        self.writers: list[asyncio.StreamWriter] = []
        self.tasks: list[asyncio.Task] = []

    def _run(self, coroutine, timeout: float):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    # -- streams -----------------------------------------------------------------------
    def listen(self, path: str, count: int = 1, headers: dict | None = None,
               batch: int = 100, timeout: float = 120) -> list[Listener]:
        """Open `count` streams of `path`, `batch` at a time; return once all answered."""
        async def open_all() -> list[Listener]:
            opened: list[Listener] = []
            for start in range(0, count, batch):
                size = min(batch, count - start)
                opened += await asyncio.gather(*(self._open(path, headers or {}) for _ in range(size)))
            return opened

        return self._run(open_all(), timeout)

    async def _open(self, path: str, headers: dict) -> Listener:
        reader, writer = await asyncio.open_connection(self.host, self.port, limit=2**20)
        self.writers.append(writer)
        lines = [f"GET {path} HTTP/1.0", f"Host: {self.host}", "Accept: text/event-stream",
                 *(f"{k}: {v}" for k, v in headers.items())]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        await writer.drain()
        status = int((await reader.readline()).split()[1])
        while (await reader.readline()) not in (b"\r\n", b"\n", b""):
            pass
        listener = Listener(status)
        self.tasks.append(self.loop.create_task(self._read(listener, reader)))
        return listener

    @staticmethod
    async def _read(listener: Listener, reader: asyncio.StreamReader) -> None:
        try:
            while line := await reader.readline():
                if line.startswith(b"id: "):
                    listener.arrivals[int(line[4:])] = time.monotonic()
                elif line.startswith(b":"):
                    listener.comments += 1
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            listener.closed_at = time.monotonic()

    def wait_for(self, listeners: list[Listener], version: int, timeout: float) -> list[float] | None:
        """When `version` reached each listener (monotonic), or None if one lacks it by then."""
        deadline = time.monotonic() + timeout
        while True:
            times = [listener.arrivals.get(version) for listener in listeners]
            if None not in times:
                return times  # type: ignore[return-value]
            if time.monotonic() > deadline:
                return None
            time.sleep(0.02)

    # -- slowloris -----------------------------------------------------------------------
    def half_requests(self, count: int, timeout: float = 60) -> None:
        """Open `count` connections that send part of a request's headers and then nothing."""
        async def open_all() -> None:
            for _ in range(count):
                _, writer = await asyncio.open_connection(self.host, self.port)
                writer.write(f"GET /healthz HTTP/1.1\r\nHost: {self.host}\r\nX-Slow: ".encode())
                await writer.drain()
                self.writers.append(writer)

        self._run(open_all(), timeout)

    # -- the end ---------------------------------------------------------------------------
    def close(self) -> None:
        async def close_all() -> None:
            for task in self.tasks:
                task.cancel()
            for writer in self.writers:
                writer.close()
            await asyncio.gather(*self.tasks, return_exceptions=True)

        try:
            self._run(close_all(), 30)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
            self.loop.close()
            self.writers.clear()
            self.tasks.clear()

    def __enter__(self) -> "Crowd":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
