"""How late do deadlines fire? 50 deadlines through a real RQ worker, none of them early.

    .venv/bin/python bench/clock.py [--count 50] [--seconds 2] [--sweep 0.5]

Starts its own Redis (the bundled binary, ephemeral, a free port — never 6379) and one
`rq worker --with-scheduler -w service.jobs.worker.ClockWorker`, creates `count` games of
the timed toy ruleset (tests/clock/timed_toy.py) a few milliseconds apart, each with a
deadline of `seconds`, and waits for every one to fire. Lateness = the `recorded_at` of
the `deadline_expired` event minus the deadline's `due_at`; an early firing is a negative
lateness (must be 0). Everything is stopped at the end, also on Ctrl-C.
"""
from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import redis  # noqa: E402

from service import bootstrap, clock  # noqa: E402
from service.runtime import timeutil  # noqa: E402
from service.runtime.embedded_redis import EmbeddedRedis  # noqa: E402
from service.table.games import Games  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def start_worker(url: str, log_path: Path, sweep: float) -> subprocess.Popen:
    env = {**os.environ, "REDIS_URL": url, "BOOTLEGGERS_RULESETS": "tests.clock.timed_toy:rulesets",
           "CLOCK_SWEEP_SECONDS": str(sweep), "PYTHONUNBUFFERED": "1"}
    rq = Path(sys.executable).parent / "rq"
    argv = [str(rq), "worker", "--with-scheduler", "-w", "service.jobs.worker.ClockWorker",
            "--serializer", "json", "--url", url, "clock", "replays"]
    return subprocess.Popen(argv, cwd=REPO, env=env, stdout=open(log_path, "wb"), stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if process.poll() is None:
        process.wait(5)


def create_game(games: Games, seconds: int) -> str:
    created = games.create("toy", 3, {"deadlines": {"default": seconds}})
    game_id = created["game_id"]
    for name in ("A", "B", "C"):
        games.join(game_id, name)
    games.start(game_id, {"kind": "organizer"})
    return game_id


def first_expiry(games: Games, game_id: str) -> tuple[dict | None, int]:
    events = games.events(game_id, after=0, limit=1000)
    first_step = next(e["version"] for e in events if e["type"] == "deadline_set")
    fired = [e for e in events if e["type"] == "deadline_expired" and e["payload"]["step_version"] == first_step]
    return (fired[0] if fired else None), len(fired)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=2)
    parser.add_argument("--sweep", type=float, default=0.5, help="ClockWorker sweeper interval (s)")
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()

    from tests.clock.timed_toy import rulesets

    with tempfile.TemporaryDirectory(prefix="bench-clock-") as tmp, EmbeddedRedis.ephemeral() as server:
        client = redis.Redis.from_url(server.url)
        worker = start_worker(server.url, Path(tmp) / "worker.log", args.sweep)
        try:
            ready_by = time.monotonic() + 20
            while not client.smembers("rq:workers"):
                if worker.poll() is not None or time.monotonic() > ready_by:
                    print((Path(tmp) / "worker.log").read_text()[-2000:], file=sys.stderr)
                    return 2
                time.sleep(0.05)
            games = bootstrap.in_process(client, rulesets=rulesets(), hooks=(clock.install,)).games
            ids = []
            for _ in range(args.count):
                ids.append(create_game(games, args.seconds))
                time.sleep(random.uniform(0.0, 0.04))  # spread due times over sub-second offsets
            results: dict[str, tuple[dict, int]] = {}
            give_up = time.monotonic() + args.seconds + args.timeout
            while len(results) < len(ids) and time.monotonic() < give_up:
                for game_id in ids:
                    if game_id not in results:
                        event, n = first_expiry(games, game_id)
                        if event:
                            results[game_id] = (event, n)
                time.sleep(0.1)
            time.sleep(1.5)  # let duplicate triggers (job + sweeper) have their chance
            duplicates = sum(first_expiry(games, g)[1] - 1 for g in results)
        finally:
            stop(worker)
        lateness = [(timeutil.parse(e["recorded_at"]) - timeutil.parse(e["payload"]["due_at"])).total_seconds()
                    for e, _ in results.values()]
    missing = args.count - len(lateness)
    early = sum(1 for x in lateness if x < 0)
    print(f"deadlines: {len(lateness)} fired of {args.count} ({args.seconds}s each, sweeper {args.sweep}s)")
    if lateness:
        print(f"lateness (s): min {min(lateness):.3f}  median {statistics.median(lateness):.3f}  "
              f"p99 {percentile(lateness, 0.99):.3f}  max {max(lateness):.3f}")
    print(f"early firings: {early}")
    print(f"duplicate firings: {duplicates}")
    print(f"never fired: {missing}")
    return 0 if early == 0 and missing == 0 and duplicates == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
