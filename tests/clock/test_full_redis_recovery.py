"""A clean way back from a full Redis, with a real Redis at its maxmemory and
real `rq worker` processes (ClockWorker) playing the server's bot in a tournament round.

The probe: `REDIS_MAXMEMORY=64mb`, a nine-bot tournament playing, Redis full for a while then
freed — the worker exited 1 on the first refused write, again at every restart while Redis was
full (a read inside MULTI is refused too), the bots' jobs failed and nothing queued them again,
and the round's tables stood still forever. Here Redis is made full as test_store_full.py does
it (`maxmemory` 1 byte: every write that would grow memory refused) and freed again.
"""
from __future__ import annotations

import signal
import time

import pytest
import redis
from rq import Queue
from rq.job import Job
from rq.registry import FailedJobRegistry
from rq.results import Result
from rq.serializers import JSONSerializer

from service.app import create_app
from tests.support.small_redis import full, roomy, small_redis, store  # noqa: F401 (fixtures)
from service.runtime.queues import CLOCK_QUEUE
from tests.clock.conftest import WorkerProcess

pytestmark = pytest.mark.slow

#: booze_baron at tables of 3: nine bot entrants, three tables a round, as in the probe
BODY = {"name": "Full house", "ruleset": "booze_baron", "rounds": 3, "table_size": {"min": 3, "max": 3},
        "game_options": {}, "bot_strategy": "random"}
WORKER_ENV = {"BOOTLEGGERS_RULESETS": "", "TOURNAMENT_SWEEP_SECONDS": "1", "BOT_SWEEP_SECONDS": "0.5",
              "BOT_STALL_SECONDS": "2", "ARCHIVE_SWEEP_SECONDS": "0"}


@pytest.fixture
def api(small_redis, store, tmp_path):
    return create_app({"REDIS_URL": small_redis.url, "TESTING": True,
                       "ARCHIVE_URL": (tmp_path / "archive").as_uri()}).test_client()


@pytest.fixture
def workers(small_redis, store, tmp_path):
    started: list[WorkerProcess] = []

    def start(ready: bool = True) -> WorkerProcess:
        worker = WorkerProcess(small_redis.url, tmp_path / f"worker{len(started)}.log",
                               {**WORKER_ENV, "ARCHIVE_URL": (tmp_path / "archive").as_uri()})
        started.append(worker)
        if ready:
            worker.wait_ready(store)
        return worker

    yield start
    for worker in started:
        worker.stop()


def ok(answer, status: int = 201) -> dict:
    assert answer.status_code == status, answer.get_data(as_text=True)
    return answer.get_json()


def bot_tournament(api, entrants: int = 9) -> tuple[str, dict]:
    made = ok(api.post("/v1/tournaments", json=BODY))
    tid, org = made["tournament_id"], {"Authorization": f"Bearer {made['organizer_token']}"}
    for n in range(1, entrants + 1):
        ok(api.post(f"/v1/tournaments/{tid}/entrants", json={"name": f"House {n}", "bot": "random"}, headers=org))
    return tid, org


def seat_round(api, tid: str, org: dict) -> None:
    ok(api.post(f"/v1/tournaments/{tid}/commands", json={"type": "seat_round"}, headers=org))


def round_tables(api, tid: str, round_no: int) -> list[dict]:
    return [t for t in ok(api.get(f"/v1/tournaments/{tid}"), 200)["tables"] if t["round"] == round_no]


def wait_round(api, tid: str, round_no: int, timeout: float) -> float:
    """Seconds until every table of the round has its result (fails after `timeout`)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        tables = round_tables(api, tid, round_no)
        if tables and all(t["result"] is not None for t in tables):
            return time.monotonic() - started
        time.sleep(0.1)
    pytest.fail(f"round {round_no} did not finish within {timeout} s after Redis had room again: "
                f"{[(t['game_id'], t['status'], t['result'] is not None) for t in round_tables(api, tid, round_no)]}")


def heads(store, game_ids: list[str]) -> dict[str, int]:
    return {g: int(store.hget(f"game:{{{g}}}:head", "version") or 0) for g in game_ids}


def hold_full(store, seconds: float, *alive: WorkerProcess) -> None:
    """Keep Redis full for `seconds`, every given worker alive all along."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        for worker in alive:
            assert worker.process.poll() is None, (
                f"the worker exited ({worker.process.returncode}) while Redis was full:\n"
                f"{worker.log_path.read_text()[-3000:]}")
        time.sleep(0.1)


def failed_jobs(store) -> list[str]:
    return [j.decode() for j in store.zrange(FailedJobRegistry(CLOCK_QUEUE, connection=store).key, 0, -1)]


OOM = "redis.exceptions.OutOfMemoryError: command not allowed when used memory > 'maxmemory'."


def record_failed(store, job: Job, why: str) -> None:
    """As a worker records a failed job: its status, the failed registry, the failure's result."""
    job.set_status("failed")
    FailedJobRegistry(CLOCK_QUEUE, connection=store, serializer=JSONSerializer).add(job, exc_string=why)
    Result.create_failure(job, 600, why)


def worker_lines(worker: WorkerProcess, text: str) -> int:
    return worker.log_path.read_text().count(text)


