"""Fan-out of a game's live events to every open stream of it in this process.

One reader per game per process (not one per client): while a game has subscribers, a
thread — a greenlet under gunicorn's gevent worker, where `threading` is monkeypatched —
blocks on `XREAD BLOCK` on that game's Redis stream, folds each new event into its own copy
of the game state and hands one `Broadcast` to every subscriber's bounded queue. A broadcast
is redacted and serialized once per distinct viewer (spectator, seat k, organizer) and then
shared, so a thousand spectators cost one redaction. We chose a reader per game over one
reader multiplexing all games in a single XREAD: a blocked XREAD cannot be told about a newly
subscribed game, and a reader per game stops by itself when its game's last stream closes.

A subscriber that falls `QUEUE_LIMIT` events behind is dropped rather than buffered without
bound: its queue is closed, its stream sends what it holds and ends, and the client
reconnects with `Last-Event-ID` and resumes from the store — nothing is lost.

Seam between catch-up and live: `subscribe` registers the subscriber *before* the caller
reads the past from the store, so every event is in the catch-up read, in the queue, or in
both; the caller skips versions it has already sent (see service/api/stream.py).
"""
from __future__ import annotations

import json
import logging
import queue
import threading
import weakref
from collections.abc import Callable

import redis

from events.canonical import copy_value
from events.integrity import PAST_HEAD, RecordDamaged, check_event, entry_version
from events.store import stream_key

log = logging.getLogger(__name__)

#: How long one XREAD blocks: also how long a reader outlives its game's last stream.
READ_BLOCK_SECONDS = 5
#: Events a subscriber may fall behind before it is dropped (and reconnects).
QUEUE_LIMIT = 1000
READ_COUNT = 200

END = None  # queue sentinel: no more events on this connection

_hubs: "weakref.WeakSet[Hub]" = weakref.WeakSet()


def viewer_key(viewer: dict) -> str:
    return json.dumps(viewer, sort_keys=True)


class Broadcast:
    """One appended event as every stream of its game sees it live (the game as it stood
    right after it), with its per-viewer renderings cached."""

    __slots__ = ("event", "version", "finished", "hidden_from", "_rendered")
    #: Rendering is pure CPU, never a greenlet switch; the lock only matters to real
    #: threads (the Flask test client), where two could otherwise render the same view.
    _render_lock = threading.Lock()

    def __init__(self, event: dict, finished: bool, hidden_from: int | None):
        self.event = event
        self.version: int = event["version"]
        self.finished = finished
        self.hidden_from = hidden_from
        self._rendered: dict[str, str] = {}

    def rendered(self, viewer: dict, render: Callable[["Broadcast", dict], str]) -> str:
        key = viewer_key(viewer)
        text = self._rendered.get(key)
        if text is None:
            with self._render_lock:
                text = self._rendered.get(key)
                if text is None:
                    text = self._rendered[key] = render(self, viewer)
        return text


class Subscription:
    """One open stream's view of its game's feed: a bounded queue of broadcasts."""

    def __init__(self, feed: "Feed"):
        self.feed = feed
        self.queue: queue.Queue = queue.Queue(QUEUE_LIMIT)
        self.closed = False
        self.dropped = False

    def offer(self, item: Broadcast) -> bool:
        """False if the queue is full: the subscriber is dropped (it resumes by reconnecting)."""
        if self.closed:
            return False
        try:
            self.queue.put_nowait(item)
            return True
        except queue.Full:
            self.dropped = True
            self.close()
            return False

    def close(self) -> None:
        self.closed = True
        try:
            self.queue.put_nowait(END)
        except queue.Full:
            pass  # the reader sees `closed` once it has drained the queue

    def next(self, wait: float) -> Broadcast | None:
        """The next broadcast; None at the end; raises queue.Empty after `wait` seconds idle."""
        try:
            return self.queue.get_nowait()
        except queue.Empty:
            if self.closed:
                return END
        return self.queue.get(timeout=wait)

    def cancel(self) -> None:
        self.feed.hub.unsubscribe(self)


