"""Benchmark: time travel on a long game, `GET ?at=head-40` ÷ `GET ?at=20`.

Bots play a 6-seat Bootleggers game with table talk through the HTTP layer (Flask test
client), then the organizer reads the state at event 20 and at head-40, timed back to back
(median of runs): without checkpoints (every `?at` folds from event 1: the figure without
checkpoints) and with a checkpoint every K events for a few K, with the Redis memory the
checkpoints take. Starts its own Redis from the bundled binary; never touches 6379.
Run: `.venv/bin/python bench/time_travel.py [talk share, default 0.5]`.
"""
from __future__ import annotations

import logging
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from service.streams import checkpoints  # noqa: E402
from service.app import create_app  # noqa: E402
from service.runtime.embedded_redis import EmbeddedRedis  # noqa: E402
from tests.support.bots import bearer, open_table, play  # noqa: E402

RUNS = 40


def median_ms(client, path: str, headers: dict) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        assert client.get(path, headers=headers).status_code == 200
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def figure(client, redis, table, every: int) -> tuple[float, float, int]:
    """(ms at head-40, ms at 20, bytes of checkpoints) with a checkpoint every `every`."""
    checkpoints.CHECKPOINT_EVERY = every
    redis.delete(checkpoints.checkpoints_key(table.game_id))
    headers = bearer(table.organizer)
    head = client.get(f"/v1/games/{table.game_id}", headers=headers).get_json()["version"]
    late, early = f"/v1/games/{table.game_id}?at={head - 40}", f"/v1/games/{table.game_id}?at=20"
    client.get(late, headers=headers)  # writes the checkpoints below head-40 (lazily)
    late_ms, early_ms = median_ms(client, late, headers), median_ms(client, early, headers)
    used = redis.memory_usage(checkpoints.checkpoints_key(table.game_id)) or 0
    return late_ms, early_ms, used


def main() -> None:
    talk = float(sys.argv[1]) if len(sys.argv) > 1 else 0.5
    with EmbeddedRedis.ephemeral() as server:
        app = create_app({"REDIS_URL": server.url, "RATE_LIMITS": "off"})
        logging.getLogger("bootleggers.request").disabled = True  # one JSON line per request
        redis = app.extensions["games"].redis
        client = app.test_client()
        table = open_table(client, 6)
        final = play(table, random.Random(6), max_commands=20_000, talk=talk)
        head = final["version"]
        print(f"6-seat game with talk share {talk}: {head} events "
              f"(noisy shared machine: compare ratios, not milliseconds)")
        print(f"{'K':>8} {'at=head-40 ms':>14} {'at=20 ms':>9} {'ratio':>6} {'checkpoints':>12} {'per ckpt':>9}")
        for every in (10 ** 9, 500, 200, 100, 50):
            late, early, used = figure(client, redis, table, every)
            count = head // every if every < head else 0
            name = "none" if every >= head else str(every)
            per = f"{used / count / 1024:.1f} kB" if count else "-"
            print(f"{name:>8} {late:14.2f} {early:9.2f} {late / early:6.1f} {used / 1024:10.1f} kB {per:>9}")


if __name__ == "__main__":
    main()
