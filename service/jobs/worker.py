"""`ClockWorker`: an RQ worker that also keeps the game clock.

    rq worker --with-scheduler -w service.jobs.worker.ClockWorker --url $REDIS_URL clock replays

On top of a plain worker (jobs run in-process, no fork per job: the clock's jobs are
short, and no thread is ever forked) it:

- at start, indexes the deadline of every running game (`reconcile`) and fires those
  already past — games keep moving after every worker has been down;
- runs a sweeper thread that fires past deadlines every `CLOCK_SWEEP_SECONDS` (0.5 s).

Why a sweeper besides the `enqueue_at` jobs: RQ's scheduler holds a lock that outlives a
killed worker by a minute, and a new worker retries it only every few minutes; the
sweeper reads our own sorted set and needs no lock (concurrent firings are harmless:
`fire` appends with an expected version and re-checks the step).
"""
from __future__ import annotations

import logging
import os
import threading

import redis
from rq import Queue
from rq.serializers import JSONSerializer
from rq.worker import SimpleWorker

from service import heartbeat, logs, redis_connect, seat_bots
from service.clock.fire import reconcile, sweep
from service.clock.schedule import DeadlineIndex
from service.games import Games

log = logging.getLogger(__name__)


def sweep_interval() -> float:
    return float(os.environ.get("CLOCK_SWEEP_SECONDS", "0.5"))


class Sweeper(threading.Thread):
    """Fires past deadlines every `interval` seconds until stopped."""

    def __init__(self, games: Games, interval: float, reconcile_every: float = 300.0):
        super().__init__(name="clock-sweeper", daemon=True)
        self.games, self.interval, self.reconcile_every = games, interval, reconcile_every
        self.index = DeadlineIndex(games.redis)
        self.stopped = threading.Event()

    def run(self) -> None:
        since_reconcile = 0.0
        while not self.stopped.is_set():
            try:
                if since_reconcile >= self.reconcile_every:
                    reconcile(self.games, self.index)
                    since_reconcile = 0.0
                for result in sweep(self.games, self.index):
                    if result.outcome == "fired":
                        log.info("sweeper fired the deadline of %s@%s", result.game_id, result.step_version)
                heartbeat.beat(self.games.redis)  # /healthz: a clock worker was seen
            except redis.RedisError:
                log.warning("clock sweeper: Redis unavailable; retrying", exc_info=True)
            except Exception:
                log.exception("clock sweeper failed; retrying")
            self.stopped.wait(self.interval)
            since_reconcile += self.interval

    def stop(self) -> None:
        self.stopped.set()


class ClockWorker(SimpleWorker):
    def __init__(self, queues, *args, **kwargs):
        # JSON, never pickle — even when the CLI hands over its default (pickle) serializer
        # and queues built with it.
        kwargs["serializer"] = JSONSerializer
        names = [getattr(q, "name", q) for q in ([queues] if isinstance(queues, (str, Queue)) else queues)]
        super().__init__(names, *args, **kwargs)
        self.sweeper: Sweeper | None = None
        logs.json_everywhere("rq.worker", "rq.scheduler")  # one JSON object a line, as the web process

    def _clock_games(self) -> Games:
        from service import clock
        from service.jobs.context import load_rulesets

        # Its own connections: the sweeper thread must not share the worker's blocking one.
        # The store is REDIS_URL (a cluster or a plain Redis), RQ's queues this worker's --url.
        queue = redis_connect.sibling(self.connection)
        url = os.environ.get("REDIS_URL")
        client = redis_connect.connect(url, socket_connect_timeout=5, socket_timeout=30) if url else queue
        games = Games(client, load_rulesets())
        games.queue_redis = queue
        clock.install(games)
        seat_bots.install(games)
        return games

    def bootstrap(self, *args, **kwargs):
        """After RQ's own start-up (logging, registration): the clock's start-up sweep."""
        super().bootstrap(*args, **kwargs)
        games = self._clock_games()
        try:
            indexed = reconcile(games)
            fired = [r for r in sweep(games) if r.outcome == "fired"]
            self.log.info("clock: %d running games indexed, %d past deadlines fired at start", indexed, len(fired))
        except Exception:
            self.log.exception("clock: start-up sweep failed; the sweeper will retry")
        self.sweeper = Sweeper(games, sweep_interval())
        self.sweeper.start()

    def teardown(self):
        if self.sweeper is not None:
            self.sweeper.stop()
            self.sweeper.join(timeout=5)
        super().teardown()
