"""`bootleggers tournament create|register|seat|finish|standings|report|export` against a
running server (real HTTP: werkzeug's server in a thread on the test Redis, as test_cli.py
does), URL and token from flags or the environment. The server's bot plays the house
entrants' tables in-process between commands, as the worker would."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from service.bots import seat_bots
from service.cli import main
from service.tournaments import results


def run(*args: str, env: dict | None = None, ok: bool = True):
    out = CliRunner().invoke(main, ["tournament", *args], env=env or {})
    if ok:
        assert out.exit_code == 0, out.output
    assert out.exception is None or isinstance(out.exception, SystemExit), out.exc_info
    return out


def play_round(app, tid: str) -> None:
    """What the worker does: the bot plays every house seat, and each table's end reaches the
    tournament (the sweep stands in for the jobs the game's end enqueued)."""
    games, tournaments = app.extensions["games"], app.extensions["tournaments"]
    state = tournaments.load(tid)
    for table in [t for t in state["tables"] if t["round"] == state["round"]]:
        seat_bots.play_bot_seats(games, table["game_id"], max_moves=100_000)
    results.sweep(tournaments, games)


def has_route(app, path: str) -> bool:
    return any(rule.rule == path for rule in app.url_map.iter_rules())


@pytest.fixture
def evening(app, served):
    """A Swiss tournament of nine house entrants, created and filled from the command line."""
    made = run("create", "--url", served, "--name", "Thursday Swiss", "--rounds", "2", "--table-min", "4",
               "--table-max", "5", "--bot-strategy", "random", "--game-option", "rounds=8")
    tid = re.search(r"^tournament: (\S+)$", made.output, re.MULTILINE).group(1)
    token = re.search(r"^organizer token: (\S+)$", made.output, re.MULTILINE).group(1)
    assert "Keep the organizer token" in made.output
    env = {"BOOTLEGGERS_URL": served, "BOOTLEGGERS_TOKEN": token}
    for n in range(1, 10):
        added = run("register", tid, f"House {n}", "--bot", "random", env=env)
        assert f"entrant {n}: House {n} (house player, random bot)" in added.output
    return tid, env


def test_an_evening_from_the_command_line(app, evening):
    tid, env = evening
    seated = run("seat", tid, env=env)
    lines = seated.output.splitlines()
    assert lines[0] == "round 1 of 2: 2 tables, their games started"
    state = app.extensions["tournaments"].load(tid)
    for table in state["tables"]:
        assert f"table {table['table']}  game {table['game_id']}  ({len(table['seats'])} seats)" in lines
    assert sorted(int(n) for n in re.findall(r"House \d+ \(entrant (\d+)\)", seated.output)) == list(range(1, 10))

    play_round(app, tid)
    table = run("standings", tid, env=env).output
    head, _rule, *rows = table.split("\n\n")[0].splitlines()[1:]
    assert head.split() == ["rank", "name", "points", "opponents", "points", "score", "share", "rating", "tables"]
    assert len(rows) == 9 and all(row.rstrip().endswith(" 1") for row in rows)
    assert "opponents' points" in table and "Plackett-Luce" in table
    as_json = json.loads(run("standings", tid, "--url", env["BOOTLEGGERS_URL"], "--json").output)
    assert [r["name"] for r in as_json["rows"]] == [re.search(r"House \d+", row).group() for row in rows]
    assert sum(r["points"] for r in as_json["rows"]) == 10 + 6  # a point per pair at a table of 5, of 4

    run("seat", tid, env=env)
    play_round(app, tid)
    finished = run("finish", tid, env=env)
    assert "finished" in finished.output and "seed is revealed" in finished.output
    assert app.extensions["tournaments"].load(tid)["status"] == "finished"


def test_export_and_report_save_the_servers_pages(app, evening, tmp_path):
    tid, env = evening
    if not has_route(app, "/v1/tournaments/<tournament_id>/export"):
        pytest.skip("GET /v1/tournaments/{id}/export is not served yet")
    saved = tmp_path / "record.json"
    out = run("export", tid, "-o", str(saved), env=env)
    assert out.output.startswith("saved ") and str(saved) in out.output
    record = json.loads(saved.read_text())
    assert json.loads(run("export", tid, env=env).stdout_bytes) == record
    if not has_route(app, "/v1/tournaments/<tournament_id>/report"):
        pytest.skip("GET /v1/tournaments/{id}/report is not served yet")
    page = run("report", tid, env=env).output
    assert page.lstrip().lower().startswith("<!doctype html>")


def test_a_refusal_prints_the_servers_sentence_and_exits_1(app, evening, served):  # noqa: F811
    tid, env = evening
    spectator = run("seat", tid, "--url", served, ok=False)
    assert spectator.exit_code == 1 and "401" in spectator.output and "token" in spectator.output
    unknown = run("standings", "tnothere", env=env, ok=False)
    assert unknown.exit_code == 1 and "404" in unknown.output
    swiss = run("seat", tid, "--tables", "[[1,2,3,4],[5,6,7,8,9]]", env=env, ok=False)
    assert swiss.exit_code == 1 and "Swiss" in swiss.output
    bad = run("create", "--url", served, "--name", "Too big", "--rounds", "1", "--table-min", "4",
              "--table-max", "7", ok=False)
    assert bad.exit_code == 1 and "3 to 6" in bad.output and "table_size" in bad.output
    house = run("register", tid, "Sneaky", "--bot", "greedy", "--url", served, ok=False)
    assert house.exit_code == 1 and "403" in house.output
    down = run("standings", tid, "--url", "http://127.0.0.1:9", ok=False)
    assert down.exit_code == 1 and "cannot reach" in down.output
    assert "Traceback" not in spectator.output + unknown.output + swiss.output + bad.output + down.output


def test_a_person_registers_and_an_organizer_seats_a_fixed_round(app, served):  # noqa: F811
    made = run("create", "--url", served, "--name", "Fixed", "--rounds", "1", "--format", "fixed",
               "--table-min", "3", "--table-max", "3", "--no-show", "forfeit")
    tid = re.search(r"^tournament: (\S+)$", made.output, re.MULTILINE).group(1)
    env = {"BOOTLEGGERS_URL": served, "BOOTLEGGERS_TOKEN": re.search(r"^organizer token: (\S+)$", made.output,
                                                                     re.MULTILINE).group(1)}
    ada = run("register", tid, "Ada", "--url", served)
    assert "entrant 1: Ada" in ada.output and "seat token at every table" in ada.output
    entrant_token = re.search(r"^entrant token: (\S+)$", ada.output, re.MULTILINE).group(1)
    for name in ("Bix", "Cora"):
        run("register", tid, name, "--url", served)
    seated = run("seat", tid, "--tables", "[[3, 1, 2]]", env=env)
    assert re.search(r"seat 1  Cora \(entrant 3\)\n  seat 2  Ada \(entrant 1\)\n  seat 3  Bix \(entrant 2\)",
                     seated.output)
    me = app.test_client().get(f"/v1/tournaments/{tid}/me", headers={"Authorization": f"Bearer {entrant_token}"})
    assert me.get_json()["table"]["seat"] == 2
    bad = run("seat", tid, "--tables", "not json", env=env, ok=False)
    assert bad.exit_code == 2 and "must be JSON" in bad.output
