"""Time from kill -9 to serving again, for each process `make serve` runs.

    .venv/bin/python bench/recovery.py [--trials 3]

Starts `bootleggers serve` as `make serve` runs it (its own embedded Redis with AOF in a temp
working dir, gunicorn with 2 workers, the RQ worker; rate limits off), opens a running game,
then, `--trials` times each, SIGKILLs:

- the RQ worker: seconds until its replacement has registered in Redis, and until a job
  queued right after the kill (a replay, POST /v1/games/{id}/replays) has run;
- the embedded Redis: seconds until the first 200 on a game read (GET /v1/games/{id}, polled
  every 10 ms; meanwhile 503s, counted, and nothing else);
- one gunicorn worker: seconds until the first 200 on a game read (the other worker answers
  meanwhile), and until gunicorn has forked its replacement.

The restart backoff is the default (0.5 s for a first crash, doubling up to 10 s), but the
"stable minute" after which a child counts as healthy again is cut to 2 s
(RESTART_STABLE_SECONDS) so that every trial, 3 s after the previous recovery, is a first
crash, as a lone crash in production is. Figures are seconds, median (min–max).

Then, once (`--full-seconds 20`; 0: skip), the full-Redis recovery time of a bot round (issue
35): the embedded Redis runs with `REDIS_MAXMEMORY=64mb`; a nine-bot booze_baron tournament
(tables of 3) plays two rounds; Redis is filled with junk keys to within a few MB of its
maxmemory, round 3 is seated, the fill is topped up until Redis refuses writes and kept so
(topped up again whenever room appears) `--full-seconds`, and the junk deleted. Told: the seconds from that delete until every
round-3 table has moved again and until the round has finished, and how many times the RQ
worker exited meanwhile. `--full-only` runs only this.
"""
from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import redis  # noqa: E402
from rq import Worker  # noqa: E402

from tests.support.served import _cmdline, _proc_stat, call, descendants  # noqa: E402
from tests.support.web_process import start_serve_embedded, stop  # noqa: E402

POLL = 0.01


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return 0


def children(parent: int, marker: str) -> list[int]:
    return sorted(pid for pid in descendants(parent)
                  if (stat := _proc_stat(pid)) and stat[0] != "Z" and stat[1] == parent and marker in _cmdline(pid))