def test_a_bot_round_caught_by_a_full_redis_finishes_once_there_is_room_and_the_worker_never_exits(
        api, store, workers):
    tid, org = bot_tournament(api)
    worker = workers()
    seat_round(api, tid, org)
    full(store)  # the bots' jobs are queued, or running: their next write is refused
    tables = round_tables(api, tid, 1)  # (a read: answered while full)
    assert len(tables) == 3 and not all(t["result"] for t in tables), "the round was over before Redis was full"
    stood = heads(store, [t["game_id"] for t in tables])
    hold_full(store, 4.0, worker)
    assert heads(store, list(stood)) == stood, "nothing is written while Redis is full"
    roomy(store)

    wait_round(api, tid, 1, timeout=30)
    assert worker.process.poll() is None, worker.log_path.read_text()[-3000:]
    assert failed_jobs(store) == [], "a job a full Redis refused is run again, never recorded as failed"
    log = worker.log_path.read_text()
    assert "unhandled exception" not in log and "Scheduler [PID" not in log
    # once when the spell began (the worker, and its scheduler process), once when it ended
    assert worker_lines(worker, "Redis is full (at its maxmemory): the worker") == 1, log[-3000:]
    assert worker_lines(worker, "Redis is full (at its maxmemory): the scheduler") <= 1
    assert worker_lines(worker, "Redis takes writes again") >= 1
    # and the evening goes on: the next round plays as any other
    seat_round(api, tid, org)
    wait_round(api, tid, 2, timeout=30)


def test_a_worker_killed_and_restarted_while_redis_is_full_waits_for_room_and_the_round_finishes(
        api, store, workers):
    tid, org = bot_tournament(api)
    first = workers()
    seat_round(api, tid, org)
    full(store)
    tables = round_tables(api, tid, 1)
    assert not all(t["result"] for t in tables), "the round was over before Redis was full"
    hold_full(store, 1.5, first)
    first.kill(signal.SIGKILL)  # as the probe did: kill -9, and a new worker while Redis is still full
    second = workers(ready=False)
    hold_full(store, 4.0, second)  # today: exit 1 at once (rq's suspension check, a read inside MULTI)
    roomy(store)

    wait_round(api, tid, 1, timeout=30)
    assert second.process.poll() is None, second.log_path.read_text()[-3000:]
    assert worker_lines(second, "Redis is full (at its maxmemory): the worker") == 1


@pytest.mark.parametrize("lost", ["failed for memory", "never enqueued"])
def test_a_table_whose_bot_job_is_gone_is_found_by_the_sweeper(api, store, workers, lost):
    """No worker runs while the round is seated; then its bot jobs are gone — recorded as failed
    on a full Redis by a worker that did not wait (as today's did), or never enqueued (the hook's
    enqueue refused right after the append). A worker that starts finds every table that owes
    the bot a move, and the round finishes."""
    tid, org = bot_tournament(api, entrants=6)
    seat_round(api, tid, org)
    queue = Queue(CLOCK_QUEUE, connection=store, serializer=JSONSerializer)
    jobs = [j.decode() for j in store.lrange(queue.key, 0, -1)]
    assert jobs and all(j.startswith("bots-") for j in jobs), jobs
    store.delete(queue.key)
    for job_id in jobs:
        if lost == "never enqueued":
            Job.fetch(job_id, connection=store, serializer=JSONSerializer).delete()
            continue
        record_failed(store, Job.fetch(job_id, connection=store, serializer=JSONSerializer), OOM)
    stood = heads(store, [t["game_id"] for t in round_tables(api, tid, 1)])
    time.sleep(0.5)
    assert heads(store, list(stood)) == stood, "nothing plays the bot without its job"

    workers()
    wait_round(api, tid, 1, timeout=30)


def test_requeue_refused_puts_back_only_jobs_a_full_redis_failed(store):
    from service.jobs.sweepers import requeue_refused

    queue = Queue(CLOCK_QUEUE, connection=store, serializer=JSONSerializer)
    registry = FailedJobRegistry(CLOCK_QUEUE, connection=store, serializer=JSONSerializer)
    for job_id, why in (("refused", OOM), ("broken", "ValueError: a bug")):
        job = queue.enqueue("service.jobs.bots.play_bots", "nosuchgame", job_id=job_id)
        store.lrem(queue.key, 0, job_id)
        record_failed(store, job, why)
    assert requeue_refused(store, [CLOCK_QUEUE]) == ["refused"]
    assert [j.decode() for j in store.lrange(queue.key, 0, -1)] == ["refused"]
    assert registry.get_job_ids() == ["broken"]


def test_the_room_waits_with_backoff_and_says_so_once(store, caplog):
    """service/jobs/room.py on its own: a write refused for memory is waited out (probes after
    0.25, 0.5, 1 ... s) and done again; one warning a spell, one line when it ends."""
    import logging
    import threading

    from service.jobs.room import Room, Stopped

    room = Room(store, who="the test", most=0.5)
    full(store)
    timer = threading.Timer(1.2, roomy, args=(store,))
    timer.start()
    with caplog.at_level(logging.INFO, logger="service.jobs.room"):
        started = time.monotonic()
        assert room.through("write a key", store.set, "written", "1") is True
        waited = time.monotonic() - started
    timer.join()
    assert 1.2 <= waited < 2.5, waited
    assert store.get("written") == b"1"
    messages = [r.getMessage() for r in caplog.records]
    assert sum("Redis is full" in m for m in messages) == 1 and sum("takes writes again" in m for m in messages) == 1
    assert room.full_since is None and room.spells == 1
    full(store)
    try:
        with pytest.raises(Stopped):
            room.through("write a key", store.set, "other", "1", stop=lambda: True)
    finally:
        roomy(store)
