"""Waiting out a full Redis (maxmemory, noeviction) in the worker: never a crash, never a busy loop.

A full Redis refuses every write that would grow its memory — an append, and also RQ's own
bookkeeping (a worker's birth and heartbeat, a job's status, even a read queued inside
MULTI). Nothing a worker does can succeed until room is made (finished games leave for the
archive, an operator raises `REDIS_MAXMEMORY` or deletes what filled it), and none of it is
lost by waiting: the record refused the write whole. So the worker waits: it probes with one
tiny write (a key that expires in a second) after 0.25 s, 0.5, 1, 2 ... up to
`STORE_FULL_RETRY_MAX_SECONDS` (2 s) between tries, logs once when a full spell begins and
once when it ends, and then does again what was refused (service/jobs/worker.py).
"""
from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable

import redis

from service.runtime.redis_connect import UNAVAILABLE, is_full

log = logging.getLogger(__name__)

#: the probe's key: written with a one-second expiry, so it never holds room for long
PROBE_KEY = "clock:room-probe"
FIRST_WAIT = 0.25


def retry_max_seconds() -> float:
    return float(os.environ.get("STORE_FULL_RETRY_MAX_SECONDS", "2"))


class Stopped(Exception):
    """The wait was asked to stop (the worker is shutting down) before room came back."""


class Room:
    """One process's view of whether its Redis takes writes; `wait` blocks until it does.

    Shared by the threads of a process (the worker's loop, its sweeper): one full spell is one
    warning and one "room again" line, however many of them waited."""

    def __init__(self, clients, who: str = "the worker", logger: logging.Logger | None = None,
                 most: float | None = None):
        #: every Redis this process writes to (RQ's, and the game store when it is another: on a
        #: cluster the probe reaches the node of its key's slot)
        self.clients = list({id(c): c for c in (clients if isinstance(clients, (list, tuple)) else [clients])}.values())
        self.who = who
        self.log = logger or log
        self.most = retry_max_seconds() if most is None else most
        self.full_since: float | None = None  # time.monotonic() of the first refusal of this spell
        self.spells = 0  # full spells seen so far
        self._lock = threading.Lock()
        #: set while Redis takes writes: a thread waiting out a spell wakes as soon as another
        #: one's probe went through (the worker's loop and its sweeper share one Room)
        self._writable = threading.Event()
        self._writable.set()

    def refused(self, exc: BaseException, what: str) -> None:
        """Note a write refused for memory (logged once a spell)."""
        with self._lock:
            if self.full_since is not None:
                return
            self.full_since = time.monotonic()
            self.spells += 1
            self._writable.clear()
        self.log.warning("Redis is full (at its maxmemory): %s cannot %s; %s waits for room and tries again "
                         "(every %.0f s at most), nothing is lost meanwhile: %s", self.who, what, self.who,
                         self.most, str(exc)[:200])

    def takes_writes(self) -> bool:
        """One tiny write to each Redis: True once they all accept it again (and then the spell
        is over)."""
        for client in self.clients:
            try:
                client.set(PROBE_KEY, "1", px=1000)
            except (redis.RedisError, *UNAVAILABLE):
                # full still, or unreachable meanwhile (its client reconnects by itself): wait on
                return False
        self.back()
        return True

    def back(self) -> float | None:
        """The spell is over (a write went through); seconds it lasted, None if there was none."""
        with self._lock:
            since, self.full_since = self.full_since, None
            self._writable.set()
        if since is None:
            return None
        lasted = time.monotonic() - since
        self.log.info("Redis takes writes again after %.1f s full: %s goes on", lasted, self.who)
        return lasted

    def wait(self, what: str, exc: BaseException | None = None, stop: Callable[[], bool] = lambda: False) -> float:
        """Block until Redis takes writes again; seconds waited. `stop()` true: raise Stopped."""
        if exc is not None:
            self.refused(exc, what)
        started, pause = time.monotonic(), FIRST_WAIT
        while True:
            if stop():
                raise Stopped(what)
            woke = self._writable.wait(pause)  # (set: another thread's probe went through)
            if stop():
                raise Stopped(what)
            if woke or self.takes_writes():
                return time.monotonic() - started
            pause = min(self.most, pause * 2)

    def through(self, what: str, call: Callable, *args, stop: Callable[[], bool] = lambda: False, **kwargs):
        """`call(*args, **kwargs)`, waited out and done again as long as Redis refuses it for memory."""
        while True:
            try:
                result = call(*args, **kwargs)
            except Exception as exc:
                if not is_full(exc):
                    raise
                self.wait(what, exc, stop=stop)
                continue
            return result
