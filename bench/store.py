"""Benchmark: the event store against bare Redis, single client.

1. Appends/s through `EventStore.append` (one sealed event per call: the Lua script checks
   the expected version and the hash-chain link, then XADDs) vs bare `XADD`/s of the same
   bytes, and their ratio.
2. Durability: appends/s through `EventStore.append` on a Redis with its append-only file
   on, under `appendfsync everysec` (the default) and `always` (`REDIS_FSYNC=always`):
   the price of having every acknowledged append on disk before the answer.
3. Read + fold of a 5,000-event stream (`Games.fold_events(store.iter_all(...))`: chunked
   XRANGE, JSON decode, upcast, evolve — no snapshot) vs one bare `XRANGE` of it, and their
   ratio.

Starts its own Redis from the bundled binary (service.runtime.embedded_redis); never touches the
machine's 6379. Run: `.venv/bin/python bench/store.py` (or `make bench`).
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import redis  # noqa: E402

from events.canonical import dumps  # noqa: E402
from events.envelope import GENESIS_HASH, seal  # noqa: E402
from events.store import EventStore, stream_key  # noqa: E402
from service.runtime.embedded_redis import EmbeddedRedis  # noqa: E402
from service import bootstrap  # noqa: E402
from service.table.games import Games  # noqa: E402
from tests.streams.toy import TOY  # noqa: E402

APPENDS = 5_000
FSYNC_APPENDS = 2_000
FOLD_EVENTS = 5_000
FOLD_RUNS = 7
TEXT = "Nice truck you got there. Shame if something happened to it."


def sealed_chain(games: Games, game_id: str, count: int, first_version: int = 1,
                 prev_hash: str = GENESIS_HASH) -> list[dict]:
    """`count` table-talk events, sealed onto one hash chain (done before any timing)."""
    drafts = [{"type": "said", "payload": {"text": f"{TEXT} #{n}"}} for n in range(count)]
    return seal(drafts, game_id=game_id, first_version=first_version, prev_hash=prev_hash,
                recorded_at="2026-01-01T00:00:00.000000Z", actor={"kind": "organizer"},
                command_id="cmd_bench", schema_version_of=games.registry.version_of)


def store_appends_per_second(client: redis.Redis, games: Games, game_id: str, count: int) -> float:
    """`count` single-event appends through EventStore.append, timed."""
    store = EventStore(client)
    events = sealed_chain(games, game_id, count)
    start = time.perf_counter()
    for n, event in enumerate(events):
        store.append(game_id, n, [event])
    return count / (time.perf_counter() - start)


def bench_appends(client: redis.Redis, games: Games) -> tuple[float, float]:
    store_rate = store_appends_per_second(client, games, "bench-store", APPENDS)
    events = sealed_chain(games, "bench-store", APPENDS)

    payloads = [dumps(e) for e in events]
    key = stream_key("bench-xadd")
    start = time.perf_counter()
    for n, payload in enumerate(payloads, 1):
        client.xadd(key, {"e": payload}, id=f"{n}-0")
    xadd_rate = APPENDS / (time.perf_counter() - start)
    assert EventStore(client).version("bench-store") == APPENDS and client.xlen(key) == APPENDS
    return store_rate, xadd_rate


def bench_fsync(games: Games, policy: str) -> float:
    """Single-event appends/s on a fresh AOF server with `appendfsync policy`."""
    with tempfile.TemporaryDirectory(prefix="bench-fsync-") as data_dir, \
            EmbeddedRedis(data_dir, appendonly=True, fsync=policy) as server:
        client = redis.Redis.from_url(server.url)
        rate = store_appends_per_second(client, games, "bench-fsync", FSYNC_APPENDS)
        client.close()
        return rate


def bench_fold(client: redis.Redis, games: Games) -> tuple[float, float, dict]:
    game_id = games.create("toy", 3, {"rng": {"mode": "seeded"}})["game_id"]
    head_version, head_hash = games.store.head(game_id)
    tail = sealed_chain(games, game_id, FOLD_EVENTS - head_version, head_version + 1, head_hash)
    for start in range(0, len(tail), 500):  # batches of 500: building the stream is not what we time
        batch = tail[start:start + 500]
        games.store.append(game_id, batch[0]["version"] - 1, batch)
    assert games.store.version(game_id) == FOLD_EVENTS

    fold_times, xrange_times, state = [], [], {}
    for _ in range(FOLD_RUNS):
        start = time.perf_counter()
        state = games.fold_events(games.store.iter_all(game_id))
        fold_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        entries = client.xrange(stream_key(game_id))
        xrange_times.append(time.perf_counter() - start)
        assert len(entries) == FOLD_EVENTS
    assert state["version"] == FOLD_EVENTS and state["talk_count"] == FOLD_EVENTS - head_version
    return statistics.median(fold_times), statistics.median(xrange_times), state


def main() -> None:
    with EmbeddedRedis.ephemeral() as server:
        client = redis.Redis.from_url(server.url)
        version = client.info("server")["redis_version"]
        games = bootstrap.in_process(client, rulesets={"toy": TOY}, hooks=()).games
        print(f"Redis {version} (bundled binary, ephemeral) at {server.url}; one client; Python {sys.version.split()[0]}")

        store_rate, xadd_rate = bench_appends(client, games)
        print(f"\n== appends, single client, {APPENDS} single-event appends each")
        print(f"  EventStore.append (Lua: version + chain check, XADD) : {store_rate:10,.0f} appends/s")
        print(f"  bare XADD of the same bytes                          : {xadd_rate:10,.0f} appends/s")
        print(f"  ratio store / bare XADD                              : {store_rate / xadd_rate:10.2f}"
              f"   (store costs {xadd_rate / store_rate:.2f}x a bare XADD)")

        print(f"\n== durability: {FSYNC_APPENDS} single-event appends on an AOF server (temp dir on this disk)")
        rates = {policy: bench_fsync(games, policy) for policy in ("everysec", "always")}
        for policy, rate in rates.items():
            print(f"  appendfsync {policy:8} (REDIS_FSYNC={policy:8}) : {rate:10,.0f} appends/s")
        print(f"  ratio always / everysec                      : {rates['always'] / rates['everysec']:10.2f}")

        fold, bare, _ = bench_fold(client, games)
        print(f"\n== read + fold of a {FOLD_EVENTS:,}-event stream (median of {FOLD_RUNS}, no snapshot)")
        print(f"  Games.fold_events(store.iter_all()) : {fold * 1000:9.1f} ms   ({FOLD_EVENTS / fold:,.0f} events/s)")
        print(f"  bare XRANGE of the whole stream     : {bare * 1000:9.1f} ms   ({FOLD_EVENTS / bare:,.0f} events/s)")
        print(f"  ratio read+fold / bare XRANGE       : {fold / bare:9.2f}")
        client.close()


if __name__ == "__main__":
    main()
