"""The tournament kernel at scale: Swiss seating of 1,000 entrants into tables of 4-5 for
rounds 1..5, then the standings after those five rounds (~1,000 tables).

    .venv/bin/python bench/seating.py [--entrants 1000] [--rounds 5] [--low 4] [--high 5] [--seed 1]

Each round is seated by rule 2 (docs/verification.md) from the previous rounds' meetings and
points; every table's places are drawn at random (a few ties) and folded into the acc.
Printed per round: seating time, the weighted repeat cost (a k-th earlier meeting weighs
k²), the most anybody has met. Then: one `rows` of the incremental
acc (what each `table_finished` costs besides `add_table`), one `add_table`, and one
`standings` from scratch (what an amendment costs).
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from service.tournaments import scoring, seating  # noqa: E402


def timed(fn, *args, repeat=1, **kw):
    times, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn(*args, **kw)
        times.append(time.perf_counter() - start)
    return out, statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--entrants", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--low", type=int, default=4)
    ap.add_argument("--high", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    ids = [f"e{i:04d}" for i in range(args.entrants)]
    entrants = [{"entrant": e, "name": f"Player {e}", "dropped": False} for e in ids]
    order = list(ids)
    rnd.shuffle(order)
    plan = seating.plan_tables(args.entrants, args.low, args.high)
    acc, finished, seatings = scoring.new_accumulator(), [], []
    print(f"{args.entrants} entrants, tables {args.low}-{args.high}: "
          f"{len(plan)} tables {sorted({e + b for e, b in plan}, reverse=True)}, "
          f"{sum(b for _, b in plan)} bot seats")
    firsts: dict = {}
    for rnd_no in range(1, args.rounds + 1):
        met = seating.meetings_from(seatings)
        points = {e: s["points"] for e, s in acc["entrants"].items()}
        rnd.shuffle(order)
        standing = seating.ranked(order, points)
        tables, took = timed(seating.seat_round, standing, [e for e, _ in plan], met, firsts)
        for table in tables:
            firsts[table[0]] = firsts.get(table[0], 0) + 1
        print(f"round {rnd_no}: seat_round {took * 1000:7.1f} ms  weighted repeats "
              f"{seating.cost(tables, met)}  most met so far "
              f"{max((len(v) for v in met.values()), default=0)}")
        for n, (people, (_, bots)) in enumerate(zip(tables, plan), start=1):
            seats = people + [None] * bots
            places = list(range(1, len(seats) + 1))
            rnd.shuffle(places)
            if rnd.random() < 0.2:                  # a tie for some place
                lo = min(places[:2])
                places[0] = places[1] = lo
            table = {"round": rnd_no, "table": n, "annulled": rnd.random() < 0.01,
                     "seats": {str(i): e for i, e in enumerate(seats, start=1)},
                     "places": {str(i): p for i, p in enumerate(places, start=1)},
                     "scores": {str(i): rnd.randint(0, 60) for i in range(1, len(seats) + 1)}}
            scoring.add_table(acc, table, scoring.LEGACY)
            finished.append(table)
        seatings.extend(tables)
    _, rows_took = timed(scoring.rows, acc, entrants, repeat=20)
    last, adds = finished[-1], []
    for _ in range(20):                       # one more table on the full acc (a copy)
        copy = json.loads(json.dumps(acc))
        adds.append(timed(scoring.add_table, copy, last)[1])
    _, full = timed(scoring.standings, entrants, finished, repeat=3)
    print(f"after {len(finished)} tables: rows {rows_took * 1000:.2f} ms, add_table "
          f"{statistics.median(adds) * 1000:.3f} ms, standings from scratch {full * 1000:.1f} ms")
    assert scoring.rows(acc, entrants) == scoring.standings(entrants, finished)


if __name__ == "__main__":
    main()
