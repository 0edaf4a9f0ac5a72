"""The worker's threads and their helpers: the clock's `Sweeper` (deadlines, tournaments, lost
and refused jobs, bot seats no job will move), the `ArchiveSweeper` and its `AnchorSweeper`; `ClockWorker`
(service/jobs/worker.py) starts both. Their intervals are settings read here.
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
from rq.registry import FailedJobRegistry
from rq.serializers import JSONSerializer
from rq.utils import str_to_date

from service.bots.seat_bots import OwedMoves
from service.clock.fire import reconcile, sweep
from service.clock.schedule import DeadlineIndex
from service.jobs.room import Room
from service.runtime import heartbeat, redis_connect
from service.runtime.redis_connect import OOM_TEXT, is_full
from service.streams import anchor_log, archive
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


def anchor_sweep_interval() -> float:
    return float(os.environ.get("ANCHOR_SWEEP_SECONDS", "1"))


def reconnect_max_seconds() -> float:
    return float(os.environ.get("RQ_RECONNECT_MAX_SECONDS", "5"))


def bot_sweep_interval() -> float:
    return float(os.environ.get("BOT_SWEEP_SECONDS", "2"))


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


#: the failed jobs of a queue `requeue_refused` reads (the newest)
REFUSED_SCAN = 500


def requeue_refused(connection: redis.Redis, queue_names: list[str], limit: int = REFUSED_SCAN) -> list[str]:
    """Put back in their queue the failed jobs whose failure was a write a full Redis refused
    (a worker that did not wait for room, or one killed while it waited); their ids. Each of
    our jobs may run again (see `requeue_lost`)."""
    requeued = []
    for name in queue_names:
        registry = FailedJobRegistry(name, connection=connection, serializer=JSONSerializer)
        for job_id in connection.zrevrange(registry.key, 0, limit - 1):
            job_id = job_id.decode() if isinstance(job_id, bytes) else job_id
            try:
                job = Job.fetch(job_id, connection=connection, serializer=JSONSerializer)
                result = job.latest_result()
                # (the failure's text: in its result, or in the job itself where RQ wrote it there)
                why = f"{getattr(job, '_exc_info', None) or ''} {(result.exc_string if result else None) or ''}"
                if OOM_TEXT not in why:
                    continue
                registry.requeue(job, at_front=True)
                requeued.append(job_id)
            except Exception as exc:  # gone meanwhile, unreadable: not ours to fix here
                if is_full(exc):
                    raise
                continue
    return requeued


class _RefusedForRoom(Exception):
    """A job failed on a write a full Redis refused: `ClockWorker.execute_job` waits and runs it again."""

    def __init__(self, job_id: str):
        super().__init__(f"job {job_id}: {OOM_TEXT}")


class _StillFull(Exception):
    """The sweeper's probe: Redis is still full (nothing to log, nothing to try)."""


