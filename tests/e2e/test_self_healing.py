"""Self-healing ``bootleggers serve``, on the real thing: kill -9 its children.

- the RQ worker: serve logs its death and starts a new one after the backoff; the new worker
  registers, runs a job the dead one had taken with it, and a game's deadline still fires;
  what the dead one forked (RQ's scheduler) is gone with it;
- the embedded Redis: meanwhile every store-touching request answers 503
  `storage_unavailable` with `Retry-After`, at once (no hang, never a 500), /healthz says
  degraded and why; serve restarts Redis on the same port and data dir, and the game is read
  back with every acknowledged event; a deadline that fell due during the outage fires after it;
- a gunicorn worker: gunicorn replaces it, and readers see no error;
- with an external REDIS_URL there is no Redis to restart, and the worker still is.

Each test ends with one SIGINT that must stop everything, the restarted children included.
The backoff is shortened through the environment (RESTART_BACKOFF_SECONDS).
"""
from __future__ import annotations

import os
import signal
import threading
import time
from datetime import datetime
from pathlib import Path

import pytest
import redis

from service.runtime.embedded_redis import EmbeddedRedis
from tests.support.http_client import HttpClient
from tests.support.served import Served, alive, call, call_full, descendants

pytestmark = pytest.mark.slow

WORKER = "ClockWorker"  # in the RQ worker's command line (and its forked scheduler's)
FAST = {"RESTART_BACKOFF_SECONDS": "0.2", "RESTART_BACKOFF_MAX_SECONDS": "2", "RESTART_STABLE_SECONDS": "5"}


def when(iso: str) -> float:
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def started_game(base: str, deadline: int = 0) -> dict:
    """A running three-seat Bootleggers game; every step waits `deadline` s (0: forever)."""
    options = {"deadlines": {"default": deadline}} if deadline else {}
    status, created = call(base, "POST", "/v1/games", {"ruleset": "bootleggers", "seats": 3, "options": options})
    assert status == 201, created
    game, organizer = created["game_id"], created["organizer_token"]
    tokens = []
    for name in ("Ada", "Bix", "Cora"):
        status, joined = call(base, "POST", f"/v1/games/{game}/seats", {"name": name})
        assert status == 201, joined
        tokens.append(joined["player_token"])
    status, started = call(base, "POST", f"/v1/games/{game}/start", {}, token=organizer)
    assert status in (200, 201), started
    return {"id": game, "organizer": organizer, "tokens": tokens}


def events(base: str, game: dict) -> list[dict]:
    found, after = [], 0
    while True:
        status, page = call(base, "GET", f"/v1/games/{game['id']}/events?after={after}&limit=1000",
                            token=game["organizer"])
        assert status == 200, page
        if not page["events"]:
            return found
        found += page["events"]
        after = page["events"][-1]["version"]


def wait_for_deadline_expired(base: str, game: dict, step_version: int, timeout: float = 30.0) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for event in events(base, game):
            if event["type"] == "deadline_expired" and event["payload"]["step_version"] == step_version:
                return event
        time.sleep(0.2)
    pytest.fail(f"the deadline of step {step_version} did not fire within {timeout}s")


def wait_for_status(base: str, path: str, status: int, timeout: float = 30.0) -> float:
    """Poll `path` until it answers `status`; the seconds it took."""
    began = time.monotonic()
    while time.monotonic() - began < timeout:
        if call(base, "GET", path)[0] == status:
            return time.monotonic() - began
        time.sleep(0.05)
    pytest.fail(f"{path} did not answer {status} within {timeout}s")


@pytest.fixture
def serving(tmp_path: Path):
    """Start `bootleggers serve` with the given extra environment; stop whatever is left."""
    started: list[Served] = []

    def start(env: dict[str, str] | None = None) -> Served:
        workdir = tmp_path / f"serve{len(started)}"
        workdir.mkdir()
        served = Served(workdir, env={**FAST, **(env or {})})
        started.append(served)
        assert served.wait_for_http("/healthz") == 200, served.log()
        return served

    yield start
    for served in started:
        served.kill_everything()


# -- the RQ worker ---------------------------------------------------------------------


