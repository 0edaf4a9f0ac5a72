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
    assert "opponents' points" in " ".join(table.split()) and "Plackett-Luce" in table
    as_json = json.loads(run("standings", tid, "--url", env["BOOTLEGGERS_URL"], "--json").output)
    assert [r["name"] for r in as_json["rows"]] == [re.search(r"House \d+", row).group() for row in rows]
    # placement (tables of 4 and 5 mixed): at a table of k the shares 0, 1/(k-1), ..., 1 add up to k/2
    assert sum(r["points"] for r in as_json["rows"]) == pytest.approx(5 / 2 + 4 / 2)

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


# ---- the organizer's evening verbs --------------------------------------------------------------
def supports(command_type: str) -> bool:
    """Whether this server takes the tournament command `command_type` (the server side lands
    apart from the CLI)."""
    from service.api.tournament_schemas import TournamentCommand
    return command_type in TournamentCommand().fields["type"].validate.choices


def needs(command_type: str) -> None:
    if not supports(command_type):
        pytest.skip(f"the server does not take `{command_type}` yet")


def token_of(output: str, what: str = "entrant token") -> str:
    return re.search(rf"^{what}: (\S+)$", output, re.MULTILINE).group(1)


@pytest.fixture
def people(app, served):
    """A Swiss tournament of two rounds: Ada, Bix and Cora register themselves, six house
    players (House 1 .. House 6) fill it; entrant tokens by name."""
    made = run("create", "--url", served, "--name", "Club night", "--rounds", "2", "--table-min", "4",
               "--table-max", "5", "--bot-strategy", "random", "--game-option", "rounds=8")
    tid = re.search(r"^tournament: (\S+)$", made.output, re.MULTILINE).group(1)
    env = {"BOOTLEGGERS_URL": served, "BOOTLEGGERS_TOKEN": token_of(made.output, "organizer token")}
    tokens = {name: token_of(run("register", tid, name, "--url", served).output) for name in ("Ada", "Bix", "Cora")}
    for n in range(1, 7):
        run("register", tid, f"House {n}", "--bot", "random", env=env)
    return tid, env, tokens


def test_pairings_and_the_csv_exports(app, people, served):
    tid, env, _ = people
    none_yet = run("pairings", tid, env=env, ok=False)
    assert none_yet.exit_code == 1 and "no round has been seated yet" in none_yet.output
    run("seat", tid, env=env)
    state = app.extensions["tournaments"].load(tid)
    shown = run("pairings", tid, "--url", served).output.splitlines()  # anyone: no token
    assert shown[0] == "round 1 of 2: 2 tables"
    for table in state["tables"]:
        assert f"table {table['table']}  game {table['game_id']}  ({len(table['seats'])} seats)  playing" in shown
    assert "seat 1" in shown[2] and re.search(r"(Ada|Bix|Cora|House \d) \(entrant \d\)", shown[2])
    assert run("pairings", tid, "--round", "1", "--url", served).output.splitlines() == shown
    later = run("pairings", tid, "--round", "2", "--url", served, ok=False)
    assert later.exit_code == 1 and "round 2 has not been seated yet" in later.output

    client = app.test_client()
    pairings = run("pairings", tid, "--csv", "--url", served).stdout_bytes
    assert pairings == client.get(f"/v1/tournaments/{tid}/pairings.csv").get_data()
    assert pairings.startswith(b"round,table,seat,entrant,name,bot,game_id\r\n")
    too_late = run("pairings", tid, "--csv", "--round", "2", "--url", served, ok=False)
    assert too_late.exit_code == 1 and "422" in too_late.output and "round 2 has not been seated" in too_late.output
    standings = run("standings", tid, "--csv", "--url", served).stdout_bytes
    assert standings == client.get(f"/v1/tournaments/{tid}/standings.csv").get_data()
    assert standings.startswith(b"rank,entrant,name,points,")
    both = run("standings", tid, "--csv", "--json", "--url", served, ok=False)
    assert both.exit_code == 2 and "not both" in both.output


