"""Three tournament figures, on the service as `make serve` runs it
(`bootleggers serve`: gunicorn + the RQ worker, embedded Redis with AOF on; figure 3 under the
default limits, figures 1 and 2 without them: a thousand registrations from one address).

    .venv/bin/python bench/tournament.py [--field 1000] [--field-rounds 5] [--reads 300]
                                         [--entrants 24] [--rounds 3] [--skip-field] [--skip-play]

1. Seating a Swiss round of `--field` entrants into tables of 4-5: the `seat_round` request
   as a client times it (its answer comes once every table's game is made and started), and,
   in this process on the same state, the tournament kernel's decision
   (`kernel.decide_seat_round`) and the pure seating inside it (`seating.seat_round`), so the
   figure shows where the time goes. Round 1 also times the director alone (making and
   starting the round's games) on a stand-in copy of the tournament. Every round after the
   first is Swiss proper (points and earlier meetings), so all `--field-rounds` are timed.
   Between rounds the tables' results are written as the worker writes them
   (`Tournaments.record_result`, in this process, on the same Redis), with made-up places
   and scores: a bench cannot play 1,000 real games.
2. `GET /standings` of that field after its rounds ÷ `GET /healthz` (medians and p95 of
   `--reads` requests each, interleaved).
3. A whole Swiss tournament of `--entrants` house entrants (the server's greedy bot) ×
   `--rounds` rounds of Bootleggers, tables of 4, `rounds: 8`, played by the worker: each
   round seated once the previous one is done (polling the tournament), then `finish`.
   Prints wall time, events (tournament + games), errors (non-2xx answers, tables that
   never finished) and how long each table's result took to reach the tournament.

Ratios are of things timed back to back in one run (a shared 2-core machine: the worker and
gunicorn share it with this script). Never touches the machine's own Redis.
"""
from __future__ import annotations

import argparse
import contextlib
import copy
import logging
import random
import shutil
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.canonical import canonical  # noqa: E402
from service import bootstrap  # noqa: E402
from service.runtime import redis_connect  # noqa: E402
from service.runtime.embedded_redis import EmbeddedRedis  # noqa: E402
from service.streams import rng  # noqa: E402
from service.table.games import GameNotFound, Games  # noqa: E402
from service.tournaments import director, kernel, seating  # noqa: E402
from service.tournaments.ledger import Tournaments  # noqa: E402
from tests.support.bots import bearer  # noqa: E402
from tests.support.http_client import HttpClient  # noqa: E402
from tests.support.web_process import start_serve, stop  # noqa: E402

ORGANIZER = {"kind": "organizer"}


class Api:
    """The HTTP client of the bench: every answer counted, non-2xx ones kept as errors."""

    def __init__(self, base: str):
        self.client = HttpClient(base, timeout=600)
        self.errors: list[str] = []
        self.requests = 0

    def call(self, method: str, path: str, body=None, token: str | None = None, expect_ok: bool = True):
        self.requests += 1
        answer = self.client.request(method, path, json_body=body, headers=bearer(token) if token else {})
        if not 200 <= answer.status_code < 300:
            self.errors.append(f"{method} {path} -> {answer.status_code} {answer.get_data(as_text=True)[:300]}")
            if expect_ok:
                raise RuntimeError(self.errors[-1])
        return answer

    def timed(self, method: str, path: str, body=None, token: str | None = None):
        started = time.perf_counter()
        answer = self.call(method, path, body, token)
        return answer.get_json(), time.perf_counter() - started


def at(stamp: str) -> float:
    return datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S.%fZ").timestamp()


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(p * len(ordered)) - 1))]


def in_process(redis_url: str) -> tuple[Games, Tournaments]:
    """The worker's view of the store: the same services, hooks and Redis as the stack's."""
    house = bootstrap.in_process(redis_connect.connect(redis_url, socket_connect_timeout=5, socket_timeout=120))
    return house.games, house.tournaments