def test_a_killed_worker_is_restarted_its_scheduler_goes_with_it_and_a_deadline_and_a_lost_job_still_run(serving):
    served = serving()  # (a 0.2 s backoff: the new worker starts before the lost job is a second old)
    url = served.redis_url()
    old = served.wait_for_child(WORKER)
    served.wait_for_worker_pid(url, old)
    game = started_game(served.base, deadline=2)
    status, state = call(served.base, "GET", f"/v1/games/{game['id']}", token=game["organizer"])
    assert status == 200 and state["deadline"], state
    end = time.monotonic() + 20  # RQ's scheduler, which the worker forks: it must not outlive it
    while not descendants(old) and time.monotonic() < end:
        time.sleep(0.05)
    scheduler = descendants(old)
    assert scheduler, "the worker forked no scheduler"
    served.track()

    os.kill(old, signal.SIGKILL)
    killed_at = time.time()
    end = time.monotonic() + 5
    while not (death := [r for r in served.serve_records("worker") if r.get("pid") == old and r.get("signal")]):
        assert time.monotonic() < end, served.log()
        time.sleep(0.05)
    assert len(death) == 1 and death[0]["signal"] == "SIGKILL" and death[0]["exit_code"] == -9, death
    assert death[0]["restart_in_seconds"] == 0.2 and death[0]["level"] == "warning"
    assert when(death[0]["restart_at"]) >= when(death[0]["time"])

    # A job queued at the instant of the kill can be popped by the dead worker's BLPOP (its
    # connection outlives it by milliseconds): staged here; the next worker must put it back.
    status, job = call(served.base, "POST", f"/v1/games/{game['id']}/replays", {}, token=game["organizer"])
    assert status == 202, job
    client = redis.Redis.from_url(url)
    try:
        assert client.lpop("rq:queue:replays") == job["job_id"].encode()
    finally:
        client.close()

    new = served.wait_for_child(WORKER, other_than=old, timeout=15)
    served.wait_for_worker_pid(url, new, timeout=30)
    end = time.monotonic() + 30
    while (answer := call(served.base, "GET", f"/v1/jobs/{job['job_id']}", token=game["organizer"])[1])["status"] \
            not in ("finished", "failed"):
        assert time.monotonic() < end, (answer, served.log())
        time.sleep(0.2)
    assert answer["status"] == "finished", answer
    assert any("requeued 1 jobs" in str(r.get("event")) for r in served.records()), served.log()

    fired = wait_for_deadline_expired(served.base, game, state["deadline"]["step_version"])
    assert when(fired["recorded_at"]) > killed_at  # the old worker was dead: the new one fired it
    assert not [pid for pid in scheduler if alive(pid)], "the dead worker's scheduler outlived it"
    assert served.process.poll() is None, served.log()  # serve itself never stopped
    assert served.interrupt_and_check_all_gone() == 0, served.log()


def test_with_an_external_redis_only_the_worker_is_supervised(serving):
    with EmbeddedRedis.ephemeral() as external:
        served = serving({"REDIS_URL": external.url})
        assert served.child_pid("redis-server") is None  # none of its own
        old = served.wait_for_child(WORKER)
        served.wait_for_worker_pid(external.url, old)
        os.kill(old, signal.SIGKILL)
        new = served.wait_for_child(WORKER, other_than=old, timeout=15)
        served.wait_for_worker_pid(external.url, new, timeout=30)
        assert served.serve_records("redis") == []
        assert any("not supervised here" in r["event"] for r in served.serve_records()), served.log()
        assert served.interrupt_and_check_all_gone() == 0, served.log()


# -- the embedded Redis ------------------------------------------------------------------