class Sweeper(threading.Thread):
    """Fires past deadlines every `interval` seconds until stopped; every few seconds also
    finishes tournaments' undone work, and once a minute removes lobbies past their TTL."""

    def __init__(self, games: Games, interval: float, reconcile_every: float = 300.0,
                 tournaments: Tournaments | None = None, queue_names: list[str] | None = None,
                 room: Room | None = None):
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
        #: running games owing the bot a move no job will make (service/bots/seat_bots.py)
        self.owed, self.bot_every = OwedMoves(games), bot_sweep_interval()
        #: whether Redis takes writes; the sweeper's own spells are told once each
        self.room = room or Room([games.redis, games.queue_redis], who="the clock sweeper", logger=log)
        #: the queues whose jobs a full Redis failed are put back after a spell (`requeue_refused`)
        self.queue_names = list(queue_names or [])
        #: look at everything at once on the next sweep (start, and after a full spell or an outage)
        self.catch_up = True

    def run(self) -> None:
        since_reconcile = since_tournaments = since_lobbies = since_bots = 0.0
        while not self.stopped.is_set():
            try:
                if self.room.full_since is not None:
                    # Full: nothing can be written; one small write a sweep tells when room is back
                    if not self.room.takes_writes():
                        raise _StillFull()
                    self.catch_up = True
                # (kept until a whole sweep went through: a catch-up cut short is done again)
                catch_up = self.catch_up = self.catch_up or self.outage_since is not None
                if since_reconcile >= self.reconcile_every or catch_up:
                    # (back from an outage or a full spell: as at start, index every running game again)
                    indexed = reconcile(self.games, self.index)
                    since_reconcile = 0.0
                    if self.outage_since is not None:
                        log.info("clock sweeper: Redis answers again after %.1f s; %d running games "
                                 "indexed, firing the deadlines that fell due meanwhile",
                                 time.monotonic() - self.outage_since, indexed)
                        self.outage_since = None
                if catch_up and self.queue_names:
                    requeued = requeue_refused(self.games.queue_redis, self.queue_names)
                    if requeued:
                        log.warning("requeued %d jobs a full Redis had failed: %s", len(requeued),
                                    ", ".join(requeued[:20]))
                if since_bots >= self.bot_every or catch_up:
                    since_bots = 0.0
                    self.owed.sweep(everything=catch_up)  # (each job it enqueues is logged)
                if self.tournaments is not None and (since_tournaments >= self.tournament_every or catch_up):
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
                self.catch_up = False
            except _StillFull:
                pass
            except Exception as exc:
                if is_full(exc):  # once a spell, not every half second; the next sweeps only probe
                    self.room.refused(exc, "fire deadlines, wake bots or write its heartbeat")
                elif isinstance(exc, UNREACHABLE):
                    if self.outage_since is None:  # once an outage, not every half second
                        self.outage_since = time.monotonic()
                        log.warning("clock sweeper: Redis unavailable (%r); retrying every %.1f s", exc,
                                    self.interval)
                else:
                    log.exception("clock sweeper failed; retrying")
            self.stopped.wait(self.interval)
            since_reconcile += self.interval
            since_tournaments += self.interval
            since_lobbies += self.interval
            since_bots += self.interval

    def stop(self) -> None:
        self.stopped.set()


class AnchorSweeper(threading.Thread):
    """Anchors the heads due outside Redis (service/streams/anchor_log.py) of the games and, given,
    the tournaments, one batch every `interval` seconds; started and stopped with the
    `ArchiveSweeper` (both write the archive store)."""

    def __init__(self, games: Games, interval: float, tournaments: Tournaments | None = None):
        super().__init__(name="anchor-sweeper", daemon=True)
        self.games, self.interval = games, interval
        self.anchors = {ledger.NS: ledger.anchors for ledger in (games, tournaments)
                        if ledger is not None and getattr(ledger, "anchors", None) is not None}
        self.log = anchor_log.AnchorLog.for_ledger(games)
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.is_set():
            try:
                done = anchor_log.sweep(self.anchors, self.games.redis, self.log)
                busy = len(done) >= anchor_log.BATCH
            except UNREACHABLE as exc:
                log.warning("anchor sweeper: Redis unavailable (%r); retrying", exc)
                busy = False
            except Exception:
                log.exception("anchor sweeper failed; retrying")
                busy = False
            if not busy:
                self.stopped.wait(self.interval)

    def stop(self) -> None:
        self.stopped.set()


class ArchiveSweeper(threading.Thread):
    """Moves finished streams to the archive once due (service/streams/archive.py): every
    `interval` seconds what the due set holds (again at once while there is more), and every
    `scan_every` seconds (and first thing) the safety net. Its own thread: archiving a long
    game takes tens of milliseconds, which the clock's half-second sweep must not wait for."""

    def __init__(self, games: Games, tournaments: Tournaments | None, interval: float, scan_every: float):
        super().__init__(name="archive-sweeper", daemon=True)
        self.games, self.tournaments = games, tournaments
        self.interval, self.scan_every = interval, scan_every
        self.archivers = archivers_for(games, tournaments)
        self.stopped = threading.Event()
        interval = anchor_sweep_interval()
        self.anchorer = AnchorSweeper(games, interval, tournaments) if interval > 0 and hasattr(games, "anchors") \
            else None

    def start(self) -> None:
        super().start()
        if self.anchorer is not None:
            self.anchorer.start()

    def join(self, timeout: float | None = None) -> None:
        super().join(timeout)
        if self.anchorer is not None and self.anchorer.is_alive():
            self.anchorer.join(timeout)

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
        if self.anchorer is not None:
            self.anchorer.stop()