def test_drop_and_no_show_say_what_happens_to_the_seat(app, people):
    tid, env, tokens = people
    run("seat", tid, env=env)
    state = app.extensions["tournaments"].load(tid)
    table, seat = next((t, s) for t in state["tables"] for s in t["seats"] if s["entrant"] == 2)
    dropped = run("drop", tid, "2", "--reason", "went home", env=env).output.splitlines()
    assert dropped == ["Bix (entrant 2) is dropped: no later round seats them.",
                       (f"Bix (entrant 2): their seat {seat['seat']} at round 1, table {table['table']} "
                        f"(game {table['game_id']}) is now played by the server's bot.")]
    again = run("drop", tid, "2", env=env, ok=False)
    assert again.exit_code == 1 and "409" in again.output and "already dropped" in again.output
    table, seat = next((t, s) for t in state["tables"] for s in t["seats"] if s["entrant"] == 3)
    absent = run("no-show", tid, "3", env=env).output.splitlines()
    assert absent == [(f"Cora (entrant 3): their seat {seat['seat']} at round 1, table {table['table']} "
                       f"(game {table['game_id']}) is now played by the server's bot.")]
    shown = run("pairings", tid, env=env).output
    assert "Cora (entrant 3) - absent: the server's bot plays the seat" in shown
    itself = run("drop", tid, "1", "--url", env["BOOTLEGGERS_URL"], "--token", tokens["Ada"])
    assert itself.output.startswith("Ada (entrant 1) is dropped")
    other = run("drop", tid, "4", "--url", env["BOOTLEGGERS_URL"], "--token", tokens["Cora"], ok=False)
    assert other.exit_code == 1 and "403" in other.output and "only themself" in other.output
    unknown = run("no-show", tid, "99", env=env, ok=False)
    assert unknown.exit_code == 1 and "there is no entrant 99" in unknown.output


def test_reinstate_brings_a_dropped_entrant_back(app, people):
    needs("reinstate")
    tid, env, _ = people
    run("drop", tid, "2", env=env)
    back = run("reinstate", tid, "2", env=env)
    assert back.output.splitlines() == ["Bix (entrant 2) is back in: the next round seats them again."]
    assert not app.extensions["tournaments"].load(tid)["entrants"][1]["dropped"]
    twice = run("reinstate", tid, "2", env=env, ok=False)
    assert twice.exit_code == 1 and "409" in twice.output


def test_seat_to_bot_hands_the_seat_to_the_servers_bot(app, people):
    needs("seat_to_bot")
    tid, env, _ = people
    run("seat", tid, env=env)
    state = app.extensions["tournaments"].load(tid)
    table, seat = next((t, s) for t in state["tables"] for s in t["seats"] if s["entrant"] == 1)
    given = run("seat-to-bot", tid, "1", env=env).output
    assert f"Ada (entrant 1): their seat {seat['seat']} at round 1, table {table['table']}" in given
    assert "server's bot" in given
    game = app.extensions["games"].load(table["game_id"])
    assert str(seat["seat"]) in game["bots"]
    nobody = run("seat-to-bot", tid, "99", env=env, ok=False)
    assert nobody.exit_code == 1 and "99" in nobody.output


def test_announce_tells_every_entrant(app, people, served):
    needs("announce")
    tid, env, tokens = people
    said = run("announce", tid, "Round 2 starts at 21:00, tables by the window", env=env)
    assert said.output.splitlines() == ["Announced to every entrant: Round 2 starts at 21:00, tables by the window"]
    kinds = [e["type"] for e in app.extensions["tournaments"].events(tid, 0, 1000)]
    assert kinds[-1] == "announced"
    entrant = run("announce", tid, "free drinks", "--url", served, "--token", tokens["Ada"], ok=False)
    assert entrant.exit_code == 1 and "403" in entrant.output


def test_seat_preview_seats_nobody(app, people):
    from service.api.tournament_schemas import TournamentCommand
    if "preview" not in TournamentCommand().fields:
        pytest.skip("the server does not preview a seating yet")
    tid, env, _ = people
    before = app.extensions["tournaments"].load(tid)["version"]
    preview = run("seat", tid, "--preview", env=env).output.splitlines()
    assert preview[0] == "round 1 of 2 would be seated at 2 tables (a preview: nobody is seated and no game is started)"
    assert app.extensions["tournaments"].load(tid)["version"] == before
    seated = run("seat", tid, env=env).output.splitlines()
    assert seated[0] == "round 1 of 2: 2 tables, their games started"
    assert preview[1:] == seated[1:]  # the same seed, the same standings: the same tables


def test_a_late_entry_with_and_without_a_bye(app, evening, served):
    from service.api.tournament_schemas import Register
    if "bye" not in Register().fields:
        pytest.skip("the server does not take late entries yet")
    tid, env = evening
    run("seat", tid, env=env)
    play_round(app, tid)
    closed = run("register", tid, "Dov", "--url", served, ok=False)
    assert closed.exit_code == 1 and "409" in closed.output and "late" in closed.output
    late = run("register", tid, "Dov", "--late-bye", env=env).output
    assert "entrant 10: Dov" in late and "Late entry: seated from the next round; a bye for each round" in late
    none = run("register", tid, "Eve", "--no-late-bye", env=env).output
    assert "entrant 11: Eve" in none and "the rounds already seated score nothing for them" in none
    plain = run("register", tid, "Fay", env=env).output  # the organizer's token, no word on byes: none
    assert "entrant 12: Fay" in plain and "Late entry" in plain
    rows = {r["entrant"]: r for r in app.extensions["tournaments"].load(tid)["standings"]}
    assert rows[10]["points"] > 0 and rows[10]["byes"] == 1 and rows[11]["points"] == rows[12]["points"] == 0
    seated = run("seat", tid, env=env).output
    assert all(f"{name} (entrant {n})" in seated for n, name in ((10, "Dov"), (11, "Eve"), (12, "Fay")))
    head, *rows = run("standings", tid, "--csv", env=env).output.splitlines()
    byes = {r.split(",")[2]: r.split(",")[head.split(",").index("byes")] for r in rows}
    assert byes["Dov"] == "1" and byes["Eve"] == byes["Fay"] == byes["House 1"] == "0"