class Feed:
    """The reader of one game's stream and its subscribers."""

    def __init__(self, hub: "Hub", game_id: str, state: dict):
        self.hub = hub
        self.game_id = game_id
        self.state = copy_value(state)
        self.cursor = f"{state['version']}-0"
        self.subscribers: set[Subscription] = set()
        #: the hash of the last event read (None until the first: its link is the catch-up's)
        self.prev_hash: str | None = None
        #: set when the reader met a damaged record; its streams end with `record_damaged`
        self.damage: RecordDamaged | None = None
        self.thread = threading.Thread(target=self.run, name=f"feed-{game_id}", daemon=True)

    def run(self) -> None:
        try:
            while self.hub.keep(self):
                replies = self.hub.redis.xread({stream_key(self.game_id, self.hub.games.NS): self.cursor},
                                               count=READ_COUNT, block=int(READ_BLOCK_SECONDS * 1000))
                entries = replies[0][1] if replies else []
                if entries:
                    self.cursor = entries[-1][0].decode()
                    for item in self.broadcasts(self.checked(entries)):
                        self.publish(item)
                if self.state["status"] == "finished" and len(entries) < READ_COUNT:
                    break  # the game's last batch is out: nothing more will come
        except RecordDamaged as damaged:  # never fan out a damaged record
            log.warning("event feed of game %s stopped at damage: %s", self.game_id, damaged)
            self.damage = damaged
        except redis.ConnectionError as lost:  # the streams end; their clients reconnect
            log.warning("event feed of game %s lost Redis: %s", self.game_id, lost)
        except Exception:
            log.exception("event feed of game %s failed", self.game_id)
        finally:
            self.hub.retire(self)

    def checked(self, entries: list) -> list[dict]:
        """One read's entries checked like every read (events/integrity.py): each hashes to
        itself, links to the one before and is not past the head key."""
        head = self.hub.games.store.version(self.game_id)
        read = []
        for entry_id, fields in entries:
            version = entry_version(entry_id)
            if version > head:
                raise RecordDamaged(self.game_id, head + 1, PAST_HEAD,
                                    f"the stream holds event {version} past the head (version {head})")
            event = check_event(self.game_id, version, fields.get(b"e"), self.prev_hash)
            self.prev_hash = event["hash"]
            read.append(event)
        return read

    def broadcasts(self, read: list[dict]) -> list[Broadcast]:
        """One read's events, each shown as the game stands once the whole read is folded:
        whether a hash still covers a sealed bid, and whether the game has ended — then
        every event of the read, the final batch's earlier ones included, is public as
        stored (unupcast, so that its hashes check; projections.views)."""
        games = self.hub.games
        newer = [games.registry.upcast(e) for e in read if e["version"] > self.state["version"]]
        if newer:
            self.state = games.fold_events(newer, self.state)
        finished = self.state["status"] == "finished"
        hidden_from = self.hub.hidden_from(self.state)
        return [Broadcast(raw if finished else games.registry.upcast(raw), finished, hidden_from)
                for raw in read]

    def publish(self, item: Broadcast) -> None:
        with self.hub.lock:
            subscribers = list(self.subscribers)
        for subscriber in subscribers:
            if not subscriber.offer(item):
                self.hub.unsubscribe(subscriber)


class Hub:
    """The feeds of one process (one per app and kind of stream: games', tournaments'), keyed by
    stream id; `games` is that kind's ledger (service/streams/ledger.py)."""

    def __init__(self, client: redis.Redis, games, hidden_from: Callable[[dict], int | None]):
        self.redis = client
        self.games = games
        self.hidden_from = hidden_from
        self.lock = threading.Lock()
        self.feeds: dict[str, Feed] = {}
        self.stopping = False
        _hubs.add(self)

    def subscribe(self, game_id: str, state: dict) -> Subscription:
        """Register a subscriber of `game_id`, starting its reader at `state` if none runs."""
        with self.lock:
            feed = self.feeds.get(game_id)
            start = feed is None
            if start:
                feed = self.feeds[game_id] = Feed(self, game_id, state)
            subscription = Subscription(feed)
            if self.stopping:
                subscription.close()
            else:
                feed.subscribers.add(subscription)
        if start:
            feed.thread.start()
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self.lock:
            subscription.feed.subscribers.discard(subscription)

    def keep(self, feed: Feed) -> bool:
        """Whether `feed` should read on; if not, it is retired (under the lock, so that no
        subscriber joins a reader that is about to stop)."""
        with self.lock:
            if feed.subscribers and not self.stopping:
                return True
            self._forget(feed)
            return False

    def retire(self, feed: Feed) -> None:
        with self.lock:
            self._forget(feed)
            subscribers = list(feed.subscribers)
            feed.subscribers.clear()
        for subscriber in subscribers:
            subscriber.close()

    def _forget(self, feed: Feed) -> None:
        if self.feeds.get(feed.game_id) is feed:
            del self.feeds[feed.game_id]

    def close(self) -> None:
        """End every open stream now (the worker is stopping; clients reconnect elsewhere)."""
        with self.lock:
            self.stopping = True
            subscribers = [s for feed in self.feeds.values() for s in feed.subscribers]
        for subscriber in subscribers:
            subscriber.close()

    def counts(self) -> dict[str, int]:
        with self.lock:
            return {game_id: len(feed.subscribers) for game_id, feed in self.feeds.items()}


def close_all() -> None:
    """End the open streams of every hub in this process (gunicorn's worker shutdown hook)."""
    for hub in list(_hubs):
        hub.close()