# ---- 1 and 2: a field of 1,000 -------------------------------------------------------------------
def decide_in_process(tournaments: Tournaments, tid: str) -> tuple[dict, list[dict], float, float, float]:
    """The state, the kernel's decision on it, and the times of the load, the decision and the
    pure seating inside it (its inputs built as kernel.decide_seat_round builds them)."""
    started = time.perf_counter()
    state = tournaments.load(tid, cached=False)
    load_s = time.perf_counter() - started

    def oracle():  # as Ledger.execute makes it for the next append
        return rng.oracle_for(state["rng"], tournaments.seeds.of(tid, state), state["version"] + 1)

    started = time.perf_counter()
    drafts = kernel.decide_seat_round(state, ORGANIZER, oracle())
    decide_s = time.perf_counter() - started
    players = kernel.active(state)
    order = [int(e) for e in oracle().shuffle(f"seating:round:{state['round'] + 1}", [str(e) for e in players])]
    plan = seating.plan_tables(len(players), state["table_size"]["min"], state["table_size"]["max"])
    standing = seating.ranked(order, kernel.points_of(state))
    met = kernel.meetings(state)
    started = time.perf_counter()
    seating.seat_round(standing, [size for size, _ in plan], met)
    pure_s = time.perf_counter() - started
    return state, drafts, load_s, decide_s, pure_s


def director_alone(games: Games, state: dict, drafts: list[dict]) -> float:
    """The director making and starting the decided round's games, on a copy of the tournament
    under another id (so its games are new ones): the games' share of `seat_round`."""
    stand_in = copy.deepcopy(state)
    stand_in["tournament_id"] = "tbench" + state["tournament_id"][6:]
    number = drafts[0]["payload"]["round"]
    stand_in["round"] = number
    stand_in["tables"] = [{"round": number, "table": t["table"], "status": "playing", "result": None,
                           "game_id": kernel.game_id_for(stand_in["tournament_id"], number, t["table"]),
                           "seats": t["seats"]} for t in drafts[0]["payload"]["tables"]]
    started = time.perf_counter()
    director.open_tables(games, stand_in)
    return time.perf_counter() - started


def misseated(games: Games, state: dict, number: int) -> list[str]:
    """The round's tables whose game is not running with exactly the tournament's seats (by name)."""
    names = {e["entrant"]: e["name"] for e in state["entrants"]}
    wrong = []
    for table in (t for t in state["tables"] if t["round"] == number):
        try:
            game = games.load(table["game_id"])
        except GameNotFound:
            wrong.append(f"{table['game_id']}: never made")
            continue
        want = [names[s["entrant"]] if s["entrant"] else f"Bot {s['seat']}" for s in table["seats"]]
        have = [s.get("name") for s in game["seats"]]
        if game["status"] != "running" or have != want:
            wrong.append(f"{table['game_id']} {game['status']}: seats {have}, not {want}")
    return wrong


def made_up_results(games: Games, tournaments: Tournaments, tid: str, number: int, rand: random.Random) -> float:
    """Every table of round `number` finished, as the worker records it: places (a tie now and
    then) and scores made up, version and head hash the game's own. Seconds per table."""
    state = tournaments.load(tid)
    tables = [t for t in state["tables"] if t["round"] == number]
    started = time.perf_counter()
    for table in tables:
        game = games.load(table["game_id"])
        seats = [str(s["seat"]) for s in table["seats"]]
        scores = {s: float(rand.randrange(0, 120)) for s in seats}
        places = {s: float(1 + sum(1 for v in scores.values() if v > scores[s])) for s in seats}
        result = {"version": game["version"], "head_hash": game["head_hash"], "annulled": False,
                  "places": places, "scores": scores, "score_name": "cash"}
        assert tournaments.record_result(tid, table["game_id"], result) is not None
    return (time.perf_counter() - started) / max(1, len(tables))


