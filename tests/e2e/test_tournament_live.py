"""A whole Swiss tournament on the real `bootleggers serve` (gunicorn, RQ worker, embedded Redis):
nine house entrants, two rounds of Bootleggers at tables of 4–5, played to the end by the
server's bot in the worker; each table's result reaches the tournament by itself (the job its
end enqueues, or the worker's sweeper); the finished tournament's record verifies offline with
`bootleggers verify`. The smaller form of bench/tournament.py."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.served import Served, call

pytestmark = pytest.mark.slow
ENTRANTS, ROUNDS = 9, 2


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    stack = Served(Path(tmp_path_factory.mktemp("serve")), env={"TOURNAMENT_SWEEP_SECONDS": "1"})
    try:
        assert stack.wait_for_http("/healthz") == 200, stack.log()
        yield stack
    finally:
        stack.kill_everything()


def ok(answer: tuple[int, object], status: int = 201) -> dict:
    code, body = answer
    assert code == status, body
    return body  # type: ignore[return-value]


def wait_for_round(served: Served, tid: str, round_no: int, timeout: float = 240) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = ok(call(served.base, "GET", f"/v1/tournaments/{tid}"), 200)
        tables = [t for t in state["tables"] if t["round"] == round_no]
        if tables and all(t["result"] is not None for t in tables):
            return state
        time.sleep(0.5)
    pytest.fail(f"round {round_no} did not finish in {timeout} s: {state['tables']}\n{served.log()}")


def test_a_swiss_tournament_of_house_players_runs_to_the_end_and_verifies(served, tmp_path):
    base = served.base
    made = ok(call(base, "POST", "/v1/tournaments", {
        "name": "Friday", "ruleset": "bootleggers", "rounds": ROUNDS, "table_size": {"min": 4, "max": 5},
        "game_options": {"rounds": 8}, "bot_strategy": "random"}))
    tid, org = made["tournament_id"], made["organizer_token"]
    for n in range(1, ENTRANTS + 1):
        ok(call(base, "POST", f"/v1/tournaments/{tid}/entrants", {"name": f"House {n}", "bot": "random"}, org))
    for round_no in range(1, ROUNDS + 1):
        ok(call(base, "POST", f"/v1/tournaments/{tid}/commands", {"type": "seat_round"}, org))
        state = wait_for_round(served, tid, round_no)
    assert len(state["tables"]) == 4 and all(t["status"] == "finished" for t in state["tables"])
    ok(call(base, "POST", f"/v1/tournaments/{tid}/commands", {"type": "finish"}, org))
    standings = ok(call(base, "GET", f"/v1/tournaments/{tid}/standings"), 200)
    assert len(standings["rows"]) == ENTRANTS and all(r["tables_played"] == ROUNDS for r in standings["rows"])
    record = ok(call(base, "GET", f"/v1/tournaments/{tid}/export"), 200)
    path = tmp_path / "tournament.json"
    path.write_text(json.dumps(record))
    verified = subprocess.run([sys.executable, "-m", "service.cli", "verify", str(path)], capture_output=True,
                              text=True, timeout=120)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "seatings" in verified.stdout and "standings" in verified.stdout
