"""`ClockWorker`: an RQ worker that also keeps the game clock.

    rq worker --with-scheduler -w service.jobs.worker.ClockWorker --url $REDIS_URL clock replays

On top of a plain worker (jobs run in-process, no fork per job: the clock's jobs are
short, and no thread is ever forked) it:

- at start, indexes the deadline of every running game (`reconcile`) and fires those
  already past — games keep moving after every worker has been down;
- runs a sweeper thread that fires past deadlines every `CLOCK_SWEEP_SECONDS` (0.5 s);
- at start, and once more a second later, puts back in their queue the jobs a killed worker took
  with it (`requeue_lost`);
- runs an archive thread (`ArchiveSweeper`) that moves finished games and tournaments to the
  archive once they may no longer change (service/table/archive.py): what is due every
  `ARCHIVE_SWEEP_SECONDS` (60 s; 0: never), and every `ARCHIVE_SCAN_SECONDS` (an hour) and at
  start the safety net (finished streams missing from the due set, list lines behind their head);
- rides out a Redis outage: the sweeper keeps trying (its client reconnects by itself), and
  on the first sweep that reaches Redis again it re-indexes the running games and fires
  every deadline that fell due meanwhile; RQ's own loop reconnects within
  `RQ_RECONNECT_MAX_SECONDS` (5 s; RQ's default would wait up to a minute).

Why a sweeper besides the `enqueue_at` jobs: RQ's scheduler holds a lock that outlives a
killed worker by a minute, and a new worker retries it only every few minutes; the
sweeper reads our own sorted set and needs no lock (concurrent firings are harmless:
`fire` appends with an expected version and re-checks the step).
"""
from __future__ import annotations

import logging
import os
import threading
import time
from datetime import timezone

import redis
from rq import Queue
from rq.job import Job
from rq.serializers import JSONSerializer
from rq.utils import str_to_date
from rq.worker import SimpleWorker

from service.runtime import heartbeat, logs, redis_connect

from service.clock.fire import reconcile, sweep
from service.clock.schedule import DeadlineIndex
from service.table import archive
from service.table.expiry import expire_lobbies
from service.table.games import GAMES_INDEX, Games
from service.tournaments.archive import archivers_for
from service.tournaments.ledger import INDEX as TOURNAMENTS_INDEX, Tournaments
from service.tournaments.results import sweep as tournament_sweep

log = logging.getLogger(__name__)


def sweep_interval() -> float:
    return float(os.environ.get("CLOCK_SWEEP_SECONDS", "0.5"))


def tournament_sweep_interval() -> float:
    return float(os.environ.get("TOURNAMENT_SWEEP_SECONDS", "5"))


def archive_sweep_interval() -> float:
    return float(os.environ.get("ARCHIVE_SWEEP_SECONDS", "60"))


def archive_scan_interval() -> float:
    return float(os.environ.get("ARCHIVE_SCAN_SECONDS", "3600"))


def reconnect_max_seconds() -> float:
    return float(os.environ.get("RQ_RECONNECT_MAX_SECONDS", "5"))


#: what "Redis is (for now) unreachable" looks like to the sweeper: a plain Redis's errors
#: and a cluster's own (not all of them RedisErrors)
UNREACHABLE = (redis.RedisError, *redis_connect.UNAVAILABLE)


#: a job in no queue yet `queued` for less than this may be between its BLPOP and its worker's
#: mark that it started: only older ones are lost
LOST_GRACE = 1.0


def requeue_lost(connection: redis.Redis, queue_names: list[str], grace: float = LOST_GRACE) -> list[str]:
    """Put back the jobs a killed worker took with it; their ids.

    A worker on several queues takes a job with BLPOP. Killed (-9) while it waits there, its
    connection stays open for the few milliseconds the kernel takes to tear the process down,
    and a job pushed then is popped for the dead worker: `queued`, in no queue, forever (a
    replay the organizer polls in vain, a bot seat that never moves). So at start every job of
    our queues that says `queued` but is in none (and was queued over `grace` seconds ago: an
    enqueue writes both at once, this is only a margin) goes back to the front of its queue.
    Our jobs may run twice: a deadline fires once, a replay only reads, a bot's move carries
    the version it was decided on."""
    prefix = Job.redis_job_namespace_prefix
    found: list[tuple[str, str]] = []
    keys = [k for k in connection.scan_iter(match=prefix + "*", count=1000)
            if ":" not in (k.decode() if isinstance(k, bytes) else k)[len(prefix):]]
    pipe = connection.pipeline(transaction=False)
    for key in keys:
        pipe.hmget(key, "status", "origin", "enqueued_at")
    now = time.time()
    for key, (status, origin, enqueued_at) in zip(keys, pipe.execute() if keys else []):
        origin = origin.decode() if isinstance(origin, bytes) else origin
        if status not in (b"queued", "queued") or origin not in queue_names:
            continue
        try:
            queued_at = str_to_date(enqueued_at).replace(tzinfo=timezone.utc).timestamp() if enqueued_at else 0.0
        except ValueError:
            queued_at = 0.0
        if now - queued_at >= grace:
            found.append(((key.decode() if isinstance(key, bytes) else key)[len(prefix):], origin))
    lost = []
    for name in {origin for _, origin in found}:
        queue = Queue(name, connection=connection, serializer=JSONSerializer)
        waiting = {i.decode() if isinstance(i, bytes) else i for i in connection.lrange(queue.key, 0, -1)}
        for job_id, origin in found:
            if origin == name and job_id not in waiting:
                queue.push_job_id(job_id, at_front=True)
                lost.append(job_id)
    return lost


