"""The archive's figures, measured as a client meets them: over HTTP against the service
as `make serve` runs it (`bootleggers serve`: gunicorn and the RQ worker, whose archive thread
moves finished games out once their dispute window closes) on an embedded Redis with AOF on,
its default maxmemory and noeviction, the archive a directory (ARCHIVE_URL=file://...).

    .venv/bin/python bench/archive.py [--games 2000] [--threads 3] [--reads 300] [--cold 60]

1. Redis bytes of a finished ~1,000-event Bootleggers game (MEMORY USAGE of every key of
   the game) after ÷ before the worker archived it (goal ≤ 5%);
2. Redis memory over `--games` finished 3-seat Booze Baron games, each played by the server's
   bot (the organizer hands it every seat) and archived a second after its end: used_memory
   and the games' own keys, sampled every tenth of the run once the archive caught up, and
   the growth per game over the second half beside what a finished game holds unarchived
   (goal: flat). RQ's keys are shown apart: the bot's jobs are kept an hour after they ran
   (`result_ttl`), so they grow with the rate of play, not with the number of games kept;
3. read latency of an archived game ÷ a live (finished, unarchived) one: medians of
   `--reads` interleaved GETs of the state, `?at=head-40` and a page of events, warm (the
   web processes have read both before), and cold: the first GET state of each of `--cold`
   archived and as many live games after the service restarted (the record fetched from the
   directory and decoded) (goal ≤ 2). A control pair, read while both games are still in
   Redis, shows the noise.

Each ratio is of two things timed back to back in one run (a shared machine: compare ratios).
Never touches the machine's own Redis.
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

from events.store import head_key  # noqa: E402
from service.runtime.embedded_redis import EmbeddedRedis  # noqa: E402
from service.streams.keys import ARCHIVE_DUE  # noqa: E402
from tests.support.bots import bearer, open_table, play  # noqa: E402
from tests.support.http_client import HttpClient  # noqa: E402
from tests.support.web_process import start_serve, stop  # noqa: E402

LIVE = 3600  # a dispute window that outlasts the run: the game stays in Redis
SOON = 1  # ... that closes a second after the end: the worker archives it


def game_bytes(store: redis.Redis, game_id: str) -> int:
    return sum(store.memory_usage(k) or 0 for k in store.scan_iter(f"game:{{{game_id}}}:*", count=1000))


def archived(store: redis.Redis, game_id: str) -> bool:
    return bool(store.hexists(head_key(game_id), "archived"))


def wait_until(check, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise RuntimeError(f"{what} did not happen within {timeout:.0f} s")
        time.sleep(0.1)


def played(client: HttpClient, ruleset: str, seats: int, window: int, seed: int, **options) -> tuple:
    table = open_table(client, seats, {"dispute_window": window, **options}, ruleset=ruleset)
    final = play(table, random.Random(seed), max_commands=20_000)
    return table, final["version"]


def medians(client: HttpClient, paths: list[tuple[str, dict]], reads: int) -> list[float]:
    """The median ms of GET on each path, the paths read in turn (interleaved)."""
    times: list[list[float]] = [[] for _ in paths]
    for _ in range(reads):
        for n, (path, headers) in enumerate(paths):
            start = time.perf_counter()
            answer = client.get(path, headers=headers)
            times[n].append(time.perf_counter() - start)
            assert answer.status_code == 200, (path, answer.status_code, answer.get_data(as_text=True)[:300])
    return [statistics.median(t) * 1000 for t in times]


def read_paths(table, head: int) -> list[tuple[str, str, dict]]:
    base, org = f"/v1/games/{table.game_id}", bearer(table.organizer)
    return [("state", base, org), ("?at=head-40", f"{base}?at={head - 40}", org),
            ("events page", f"{base}/events?after={head // 2}&limit=100", {})]


def compare(client: HttpClient, archived_pair: tuple, live_pair: tuple, reads: int, label: str) -> list[float]:
    ratios = []
    for (name, a_path, a_headers), (_, l_path, l_headers) in zip(read_paths(*archived_pair), read_paths(*live_pair)):
        a_ms, l_ms = medians(client, [(a_path, a_headers), (l_path, l_headers)], reads)
        ratios.append(a_ms / l_ms)
        print(f"   {label} {name:<12} {a_ms / l_ms:6.2f}   ({a_ms:.2f} vs {l_ms:.2f} ms)")
    return ratios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="finished bot games for figure 2")
    parser.add_argument("--threads", type=int, default=3, help="client threads playing them")
    parser.add_argument("--reads", type=int, default=300)
    parser.add_argument("--cold", type=int, default=60, help="games of each kind read cold after a restart")
    args = parser.parse_args()
    logging.disable(logging.WARNING)
    with tempfile.TemporaryDirectory(prefix="bench-archive-") as tmp, \
            EmbeddedRedis(Path(tmp) / "redis", appendonly=True) as server:
        env = {"RATE_LIMITS": "off", "LOG_LEVEL": "warning", "ARCHIVE_URL": (Path(tmp) / "archive").as_uri(),
               "ARCHIVE_SWEEP_SECONDS": "0.5"}
        web, base = start_serve(server.url, Path(tmp) / "serve.log", **env)
        store = redis.Redis.from_url(server.url)
        print(f"service: bootleggers serve at {base}; embedded Redis (AOF, maxmemory {server.maxmemory}, "
              f"noeviction); archive {env['ARCHIVE_URL']}")
        try:
            web = measure(base, store, args, lambda: restart(web, server.url, Path(tmp), env))
        finally:
            stop(web)


def restart(web, redis_url: str, tmp: Path, env: dict):
    stop(web)
    return start_serve(redis_url, tmp / "serve2.log", **env)


def measure(base: str, store: redis.Redis, args, restart_service):
    client = HttpClient(base)
    # ---- 1. one long game, before and after ----------------------------------------------
    live_game, live_head = played(client, "bootleggers", 3, LIVE, seed=8)
    long_game, long_head = played(client, "bootleggers", 3, 30, seed=7)
    before = game_bytes(store, long_game.game_id)
    print("\n3. control (both games finished and still in Redis): archived-to-be ÷ live")
    compare(client, (long_game, long_head), (live_game, live_head), max(args.reads // 3, 50), "control")
    wait_until(lambda: archived(store, long_game.game_id), 120, "archiving the long game")
    after = game_bytes(store, long_game.game_id)
    share = after / before
    print(f"\n1. Redis bytes of a finished {long_head:,}-event game, after ÷ before archiving: {share:.2%} "
          f"({after:,} vs {before:,} bytes; goal ≤ 5%: {'met' if share <= 0.05 else 'NOT met'})")

    print("\n3. warm reads, archived ÷ live (goal ≤ 2)")
    warm = compare(client, (long_game, long_head), (live_game, live_head), args.reads, "warm")

    # ---- 2. memory over many finished games -------------------------------------------
    one_live = bot_game(client, LIVE)
    per_game_live = game_bytes(store, one_live)
    print(f"\n2. Redis memory over {args.games:,} finished 3-seat Booze Baron games played by the server's bot "
          f"(each archived a second after its end); one such game unarchived holds {per_game_live / 1024:.1f} kB")
    samples = memory_over_games(base, store, args.games, args.threads)
    (g0, m0, k0), (g1, m1, k1) = samples[len(samples) // 2], samples[-1]
    slope, keys_slope = (m1 - m0) / max(g1 - g0, 1), (k1 - k0) / max(g1 - g0, 1)
    print(f"   growth over the second half, per finished game: used_memory {slope:,.0f} bytes, the games' keys "
          f"{keys_slope:,.0f} bytes ({keys_slope / per_game_live:.1%} of an unarchived game: its stub, list line "
          f"and index entries)")

    # ---- 3 (cold). after a restart, the first read of each of 40 archived and 40 live games -----
    archived_ids = [g for g in store.zrange("games:index:finished", 0, -1)
                    if archived(store, g.decode())][:args.cold]
    lives = [bot_game(client, LIVE) for _ in archived_ids]
    client.close()
    web = restart_service()
    time.sleep(5)  # the new worker's start-up (imports, its first sweeps) done: it shares the cores
    client = HttpClient(web[1])
    a_times, l_times = [], []
    for raw, live in zip(archived_ids, lives):
        for game_id, sink in ((raw.decode(), a_times), (live, l_times)):
            start = time.perf_counter()
            answer = client.get(f"/v1/games/{game_id}")
            sink.append(time.perf_counter() - start)
            assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    cold = statistics.median(a_times) / statistics.median(l_times)
    print(f"\n3. cold reads (first GET state of each of {len(a_times)} games after a restart), archived ÷ live: "
          f"{cold:.2f} ({statistics.median(a_times) * 1000:.2f} vs {statistics.median(l_times) * 1000:.2f} ms)")
    worst = max(warm + [cold])
    print(f"\n3. worst archived ÷ live read: {worst:.2f} (goal ≤ 2: {'met' if worst <= 2 else 'NOT met'})")
    client.close()
    return web[0]


def bot_game(client: HttpClient, window: int) -> str:
    """A 3-seat Booze Baron game whose seats the organizer hands to the server's bot (the
    worker plays it, as a house table would): its id once it has finished."""
    table = open_table(client, 3, {"dispute_window": window}, ruleset="booze_baron")
    for seat in sorted(table.tokens):
        r = client.post(f"/v1/games/{table.game_id}/commands", headers=bearer(table.organizer),
                        json={"type": "ruling", "kind": "seat_to_bot", "seat": seat, "strategy": "random",
                              "reason": "the house plays"})
        assert r.status_code == 201, r.get_data(as_text=True)[:300]
    end = time.monotonic() + 120
    while client.get(f"/v1/games/{table.game_id}").get_json()["status"] != "finished":
        if time.monotonic() > end:
            raise RuntimeError(f"bot game {table.game_id} did not finish within 120 s")
        time.sleep(0.05)
    return table.game_id


def footprint(store: redis.Redis) -> dict[str, int]:
    """Bytes by owner: the games' keys (streams or stubs, lists, the due set) and RQ's (jobs
    kept an hour after they ran: not the games' record), MEMORY USAGE of each key."""
    out = {"games": 0, "rq": 0, "other": 0}
    keys = list(store.scan_iter(count=1000))
    for at in range(0, len(keys), 1000):
        pipe = store.pipeline(transaction=False)
        for key in keys[at:at + 1000]:
            pipe.memory_usage(key)
        for key, size in zip(keys[at:at + 1000], pipe.execute()):
            owner = "games" if key.startswith((b"game:", b"games:", b"archive:")) else \
                "rq" if key.startswith(b"rq:") else "other"
            out[owner] += size or 0
    return out


def memory_over_games(base: str, store: redis.Redis, games: int, threads: int) -> list[tuple[int, int, int]]:
    """(games, used_memory, the games' keys) after every tenth of `games` (once the archive has
    caught up), printed as it goes."""
    done, lock, errors = [0], threading.Lock(), []
    samples: list[tuple[int, int, int]] = []
    step = max(games // 10, 1)

    def settled() -> bool:  # every game played here is archived (the LIVE ones are due in an hour)
        return store.zcount(ARCHIVE_DUE, "-inf", time.time() + 2 * SOON) == 0

    def sample(started: float | None) -> None:
        wait_until(settled, 300, "the archive catching up")
        used, owners = int(store.info("memory")["used_memory"]), footprint(store)
        samples.append((done[0], used, owners["games"]))
        pace = f"; {(time.monotonic() - started) / step:.2f} s a game" if started else ""
        print(f"   {done[0]:>6,} games: used_memory {used / 2**20:7.2f} MiB, the games' keys "
              f"{owners['games'] / 2**20:6.2f} MiB, RQ's {owners['rq'] / 2**20:6.2f} MiB{pace}", flush=True)

    sample(None)
    while done[0] < games:
        goal = min(done[0] + step, games)

        def run() -> None:
            client = HttpClient(base)
            try:
                while True:
                    with lock:
                        if done[0] >= goal:
                            return
                        done[0] += 1
                    bot_game(client, SOON)
            except Exception as exc:  # reported below
                errors.append(repr(exc))
            finally:
                client.close()

        started = time.monotonic()
        workers = [threading.Thread(target=run) for _ in range(threads)]
        for t in workers:
            t.start()
        for t in workers:
            t.join()
        if errors:
            raise RuntimeError(f"a bot game failed: {errors[0]}")
        sample(started)
    return samples


if __name__ == "__main__":
    main()