def field(api: Api, games: Games, tournaments: Tournaments, args) -> None:
    made, _ = api.timed("POST", "/v1/tournaments", {
        "name": f"Field of {args.field}", "ruleset": "bootleggers", "rounds": args.field_rounds,
        "table_size": {"min": 4, "max": 5}, "game_options": {"rounds": 8}})
    tid, org = made["tournament_id"], made["organizer_token"]
    started = time.perf_counter()
    for n in range(1, args.field + 1):
        api.call("POST", f"/v1/tournaments/{tid}/entrants", {"name": f"Player {n:04d}"})
    print(f"field: {args.field:,} entrants registered over HTTP in {time.perf_counter() - started:.1f} s")
    print(f"1. seat_round of {args.field:,} entrants into tables of 4-5 (goal: <= 1 s server time)")
    print("   round  tables  request s   load s  decide s  seating s  director s  rest s  repeats  result/table")
    rand = random.Random(26)
    for number in range(1, args.field_rounds + 1):
        state, drafts, load_s, decide_s, pure_s = decide_in_process(tournaments, tid)
        started = time.perf_counter()
        answer = api.call("POST", f"/v1/tournaments/{tid}/commands", {"type": "seat_round"}, org, expect_ok=False)
        request_s = time.perf_counter() - started
        if answer.status_code != 201:
            print(f"   round {number}: seat_round answered {api.errors[-1]}")
        seated = drafts[0]["payload"]["tables"]
        assert tournaments.load(tid)["tables"][-len(seated):] == [
            {"round": number, "table": t["table"], "game_id": t["game_id"], "seats": t["seats"], "status": "playing",
             "result": None, "replay_of": None} for t in seated], "the server seated otherwise than its kernel decides here"
        time.sleep(0.5 if answer.status_code == 201 else args.field_sweep + 1)  # a failed request: the sweeper's turn
        wrong = misseated(games, tournaments.load(tid), number)
        alone = director_alone(games, state, drafts)
        repeats = seating.cost([[s["entrant"] for s in t["seats"] if s["entrant"]] for t in seated],
                               kernel.meetings(state))
        if wrong:
            print(f"   round {number}: {len(wrong)} tables whose game does not seat the tournament's seating, "
                  f"e.g.: {wrong[0]}")
        per_table = made_up_results(games, tournaments, tid, number, rand)
        rest = f"{request_s - load_s - decide_s - alone:>6.2f}" if answer.status_code == 201 else "refused"
        print(f"   {number:>5}  {len(seated):>6}  {request_s:>9.2f}  {load_s:>7.3f}  {decide_s:>8.3f}  "
              f"{pure_s:>9.3f}  {alone:>10.2f}  {rest:>6}  {repeats:>7}  {per_table * 1000:>7.1f} ms")
    print("   load, decide (kernel.decide_seat_round), seating (seating.seat_round inside it) and director (making, "
          "filling\n   and starting the round's games, on a stand-in copy) timed in this process on the same state; "
          "rest = the\n   request less those: the tournament's append and HTTP. result/table: one table_finished "
          "recorded as the\n   worker records it (Tournaments.record_result).")
    standings_vs_healthz(api, tournaments, tid, args.reads)


