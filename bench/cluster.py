"""Command throughput over the service on a Redis Cluster of 1 master, then of 3 masters.

    .venv/bin/python bench/cluster.py [--games 6] [--seconds 15] [--web 2] [--only durability]

For each cluster size: a cluster from the bundled redis-server (tests/support/cluster.py),
RQ on a plain embedded Redis (RQ_REDIS_URL), the web process as in production (gunicorn
with gunicorn.conf.py, `--web` workers, rate limits off), and `--games` Bootleggers games
played at once by bots over HTTP (tests/support/bots.py: GET state, GET legal-actions,
POST command), a finished game replaced by a new one. Prints commands/s (accepted POST
/commands per second) for both, and their ratio. The two runs are back to back on one
machine; on a small machine the web workers, not Redis, are the ceiling, so expect ~1.0:
the gain of more masters shows when Redis is the bottleneck (many web machines).

Then the cost of replica acknowledgement (docs/durability.md): 3 masters with a replica each,
the same load with DURABILITY=local and with DURABILITY=replica (every append confirmed by
WAIT on a replica), and their ratio. `--only durability` runs that part alone.
"""
from __future__ import annotations

import argparse
import random
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import os  # noqa: E402
from contextlib import contextmanager  # noqa: E402

from service.runtime.embedded_redis import EmbeddedRedis  # noqa: E402
from tests.support.bots import BotError, move, open_table  # noqa: E402
from tests.support.cluster import LocalCluster  # noqa: E402
from tests.support.http_client import HttpClient  # noqa: E402
from tests.support.web_process import start_web, stop  # noqa: E402

OPTIONS = {"deadlines": {"default": 600}, "rng": {"mode": "seeded"}}


def player(base: str, seed: int, until: float, counts: list[int], errors: list[str], slot: int) -> None:
    """Plays games one after another until `until`; counts the accepted commands."""
    client, rng = HttpClient(base), random.Random(seed)
    try:
        while time.monotonic() < until:
            table = open_table(client, 3, OPTIONS)
            while time.monotonic() < until:
                if move(table, rng) is not None:
                    break
                counts[slot] += 1
    except BotError as exc:
        errors.append(str(exc))
    finally:
        client.close()


def throughput(masters: int, rq_url: str, games: int, seconds: float, workers: int, workdir: Path) -> float:
    with LocalCluster(masters=masters) as cluster:
        return played(cluster.url, rq_url, games, seconds, workers, workdir / f"web-{masters}.log")


def played(redis_url: str, rq_url: str, games: int, seconds: float, workers: int, log_path: Path) -> float:
    """Commands/s of `games` bot games at once against gunicorn on `redis_url`."""
    web, base = start_web(redis_url, rq_url, workers, log_path)
    try:
        warm = time.monotonic() + 2  # first requests of each worker: imports, script loads
        player(base, 0, warm, [0], [], 0)
        counts, errors = [0] * games, []
        start = time.monotonic()
        threads = [threading.Thread(target=player, args=(base, n + 1, start + seconds, counts, errors, n))
                   for n in range(games)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - start
        if errors:
            raise RuntimeError(f"a bot was refused: {errors[0]}")
        return sum(counts) / elapsed
    finally:
        stop(web)


@contextmanager
def durability(mode: str):
    """The web processes started meanwhile acknowledge as DURABILITY=`mode` says."""
    before = os.environ.get("DURABILITY")
    os.environ["DURABILITY"] = mode
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("DURABILITY", None)
        else:
            os.environ["DURABILITY"] = before


def replica_cost(rq_url: str, games: int, seconds: float, workers: int, workdir: Path,
                 reps: int = 2) -> dict[str, float]:
    """Commands/s on 3 masters with a replica each, DURABILITY=local and replica interleaved
    `reps` times (the machine is shared: the mean of each)."""
    runs: dict[str, list[float]] = {"local": [], "replica": []}
    with LocalCluster(masters=3, replicas=1) as cluster:
        for rep in range(reps):
            for mode in runs:
                with durability(mode):
                    runs[mode].append(played(cluster.url, rq_url, games, seconds, workers,
                                             workdir / f"web-{mode}-{rep}.log"))
    return {mode: sum(found) / len(found) for mode, found in runs.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--web", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--only", choices=["durability"], help="run only the replica acknowledgement part")
    args = parser.parse_args()
    import tempfile
    with tempfile.TemporaryDirectory(prefix="bench-cluster-") as tmp, EmbeddedRedis.ephemeral() as rq:
        cost = replica_cost(rq.url, args.games, args.seconds, args.web, Path(tmp))
        print(f"commands/s, {args.games} games at once, 3 masters with a replica each, {args.seconds:.0f} s each:")
        print(f"  DURABILITY=local  : {cost['local']:8.1f}")
        print(f"  DURABILITY=replica: {cost['replica']:8.1f}")
        print(f"  replica ÷ local   : {cost['replica'] / cost['local']:8.2f}", flush=True)
        if args.only:
            return
        one = throughput(1, rq.url, args.games, args.seconds, args.web, Path(tmp))
        three = throughput(3, rq.url, args.games, args.seconds, args.web, Path(tmp))
        with EmbeddedRedis.ephemeral() as plain:  # the reference: one plain Redis, no cluster client
            alone = played(plain.url, rq.url, args.games, args.seconds, args.web, Path(tmp) / "web-plain.log")
    print(f"commands/s, {args.games} games at once over gunicorn ({args.web} workers), {args.seconds:.0f} s each:")
    print(f"  1 master : {one:8.1f}")
    print(f"  3 masters: {three:8.1f}")
    print(f"  3 ÷ 1    : {three / one:8.2f}")
    print(f"  (one plain Redis, no cluster: {alone:.1f}; 1-master cluster ÷ plain: {one / alone:.2f})")


if __name__ == "__main__":
    main()
