"""What an outsider can do to a game and to the server, on the service
as `make serve` runs it (gunicorn with 2 gevent workers, the RQ worker, embedded Redis with
AOF) under the default limits, no address exempt:

1. **A random-token flood.** A 3-seat Bootleggers game with deadlines is played by its seats
   (legal moves, as a client would) while FLOODERS threads send `roll` commands with a fresh
   random bearer token each, for `--seconds`, from the same address as the players (the worst
   case: a venue behind one NAT); the organizer pauses and resumes the clock every second.
   Prints the flood's answers, and what the seats and the organizer got through (201) or
   were refused (429), during the flood and in the 5 s after it.
2. **Two 64 MiB imports.** Two `POST /v1/tournaments/import` at once, each 64 MiB of a
   record-shaped body, with a bogus token, then with the token the forged record names:
   prints the answers and how long they took, the web workers' RSS growth (peak, over their
   baseline) and the slowest /healthz (polled every 50 ms) meanwhile.
3. **What one address can make in a minute.** For `--minute` seconds (60 by default) one
   address creates games as fast as it is answered, seats rounds of a tournament whose 45
   entrants are all the server's bots (15 tables a round) (each table a server-played game), and has every seat
   of its games say 500-character lines. Prints the games that exist at the end, the talk
   lines and bytes stored, and the refusals: the hour's talk budget is spent within the
   minute, so the bytes stored are those of the whole hour.

    .venv/bin/python bench/abuse.py [--seconds 26] [--before /path/to/a/checkout/of/ea21c6d]

With `--before` the same runs are made first on the service of that checkout (e.g.
`git worktree add /tmp/old ea21c6d && ln -s $PWD/.venv /tmp/old/.venv`), and both columns
printed. The probe's figures (ea21c6d): the flood's 3,100 commands froze the game 32 s; one
64 MiB import took the worker from 105 MB to 1,925 MB for 9.8 s, two stalled /healthz 15.2 s.
"""
from __future__ import annotations

import argparse
import http.client
import os
import random
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import psutil  # noqa: E402

from service.runtime.embedded_redis import EmbeddedRedis, free_port  # noqa: E402
from tests.support.bots import bearer, open_table  # noqa: E402
from tests.support.http_client import HttpClient  # noqa: E402
from tests.support.import_bodies import padded_record, send_import  # noqa: E402
from tests.support.web_process import stop  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
FLOODERS = 4
MiB = 2**20


# ---- the service, from a checkout --------------------------------------------------------
def start(repo: Path, redis_url: str, log: Path) -> tuple[subprocess.Popen, str]:
    """`bootleggers serve` of the checkout `repo` (its own code: run from there), default limits."""
    port = free_port()
    env = {**os.environ, "REDIS_URL": redis_url, "RATE_LIMITS": "on", "RATE_LIMIT_EXEMPT": "",
           "LOG_LEVEL": "warning", "WEB_CONCURRENCY": "2", "PYTHONPATH": str(repo)}
    process = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--port", str(port)], cwd=repo,
                               env=env, stdout=open(log, "wb"), stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                               start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return process, base
        except OSError:
            time.sleep(0.2)
    stop(process)
    raise RuntimeError(f"the service did not come up: {log.read_text()[-3000:]}")


def web_workers(serve: subprocess.Popen) -> list[psutil.Process]:
    """The gunicorn workers: the children of serve's gunicorn child."""
    for child in psutil.Process(serve.pid).children():
        if "gunicorn" in " ".join(child.cmdline()):
            return child.children()
    return []