class Sweeper(threading.Thread):
    """Fires past deadlines every `interval` seconds until stopped; every few seconds also
    finishes tournaments' undone work, and once a minute removes lobbies past their TTL."""

    def __init__(self, games: Games, interval: float, reconcile_every: float = 300.0,
                 tournaments: Tournaments | None = None):
        super().__init__(name="clock-sweeper", daemon=True)
        self.games, self.interval, self.reconcile_every = games, interval, reconcile_every
        #: tournaments' tables: made, started and their results recorded, every few seconds
        self.tournaments, self.tournament_every = tournaments, tournament_sweep_interval()
        #: lobbies that never started are removed once a minute (service/table/expiry.py)
        self.lobby_every = 60.0
        self.index = DeadlineIndex(games.redis)
        self.stopped = threading.Event()
        #: when the sweeper last lost Redis (time.monotonic()), None while it reaches it
        self.outage_since: float | None = None

    def run(self) -> None:
        since_reconcile = since_tournaments = since_lobbies = 0.0
        while not self.stopped.is_set():
            try:
                if since_reconcile >= self.reconcile_every or self.outage_since is not None:
                    # (back from an outage: as at start, index every running game again)
                    indexed = reconcile(self.games, self.index)
                    since_reconcile = 0.0
                    if self.outage_since is not None:
                        log.info("clock sweeper: Redis answers again after %.1f s; %d running games "
                                 "indexed, firing the deadlines that fell due meanwhile",
                                 time.monotonic() - self.outage_since, indexed)
                        self.outage_since = None
                if self.tournaments is not None and since_tournaments >= self.tournament_every:
                    since_tournaments = 0.0
                    done = tournament_sweep(self.tournaments, self.games)
                    if done:
                        log.info("tournament sweeper finished %d things a crash had left undone", done)
                if since_lobbies >= self.lobby_every:
                    since_lobbies = 0.0
                    expired = expire_lobbies(self.games)
                    if expired:
                        log.info("removed %d lobbies that never started within LOBBY_TTL_SECONDS", len(expired))
                for result in sweep(self.games, self.index):
                    if result.outcome == "fired":
                        log.info("sweeper fired the deadline of %s@%s", result.game_id, result.step_version)
                heartbeat.beat(self.games.redis)  # /healthz: a clock worker was seen
            except UNREACHABLE as exc:
                if self.outage_since is None:  # once an outage, not every half second
                    self.outage_since = time.monotonic()
                    log.warning("clock sweeper: Redis unavailable (%r); retrying every %.1f s", exc, self.interval)
            except Exception:
                log.exception("clock sweeper failed; retrying")
            self.stopped.wait(self.interval)
            since_reconcile += self.interval
            since_tournaments += self.interval
            since_lobbies += self.interval

    def stop(self) -> None:
        self.stopped.set()