def wait(what: str, test, timeout: float = 60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = test()
        if found:
            return found
        time.sleep(POLL)
    raise RuntimeError(f"timed out waiting for {what}")


def registered(client: redis.Redis, pid: int) -> bool:
    try:
        return any(w.pid == pid for w in Worker.all(connection=client))
    except redis.RedisError:
        return False


def worker_trial(serve: int, base: str, client: redis.Redis, game: dict) -> tuple[float, float]:
    old = children(serve, "ClockWorker")[0]
    wait("the worker to register", lambda: registered(client, old))
    os.kill(old, signal.SIGKILL)
    killed = time.monotonic()
    status, job = call(base, "POST", f"/v1/games/{game['id']}/replays", {}, token=game["organizer"])
    assert status == 202, job
    new = wait("a new worker", lambda: [p for p in children(serve, "ClockWorker") if p != old])[0]
    wait("the new worker to register", lambda: registered(client, new))
    registered_after = time.monotonic() - killed

    def ran() -> str | None:  # (finished, or failed: either way a worker ran it)
        status, answer = call(base, "GET", f"/v1/jobs/{job['job_id']}", token=game["organizer"])
        assert status == 200, answer
        return answer["status"] if answer["status"] in ("finished", "failed") else None

    wait("the replay job", ran)
    return registered_after, time.monotonic() - killed


def redis_trial(serve: int, base: str, game: dict) -> tuple[float, int]:
    victim = children(serve, "redis-server")[0]
    read = f"{base}/v1/games/{game['id']}"
    assert status_of(read) == 200
    os.kill(victim, signal.SIGKILL)
    killed = time.monotonic()
    unavailable = 0
    while True:
        status = status_of(read)
        if status == 200:
            return time.monotonic() - killed, unavailable
        if status != 503:
            raise AssertionError(f"a game read answered {status} while Redis was down")
        unavailable += 1
        time.sleep(POLL)


def web_trial(serve: int, base: str, game: dict) -> tuple[float, float]:
    master = children(serve, "gunicorn")[0]
    workers = children(master, "gunicorn")
    assert len(workers) == 2, workers
    victim = workers[0]
    read = f"{base}/v1/games/{game['id']}"
    os.kill(victim, signal.SIGKILL)
    killed = time.monotonic()
    wait("a game read", lambda: status_of(read) == 200)
    first = time.monotonic() - killed
    wait("gunicorn's replacement worker",
         lambda: len(now := children(master, "gunicorn")) == 2 and victim not in now)
    return first, time.monotonic() - killed


#: junk written 1 MB at a time, then smaller (a write's own query buffer counts while it is read:
#: a refused 1 MB write leaves up to 1 MB that the bots' small appends would still get)
FILL_CHUNKS = (1024 * 1024, 64 * 1024, 4096, 256)
ROUND_TIMEOUT = 120.0


def full_error(exc: BaseException) -> bool:
    return "command not allowed when used memory" in str(exc)


def fill(client: redis.Redis, start: int, leave_mb: int = 0) -> int:
    """Write junk keys `bench:fill:<n>` from `start` until Redis refuses even a small one; then
    delete `leave_mb` MB of them again (room for a few writes). The next free number."""
    n = start
    for size in FILL_CHUNKS:
        chunk = b"x" * size
        while True:
            try:
                client.set(f"bench:fill:{n}", chunk)
            except redis.ResponseError as exc:
                if not full_error(exc):
                    raise
                break
            n += 1
    freed = 0
    while freed < leave_mb * 1024 * 1024 and n > start:
        n -= 1
        freed += client.strlen(f"bench:fill:{n}")
        client.delete(f"bench:fill:{n}")
    return n


def tables_of(base: str, tid: str, round_no: int) -> list[dict]:
    status, state = call(base, "GET", f"/v1/tournaments/{tid}")
    assert status == 200, state
    return [t for t in state["tables"] if t["round"] == round_no]


def heads(client: redis.Redis, game_ids: list[str]) -> dict[str, int]:
    return {g: int(client.hget(f"game:{{{g}}}:head", "version") or 0) for g in game_ids}


def full_trial(serve: int, base: str, client: redis.Redis, full_seconds: float) -> dict:
    """One bot round through a full Redis; what it took to come back (see the docstring)."""
    status, made = call(base, "POST", "/v1/tournaments", {
        "name": "Full house", "ruleset": "booze_baron", "rounds": 3, "table_size": {"min": 3, "max": 3},
        "game_options": {}, "bot_strategy": "random"})
    assert status == 201, made
    tid, org = made["tournament_id"], made["organizer_token"]
    for n in range(1, 10):
        status, answer = call(base, "POST", f"/v1/tournaments/{tid}/entrants", {"name": f"House {n}", "bot": "random"},
                              token=org)
        assert status == 201, answer
    for round_no in (1, 2):
        assert call(base, "POST", f"/v1/tournaments/{tid}/commands", {"type": "seat_round"}, token=org)[0] == 201
        wait(f"round {round_no}", lambda n=round_no: all(t["result"] for t in tables_of(base, tid, n)), ROUND_TIMEOUT)
    workers_seen = set(children(serve, "ClockWorker"))
    junk = fill(client, 0, leave_mb=3)
    status, answer = call(base, "POST", f"/v1/tournaments/{tid}/commands", {"type": "seat_round"}, token=org)
    assert status == 201, answer
    junk = fill(client, junk)  # full now: the bots' next writes are refused
    filled = time.monotonic()
    ids = [t["game_id"] for t in tables_of(base, tid, 3)]
    at_fill = heads(client, ids)
    unfinished_at_fill = sum(1 for t in tables_of(base, tid, 3) if not t["result"])
    while time.monotonic() - filled < full_seconds:  # kept full: whatever room appears is taken again
        workers_seen.update(children(serve, "ClockWorker"))
        junk = fill(client, junk)
        time.sleep(0.002)
    stood = heads(client, ids)
    client.delete(*[f"bench:fill:{n}" for n in range(junk)])
    freed = time.monotonic()
    moved: dict[str, float] = {}
    finished = None
    while time.monotonic() - freed < ROUND_TIMEOUT:
        workers_seen.update(children(serve, "ClockWorker"))
        now = heads(client, ids)
        for game_id in ids:
            if game_id not in moved and now[game_id] > stood[game_id]:
                moved[game_id] = time.monotonic() - freed
        tables = tables_of(base, tid, 3)
        if all(t["result"] for t in tables):
            finished = time.monotonic() - freed
            break
        time.sleep(0.05)
    for game_id in ids:  # a table that had finished before the fill has nothing to move
        if game_id not in moved and next(t for t in tables_of(base, tid, 3) if t["game_id"] == game_id)["result"] \
                and now[game_id] == stood[game_id]:
            moved[game_id] = 0.0
    return {"unfinished_at_fill": unfinished_at_fill, "at_fill": at_fill, "stood": stood, "moved": max(moved.values()) if len(moved) == len(ids) else None,
            "finished": finished, "worker_exits": len(workers_seen) - 1}


def summary(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} s ({min(values):.2f}–{max(values):.2f})"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--full-seconds", type=float, default=20.0,
                        help="how long Redis stays full during the bot round (0: skip that trial)")
    parser.add_argument("--full-only", action="store_true", help="only the full-Redis trial")
    return parser.parse_args()