def standings_vs_healthz(api: Api, tournaments: Tournaments, tid: str, reads: int) -> None:
    path = f"/v1/tournaments/{tid}/standings"
    for _ in range(5):  # warm both gunicorn workers' caches
        api.call("GET", path)
    took = {"standings": [], "healthz": []}
    size = 0
    for _ in range(reads):
        for name, target in (("standings", path), ("healthz", "/healthz")):
            started = time.perf_counter()
            answer = api.call("GET", target)
            took[name].append(time.perf_counter() - started)
            size = len(answer.body) if name == "standings" else size
    state = tournaments.load(tid, cached=False)
    parts = {"cold load": lambda: tournaments.load(tid, cached=False), "warm load": lambda: tournaments.load(tid),
             "encode rows": lambda: canonical({"rows": state["standings"], "round": state["round"]})}
    spent = {}
    for name, work in parts.items():
        times = []
        for _ in range(30):
            started = time.perf_counter()
            work()
            times.append(time.perf_counter() - started)
        spent[name] = statistics.median(times) * 1000
    med = {k: statistics.median(v) * 1000 for k, v in took.items()}
    p95 = {k: pct(v, 0.95) * 1000 for k, v in took.items()}
    ratio = med["standings"] / med["healthz"]
    print(f"2. GET /standings, {len(state['entrants']):,} entrants after {state['round']} rounds "
          f"({len(state['tables']):,} tables, answer {size / 1024:.0f} KiB), vs GET /healthz, {reads} each:")
    print(f"   standings median {med['standings']:.2f} ms  p95 {p95['standings']:.2f} ms;  "
          f"healthz median {med['healthz']:.2f} ms  p95 {p95['healthz']:.2f} ms")
    print(f"   ratio of medians {ratio:.2f}  (p95s {p95['standings'] / p95['healthz']:.2f});  goal <= 2.0: "
          f"{'met' if ratio <= 2.0 else 'NOT met'}")
    print("   where it goes, in this process (medians of 30): " + ", ".join(f"{k} {v:.1f} ms" for k, v in spent.items())
          + " (a warm load checks the head and copies the cached state)")


# ---- 3: a whole tournament played by the server's bots --------------------------------------------
def play(api: Api, args) -> dict:
    started = time.monotonic()
    made, _ = api.timed("POST", "/v1/tournaments", {
        "name": f"Bots {args.entrants}x{args.rounds}", "ruleset": "bootleggers", "rounds": args.rounds,
        "table_size": {"min": 4, "max": 4}, "game_options": {"rounds": 8}, "bot_strategy": "greedy"})
    tid, org = made["tournament_id"], made["organizer_token"]
    for n in range(1, args.entrants + 1):
        api.call("POST", f"/v1/tournaments/{tid}/entrants", {"name": f"House {n}", "bot": "greedy"}, org)
    never, rounds = [], []
    for number in range(1, args.rounds + 1):
        begun = time.monotonic()
        api.call("POST", f"/v1/tournaments/{tid}/commands", {"type": "seat_round"}, org, expect_ok=False)
        deadline = time.monotonic() + args.round_timeout
        while True:
            state = api.call("GET", f"/v1/tournaments/{tid}", token=org).get_json()
            waiting = [t for t in state["tables"] if t["round"] == number and t["status"] == "playing"]
            if not waiting or time.monotonic() > deadline:
                break
            time.sleep(1)
        rounds.append(time.monotonic() - begun)
        print(f"   round {number}: {sum(t['round'] == number for t in state['tables'])} tables, "
              f"{rounds[-1]:.1f} s" + (f"; {len(waiting)} never finished" if waiting else ""))
        if waiting:
            never += waiting
            break
    if not never:
        api.call("POST", f"/v1/tournaments/{tid}/commands", {"type": "finish"}, org, expect_ok=False)
    wall = time.monotonic() - started
    state = api.call("GET", f"/v1/tournaments/{tid}", token=org).get_json()
    game_events, delays = 0, []
    recorded = {}
    after = 0
    while True:  # the tournament's record: when each table's result came in
        page = api.call("GET", f"/v1/tournaments/{tid}/events?after={after}&limit=1000").get_json()
        if not page["events"]:
            break
        for e in page["events"]:
            if e["type"] == "table_finished":
                recorded[e["payload"]["game_id"]] = at(e["recorded_at"])
        after = page["events"][-1]["version"]
    for table in state["tables"]:
        game = api.call("GET", f"/v1/games/{table['game_id']}", token=org, expect_ok=False).get_json() or {}
        game_events += game.get("version", 0)
        if game.get("ended_at") and table["game_id"] in recorded:
            delays.append(recorded[table["game_id"]] - at(game["ended_at"]))
    return {"tid": tid, "wall": wall, "rounds": rounds, "tables": len(state["tables"]), "never": never,
            "tournament_events": state["version"], "game_events": game_events, "delays": delays,
            "status": state["status"]}


