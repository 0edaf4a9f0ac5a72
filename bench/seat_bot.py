"""How soon the server's bot answers: seat 1 is played over HTTP by the official client's bot
(GREEDY), seats 2 and 3 are handed to the server's bot (`seat_to_bot`), on the service as
`make serve` runs it (gunicorn + the RQ worker, embedded Redis with AOF), under the default
limits (no address exempt): it counts the 429s the official bot meets (goal 0). For every
server-bot move that follows an append by someone else (the step opening for the bot), prints
the delay between the two events' `recorded_at`: the issue asks for under a second. A sampler
times `legal-actions?look_ahead=cash` against the plain one (the look-ahead's cost as a client
meets it).

    .venv/bin/python bench/seat_bot.py [--games 3]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from service.runtime.embedded_redis import EmbeddedRedis  # noqa: E402
from tests.support.bots import bearer, open_table  # noqa: E402
from tests.support.http_client import HttpClient  # noqa: E402
from tests.support.web_process import start_serve, stop  # noqa: E402


#: answers 429: the bench runs under the default limits, which a bot must never meet
LIMITED: list[str] = []


def at(event: dict) -> float:
    return datetime.strptime(event["recorded_at"], "%Y-%m-%dT%H:%M:%S.%fZ").timestamp()


def timed_get(client: HttpClient, url: str, token: str, took: list[float]) -> dict:
    started = time.perf_counter()
    answer = client.get(url, headers=bearer(token))
    took.append(time.perf_counter() - started)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()


def play(base: str, plain: list[float], looked: list[float]) -> list[float]:
    """Seat 1 is the official client's bot (`bootleggers_play.play_seat`, GREEDY: what
    `bootleggers bot --strategy greedy` runs) while a sampler times legal-actions as a client
    meets it, plain and with the look-ahead, every 50 ms."""
    from bootleggers_play import GREEDY, play_seat

    client = HttpClient(base)
    table = open_table(client, 3, {"rounds": 8})
    for seat in (2, 3):
        answer = client.post(f"/v1/games/{table.game_id}/commands", headers=bearer(table.organizer),
                             json={"type": "ruling", "kind": "seat_to_bot", "seat": seat, "reason": "bench"})
        assert answer.status_code == 201, answer.get_data(as_text=True)
    done = threading.Event()

    def sample() -> None:
        url = f"/v1/games/{table.game_id}/legal-actions"
        while not done.is_set():
            timed_get(client, url, table.tokens[1], plain)
            timed_get(client, f"{url}?look_ahead=cash", table.tokens[1], looked)
            done.wait(0.05)

    def counted(response) -> None:
        if response.status_code == 429:
            LIMITED.append(str(response.url))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        play_seat(base, table.game_id, table.tokens[1], strategy=GREEDY,
                  httpx_args={"event_hooks": {"response": [counted]}})
    finally:
        done.set()
        sampler.join()
    events, after = [], 0
    while True:
        page = client.get(f"/v1/games/{table.game_id}/events?after={after}&limit=1000",
                          headers=bearer(table.organizer)).get_json()
        if not page["events"]:
            break
        events += page["events"]
        after = events[-1]["version"]
    delays = []
    for before, event in zip(events, events[1:]):
        if (event["actor"] or {}).get("bot") and not (before["actor"] or {}).get("bot"):
            delays.append(at(event) - at(before))
    return delays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-bot-") as tmp, \
            EmbeddedRedis(Path(tmp) / "redis", appendonly=True) as server:
        # under the default limits, as a public server runs (RATE_LIMIT_EXEMPT empty)
        web, base = start_serve(server.url, Path(tmp) / "serve.log", RATE_LIMITS="on", RATE_LIMIT_EXEMPT="",
                                LOG_LEVEL="warning")
        try:
            plain, looked = [], []
            delays = [d for _ in range(args.games) for d in play(base, plain, looked)]
        finally:
            stop(web)
    delays.sort()
    p95 = delays[int(len(delays) * 0.95) - 1] if delays else float("nan")
    print(f"bot answers after a step opened for it: {len(delays)} in {args.games} games")
    print(f"  median {statistics.median(delays) * 1000:.0f} ms   p95 {p95 * 1000:.0f} ms   "
          f"max {delays[-1] * 1000:.0f} ms   (goal: under 1,000 ms)")
    print(f"under the default limits: {len(LIMITED)} answers 429 (goal 0)")
    for name, took in (("legal-actions", plain), ("legal-actions?look_ahead=cash", looked)):
        took.sort()
        print(f"{name}: {len(took)} requests   median {statistics.median(took) * 1000:.1f} ms   "
              f"p95 {took[int(len(took) * 0.95) - 1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