# ---- 1. the flood ----------------------------------------------------------------------
def flood(base: str, seconds: float) -> dict:
    client = HttpClient(base)
    table = open_table(client, 3, {"rounds": 8, "deadlines": {"default": 120}})
    url = f"/v1/games/{table.game_id}/commands"
    stop_flood, stop_all = threading.Event(), threading.Event()
    flood_answers: Counter = Counter()
    seats, organizer = {"during": Counter(), "after": Counter()}, {"during": Counter(), "after": Counter()}
    phase = ["during"]

    def flooder() -> None:
        mine = HttpClient(base)
        while not stop_flood.is_set():
            answer = mine.post(url, json={"type": "roll"}, headers=bearer(secrets.token_urlsafe(16)))
            flood_answers[answer.status_code] += 1

    def players() -> None:
        mine, rng = HttpClient(base), random.Random(7)
        while not stop_all.is_set():
            state = mine.get(f"/v1/games/{table.game_id}", headers=bearer(table.organizer)).get_json()
            if state["status"] == "finished" or not state.get("waiting_for"):
                time.sleep(0.05)
                continue
            seat = rng.choice(state["waiting_for"])
            legal = mine.get(f"/v1/games/{table.game_id}/legal-actions", headers=bearer(table.tokens[seat])).get_json()
            actions = [a for a in legal.get("actions", []) if a["type"] != "say" and a["examples"]]
            if not actions:
                time.sleep(0.05)
                continue
            example = rng.choice(rng.choice(actions)["examples"])
            answer = mine.post(url, json=example, headers={**bearer(table.tokens[seat]),
                                                           "If-Match": str(legal["version"])})
            seats[phase[0]][answer.status_code] += 1
            time.sleep(0.1)

    def clock() -> None:
        mine, pause = HttpClient(base), True
        while not stop_all.is_set():
            answer = mine.post(f"/v1/games/{table.game_id}/clock/{'pause' if pause else 'resume'}",
                               headers=bearer(table.organizer))
            organizer[phase[0]][answer.status_code] += 1
            if answer.status_code == 201:
                pause = not pause
            time.sleep(1.0)

    threads = [threading.Thread(target=flooder) for _ in range(FLOODERS)]
    threads += [threading.Thread(target=players), threading.Thread(target=clock)]
    started = time.monotonic()
    for t in threads:
        t.start()
    time.sleep(seconds)
    stop_flood.set()
    took = time.monotonic() - started
    phase[0] = "after"
    time.sleep(5)
    stop_all.set()
    for t in threads:
        t.join()
    return {"flood": flood_answers, "seconds": took, "seats": seats, "organizer": organizer}


# ---- 2. two 64 MiB imports ------------------------------------------------------------------
def imports(serve: subprocess.Popen, base: str, body: bytes, token: str) -> dict:
    port = int(base.rsplit(":", 1)[1])
    workers = web_workers(serve)
    baseline = {p.pid: p.memory_info().rss for p in workers}
    done, grown, slowest, polls = threading.Event(), [0], [0.0], [0]

    def memory() -> None:
        while not done.is_set():
            for p in workers:
                try:
                    grown[0] = max(grown[0], p.memory_info().rss - baseline[p.pid])
                except psutil.NoSuchProcess:
                    pass
            time.sleep(0.01)

    def health() -> None:
        while not done.is_set():
            started = time.monotonic()
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                conn.request("GET", "/healthz")
                conn.getresponse().read()
                conn.close()
            except OSError:
                pass
            slowest[0] = max(slowest[0], time.monotonic() - started)
            polls[0] += 1
            time.sleep(0.05)

    answers: list = []
    watchers = [threading.Thread(target=memory), threading.Thread(target=health)]
    for t in watchers:
        t.start()
    time.sleep(0.3)
    senders = [threading.Thread(target=send_import, args=(port, body, token, answers)) for _ in range(2)]
    for t in senders:
        t.start()
    for t in senders:
        t.join()
    time.sleep(0.5)
    done.set()
    for t in watchers:
        t.join()
    return {"answers": sorted(answers, key=lambda a: a[1]), "baseline": max(baseline.values()),
            "grown": grown[0], "slowest": slowest[0], "polls": polls[0]}


# ---- 3. what one address can make in a minute -------------------------------------------------
def making(base: str, seconds: float) -> dict:
    client = HttpClient(base)
    end = time.monotonic() + seconds
    made, answers, games = Counter(), Counter(), []
    talk = {"lines": 0, "bytes": 0, "refused": 0}
    tournament = client.post("/v1/tournaments", json={
        "name": "Farm", "ruleset": "bootleggers", "rounds": 9, "table_size": {"min": 3, "max": 3}}).get_json()
    tid, org = tournament["tournament_id"], tournament["organizer_token"]
    for n in range(45):
        client.post(f"/v1/tournaments/{tid}/entrants", json={"name": f"House {n}", "bot": "random"},
                    headers=bearer(org))
    line = "x" * 500
    while time.monotonic() < end:
        answer = client.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3})
        answers[("create", answer.status_code)] += 1
        if answer.status_code == 201:
            made["games"] += 1
            game_id = answer.get_json()["game_id"]
            joined = [client.post(f"/v1/games/{game_id}/seats", json={"name": name}) for name in "ABC"]
            games.append((game_id, [j.get_json()["player_token"] for j in joined if j.status_code == 201]))
        seated = client.post(f"/v1/tournaments/{tid}/commands", json={"type": "seat_round"}, headers=bearer(org))
        answers[("seat_round", seated.status_code)] += 1
        for game_id, tokens in games:
            for token in tokens:
                said = client.post(f"/v1/games/{game_id}/commands", json={"type": "say", "text": line},
                                   headers=bearer(token))
                if said.status_code == 201:
                    talk["lines"] += 1
                    talk["bytes"] += len(line)
                else:
                    talk["refused"] += 1
    tables = len(client.get(f"/v1/tournaments/{tid}").get_json()["tables"])
    return {"seconds": seconds, "games": made["games"], "tables": tables, "answers": answers, "talk": talk}