def main() -> int:
    args = parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="bench-recovery-"))
    log_path = workdir / "serve.log"
    process, base = start_serve_embedded(workdir, log_path, RATE_LIMITS="off", RESTART_STABLE_SECONDS="2",
                                         LOG_LEVEL="warning", REDIS_MAXMEMORY="64mb")
    try:
        game = a_running_game(base)
        redis_port = int(_cmdline(children(process.pid, "redis-server")[0]).split(":")[-1].split()[0])
        client = redis.Redis(host="127.0.0.1", port=redis_port, socket_connect_timeout=1, socket_timeout=5)

        if args.full_seconds > 0:
            report_full(full_trial(process.pid, base, client, args.full_seconds), args.full_seconds)
        if args.full_only:
            return 0
        kill_trials(process.pid, base, client, game, args.trials)
        return 0
    except BaseException:
        print(f"serve's log: {log_path}", file=sys.stderr)
        raise
    finally:
        stop(process)
        if sys.exc_info()[0] is None:
            shutil.rmtree(workdir, ignore_errors=True)


def a_running_game(base: str) -> dict:
    """A three-seat Bootleggers game, started: its id and organizer token."""
    status, created = call(base, "POST", "/v1/games", {"ruleset": "bootleggers", "seats": 3})
    assert status == 201, created
    game = {"id": created["game_id"], "organizer": created["organizer_token"]}
    for name in ("Ada", "Bix", "Cora"):
        assert call(base, "POST", f"/v1/games/{game['id']}/seats", {"name": name})[0] == 201
    assert call(base, "POST", f"/v1/games/{game['id']}/start", {}, token=game["organizer"])[0] in (200, 201)
    return game


def report_full(found: dict, full_seconds: float) -> None:
    moved = "never" if found["moved"] is None else f"{found['moved']:.2f} s"
    finished = f"never (within {ROUND_TIMEOUT:.0f} s)" if found["finished"] is None else f"{found['finished']:.2f} s"
    slipped = sum(found["stood"][g] - found["at_fill"][g] for g in found["stood"])
    print(f"full Redis (REDIS_MAXMEMORY=64mb) for {full_seconds:.0f} s during round 3 of a nine-bot "
          f"booze_baron tournament ({found['unfinished_at_fill']} of 3 tables unfinished when it filled up; "
          f"{slipped} events got in while it was full, between two top-ups of the junk):")
    print(f"  full-Redis recovery of a bot round: every table moved again {moved} after room was made; "
          f"the round finished {finished} after; the RQ worker exited {found['worker_exits']} times meanwhile")


def kill_trials(serve: int, base: str, client: redis.Redis, game: dict, trials: int) -> None:
    """`trials` kills of each process, each a first crash; their recovery times printed."""
    registered_in, job_in, redis_in, refused, web_in, web_back = [], [], [], [], [], []
    for _ in range(trials):
        time.sleep(3)  # past RESTART_STABLE_SECONDS: a first crash
        a, b = worker_trial(serve, base, client, game)
        registered_in.append(a)
        job_in.append(b)
        time.sleep(3)
        a, n = redis_trial(serve, base, game)
        redis_in.append(a)
        refused.append(n)
        time.sleep(1)
        a, b = web_trial(serve, base, game)
        web_in.append(a)
        web_back.append(b)
    print(f"kill -9, {trials} trials each, on `bootleggers serve` (default backoff: 0.5 s for a first crash)")
    print(f"  RQ worker:       a new worker registered in {summary(registered_in)}; "
          f"a job queued at the kill ran in {summary(job_in)}")
    print(f"  embedded Redis:  first 200 on a game read after {summary(redis_in)} "
          f"(503 storage_unavailable meanwhile: {sum(refused)} reads, nothing else)")
    print(f"  gunicorn worker: first 200 on a game read after {summary(web_in)} (the other worker answers); "
          f"gunicorn forked its replacement after {summary(web_back)}")


if __name__ == "__main__":
    sys.exit(main())
