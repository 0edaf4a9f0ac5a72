"""Five figures of play, measured as a client meets them: over HTTP against the
service as `make serve` runs it (`bootleggers serve`: gunicorn with gunicorn.conf.py and
the RQ worker) on an embedded Redis with AOF on, rate limits off.

    .venv/bin/python bench/game.py [--seconds 10] [--bots 6] [--reads 300]

1. game requests/s ÷ /healthz requests/s: `--bots` threads each play a 6-seat game through
   the API (GET state, GET legal-actions, POST a listed example with If-Match; a new game
   when one ends), then as many threads call /healthz, `--seconds` each;
2. GET state at the end of a long 6-seat game ÷ at the start of a fresh one (medians of
   `--reads` reads, interleaved);
3. GET state after 1,000 `say` lines ÷ before, on one started game;
4. GET ?at=head−40 ÷ GET ?at=20 on the long game;
5. Redis memory (used_memory) per started 3-seat game, over 200 games.

Each ratio is of two things timed back to back in one run; the absolute figures are printed
beside it (a shared machine: compare ratios). Never touches the machine's own Redis.
"""
from __future__ import annotations

import argparse
import logging
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import redis  # noqa: E402

from service.runtime.embedded_redis import EmbeddedRedis  # noqa: E402
from tests.support.bots import BotError, bearer, move, open_table, play  # noqa: E402
from tests.support.http_client import HttpClient  # noqa: E402
from tests.support.web_process import start_serve, stop  # noqa: E402

GOALS = {"requests": ("≥", 0.5), "end_vs_start": ("≤", 1.2), "talk": ("≤", 1.2), "at": ("≤", 2.0),
         "memory_kb": ("≤", 24.0)}


def rate(base: str, threads: int, seconds: float, work) -> float:
    """Requests per second of `threads` threads each running `work(client, rng, count, alive)`
    until the time is up; `count(n)` adds n requests, `alive()` is false once time is up."""
    counts, errors = [0] * threads, []
    until = time.monotonic() + seconds

    def run(slot: int) -> None:
        client, rng = HttpClient(base), random.Random(slot)

        def count(n: int) -> None:
            counts[slot] += n
        try:
            while time.monotonic() < until:
                work(client, rng, count, lambda: time.monotonic() < until)
        except BotError as exc:
            errors.append(str(exc))
        finally:
            client.close()

    start = time.monotonic()
    workers = [threading.Thread(target=run, args=(n,)) for n in range(threads)]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    if errors:
        raise RuntimeError(f"a bot was refused: {errors[0]}")
    return sum(counts) / (time.monotonic() - start)


def bot_games(client, rng, count, alive) -> None:
    """One game, played until it ends or the time is up: three requests per command."""
    table = open_table(client, 6)
    count(2 + 6)  # create, seats, start
    while alive() and move(table, rng) is None:
        count(3)


def health(client, rng, count, alive) -> None:
    for _ in range(50):
        assert client.get("/healthz").status_code == 200
        count(1)


def medians(client, paths: list[tuple[str, dict]], reads: int) -> list[float]:
    """The median ms of GET on each path, the paths read in turn (interleaved)."""
    times = [[] for _ in paths]
    for _ in range(reads):
        for n, (path, headers) in enumerate(paths):
            start = time.perf_counter()
            answer = client.get(path, headers=headers)
            times[n].append(time.perf_counter() - start)
            assert answer.status_code == 200, answer.get_data(as_text=True)
    return [statistics.median(t) * 1000 for t in times]


def report(name: str, label: str, ratio: float, detail: str) -> None:
    sign, goal = GOALS[name]
    met = ratio >= goal if sign == "≥" else ratio <= goal
    print(f"{label:<44} {ratio:8.2f}   goal {sign} {goal:<5} {'met' if met else 'NOT met':<8} {detail}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--bots", type=int, default=6)
    parser.add_argument("--reads", type=int, default=300)
    args = parser.parse_args()
    logging.disable(logging.WARNING)
    with tempfile.TemporaryDirectory(prefix="bench-game-") as tmp, \
            EmbeddedRedis(Path(tmp) / "redis", appendonly=True) as server:
        web, base = start_serve(server.url, Path(tmp) / "serve.log", RATE_LIMITS="off", LOG_LEVEL="warning")
        try:
            measure(base, redis.Redis.from_url(server.url), args)
        finally:
            stop(web)


def measure(base: str, store: redis.Redis, args) -> None:
    client = HttpClient(base)
    rate(base, args.bots, 2, bot_games)  # warm every worker: imports, scripts, caches
    games = rate(base, args.bots, args.seconds, bot_games)
    healthz = rate(base, args.bots, args.seconds, health)
    print(f"service: bootleggers serve at {base}; {args.bots} client threads, {args.seconds:.0f} s per rate")
    report("requests", "1. game requests/s ÷ /healthz requests/s", games / healthz,
           f"({games:,.0f} ÷ {healthz:,.0f} req/s)")

    long = open_table(client, 6)
    final = play(long, random.Random(6), max_commands=20_000, talk=0.5)
    fresh = open_table(client, 6)
    org_long, org_fresh = bearer(long.organizer), bearer(fresh.organizer)
    end_ms, start_ms = medians(client, [(f"/v1/games/{long.game_id}", org_long),
                                        (f"/v1/games/{fresh.game_id}", org_fresh)], args.reads)
    report("end_vs_start", "2. GET state, end of a long game ÷ start", end_ms / start_ms,
           f"({end_ms:.2f} vs {start_ms:.2f} ms; {final['version']:,} events)")

    talky = open_table(client, 6)
    path, seat = f"/v1/games/{talky.game_id}", bearer(talky.tokens[1])
    (before,) = medians(client, [(path, seat)], args.reads)
    for n in range(1000):
        said = client.post(f"{path}/commands", json={"type": "say", "text": f"line {n}"}, headers=seat)
        assert said.status_code == 201, said.get_data(as_text=True)
    (after,) = medians(client, [(path, seat)], args.reads)
    report("talk", "3. GET state after 1,000 say ÷ before", after / before, f"({after:.2f} vs {before:.2f} ms)")

    head = final["version"]
    late, early = f"/v1/games/{long.game_id}?at={head - 40}", f"/v1/games/{long.game_id}?at=20"
    late_ms, early_ms = medians(client, [(late, org_long), (early, org_long)], max(args.reads // 3, 50))
    report("at", "4. GET ?at=head−40 ÷ ?at=20", late_ms / early_ms,
           f"({late_ms:.2f} vs {early_ms:.2f} ms; head {head:,})")

    used = int(store.info("memory")["used_memory"])
    for _ in range(200):
        open_table(client, 3)
    per_game = (int(store.info("memory")["used_memory"]) - used) / 200 / 1024
    report("memory_kb", "5. Redis memory per started 3-seat game (kB)", per_game, "(used_memory over 200 games)")
    client.close()


if __name__ == "__main__":
    main()