def making_lines(result: dict) -> list[str]:
    a, t = result["answers"], result["talk"]
    return [f"one address in {result['seconds']:.0f} s: {result['games']} games created "
            f"({a[('create', 201)]} x 201, {a[('create', 429)]} x 429) + {result['tables']} bot tables seated "
            f"({a[('seat_round', 201)]} rounds seated, {a[('seat_round', 429)]} x 429)",
            f"talk from that address: {t['lines']} lines, {t['bytes'] / 1024:.0f} KiB stored, "
            f"{t['refused']} refused (the hour's budget)"]


# ---- all three, on one checkout ------------------------------------------------------------------
def on_fresh_service(repo: Path, tmp: str, label: str, measure):
    """`measure(serve, base)` on a service of `repo` with a Redis of its own."""
    with EmbeddedRedis(Path(tmp) / f"redis-{label}", appendonly=True) as server:
        serve, base = start(repo, server.url, Path(tmp) / f"serve-{label}.log")
        try:
            return measure(serve, base)
        finally:
            stop(serve)


def run(repo: Path, seconds: float, minute: float = 60.0) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-abuse-") as tmp:
        out = {"flood": on_fresh_service(repo, tmp, "flood", lambda _, base: flood(base, seconds)),
               "making": on_fresh_service(repo, tmp, "making", lambda _, base: making(base, minute))}
        body = padded_record(64 * MiB, "the-forger")
        for label, token in (("bogus", "a-bogus-token"), ("forged", "the-forger")):
            out[label] = on_fresh_service(repo, tmp, label, lambda serve, base: imports(serve, base, body, token))
    return out


def flood_lines(result: dict) -> list[str]:
    f, s, o = result["flood"], result["seats"], result["organizer"]
    ok = lambda c: c.get(201, 0)  # noqa: E731
    refused = lambda c: c.get(429, 0)  # noqa: E731
    return [f"flood: {sum(f.values()):,} commands in {result['seconds']:.0f} s "
            f"({', '.join(f'{n:,} x {code}' for code, n in sorted(f.items()))})",
            f"seats during the flood: {ok(s['during'])} through, {refused(s['during'])} x 429; "
            f"5 s after: {ok(s['after'])} through, {refused(s['after'])} x 429",
            f"organizer's clock during: {ok(o['during'])} through, {refused(o['during'])} x 429; "
            f"after: {ok(o['after'])} through, {refused(o['after'])} x 429"]


def import_lines(label: str, result: dict) -> list[str]:
    answers = ", ".join(f"{status} in {took:.1f} s" for status, took in result["answers"])
    return [f"two 64 MiB imports, {label}: {answers}; worker RSS {result['baseline'] / 1e6:.0f} MB "
            f"+{result['grown'] / 1e6:.0f} MB at most; slowest /healthz {result['slowest']:.2f} s "
            f"({result['polls']} polls)"]


def report(result: dict) -> list[str]:
    return (flood_lines(result["flood"]) + import_lines("bogus token", result["bogus"])
            + import_lines("the forged record's own token", result["forged"])
            + (making_lines(result["making"]) if "making" in result else []))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=26.0, help="how long the flood lasts")
    parser.add_argument("--minute", type=float, default=60.0, help="how long one address makes games and talk")
    parser.add_argument("--before", type=Path, help="a checkout of the code before (ea21c6d) to run first")
    args = parser.parse_args()
    if args.before:
        print(f"before ({args.before}):", flush=True)
        for line in report(run(args.before.resolve(), args.seconds, args.minute)):
            print("  " + line, flush=True)
    print(f"after ({REPO}):", flush=True)
    for line in report(run(REPO, args.seconds, args.minute)):
        print("  " + line, flush=True)


if __name__ == "__main__":
    main()
