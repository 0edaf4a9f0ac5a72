"""What open event streams cost everyone else, on a real `bootleggers serve`.

    .venv/bin/python bench/stream.py [--url URL] [--streams 1000] [--games 100] [--commands 20] [--probes 200]

Without --url it boots `bootleggers serve` itself (embedded Redis, the gunicorn gevent
workers of gunicorn.conf.py, an RQ worker) in a temp dir and stops it at the end; with --url
it measures a server already running (then server memory is not measured). Prints:

* /healthz and state GET latency (p50, p99 of `--probes` sequential requests each) with no
  streams open, with `--streams` anonymous streams on one game, and with `--games` streams
  spread one per game over as many games (goal: p99 within 2x of no streams);
* the time from sending a command (a chat line, one event) to its event reaching the
  last of the `--streams` clients of that game, over `--commands` commands (goal: p99 <= 1 s),
  and to the one client of its game in the spread case;
* the server's memory per open stream: RSS of the gunicorn processes with the streams open
  minus before, divided by the number of streams (and the same for the second half alone,
  without one-time costs);
* the same probes and memory with `--streams` half-sent requests (slowloris) open.

The clients are one asyncio loop in this process (tests/support/crowd.py), sharing the
machine's cores with the server: the figures include the client's own time to read 1,000
sockets.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.crowd import Crowd, raise_open_files_limit  # noqa: E402
from tests.support.served import Served, call  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f} ms"


def timed_get(base: str, path: str) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(base + path, timeout=30) as response:
        response.read()
    return time.perf_counter() - started


def probe(base: str, game_id: str, count: int) -> dict[str, list[float]]:
    return {"/healthz": [timed_get(base, "/healthz") for _ in range(count)],
            "state GET": [timed_get(base, f"/v1/games/{game_id}") for _ in range(count)]}


def report(title: str, probes: dict[str, list[float]], baseline: dict[str, list[float]] | None) -> None:
    print(title)
    for name, values in probes.items():
        line = f"  {name:10} p50 {ms(percentile(values, 0.5))}   p99 {ms(percentile(values, 0.99))}"
        if baseline is not None:
            line += f"   p99 vs no streams: {percentile(values, 0.99) / percentile(baseline[name], 0.99):.2f}x"
        print(line)


def started_game(base: str) -> tuple[str, str]:
    """A running 3-seat game and the token of seat 1, who may chat."""
    status, created = call(base, "POST", "/v1/games", {"ruleset": "bootleggers", "seats": 3})
    assert status == 201, created
    game_id, tokens = created["game_id"], {}
    for name in ("Ada", "Bix", "Cora"):
        status, joined = call(base, "POST", f"/v1/games/{game_id}/seats", {"name": name})
        assert status == 201, joined
        tokens[joined["seat"]] = joined["player_token"]
    status, answer = call(base, "POST", f"/v1/games/{game_id}/start", {}, token=created["organizer_token"])
    assert status == 201, answer
    return game_id, tokens[1]


def say(base: str, game_id: str, token: str, text: str) -> tuple[float, int]:
    """(monotonic time it was sent, version of its event)."""
    sent = time.monotonic()
    status, answer = call(base, "POST", f"/v1/games/{game_id}/commands", {"type": "say", "text": text}, token=token)
    assert status == 201, answer
    return sent, answer["events"][-1]["version"]


def server_rss(served: Served | None) -> int | None:
    """Resident memory (bytes) of the gunicorn processes, master and workers."""
    if served is None:
        return None
    total = 0
    for pid, command in served.commands().items():
        if "gunicorn" in command:
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            total += int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:"))) * 1024
    return total


def crowd_on_one_game(base: str, served: Served | None, args, baseline) -> None:
    game_id, token = started_game(base)
    version = say(base, game_id, token, "warm-up")[1]
    before = server_rss(served)
    with Crowd(base) as crowd:
        opened, half = time.monotonic(), args.streams // 2
        listeners = crowd.listen(f"/v1/games/{game_id}/events/stream", count=half)
        assert crowd.wait_for(listeners, version, timeout=120), "not every stream got the game's past"
        time.sleep(1)
        middle = server_rss(served)
        listeners += crowd.listen(f"/v1/games/{game_id}/events/stream", count=args.streams - half)
        assert {l.status for l in listeners} == {200}
        assert crowd.wait_for(listeners, version, timeout=120), "not every stream got the game's past"
        print(f"\n{args.streams} streams on one game opened (and caught up) in {time.monotonic() - opened:.1f} s")
        time.sleep(1)
        after = server_rss(served)
        report(f"with {args.streams} streams on one game:", probe(base, game_id, args.probes), baseline)
        delays, firsts = [], []
        for n in range(args.commands):
            sent, version = say(base, game_id, token, f"line {n}")
            arrivals = crowd.wait_for(listeners, version, timeout=30)
            assert arrivals is not None, f"event {version} did not reach every stream within 30 s"
            delays.append(max(arrivals) - sent)
            firsts.append(min(arrivals) - sent)
            time.sleep(0.2)
        print(f"  command -> its event at the last of {args.streams} clients, over {args.commands} commands: "
              f"p50 {ms(percentile(delays, 0.5))}   p99 {ms(percentile(delays, 0.99))}   max {ms(max(delays))}"
              f"   (at the first client: p50 {ms(percentile(firsts, 0.5))})")
        if before is not None and after is not None:
            print(f"  server memory: {before / 2**20:.1f} MiB before, {after / 2**20:.1f} MiB with the streams open: "
                  f"{(after - before) / args.streams / 1024:.1f} kB per stream; the second {args.streams - half} "
                  f"alone: {(after - middle) / (args.streams - half) / 1024:.1f} kB each")
        assert all(l.closed_at is None for l in listeners), "a stream ended by itself"


def crowd_over_many_games(base: str, served: Served | None, args, baseline) -> None:
    games = [started_game(base) for _ in range(args.games)]
    before = server_rss(served)
    with Crowd(base) as crowd:
        listeners = []
        for game_id, _ in games:
            listeners += crowd.listen(f"/v1/games/{game_id}/events/stream")
        for listener in listeners:
            assert crowd.wait_for([listener], 4, timeout=60)
        time.sleep(1)
        after = server_rss(served)
        report(f"\nwith {args.games} streams, one on each of {args.games} games:",
               probe(base, games[0][0], args.probes), baseline)
        delays = []
        for n in range(args.commands):
            index = n * len(games) // args.commands
            sent, version = say(base, *games[index], f"line {n}")
            arrivals = crowd.wait_for([listeners[index]], version, timeout=30)
            assert arrivals is not None
            delays.append(arrivals[0] - sent)
        print(f"  command -> its event at its game's client, over {args.commands} games: "
              f"p50 {ms(percentile(delays, 0.5))}   p99 {ms(percentile(delays, 0.99))}")
        if before is not None and after is not None:
            print(f"  server memory: {(after - before) / args.games / 1024:.1f} kB per stream "
                  f"(a reader per game included)")


def slowloris(base: str, served: Served | None, args, baseline) -> None:
    game_id, _ = started_game(base)
    before = server_rss(served)
    with Crowd(base) as crowd:
        crowd.half_requests(args.streams)
        time.sleep(1)
        after = server_rss(served)
        report(f"\nwith {args.streams} half-sent requests (slowloris) open:", probe(base, game_id, args.probes), baseline)
        if before is not None and after is not None:
            print(f"  server memory: {(after - before) / args.streams / 1024:.1f} kB per half-sent request")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: boot `bootleggers serve` here)")
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--commands", type=int, default=20)
    parser.add_argument("--probes", type=int, default=200)
    args = parser.parse_args()
    print(f"open files allowed: {raise_open_files_limit()}")

    served = None
    with tempfile.TemporaryDirectory(prefix="bench-stream-") as workdir:
        if args.url:
            base = args.url.rstrip("/")
        else:
            served = Served(Path(workdir))
            served.wait_for_http("/healthz")
            base = served.base
        try:
            game_id, _ = started_game(base)
            probe(base, game_id, 20)  # warm-up
            baseline = probe(base, game_id, args.probes)
            report("no streams open:", baseline, None)
            crowd_on_one_game(base, served, args, baseline)
            crowd_over_many_games(base, served, args, baseline)
            slowloris(base, served, args, baseline)
        finally:
            if served is not None:
                served.kill_everything()


if __name__ == "__main__":
    main()
