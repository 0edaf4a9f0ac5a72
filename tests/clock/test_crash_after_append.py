"""A process killed between the append and everything after it still leaves the deadline
indexed: the append script writes the index entry with the events.

A child process sends a turn through `Games.command` and SIGKILLs itself in the first
after-append hook — after the events (and the deadline they open) are stored, before the
RQ job that would trigger it is scheduled. A real `rq worker` (ClockWorker) must still fire
that deadline within a few seconds of its due time: its sweeper reads the index every
0.25 s here. (Before, the index was written by that hook: such a deadline waited for the
300 s reconcile.)
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from service.runtime import timeutil
from service.clock.schedule import DEADLINES_KEY
from tests.clock.conftest import REPO

pytestmark = pytest.mark.slow
DUE_IN, GAMES, MAX_LATE = 2, 3, 3.0

CHILD = textwrap.dedent("""
    import os, signal, sys
    import redis
    from service import clock
    from service.table.games import Games
    from tests.clock.timed_toy import rulesets

    url, game_id, seat = sys.argv[1], sys.argv[2], int(sys.argv[3])
    games = Games(redis.Redis.from_url(url), rulesets())
    clock.install(games)
    games.after_append.insert(0, lambda *args: os.kill(os.getpid(), signal.SIGKILL))
    games.command(game_id, {"kind": "seat", "seat": seat}, {"type": "roll"})
    print("survived the append")  # never printed
""")


def test_a_deadline_opened_by_a_killed_process_fires_seconds_late_at_most(new_game, games, start_worker, redis_client):
    start_worker()
    lates = []
    for _ in range(GAMES):
        game, _, _ = new_game(deadlines={"default": 30, "bid": DUE_IN})
        seat = games.load(game)["deadline"]["seats"][0]
        child = subprocess.run([sys.executable, "-c", CHILD, _url(redis_client), game, str(seat)],
                               cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, timeout=60)
        assert child.returncode == -signal.SIGKILL, child.stderr.decode()[-2000:]
        state = games.load(game)  # the events are stored, the next seat's deadline indexed
        deadline = state["deadline"]
        assert deadline["seats"] != [seat] and deadline["step_version"] == state["version"]
        assert redis_client.zscore(DEADLINES_KEY, game) == pytest.approx(timeutil.epoch(deadline["due_at"]))
        due = timeutil.parse(deadline["due_at"])
        fired = _wait_for_expiry(games, game, deadline["step_version"], timeout=DUE_IN + 15)
        assert fired is not None, "the deadline never fired"
        lates.append((timeutil.parse(fired["recorded_at"]) - due).total_seconds())
    print(f"\nfired late by {', '.join(f'{s:.2f}s' for s in lates)} (due {DUE_IN}s after the killed append)")
    assert all(0 <= late <= MAX_LATE for late in lates), lates


def _url(client) -> str:
    kw = client.connection_pool.connection_kwargs
    return f"redis://{kw['host']}:{kw['port']}/{kw.get('db', 0)}"


def _wait_for_expiry(games, game, step_version, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for event in games.events(game, after=step_version, limit=1000):
            if event["type"] == "deadline_expired" and event["payload"]["step_version"] == step_version:
                return event
        time.sleep(0.1)
    return None
