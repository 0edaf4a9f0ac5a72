"""The fault harness at bench size: failovers under load, every acknowledged event checked after.

    .venv/bin/python bench/faults.py [--failovers 120] [--tables 4] [--modes replica,local]
                                     [--pace 0] [--gap 0.4] [--cut 0.5] [--no-anchor]

For each DURABILITY mode: a real cluster of 3 masters with a replica each, `bootleggers
serve` on it, `--tables` games of a bot and two talkers writing as fast as acknowledged, and
the nemesis's `--failovers` failovers (kill -9 of the busiest master with its replica
promoted at once, the replica's link cut `--cut` seconds then the master killed, SIGSTOP past
the node timeout, an unforced election), web and RQ workers killed now and then
(tests/faults/harness.py). Prints, per mode: failovers by kind, acknowledged events, and lost,
duplicated, reordered, chain breaks, games that no longer take commands, deadlines that never
fired, with the run's wall time. `--no-anchor`: ANCHOR_SECONDS=0 (no head anchored outside
Redis meanwhile). Each mode takes about a second per failover plus ~20 s.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.faults import harness  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--failovers", type=int, default=120)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--modes", default="replica,local")
    parser.add_argument("--pace", type=float, default=0.0, help="seconds a talker waits between texts")
    parser.add_argument("--gap", type=float, default=0.4, help="seconds of load between two failovers")
    parser.add_argument("--cut", type=float, default=0.5, help="seconds a replica's link stays cut")
    parser.add_argument("--no-anchor", action="store_true", help="anchor no head outside Redis meanwhile")
    args = parser.parse_args()
    results = []
    for mode in args.modes.split(","):
        started = time.monotonic()
        figures = harness.run(mode, args.failovers, tables=args.tables, pace=args.pace, gap=args.gap, cut=args.cut,
                              anchor=not args.no_anchor,
                              progress=lambda text, mode=mode: print(f"  [{mode} {time.monotonic() - started:5.0f} s] {text}",
                                                                      flush=True))
        results.append(figures)
        print(figures.line(), flush=True)
        for problem in figures.problems[:10]:
            print(f"    {problem}")
    print()
    print(f"{'DURABILITY':<11}{'failovers':>10}{'acked':>8}{'lost':>7}{'lost %':>8}{'dup':>5}{'reord':>6}"
          f"{'breaks':>7}{'stuck':>6}{'unfired':>8}{'wall s':>8}")
    for f in results:
        share = 100.0 * f.lost / f.acknowledged if f.acknowledged else 0.0
        print(f"{f.durability:<11}{f.failovers:>10}{f.acknowledged:>8}{f.lost:>7}{share:>7.2f}%{f.duplicated:>5}"
              f"{f.reordered:>6}{f.chain_breaks:>7}{f.stuck:>6}{f.unfired:>8}{f.seconds:>8.0f}")


if __name__ == "__main__":
    main()
