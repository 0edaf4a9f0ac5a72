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
  `RQ_RECONNECT_MAX_SECONDS` (5 s; RQ's default would wait up to a minute);
- rides out a full Redis (maxmemory, noeviction: every write refused): RQ would quit on the
  first refused write of its own bookkeeping, and a restarted worker at its first read inside
  MULTI. Instead every step of its loop — registering, the heartbeat, the dequeue, a job —
  waits for room (service/jobs/room.py: backoff up to `STORE_FULL_RETRY_MAX_SECONDS`, one log
  line when the spell begins and one when it ends) and is done again: a job a full store
  refused is run again once there is room, never recorded as failed (our jobs may run twice);
- finds, every `BOT_SWEEP_SECONDS` (2 s), running games that owe the server's bot a move no
  job will make (service/bots/seat_bots.py `OwedMoves`), and at start and after a full spell
  puts back in their queue the jobs a full store failed (`requeue_refused`), re-indexes the
  deadlines and finishes the tournaments' undone work at once.

Why a sweeper besides the `enqueue_at` jobs: RQ's scheduler holds a lock that outlives a
killed worker by a minute, and a new worker retries it only every few minutes; the
sweeper reads our own sorted set and needs no lock (concurrent firings are harmless:
`fire` appends with an expected version and re-checks the step).
"""
from __future__ import annotations

import logging
import os
import sys
import threading
import time
from datetime import timezone

import redis
from rq import Queue
from rq.exceptions import StopRequested
from rq.job import Job
from rq.registry import FailedJobRegistry
from rq.scheduler import RQScheduler
from rq.serializers import JSONSerializer
from rq.suspension import WORKERS_SUSPENDED
from rq.utils import str_to_date
from rq.worker import SimpleWorker

from service.runtime import heartbeat, logs, redis_connect
from service.runtime.redis_connect import OOM_TEXT, is_full

from service.bots.seat_bots import OwedMoves
from service.clock.fire import reconcile, sweep
from service.jobs.room import Room, Stopped
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


class ClockScheduler(RQScheduler):
    """RQ's scheduler (the process that enqueues the deadline jobs once due), whose loop waits out
    a full Redis instead of dying on its first refused heartbeat (RQ restarts a dead one only at
    the worker's next maintenance, every ten minutes; the sweeper fires the deadlines meanwhile)."""

    def work(self):
        room = Room([self.connection], who="the scheduler", logger=log)

        def stop() -> bool:
            return self._stop_requested

        self._install_signal_handlers()
        try:
            room.through("register itself", self.register_birth, stop=stop)
        except Stopped:
            pass
        while True:
            if self._stop_requested:
                try:
                    self.stop()
                except Exception as exc:
                    if not is_full(exc):
                        raise
                    log.warning("Redis is full: the scheduler stops without releasing its locks (they lapse)")
                break
            try:
                if self.should_reacquire_locks:
                    self.acquire_locks()
                self.heartbeat()
                self.enqueue_scheduled_jobs()
            except Exception as exc:
                if not is_full(exc):
                    raise
                try:
                    room.wait("enqueue the jobs that fall due", exc, stop=stop)
                except Stopped:
                    continue
            time.sleep(self.interval)


def _read_suspension_when_full() -> None:
    """`rq worker` asks whether workers are suspended before it builds ours, with a read inside
    MULTI — which a full Redis refuses (a queued command may grow memory), so a worker started
    while Redis is full would exit 1 at once, again and again. The same question as a plain
    read, which a full Redis answers (this module is imported by the CLI before it asks)."""
    cli = sys.modules.get("rq.cli.workers")
    if cli is None or getattr(cli.is_suspended, "reads_when_full", False):
        return
    asked = cli.is_suspended

    def is_suspended(connection, worker=None):
        try:
            return asked(connection, worker)
        except redis.ResponseError as exc:
            if not is_full(exc):
                raise
            return bool(connection.exists(WORKERS_SUSPENDED))

    is_suspended.reads_when_full = True
    cli.is_suspended = is_suspended


_read_suspension_when_full()


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
        self._room: Room | None = None
        logs.json_everywhere("rq.worker", "rq.scheduler")  # one JSON object a line, as the web process

    # ---- a full Redis: wait for room, then do again what it refused (service/jobs/room.py) ----
    @property
    def room(self) -> Room:
        """Whether RQ's Redis and the game store take writes (shared with the sweeper)."""
        if self._room is None:
            from service.jobs.context import store_client
            self._room = Room([self.connection, store_client(self.connection)], who="the worker", logger=log)
        return self._room

    def _through_full(self, what: str, call, *args, **kwargs):
        try:
            return self.room.through(what, call, *args, stop=lambda: self._stop_requested, **kwargs)
        except Stopped:
            raise StopRequested() from None

    def register_birth(self):
        return self._through_full("register itself", super().register_birth)

    def register_death(self):
        try:
            return super().register_death()
        except Exception as exc:
            if not is_full(exc):
                raise
            log.warning("Redis is full: the worker stops without writing its death (its key expires by itself)")

    def set_shutdown_requested_date(self):
        try:  # (called from the signal handler: a refusal here would lose the request to stop)
            return super().set_shutdown_requested_date()
        except Exception as exc:
            if not is_full(exc):
                raise

    def set_state(self, state, pipeline=None):
        if pipeline is not None:
            return super().set_state(state, pipeline=pipeline)
        return self._through_full("write its state", super().set_state, state)

    def heartbeat(self, timeout=None, pipeline=None):
        if pipeline is not None:
            return super().heartbeat(timeout, pipeline=pipeline)
        return self._through_full("write its heartbeat", super().heartbeat, timeout)

    def check_for_suspension(self, burst: bool):
        return self._through_full("look whether it is suspended", super().check_for_suspension, burst)

    def run_maintenance_tasks(self):
        return self._through_full("clean RQ's registries", super().run_maintenance_tasks)

    def dequeue_job_and_maintain_ttl(self, timeout, max_idle_time=None):
        return self._through_full("take a job", super().dequeue_job_and_maintain_ttl, timeout, max_idle_time)

    def _start_scheduler(self, burst: bool = False, logging_level="INFO", date_format=None, log_format=None):
        """RQ's, with a scheduler that waits out a full Redis (`ClockScheduler`) instead of dying."""
        from rq.defaults import DEFAULT_LOGGING_DATE_FORMAT, DEFAULT_LOGGING_FORMAT

        self.scheduler = ClockScheduler(self.queues, connection=self.connection,
                                        logging_level=logging_level if logging_level is not None else self.log.level,
                                        date_format=date_format or DEFAULT_LOGGING_DATE_FORMAT,
                                        log_format=log_format or DEFAULT_LOGGING_FORMAT, serializer=self.serializer)
        self._through_full("take the scheduler's locks", self.scheduler.acquire_locks)
        if self.scheduler.acquired_locks:
            if burst:
                try:
                    self.scheduler.register_birth()
                    self.scheduler.enqueue_scheduled_jobs()
                finally:
                    self.scheduler.release_locks()
                    self.scheduler.register_death()
            else:
                self.scheduler.start()

    def execute_job(self, job, queue):
        """Run the job; a write a full Redis refused (the job's own, or RQ's bookkeeping of it)
        is waited out and the job run again from the start, not recorded as failed."""
        while True:
            try:
                return super().execute_job(job, queue)
            except Exception as exc:
                if not is_full(exc):
                    raise
                try:
                    self.room.wait(f"run job {job.id}", exc, stop=lambda: self._stop_requested)
                except Stopped:
                    raise StopRequested() from None
                self._forget_executions(job)
                log.info("running job %s again now that Redis takes writes", job.id)

    def _forget_executions(self, job) -> None:
        """The started-registry entries of the refused run (its run again makes its own)."""
        executions = getattr(self, "executions", None)
        if not isinstance(executions, dict):
            return
        stale = [e for e in executions.values() if getattr(e, "job_id", None) == job.id]
        if not stale:
            return
        try:
            with self.connection.pipeline() as pipe:
                for execution in stale:
                    self.cleanup_execution(job, pipeline=pipe, execution=execution)
                pipe.execute()
        except Exception:  # they lapse by themselves
            log.warning("could not clean up the refused run of job %s", job.id, exc_info=True)
            for execution in stale:
                executions.pop(execution.id, None)

    def handle_exception(self, job, *exc_info):
        """A job that failed because Redis was full did not fail: it is run again once there is
        room (`execute_job`); RQ must not record it as failed meanwhile."""
        if is_full(exc_info[1]):
            raise _RefusedForRoom(job.id) from exc_info[1]
        return super().handle_exception(job, *exc_info)

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
        except Exception as exc:
            if is_full(exc):
                self.room.refused(exc, "index the deadlines at start (the sweeper will)")
                self.log.info("clock: Redis is full at start; the sweeper indexes the deadlines once there is room")
            else:
                self.log.exception("clock: start-up sweep failed; the sweeper will retry")
        tournaments = Tournaments(games.redis)
        # (its first sweep catches up at once: bots owed a move, jobs a full Redis failed, tournaments)
        self.sweeper = Sweeper(games, sweep_interval(), tournaments=tournaments, queue_names=self.queue_names(),
                               room=self.room)
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
