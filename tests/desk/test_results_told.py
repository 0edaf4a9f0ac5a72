"""Every result told right, for every ruleset: the report, the log
and `bootleggers report` of a finished Booze Baron game (its winner is a Mob, not a seat); a
forfeited seat marked in the end line and the report; the log's headings — "Setup", not
"Round 0, Phase 0", and the game's end never listed after a later phase."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from projections.core import fold
from service.cli import main
from service.desk import game_log
from service.rules.registry import rulesets
from tests.desk.helpers import ok, organizer
from tests.support.bots import bearer, open_table, play

TESTS = Path(__file__).resolve().parents[1]
GOLDEN = sorted([*(TESTS / "golden").glob("*.events.jsonl"), *(TESTS / "rules" / "booze_baron" / "golden").glob("*.events.jsonl")])
ORGANIZER = {"kind": "organizer"}


def log_texts(client, table, token=None) -> list[str]:
    """The whole log, every page."""
    texts, after = [], 0
    while True:
        r = client.get(f"/v1/games/{table.game_id}/log?limit=1000&after={after}",
                       headers=bearer(token) if token else {})
        assert r.status_code == 200, r.get_data(as_text=True)
        page = r.get_json()
        texts += [e["text"] for e in page["entries"]]
        if not page["entries"]:
            return texts
        after = page["next_after"]


def test_a_finished_booze_baron_game_has_its_report_its_log_and_its_cli_report(app, served):
    client = app.test_client()
    table = open_table(client, 4, ruleset="booze_baron", names=["Ada", "Bix", "Cora", "Dee"])
    final = play(table, random.Random(8))
    won = final["result"]["winners"]
    r = client.get(f"/v1/games/{table.game_id}/report")            # anyone, once it has ended
    assert r.status_code == 200, r.get_data(as_text=True)
    page = r.get_data(as_text=True)
    result = page.split("<h2>Result</h2>")[1].split("<h2>")[0]
    for mob in won:
        members = [p["name"] for p in final["players"] if p["mob"] == mob]
        assert f"the {mob.title()} mob (" in result and all(name in result for name in members), result
        assert f"{mob.title()} mob, winner" in result         # the standings: each member's row
    assert ("<b>Winner: the " if len(won) == 1 else "<b>Winners, sharing the win: the ") in result
    assert "seat beer" not in page and "seat wine" not in page and "seat liquor" not in page
    (ended,) = [t for t in log_texts(client, table) if "The game ends" in t]
    told = f"The {won[0].title()} mob (" if len(won) == 1 else f"The {won[0].title()} and "
    assert told in ended and " win." not in ended, ended
    cli = CliRunner().invoke(main, ["report", table.game_id], env={"BOOTLEGGERS_URL": served})
    assert cli.exit_code == 0 and cli.output.startswith("<!DOCTYPE html>"), cli.output[-500:]


def test_a_forfeited_seat_with_more_cash_than_the_winner_is_marked_in_the_log_and_the_report(client):
    table = open_table(client, 3, names=["Ada", "Bix", "Cora"])
    ok(organizer(table, {"type": "ruling", "kind": "set_cash", "seat": 3, "cash": 150, "reason": "setup"}))
    ok(organizer(table, {"type": "ruling", "kind": "set_cash", "seat": 1, "cash": 100, "reason": "setup"}))
    ok(organizer(table, {"type": "ruling", "kind": "forfeit", "seat": 3, "reason": "left the table"}))
    final = play(table, random.Random(2))
    assert final["winner"] != 3
    (ended,) = [t for t in log_texts(client, table) if "The game ends" in t]
    assert re.search(r"Cora \$\d+G \(forfeited\)\.$", ended), ended
    page = client.get(f"/v1/games/{table.game_id}/report").get_data(as_text=True)
    result = page.split("<h2>Result</h2>")[1].split("<h2>")[0]
    assert "(forfeited)." in result                                   # the end line, as the log tells it
    assert "Cora forfeited at event" in result and "left the table" in result and "cannot win" in result
    rows = re.findall(r"<tr><td class='n'>(\d+)</td><td>(\w+)</td><td class='n'>(\d+)</td><td>([\w, ]*)</td></tr>", result)
    assert rows[-1][1] == "Cora" and rows[-1][3] == "forfeited", rows     # last, whatever its cash
    assert rows[0][3] == "winner" and rows[0][1] == {1: "Ada", 2: "Bix"}[final["winner"]], rows


def test_after_the_end_the_result_amended_is_the_reports_winner(client):
    table = open_table(client, 3, names=["Ada", "Bix", "Cora"])
    ok(organizer(table, {"type": "ruling", "kind": "set_cash", "seat": 1, "cash": 100, "reason": "fast end"}))
    final = play(table, random.Random(3))
    winner = final["winner"]
    ok(client.post(f"/v1/games/{table.game_id}/commands", json={"type": "dispute", "version": 5, "text": "cheat"},
                   headers=bearer(table.tokens[2])))
    answer = ok(organizer(table, {"type": "resolve_dispute", "dispute": 1, "decision": "upheld", "text": "yes",
                                  "rulings": [{"kind": "forfeit", "seat": winner, "reason": "marked cards"}]}))
    now = answer["events"][-1]["payload"]["winner"]
    page = client.get(f"/v1/games/{table.game_id}/report").get_data(as_text=True)
    result = page.split("<h2>Result</h2>")[1].split("<h2>")[0]
    names = {1: "Ada", 2: "Bix", 3: "Cora"}
    assert f"<b>Winner: {names[now]}</b>" in result
    assert f"the result is amended, winner now {names[now]} (was {names[winner]})" in result
    texts = log_texts(client, table)
    assert texts[-1].startswith(f"Round {final['round']}, game over: The result is amended"), texts[-1]


class Recorded:
    """What game_log.entries reads of a game (`load`, `events`, `ruleset_for`), from a record."""

    def __init__(self, events: list[dict]):
        self.all = events

    def ruleset_for(self, name: str):
        return rulesets()[name]

    def load(self, game_id: str, at: int | None = None) -> dict:
        return fold(self.all[:at], self.ruleset_for)

    def events(self, game_id: str, after: int, limit: int) -> list[dict]:
        return self.all[after:after + limit]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_the_log_heads_the_deal_as_setup_and_lists_the_end_last(path):
    events = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    recorded = Recorded(events)
    entries, _ = game_log.entries(recorded, "g", recorded.load("g"), ORGANIZER, 0, 10 ** 6)
    texts = [e["text"] for e in entries]
    assert not [t for t in texts if t.startswith("Round 0")], [t for t in texts if t.startswith("Round 0")][:3]
    dealt = [e for e in entries if e["round"] == 0]
    assert dealt and all(e["text"].startswith("Setup: ") and e["phase"] is None for e in dealt)
    end = next(i for i, e in enumerate(events) if e["type"] in ("game_ended", "booze_game_ended"))
    last_round = entries[end]["round"]
    assert all(t.startswith(f"Round {last_round}, game over: ") for t in texts[end:]), texts[end - 2:end + 2]
    assert not [t for t in texts[:end] if "game over" in t.split(": ")[0]]
    # within a round the phases only go forward: no "Phase 6" before the end in Phase 5
    for before, after in zip(entries[:end], entries[1:end]):
        if before["round"] == after["round"] and isinstance(before["phase"], int) and isinstance(after["phase"], int):
            assert after["phase"] >= before["phase"], (before["text"], after["text"])


def test_the_cli_log_groups_under_setup_and_game_over(app, served):
    table = open_table(app.test_client(), 3, {"rounds": 8}, names=["Ada", "Bix", "Cora"])
    play(table, random.Random(4))
    out = CliRunner().invoke(main, ["log", table.game_id], env={"BOOTLEGGERS_URL": served})
    assert out.exit_code == 0, out.output
    assert "\nSetup\n" in out.output and "\nRound 8, game over\n" in out.output and "Round 0" not in out.output
    after = out.output.split("\nRound 8, game over\n")[1].splitlines()
    assert "The game ends" in after[0] and "The seed is revealed" in after[1]