def test_a_killed_redis_means_503s_with_retry_after_then_every_event_is_back_and_the_missed_deadline_fires(serving):
    # Redis stays down 4 s: the game's first deadline (2 s after its start) falls due meanwhile.
    served = serving({"RESTART_BACKOFF_SECONDS": "4"})
    base = served.base
    served.wait_for_worker_pid(served.redis_url(), served.wait_for_child(WORKER))
    game = started_game(base, deadline=2)
    path = f"/v1/games/{game['id']}"
    acknowledged = {}
    for text in ("one", "two", "three"):
        status, said = call(base, "POST", f"{path}/commands", {"type": "say", "text": text}, token=game["tokens"][0])
        assert status == 201, said
        acknowledged.update({e["version"]: e["type"] for e in said["events"]})
    before = {e["version"]: e["hash"] for e in events(base, game)}
    assert set(acknowledged) <= set(before)
    status, state = call(base, "GET", path, token=game["organizer"])
    due = state["deadline"]
    redis_pid = served.child_pid("redis-server")
    assert redis_pid is not None

    os.kill(redis_pid, signal.SIGKILL)
    killed_at = time.time()
    assert killed_at < when(due["due_at"]), "too slow: the deadline passed before Redis was killed"
    time.sleep(0.2)  # (serve notices within 0.1 s)

    # Meanwhile: 503 storage_unavailable with Retry-After, at once, wherever the store is needed.
    token = game["tokens"][1]
    outage = [("GET", path, None, None), ("GET", path, None, token), ("GET", f"{path}/events", None, None),
              ("GET", f"{path}/legal-actions", None, token), ("GET", f"{path}/talk", None, None),
              ("GET", f"{path}/log", None, None), ("GET", "/v1/games", None, None),
              ("GET", f"{path}/events/stream?timeout=1", None, None), ("GET", "/v1/tournaments", None, None),
              ("POST", f"{path}/commands", {"type": "say", "text": "anyone?"}, token),
              ("POST", "/v1/games", {"ruleset": "bootleggers", "seats": 3}, None),
              ("POST", f"{path}/seats", {"name": "Late"}, None)]
    for method, where, body, who in outage:
        began = time.monotonic()
        status, headers, answer = call_full(base, method, where, body, token=who)
        took = time.monotonic() - began
        assert status == 503, (method, where, status, answer)
        assert answer["code"] == "storage_unavailable" and headers["Retry-After"] == "1", (where, headers, answer)
        assert headers["Content-Type"].startswith("application/problem+json")
        assert took < 1.5, (method, where, took)
    status, headers, health = call_full(base, "GET", "/healthz")
    assert status == 503 and headers["Retry-After"] == "1", health
    assert health["health"] == "degraded" and health["redis"] == "unreachable", health
    assert health["code"] == "storage_unavailable" and health["clock_worker"] is None, health
    assert call_full(base, "GET", "/metrics")[0] == 200  # needs no Redis
    # A web worker that (re)boots while Redis is down comes up all the same.
    victim = sorted(served.web_workers())[0]
    os.kill(victim, signal.SIGKILL)
    served.wait_for_replaced_worker(victim, timeout=20)
    replaced_at = time.time()
    status, headers, answer = call_full(base, "GET", path)
    assert status == 503 and headers["Retry-After"] == "1", answer  # still down: the outage lasts 4 s

    # Back: serve restarted it on the same port and data dir; every acknowledged event is there.
    wait_for_status(base, path, 200)
    end = time.monotonic() + 10  # (the web may answer before serve has written its line)
    while True:
        restarted = [r for r in served.serve_records("redis") if str(r["event"]).startswith("embedded redis restarted")]
        if restarted or time.monotonic() > end:
            break
        time.sleep(0.05)
    died = [r for r in served.serve_records("redis") if r.get("signal")]
    assert len(died) == 1 and died[0]["pid"] == redis_pid and died[0]["signal"] == "SIGKILL", served.log()
    assert died[0]["restart_in_seconds"] == 4 and died[0]["level"] == "warning"
    assert len(restarted) == 1 and restarted[0]["url"] == served.redis_url(), served.log()
    back_at = when(restarted[0]["time"])
    after = {e["version"]: e["hash"] for e in events(base, game)}
    assert all(after.get(version) == digest for version, digest in before.items()), (before, after)

    # The deadline that fell due while Redis was down fires now.
    assert when(due["due_at"]) < back_at and replaced_at < back_at
    assert all(call(base, "GET", path)[0] == 200 for _ in range(20))  # both web workers serve
    fired = wait_for_deadline_expired(base, game, due["step_version"])
    assert when(fired["recorded_at"]) >= back_at - 0.5  # (log line vs event clock: same machine)

    # Healthy again, commands too; the worker rode it out and sweeps again.
    status, said = call(base, "POST", f"{path}/commands", {"type": "say", "text": "back"}, token=token)
    assert status == 201, said
    end = time.monotonic() + 20
    while time.monotonic() < end:
        status, health = call(base, "GET", "/healthz")
        if status == 200 and health["clock_worker"]["seen"] and health["clock_worker"]["last_seen_seconds_ago"] < 3:
            break
        time.sleep(0.2)
    assert status == 200 and health["status"] == "ok" and health["redis"] == "ok", health
    assert health["clock_worker"]["last_seen_seconds_ago"] < 3, health
    assert served.process.poll() is None
    assert served.interrupt_and_check_all_gone() == 0, served.log()
    assert (served.workdir / "var" / "redis" / "appendonly.aof").is_file()


# -- a gunicorn worker ---------------------------------------------------------------------


def test_a_killed_web_worker_costs_readers_nothing(serving):
    served = serving({"RATE_LIMITS": "off"})
    game = started_game(served.base)
    path = f"/v1/games/{game['id']}"
    stop, reads, errors = threading.Event(), [0], []

    def reader() -> None:
        client = HttpClient(served.base, timeout=10)  # keep-alive; a GET cut by a dead worker is sent again
        try:
            while not stop.is_set():
                try:
                    answer = client.get(path)
                except Exception as exc:  # noqa: BLE001 (any failure counts)
                    errors.append(repr(exc))
                    continue
                if answer.status_code != 200:
                    errors.append(answer.status_code)
                reads[0] += 1
        finally:
            client.close()

    threads = [threading.Thread(target=reader) for _ in range(4)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(0.5)
        end = time.monotonic() + 30  # (a worker replaced by an earlier test may still be booting)
        while len(served.web_workers()) != 2 and time.monotonic() < end:
            time.sleep(0.05)
        workers = served.web_workers()
        assert len(workers) == 2, workers
        victim = sorted(workers)[0]
        os.kill(victim, signal.SIGKILL)
        served.wait_for_replaced_worker(victim)
        time.sleep(1.0)  # the replacement serves too
    finally:
        stop.set()
        for thread in threads:
            thread.join(15)
    assert errors == [] and reads[0] > 50, (errors[:10], reads)
    assert served.process.poll() is None and served.serve_records("web") and not [
        r for r in served.serve_records("web") if "exited" in str(r["event"])]
    assert served.interrupt_and_check_all_gone() == 0, served.log()