def test_disputes_and_their_answers_from_the_command_line(app, people, served):
    tid, env, tokens = people
    assert run("disputes", tid, env=env).output.strip() == "no disputes"
    run("seat", tid, env=env)
    client = app.test_client()
    state = app.extensions["tournaments"].load(tid)
    table = next(t for t in state["tables"] if any(s["entrant"] == 1 for s in t["seats"]))
    filed = client.post(f"/v1/games/{table['game_id']}/commands", headers={"Authorization": f"Bearer {tokens['Ada']}"},
                        json={"type": "dispute", "version": 3, "text": "the deck was not shuffled"})
    assert filed.status_code == 201, filed.get_json()
    about = client.post(f"/v1/tournaments/{tid}/commands", headers={"Authorization": f"Bearer {tokens['Bix']}"},
                        json={"type": "dispute", "version": 2, "text": "I was seated twice"})
    assert about.status_code == 201, about.get_json()

    listed = run("disputes", tid, env=env).output
    assert listed.splitlines()[0] == "2 disputes, 2 open"
    assert "dispute 1 at the tournament itself: open" in listed
    assert f"dispute 1 at round 1, table {table['table']} (game {table['game_id']}): open" in listed
    assert "about event 3: the deck was not shuffled" in listed and "about event 2: I was seated twice" in listed
    assert f"/v1/games/{table['game_id']}?at=3" in listed
    if "filed_by" in json.loads(run("disputes", tid, "--json", env=env).output)["disputes"][0]:
        assert "filed by Ada (entrant 1) about event 3" in listed and "filed by Bix (entrant 2)" in listed
    spectator = run("disputes", tid, "--url", served, ok=False)
    assert spectator.exit_code == 1 and "401" in spectator.output

    tournaments_own = run("resolve", tid, "1", "--decision", "rejected", "--text", "seated once, by the seed",
                          env=env).output
    assert tournaments_own.startswith("dispute 1 about the tournament rejected (event ")
    at_table = run("resolve", tid, "1", "--game", table["game_id"], "--decision", "upheld", "--text",
                   "reshuffled for the next game", env=env).output
    assert at_table.startswith(f"dispute 1 at round 1, table {table['table']} (game {table['game_id']}) upheld")
    assert app.extensions["games"].load(table["game_id"])["disputes"][0]["state"] == "upheld"
    after = run("disputes", tid, env=env).output
    assert after.splitlines()[0] == "2 disputes, 0 open" and "resolve" not in after
    stranger = run("resolve", tid, "1", "--game", "0000000000000000", "--decision", "upheld", "--text", "x",
                   env=env, ok=False)
    assert stranger.exit_code == 1 and "is not a table of tournament" in stranger.output
    again = run("resolve", tid, "1", "--decision", "upheld", "--text", "x", env=env, ok=False)
    assert again.exit_code == 1 and "409" in again.output and "already" in again.output


def test_the_byes_of_an_uneven_field_are_told(app, served):
    from service.api.tournament_schemas import CreateTournament
    if "uneven" not in CreateTournament().fields:
        pytest.skip("the server does not give byes yet")
    client = app.test_client()
    made = client.post("/v1/tournaments", json={"name": "Fours", "rounds": 1, "table_size": {"min": 4, "max": 4},
                                                "uneven": "byes", "bot_strategy": "random"}).get_json()
    tid, env = made["tournament_id"], {"BOOTLEGGERS_URL": served, "BOOTLEGGERS_TOKEN": made["organizer_token"]}
    for n in range(1, 7):
        run("register", tid, f"House {n}", "--bot", "random", env=env)
    preview = run("seat", tid, "--preview", env=env).output.splitlines()
    seated = run("seat", tid, env=env).output.splitlines()
    assert seated[-1].startswith("sitting out with a bye: House ") and seated[-1].count("(entrant ") == 2
    assert preview[-1] == seated[-1]
    assert run("pairings", tid, env=env).output.splitlines()[-1] == seated[-1]