class ArchiveSweeper(threading.Thread):
    """Moves finished streams to the archive once due (service/table/archive.py): every
    `interval` seconds what the due set holds (again at once while there is more), and every
    `scan_every` seconds (and first thing) the safety net. Its own thread: archiving a long
    game takes tens of milliseconds, which the clock's half-second sweep must not wait for."""

    def __init__(self, games: Games, tournaments: Tournaments | None, interval: float, scan_every: float):
        super().__init__(name="archive-sweeper", daemon=True)
        self.games, self.tournaments = games, tournaments
        self.interval, self.scan_every = interval, scan_every
        self.archivers = archivers_for(games, tournaments)
        self.stopped = threading.Event()

    def scan(self) -> None:
        lists = [(self.games, GAMES_INDEX)] + ([(self.tournaments, TOURNAMENTS_INDEX)] if self.tournaments else [])
        for ledger, index in lists:
            fixed = archive.repair_lists(ledger, index)
            placed = archive.schedule_missed(ledger, index)
            if fixed or placed:
                log.info("archive sweeper: %d list lines rewritten, %d finished %ss scheduled for the archive",
                         fixed, placed, ledger.NS)

    def run(self) -> None:
        since_scan = self.scan_every  # first thing
        while not self.stopped.is_set():
            busy = False
            try:
                if since_scan >= self.scan_every:
                    since_scan = 0.0
                    self.scan()
                done = archive.sweep(self.archivers, self.games.redis, budget=max(self.interval, 1.0))
                moved = [m for m, r in done if r.outcome == archive.ARCHIVED]
                if moved:
                    log.info("archived %d finished streams: %s", len(moved), ", ".join(moved[:20]))
                busy = len(done) >= archive.BATCH
            except UNREACHABLE as exc:
                log.warning("archive sweeper: Redis unavailable (%r); retrying", exc)
            except Exception:
                log.exception("archive sweeper failed; retrying")
            if not busy:
                self.stopped.wait(self.interval)
                since_scan += self.interval

    def stop(self) -> None:
        self.stopped.set()


class ClockWorker(SimpleWorker):
    #: RQ's dequeue loop retries a lost Redis after 1, 2, 4 ... s, up to this (RQ: 60 s)
    max_connection_wait_time = reconnect_max_seconds()

    def __init__(self, queues, *args, **kwargs):
        # JSON, never pickle — even when the CLI hands over its default (pickle) serializer
        # and queues built with it.
        kwargs["serializer"] = JSONSerializer
        names = [getattr(q, "name", q) for q in ([queues] if isinstance(queues, (str, Queue)) else queues)]
        super().__init__(names, *args, **kwargs)
        self.sweeper: Sweeper | None = None
        self.archiver: ArchiveSweeper | None = None
        self.second_look: threading.Timer | None = None
        logs.json_everywhere("rq.worker", "rq.scheduler")  # one JSON object a line, as the web process

    def _clock_games(self) -> Games:
        from service.jobs.context import install, load_rulesets

        # Its own connections: the sweeper thread must not share the worker's blocking one.
        # The store is REDIS_URL (a cluster or a plain Redis), RQ's queues this worker's --url.
        queue = redis_connect.sibling(self.connection)
        url = os.environ.get("REDIS_URL")
        client = redis_connect.connect(url, socket_connect_timeout=5, socket_timeout=30) if url else queue
        games = Games(client, load_rulesets())
        games.queue_redis = queue
        install(games)
        return games

    def bootstrap(self, *args, **kwargs):
        """After RQ's own start-up (logging, registration): the clock's start-up sweep."""
        super().bootstrap(*args, **kwargs)
        self._requeue_lost()
        # A job the killed worker took was pushed a moment before its death, and this worker
        # starts RESTART_BACKOFF_SECONDS later (0.5 s by default): younger than the grace at
        # the first look, it is put back at the second.
        self.second_look = threading.Timer(LOST_GRACE, self._requeue_lost)
        self.second_look.daemon = True
        self.second_look.start()
        games = self._clock_games()
        try:
            indexed = reconcile(games)
            fired = [r for r in sweep(games) if r.outcome == "fired"]
            self.log.info("clock: %d running games indexed, %d past deadlines fired at start", indexed, len(fired))
        except Exception:
            self.log.exception("clock: start-up sweep failed; the sweeper will retry")
        tournaments = Tournaments(games.redis)
        self.sweeper = Sweeper(games, sweep_interval(), tournaments=tournaments)
        self.sweeper.start()
        if archive_sweep_interval() > 0:
            self.archiver = ArchiveSweeper(games, tournaments, archive_sweep_interval(), archive_scan_interval())
            self.archiver.start()

    def _requeue_lost(self) -> None:
        try:
            lost = requeue_lost(self.connection, self.queue_names(), grace=LOST_GRACE)
            if lost:
                self.log.warning("requeued %d jobs a killed worker had taken with it: %s", len(lost), ", ".join(lost))
        except Exception:
            self.log.exception("could not look for jobs a killed worker took with it")

    def teardown(self):
        if self.second_look is not None:
            self.second_look.cancel()
        for thread in (self.sweeper, self.archiver):
            if thread is not None:
                thread.stop()
                thread.join(timeout=5)
        super().teardown()
