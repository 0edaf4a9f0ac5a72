"""Server CPU per move, checkouts side by side: which commit made a move cost more.

    .venv/bin/python bench/move_cpu.py [CHECKOUT ...] [--k 16] [--seconds 15] [--reps 3]

Each CHECKOUT (default: this one; e.g. `git worktree add /tmp/wt-<sha> <sha>`) is served as
`make serve` serves it (`bootleggers serve`: embedded Redis with AOF, gunicorn, the RQ worker),
its Python from this checkout's .venv with PYTHONPATH=CHECKOUT, all at once on their own ports;
then, rep by rep and checkout by checkout (the order turned each rep), the peer bench's own load
(`../shared/peers/load-ours.js --mode say`: K games x 3 seats, each seat sending table talk as
fast as acknowledged) runs against one of them while the others idle. Prints per run the moves/s
and the server CPU per move (the whole process tree: web, worker, Redis; /proc), and per checkout
the medians and where the CPU went. The machine is shared: only figures of one run compare.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LOAD = REPO.parent / "shared" / "peers" / "load-ours.js"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """One checkout under `bootleggers serve`, in a process group of its own."""

    def __init__(self, checkout: Path, work: Path):
        self.checkout, self.port = checkout, free_port()
        self.log = work / f"serve-{self.port}.log"
        env = {**os.environ, "PYTHONPATH": str(checkout), "PORT": str(self.port), "HOST": "127.0.0.1",
               "BOOTLEGGERS_DATA_DIR": str(work / f"data-{self.port}"), "LOG_LEVEL": "warning",
               # (an archive each: beside the data dirs, one archive would hold another server's anchor,
               # whose seal this one's key does not check, and its anchor sweeper would fail every second)
               "ARCHIVE_URL": (work / f"archive-{self.port}").as_uri(),
               "RATE_LIMIT_EXEMPT": os.environ.get("RATE_LIMIT_EXEMPT", "127.0.0.1,::1")}  # (as the peer bench)
        code = "import sys; from service.cli import main; sys.argv = ['bootleggers', 'serve']; main()"
        self.proc = subprocess.Popen([sys.executable, "-c", code], cwd=checkout, env=env, start_new_session=True,
                                     stdout=self.log.open("w"), stderr=subprocess.STDOUT)
        end = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > end:
                raise RuntimeError(f"{checkout} did not come up: {self.log.read_text()[-2000:]}")
            time.sleep(0.3)
        found = re.search(r"redis://127\.0\.0\.1:(\d+)", self.log.read_text())
        self.redis_port = found.group(1) if found else None

    def load(self, k: int, seconds: float) -> dict:
        argv = ["node", str(LOAD), "--port", str(self.port), "--server-pid", str(self.proc.pid), "--mode", "say",
                "--k", str(k), "--seconds", str(seconds)]
        if self.redis_port:
            argv += ["--redis-port", self.redis_port]
        out = subprocess.run(argv, capture_output=True, text=True, timeout=seconds + 120).stdout
        return json.loads(out.strip().splitlines()[-1])

    def stop(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs="*", type=Path, default=[REPO])
    parser.add_argument("--k", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    runs: dict[Path, list[dict]] = {c: [] for c in args.checkouts}
    with tempfile.TemporaryDirectory(prefix="move-cpu-") as tmp:
        served = []
        try:
            for checkout in args.checkouts:
                served.append(Served(checkout.resolve(), Path(tmp)))
            for rep in range(args.reps):
                for one in (served if rep % 2 == 0 else served[::-1]):
                    r = one.load(args.k, args.seconds)
                    if "error" in r:
                        print(f"rep {rep} {one.checkout}: {r['error'][:300]}", flush=True)
                        continue
                    runs[args.checkouts[served.index(one)]].append(r)
                    print(f"rep {rep} {one.checkout}: {r['moves_per_s']:.0f} moves/s, server "
                          f"{r['server_cpu'] / max(r['moves'], 1) * 1000:.2f} ms CPU/move, errors {r['errors']}, "
                          f"busy {r['busy_503']}", flush=True)
        finally:
            for one in served:
                one.stop()
    for checkout, done in runs.items():
        if not done:
            continue
        per_move = [r["server_cpu"] / r["moves"] * 1000 for r in done if r["moves"]]
        by: dict[str, list[float]] = {}
        for r in done:
            for comm, cpu in (r.get("server_cpu_by") or {}).items():
                by.setdefault(comm, []).append(cpu / r["moves"] * 1000)
        calls = done[-1].get("redis_calls_per_move") or {}
        print(f"{checkout}: median {statistics.median(per_move):.2f} ms CPU/move "
              f"({', '.join(f'{x:.2f}' for x in per_move)}), {statistics.median(r['moves_per_s'] for r in done):.0f} "
              f"moves/s; by process: {', '.join(f'{c} {statistics.median(v):.2f}' for c, v in sorted(by.items()))}; "
              f"Redis calls/move: {calls}")


if __name__ == "__main__":
    main()
