"""Benchmark: a full 6-player game played by bots through the HTTP layer.

Prints commands/s and events/s of the whole game (each bot turn = GET state + GET
legal-actions + POST command, as a real client does), then the rebuild time of the
finished game (fold from event 1) against a bare XRANGE + JSON decode of its stream.
Starts its own Redis from the bundled binary; never touches the machine's 6379.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.canonical import loads  # noqa: E402
from events.store import stream_key  # noqa: E402
from service.app import create_app  # noqa: E402
from service.embedded_redis import EmbeddedRedis  # noqa: E402
from tests.support.bots import open_table, play  # noqa: E402


def best_of(n: int, fn) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    with EmbeddedRedis.ephemeral() as server:
        app = create_app({"REDIS_URL": server.url})
        games = app.extensions["games"]
        client = app.test_client()
        start = time.perf_counter()
        table = open_table(client, 6)
        final = play(table, random.Random(6))
        elapsed = time.perf_counter() - start
        events = final["version"]
        print(f"full 6-player game over HTTP: {table.commands} commands, {events} events in {elapsed:.2f} s")
        print(f"  commands/s: {table.commands / elapsed:,.0f}   events/s: {events / elapsed:,.0f}")
        key = stream_key(table.game_id)
        bare = best_of(5, lambda: [loads(f[b"e"]) for _, f in games.redis.xrange(key)])
        rebuild = best_of(5, lambda: games.rebuild(table.game_id))
        print(f"rebuild of {events} events: {rebuild * 1000:.1f} ms   bare XRANGE+decode: {bare * 1000:.1f} ms   "
              f"ratio: {rebuild / bare:.1f}x")


if __name__ == "__main__":
    main()
