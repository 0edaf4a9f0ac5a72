"""The cost of replica acknowledgement per append, on a primary with one replica.

    .venv/bin/python bench/durability.py [--writers 8] [--seconds 10] [--reps 3]

A primary (AOF everysec, as `make serve` runs it) and a replica following it, from the bundled
redis-server; Games in this process (service/bootstrap.py) on the primary; `--writers` threads
each sending table talk (`say`) to a game of its own as fast as acknowledged, for `--seconds`,
with DURABILITY=local and DURABILITY=replica interleaved `--reps` times. Prints appends/s,
the mean append latency, and the CPU per append of this process and of both Redis servers
(their INFO cpu): what the confirmation (a script and WAIT on the primary, the replica's
acknowledgement) adds. The web's HTTP work is the same in both modes and not in these figures
(the peer bench and bench/cluster.py measure it whole).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import redis  # noqa: E402

from service import bootstrap  # noqa: E402
from service.runtime import durability  # noqa: E402
from service.runtime.embedded_redis import EmbeddedRedis  # noqa: E402


def redis_cpu(url: str) -> float:
    info = redis.Redis.from_url(url).info("cpu")
    return float(info["used_cpu_sys"]) + float(info["used_cpu_user"])


def load(games, game_ids: list[str], seconds: float) -> tuple[int, float]:
    """(appends, summed latency) of one thread per game saying things for `seconds`."""
    counts, waited = [0] * len(game_ids), [0.0] * len(game_ids)
    until = time.monotonic() + seconds

    def talk(n: int, game_id: str) -> None:
        seq = 0
        while time.monotonic() < until:
            seq += 1
            began = time.monotonic()
            games.command(game_id, {"kind": "seat", "seat": 1}, {"type": "say", "text": f"{n}.{seq}"})
            waited[n] += time.monotonic() - began
            counts[n] += 1

    threads = [threading.Thread(target=talk, args=(n, g)) for n, g in enumerate(game_ids)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts), sum(waited)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    from service.rules.registry import rulesets
    with tempfile.TemporaryDirectory(prefix="bench-durability-") as tmp, \
            EmbeddedRedis(Path(tmp) / "primary", appendonly=True) as primary, \
            EmbeddedRedis(Path(tmp) / "replica", appendonly=True) as replica:
        redis.Redis.from_url(replica.url).replicaof(primary.host, primary.port)
        while redis.Redis.from_url(replica.url).info("replication").get("master_link_status") != "up":
            time.sleep(0.05)
        client = redis.Redis.from_url(primary.url, max_connections=4 * args.writers)
        houses = {mode: bootstrap.in_process(client, rulesets=rulesets(), hooks=(),
                                             durability=durability.Durability(mode)).games
                  for mode in (durability.LOCAL, durability.REPLICA)}
        games = houses[durability.LOCAL]
        game_ids = []
        for _ in range(args.writers):
            game_id = games.create("bootleggers", 3, {})["game_id"]
            for name in ("A", "B", "C"):
                games.join(game_id, name)
            game_ids.append(game_id)
        load(games, game_ids, 1.0)  # warm-up
        results: dict[str, list[tuple[float, float, float, float]]] = {m: [] for m in houses}
        for _ in range(args.reps):
            for mode, house in houses.items():
                cpu0, r0, s0 = time.process_time(), redis_cpu(primary.url), redis_cpu(replica.url)
                start = time.monotonic()
                appends, waited = load(house, game_ids, args.seconds)
                elapsed = time.monotonic() - start
                cpu = time.process_time() - cpu0
                results[mode].append((appends / elapsed, waited / appends * 1000, cpu / appends * 1e6,
                                      (redis_cpu(primary.url) - r0 + redis_cpu(replica.url) - s0) / appends * 1e6))
    print(f"{args.writers} writers, {args.seconds:.0f} s each, {args.reps} interleaved reps (min–max):")
    print(f"{'DURABILITY':<11}{'appends/s':>18}{'latency ms':>16}{'this process µs/append':>26}{'both Redis µs/append':>24}")
    for mode, rows in results.items():
        cols = list(zip(*rows))
        print(f"{mode:<11}" + "".join(f"{min(c):>{w - 9}.1f}–{max(c):<8.1f}" for c, w in zip(cols, (18, 16, 26, 24))))


if __name__ == "__main__":
    main()
