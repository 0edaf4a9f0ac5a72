"""Event streams open at once (STREAMS_PER_TOKEN, STREAMS_PER_ADDRESS): each open stream holds
a place in its token's and its address's counts in Redis, a lease renewed while the stream
lives, so that a crashed process's places lapse by themselves (LEASE_SECONDS). While Redis is
full a place cannot be written, which is no reason to refuse a reader: it is held in this
process's memory instead, within the same bounds (`LocalLeases`)."""
from __future__ import annotations

import logging
import threading
import time
import uuid

import redis
from flask import current_app, g, request

from service.api.limit_rules import PREFIX, STREAM_ENDPOINTS, address, token_key
from service.api.problems import Problem
from service.rules.errors import Message
from service.runtime.redis_connect import is_full

#: the limits' logger: a refused or memory-held stream is a limit's line, as it always was
log = logging.getLogger("service.api.limits")
#: an open stream's lease lives this long without a refresh (a crashed process's leases lapse)
LEASE_SECONDS = 180


def take(client: redis.Redis, streams: dict[str, int], exempt: set[str]) -> "Lease | LocalLease | None":
    """Hold one of the open streams this token and this address may have (`streams`: the most
    per "token" and per "address"); 429 when full, None where no limit applies."""
    if request.endpoint not in STREAM_ENDPOINTS or address() in exempt:
        return None
    token = token_key()
    held = [(f"{PREFIX}:open-streams:address:{address()}", streams["address"], "from your address")]
    if token:
        held.append((f"{PREFIX}:open-streams:token:{token}", streams["token"], "for your token"))
    now = time.time()
    pipe = client.pipeline(transaction=False)
    for key, _, _ in held:
        pipe.zremrangebyscore(key, "-inf", now)
        pipe.zcard(key)
    counts = pipe.execute()[1::2]
    for (key, most, words), count in zip(held, counts):
        if count >= most:
            raise Problem(429, "rate_limited", streams_refused(key, most), retry_after=LEASE_SECONDS)
    lease = Lease(client, [key for key, _, _ in held])
    try:
        lease.refresh()
    except redis.exceptions.OutOfMemoryError as refused:
        if not is_full(refused):
            raise
        return _in_memory(held)
    return lease


def _in_memory(held: list[tuple[str, int, str]]) -> "LocalLease":
    """Redis is full, so a stream's place cannot be recorded there: that is no reason to
    refuse a reader. Its place is held in this process's memory, within the same bounds."""
    local = current_app.extensions.setdefault("stream_local_leases", LocalLeases())
    places = [(key.split("open-streams:", 1)[1], most) for key, most, _ in held]
    taken = local.take(places)
    if isinstance(taken, str):
        _, most, words = next(h for h in held if h[0].endswith(taken))
        log.info("Redis is full: a stream refused, %d already open %s in this process", most, words)
        raise Problem(429, "rate_limited", streams_refused(taken, most), retry_after=LEASE_SECONDS)
    log.warning("Redis is full: a stream's place is held in this process's memory (%s)", request.path)
    return taken


def streams_refused(key: str, most: int) -> Message:
    """Too many streams open for a token or from an address (`key` names which)."""
    return Message("problem-api-streams-open", per="token" if ":token:" in key or key.startswith("token:")
                   else "address", most=most)


class Lease:
    """One open stream's place in its token's and address's counts, renewed while it lives."""

    #: set once the view streams: the stream releases it when it ends, not the request's teardown
    streaming = False

    def __init__(self, client: redis.Redis, keys: list[str]):
        self.client, self.keys, self.id, self.renewed = client, keys, uuid.uuid4().hex, 0.0

    def refresh(self) -> None:
        now = time.time()
        if now - self.renewed < LEASE_SECONDS / 3:
            return
        self.renewed = now
        pipe = self.client.pipeline(transaction=False)
        for key in self.keys:
            pipe.zadd(key, {self.id: now + LEASE_SECONDS})
            pipe.expire(key, LEASE_SECONDS)
        pipe.execute()

    def release(self) -> None:
        pipe = self.client.pipeline(transaction=False)
        for key in self.keys:
            pipe.zrem(key, self.id)
        try:
            pipe.execute()
        except redis.RedisError:
            pass  # the lease lapses by itself


class LocalLease:
    """An open stream's place counted in this process's memory only (`LocalLeases`): what a
    stream holds when Redis is full and its place cannot be recorded there (`Lease`: same
    `streaming`, `refresh`, `release`)."""

    streaming = False

    def __init__(self, owner: "LocalLeases", keys: list[str]):
        self.owner, self.keys, self.released = owner, keys, False

    def refresh(self) -> None:
        pass  # nothing lapses: it lives as long as its stream

    def release(self) -> None:
        self.owner.give_back(self)


class LocalLeases:
    """The streams a process opened while Redis was full, bounded in memory: a reader is not
    refused because its place cannot be written (taking a place is a write, and a full Redis
    refuses writes), but each token and each address still holds at most as many open streams
    in this process as the limits allow (STREAMS_PER_TOKEN, STREAMS_PER_ADDRESS)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.held: dict[str, int] = {}

    def take(self, places: list[tuple[str, int]]) -> LocalLease | str | None:
        """A lease on every (key, most) of `places`; the first key already at its most otherwise."""
        with self.lock:
            for key, most in places:
                if self.held.get(key, 0) >= most:
                    return key
            for key, _ in places:
                self.held[key] = self.held.get(key, 0) + 1
        return LocalLease(self, [key for key, _ in places])

    def give_back(self, lease: LocalLease) -> None:
        with self.lock:
            if lease.released:
                return
            lease.released = True
            for key in lease.keys:
                left = self.held.get(key, 0) - 1
                if left > 0:
                    self.held[key] = left
                else:
                    self.held.pop(key, None)

    def count(self, key: str) -> int:
        with self.lock:
            return self.held.get(key, 0)


def leased(frames, lease: Lease | None):
    """An event stream's frames, renewing its lease as they go and releasing it at the end."""
    if lease is None:
        yield from frames
        return
    try:
        for frame in frames:
            lease.refresh()
            yield frame
    finally:
        lease.release()


def stream_lease() -> Lease | None:
    """The request's stream lease, taken before the view (None when no limit applies)."""
    return g.get("stream_lease")