def whole(api: Api, args, log_path: Path) -> None:
    print(f"3. a Swiss tournament of {args.entrants} house entrants (greedy) x {args.rounds} rounds of "
          "Bootleggers, tables of 4, rounds: 8, played by the worker:")
    before = len(api.errors)
    found = play(api, args)
    errors = len(api.errors) - before + len(found["never"])
    print(f"   wall {found['wall']:.1f} s ({', '.join(f'{r:.0f}' for r in found['rounds'])} s a round); "
          f"{found['tables']} tables; events {found['tournament_events'] + found['game_events']:,} "
          f"({found['tournament_events']} tournament + {found['game_events']:,} games); status {found['status']}")
    if found["delays"]:
        print(f"   a table's end to its table_finished: median {statistics.median(found['delays']):.2f} s, "
              f"max {max(found['delays']):.2f} s ({len(found['delays'])} tables)")
    print(f"   errors: {errors} ({len(api.errors) - before} non-2xx answers, {len(found['never'])} tables never "
          "finished)" + ("   goal 0: met" if errors == 0 else "   goal 0: NOT met"))
    for line in api.errors[before:][:5]:
        print(f"     {line}")
    if found["never"]:
        print(f"   tables never finished: {[t['game_id'] for t in found['never']]}")
    if errors:
        print("   the stack's log (--log FILE keeps it), its tournament and error lines:")
        for line in log_path.read_text(errors="replace").splitlines():
            if "tournament" in line.lower() or "Traceback" in line or "Error" in line:
                print(f"     {line[:300]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--field", type=int, default=1000, help="entrants of figures 1 and 2")
    parser.add_argument("--field-rounds", type=int, default=5)
    parser.add_argument("--reads", type=int, default=300)
    parser.add_argument("--field-sweep", type=float, default=3600, help=(
        "TOURNAMENT_SWEEP_SECONDS of the field's stack. Not the default 5: the sweeper's director "
        "racing the seat_round request's on the same tables makes the request fail (game_full) and "
        "can seat an entrant twice; pass 5 to see it"))
    parser.add_argument("--entrants", type=int, default=24, help="house entrants of figure 3")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of figure 3")
    parser.add_argument("--round-timeout", type=float, default=1800, help="seconds a round of figure 3 may take")
    parser.add_argument("--skip-field", action="store_true", help="only figure 3")
    parser.add_argument("--skip-play", action="store_true", help="only figures 1 and 2")
    parser.add_argument("--log", help="keep the stacks' logs (gunicorn + worker) as FILE.play and FILE.field")
    args = parser.parse_args()
    logging.disable(logging.WARNING)
    if not args.skip_play:  # the served stack as `make serve` runs it, under the default limits
        with stack(args, "play", RATE_LIMITS="on") as (base, _, log_path):
            whole(Api(base), args, log_path)
    if not args.skip_field:  # a fresh one: the field's 1,000 waiting games do not weigh on figure 3
        # (a load test: a thousand registrations from one address is what the limits stop)
        with stack(args, "field", RATE_LIMITS="off", TOURNAMENT_SWEEP_SECONDS=str(args.field_sweep)) as (base, url, _):
            games, tournaments = in_process(url)
            field(Api(base), games, tournaments, args)


@contextlib.contextmanager
def stack(args, name: str, **env: str):
    """`bootleggers serve` on a fresh embedded Redis with AOF: (base URL, Redis URL, log path)."""
    with tempfile.TemporaryDirectory(prefix=f"bench-tournament-{name}-") as tmp, \
            EmbeddedRedis(Path(tmp) / "redis", appendonly=True) as server:
        log_path = Path(tmp) / "serve.log"
        web, base = start_serve(server.url, log_path, LOG_LEVEL="warning", **env)
        print(f"service: bootleggers serve at {base} (gunicorn + RQ worker, embedded Redis with AOF"
              f"{''.join(f', {k}={v}' for k, v in env.items())})")
        try:
            yield base, server.url, log_path
        finally:
            stop(web)
            if args.log:
                shutil.copy(log_path, f"{args.log}.{name}")

if __name__ == "__main__":
    main()
