"""`ClockWorker`: an RQ worker that also keeps the game clock.

    rq worker --with-scheduler -w service.jobs.worker.ClockWorker --url $REDIS_URL clock replays

On top of a plain worker (jobs run in-process, no fork per job: the clock's jobs are
short, and no thread is ever forked) it:

- at start, indexes the deadline of every running game (`reconcile`) and fires those
  already past — games keep moving after every worker has been down;
- runs a sweeper thread (service/jobs/sweepers.py) that fires past deadlines every `CLOCK_SWEEP_SECONDS` (0.5 s);
- at start, and once more a second later, puts back in their queue the jobs a killed worker took
  with it (`requeue_lost`);
- runs an archive thread (`ArchiveSweeper`) that moves finished games and tournaments to the
  archive once they may no longer change (service/streams/archive.py): what is due every
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
import sys
import threading
import time

import redis
from rq import Queue
from rq.exceptions import StopRequested
from rq.scheduler import RQScheduler
from rq.serializers import JSONSerializer
from rq.suspension import WORKERS_SUSPENDED
from rq.worker import SimpleWorker

from service.runtime import logs, redis_connect
from service.runtime.redis_connect import is_full

from service.clock.fire import reconcile, sweep
from service.jobs.room import Room, Stopped
from service.jobs.sweepers import (LOST_GRACE, ArchiveSweeper, Sweeper, _RefusedForRoom, archive_scan_interval,
                                   archive_sweep_interval, reconnect_max_seconds, requeue_lost, sweep_interval)
from service.bootstrap import House, worker as worker_house

log = logging.getLogger(__name__)


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

    def _clock_house(self) -> House:
        # Its own connections: the sweeper thread must not share the worker's blocking one.
        # The store is REDIS_URL (a cluster or a plain Redis), RQ's queues this worker's --url.
        return worker_house(redis_connect.sibling(self.connection))

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
        house = self._clock_house()
        games = house.games
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
        tournaments = house.tournaments
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
