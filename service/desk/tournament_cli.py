"""``bootleggers tournament create|register|seat|pairings|standings|drop|reinstate|no-show|
seat-to-bot|announce|disputes|resolve|finish|report|export`` — the organizer's evening from a
terminal instead of a spreadsheet.

Like ``bootleggers log|export|report`` (service/desk/cli.py, whose ``fetch`` and options this
reuses) it only talks to a running server over HTTP (``--url`` / ``BOOTLEGGERS_URL``, token
``--token`` / ``BOOTLEGGERS_TOKEN``) with the standard library's urllib: the organizer needs
nothing but this package, and the server stays the only one that decides. So this module
knows the API's shapes (docs/api.md "Tournaments"), never the tournament kernel. A refusal
prints the server's problem ``detail`` (and its per-field ``errors``) and exits 1. What it
prints is in the reader's language (``--lang`` or the environment, service/desk/cli.py;
messages `cli-t-…` in service/i18n/locales/<lang>/cli.ftl, the lines made in
service/desk/tournament_words.py).
"""
from __future__ import annotations

import json
import sys
import textwrap
import urllib.error
import urllib.request
from pathlib import Path

import click

from service.desk.cli import DEFAULT_URL, _server, fetch, headers, lang_option, say
from service.desk.tournament_words import (bye_line, dispute_lines, entrant_words, event_lines, seat_lines,
                                           standing_lines, status)


# ---- HTTP -------------------------------------------------------------------------------------
def refusal(refused: urllib.error.HTTPError) -> click.ClickException:
    """The server's own sentence for a refusal: `detail`, then each field's `errors`."""
    try:
        problem = json.loads(refused.read())
    except ValueError:
        problem = {}
    text = f"{refused.code}: {problem.get('detail') or refused.reason}"
    for field, problems in field_errors(problem.get("errors") or {}):
        text += f"\n  {field}: {problems}"
    return click.ClickException(text)


def field_errors(errors: dict, prefix: str = ""):
    """marshmallow's nested `errors` as (dotted.field, "sentence; sentence") lines."""
    for field, problems in errors.items():
        if isinstance(problems, dict):
            yield from field_errors(problems, f"{prefix}{field}.")
        else:
            yield f"{prefix}{field}", "; ".join(map(str, problems)) if isinstance(problems, list) else str(problems)


def send(url: str, token: str | None, path: str, body: dict) -> dict:
    """POST a JSON body; the JSON answer. (GETs use service/desk/cli.fetch.)"""
    request = urllib.request.Request(url.rstrip("/") + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **headers(token)}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        raise refusal(refused) from None
    except (urllib.error.URLError, OSError) as down:
        raise click.ClickException(say("cli-cannot-reach", url=url, reason=str(getattr(down, "reason", down)))) from None


def read(url: str, token: str | None, path: str) -> dict:
    return json.loads(fetch(url, token, path))


def save(data: bytes, output: str | None) -> None:
    """To the file named (saying where), or to standard output as it came."""
    if output is None or output == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    Path(output).write_bytes(data)
    click.echo(say("cli-t-saved", n=len(data), path=output))


# ---- parsing options ------------------------------------------------------------------------
def game_options(pairs: tuple[str, ...]) -> dict:
    """`KEY=JSON` pairs -> the tables' game options; a value that is not JSON is taken as a
    string (`influence=anytime`), so only structured values need quoting."""
    options = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(say("cli-t-not-key-value", pair=repr(pair)), param_hint="--game-option")
        try:
            options[key.strip()] = json.loads(raw)
        except ValueError:
            options[key.strip()] = raw
    return options


def tables_option(raw: str | None) -> list | None:
    if raw is None:
        return None
    try:
        tables = json.loads(raw)
    except ValueError:
        raise click.BadParameter(say("cli-t-tables-not-json"), param_hint="--tables") from None
    if not isinstance(tables, list):
        raise click.BadParameter(say("cli-t-tables-not-list"), param_hint="--tables")
    return tables


# ---- commands -----------------------------------------------------------------------------------
@click.group("tournament")
@lang_option
def tournament() -> None:
    """Run a tournament on a server: create, register, seat, pairings, standings, drop, reinstate,
    no-show, seat-to-bot, announce, disputes, resolve, finish, report, export."""


@tournament.command("create")
@click.option("--url", envvar="BOOTLEGGERS_URL", default=DEFAULT_URL, show_default=True,
              help="The server (env BOOTLEGGERS_URL).")
@click.option("--name", required=True, help="The event's name.")
@click.option("--ruleset", default="bootleggers", show_default=True, help="The game every table plays.")
@click.option("--rounds", type=int, required=True, help="How many rounds.")
@click.option("--table-min", type=int, help="Fewest players a table (with --table-max; default: the server's).")
@click.option("--table-max", type=int, help="Most players a table (with --table-min).")
@click.option("--format", "format_", type=click.Choice(["swiss", "fixed"]), default="swiss", show_default=True,
              help="swiss: the server seats each round; fixed: you give the tables to `seat --tables`.")
@click.option("--no-show", type=click.Choice(["bot", "forfeit"]), default="bot", show_default=True,
              help="What an absent or dropped entrant's seat gets.")
@click.option("--bot-strategy", type=click.Choice(["random", "greedy"]), default="greedy", show_default=True,
              help="How the server's bot plays the seats it is given.")
@click.option("--game-option", "options", multiple=True, metavar="KEY=JSON",
              help="A game option of every table, e.g. rounds=8 or deadlines='{\"default\": 120}'; repeatable.")
@lang_option
def create_command(url, name, ruleset, rounds, table_min, table_max, format_, no_show, bot_strategy, options):
    """Create a tournament; prints its id and the organizer token (shown once)."""
    body = {"name": name, "ruleset": ruleset, "rounds": rounds, "format": format_, "no_show": no_show,
            "bot_strategy": bot_strategy, "game_options": game_options(options)}
    if (table_min is None) != (table_max is None):
        raise click.UsageError("give both --table-min and --table-max, or neither (the server's default)")
    if table_min is not None:
        body["table_size"] = {"min": table_min, "max": table_max}
    made = send(url, None, "/v1/tournaments", body)
    click.echo(say("cli-t-made-tournament", id=made["tournament_id"]))
    click.echo(say("cli-t-made-token", token=made["organizer_token"]))
    click.echo(say("cli-t-made-commitment", commitment=made["seed_commitment"]))
    click.echo(say("cli-t-keep-token"))
    click.echo(f"  export BOOTLEGGERS_TOKEN={made['organizer_token']}")


def tournament_of(url: str, token: str | None, tournament_id: str) -> tuple[dict, dict[int, str]]:
    """The tournament as the server shows it, and its entrants' names by number."""
    state = read(url, token, f"/v1/tournaments/{tournament_id}")
    return state, {e["entrant"]: e["name"] for e in state["entrants"]}


def command(url: str, token: str | None, tournament_id: str, body: dict) -> dict:
    return send(url, token, f"/v1/tournaments/{tournament_id}/commands", body)


@tournament.command("register")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.argument("name")
@click.option("--bot", type=click.Choice(["random", "greedy"]),
              help="A house player the server's bot plays (needs the organizer's token).")
@click.option("--late-bye/--no-late-bye", "late_bye", default=None,
              help="After round 1 is seated the organizer (its token) may still enter someone, seated from the "
                   "next round: with --late-bye they score a bye for each round already seated, with "
                   "--no-late-bye nothing for those rounds.")
@_server
def register_command(tournament_id, name, bot, late_bye, url, token):
    """Register NAME; prints the entrant's number and token. Before round 1 anyone may register;
    after it only the organizer (a late entry, seated from the next round)."""
    body = {"name": name, **({"bot": bot} if bot else {}), **({"bye": late_bye} if late_bye is not None else {})}
    made = send(url, token, f"/v1/tournaments/{tournament_id}/entrants", body)
    click.echo(say("cli-t-registered", n=str(made["entrant"]), name=name.strip())
               + (say("cli-t-house-player", bot=bot) if bot else ""))
    click.echo(say("cli-t-entrant-token", token=made["entrant_token"]))
    late = late_bye is not None
    if token and not late:  # the organizer may have entered them late without saying how
        state, _ = tournament_of(url, token, tournament_id)
        late = any(e["entrant"] == made["entrant"] and e.get("late") for e in state["entrants"])
    if late:
        click.echo(say("cli-t-late-entry", bye="yes" if late_bye else "no"))
    if not bot:
        click.echo(say("cli-t-give-token"))


@tournament.command("seat")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option("--tables", help="A fixed tournament's tables: JSON, e.g. '[[1,2,3,4],[5,6,7,8]]'.")
@click.option("--preview", is_flag=True, help="Show how the next round would be seated, seating nobody.")
@_server
def seat_command(tournament_id, tables, preview, url, token):
    """Seat the next round (the organizer) and print each table: its game and who sits where.
    With --preview, only show the tables it would make: nothing is seated, no game starts."""
    if preview and tables is not None:
        raise click.UsageError(say("cli-t-preview-no-tables"))
    body = {"type": "seat_round", **({"tables": tables_option(tables)} if tables is not None else {}),
            **({"preview": True} if preview else {})}
    answer = command(url, token, tournament_id, body)
    state, names = tournament_of(url, token, tournament_id)
    if preview:
        if not answer.get("preview"):
            raise click.ClickException(say("cli-t-no-preview"))
        click.echo(say("cli-t-preview", round=answer["round"], rounds=state["rounds"], n=len(answer["tables"])))
        seated = answer
    else:
        seated = next(e for e in answer["events"] if e["type"] == "round_seated")["payload"]
        click.echo(say("cli-t-seated", round=seated["round"], rounds=state["rounds"], n=len(seated["tables"])))
    for line in seat_lines(seated["tables"], names):
        click.echo(line)
    byes = bye_line(seated.get("byes"), names)
    if byes:
        click.echo(byes)


@tournament.command("pairings")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option("--round", "round_no", type=click.IntRange(min=1), help="Which round (default: the latest seated).")
@click.option("--csv", "as_csv", is_flag=True, help="As CSV, for a spreadsheet (the server's pairings.csv).")
@click.option("-o", "--output", help="With --csv: save to this file (default: standard output).")
@_server
def pairings_command(tournament_id, round_no, as_csv, output, url, token):
    """Who sits where in a round: each table, its game and its seats."""
    if as_csv:
        save(fetch(url, token, f"/v1/tournaments/{tournament_id}/pairings.csv",
                   {"round": round_no} if round_no else None), output)
        return
    if output:
        raise click.UsageError(say("cli-t-output-needs-csv"))
    state, names = tournament_of(url, token, tournament_id)
    if state["round"] == 0:
        raise click.ClickException(say("cli-t-none-seated"))
    round_no = round_no or state["round"]
    if round_no > state["round"]:
        raise click.ClickException(say("cli-t-not-seated-yet", round=round_no, latest=state["round"]))
    tables = [t for t in state["tables"] if t["round"] == round_no]
    click.echo(say("cli-t-pairings", round=round_no, rounds=state["rounds"], n=len(tables)))
    for line in seat_lines(tables, names):
        click.echo(line)
    byes = bye_line([b for b in state.get("byes") or []  # those who sat out, not a late entry's missed rounds
                     if b.get("round") == round_no and b.get("reason") != "late_entry"], names)
    if byes:
        click.echo(byes)


def entrant_command(kind: str, doc: str):
    """A command naming one entrant (drop, reinstate, no-show, seat-to-bot)."""
    def run(tournament_id, entrant, url, token, reason=None):
        body = {"type": kind, "entrant": entrant, **({"reason": reason} if reason else {})}
        answer = command(url, token, tournament_id, body)
        _, names = tournament_of(url, token, tournament_id)
        lines = event_lines(answer["events"], names) or [say("cli-t-nothing-to-do", who=entrant_words(names, entrant))]
        for line in lines:
            click.echo(line)
    run.__doc__ = doc
    return run


def _entrant_verb(name: str, kind: str, doc: str, reason: bool = False) -> None:
    run = entrant_command(kind, doc)
    if reason:
        run = click.option("--reason", default=None, help="Why, for the record and the report.")(run)
    run = _server(run)
    run = click.argument("entrant", type=click.IntRange(min=1), metavar="ENTRANT")(run)
    run = click.argument("tournament_id", metavar="TOURNAMENT")(run)
    tournament.command(name)(run)


_entrant_verb("drop", "drop", "Drop ENTRANT (its number; the organizer, or the entrant itself): no later round "
              "seats them, and their seat at a table still playing goes to the tournament's no-show rule "
              "(the server's bot plays it, or it is forfeited).", reason=True)
_entrant_verb("reinstate", "reinstate", "Bring a dropped ENTRANT back (the organizer): the next round seats "
              "them again.")
_entrant_verb("no-show", "no_show", "Mark ENTRANT absent at their table still playing (the organizer): their "
              "seat goes to the tournament's no-show rule now, without dropping them.")
_entrant_verb("seat-to-bot", "seat_to_bot", "Hand ENTRANT's seat at their table still playing to the server's "
              "bot (the organizer), whatever the tournament's no-show rule.")


@tournament.command("announce")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.argument("text")
@_server
def announce_command(tournament_id, text, url, token):
    """Tell every entrant TEXT (the organizer): it shows on their page and on the desk."""
    answer = command(url, token, tournament_id, {"type": "announce", "text": text})
    _, names = tournament_of(url, token, tournament_id)
    for line in event_lines(answer["events"], names):
        click.echo(line)


@tournament.command("finish")
@click.argument("tournament_id", metavar="TOURNAMENT")
@_server
def finish_command(tournament_id, url, token):
    """Finish the tournament after its last round (the organizer); reveals its seed."""
    answer = command(url, token, tournament_id, {"type": "finish"})
    seed = next((e["payload"]["seed"] for e in answer["events"] if e["type"] == "seed_revealed"), None)
    click.echo(say("cli-t-finished", id=tournament_id, version=str(answer["version"]), seed=seed or "",
                   revealed="yes" if seed else "no"))


@tournament.command("standings")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option("--json", "as_json", is_flag=True, help="The server's answer as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="As CSV, for a spreadsheet (the server's standings.csv).")
@click.option("-o", "--output", help="With --csv: save to this file (default: standard output).")
@_server
def standings_command(tournament_id, as_json, as_csv, output, url, token):
    """The standings: rank, name, points, tie-breaks, rating, tables played; and the rule."""
    if as_json and as_csv:
        raise click.UsageError(say("cli-t-json-or-csv"))
    if as_csv:
        save(fetch(url, token, f"/v1/tournaments/{tournament_id}/standings.csv"), output)
        return
    if output:
        raise click.UsageError(say("cli-t-output-needs-csv"))
    raw = fetch(url, token, f"/v1/tournaments/{tournament_id}/standings")
    if as_json:
        click.echo(raw.decode())
        return
    standings = json.loads(raw)
    final = standings.get("final")
    said = ("" if final is None else say("cli-t-final") if final else
            say("cli-t-provisional-until", at=standings["final_at"]) if standings.get("final_at")
            else say("cli-t-provisional"))
    click.echo(say("cli-t-after-round", round=standings["round"]) + said)
    for line in standing_lines(standings["rows"]):
        click.echo(line)
    click.echo("")
    click.echo(textwrap.fill(standings["explained"], width=88, break_on_hyphens=False))


@tournament.command("disputes")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option("--json", "as_json", is_flag=True, help="The server's answer as JSON.")
@_server
def disputes_command(tournament_id, as_json, url, token):
    """Every dispute filed at any table and about the tournament, open ones first (the organizer)."""
    raw = fetch(url, token, f"/v1/tournaments/{tournament_id}/disputes")
    if as_json:
        click.echo(raw.decode())
        return
    found = json.loads(raw)["disputes"]
    open_ = sum(d["state"] == "open" for d in found)
    if not found:
        click.echo(say("cli-t-no-disputes"))
        return
    click.echo(say("cli-t-disputes-count", n=len(found), open=open_))
    for line in dispute_lines(found):
        click.echo(line)
    if open_:
        click.echo("")
        click.echo(say("cli-t-answer-one", id=tournament_id))


@tournament.command("resolve")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.argument("dispute", type=click.IntRange(min=1), metavar="DISPUTE")
@click.option("--decision", type=click.Choice(["upheld", "rejected"]), required=True, help="Your decision.")
@click.option("--text", required=True, help="Your answer, recorded and shown to the one who filed it.")
@click.option("--game", "game_id", metavar="GAME_ID",
              help="A table's dispute: that table's game (see `disputes`); without it, a dispute about the "
                   "tournament itself.")
@_server
def resolve_command(tournament_id, dispute, decision, text, game_id, url, token):
    """Answer a dispute (the organizer): one about the tournament, or with --game one filed at a table."""
    body = {"type": "resolve_dispute", "dispute": dispute, "decision": decision, "text": text}
    if game_id is None:
        answer = command(url, token, tournament_id, body)
        click.echo(say("cli-t-resolved-tournament", dispute=str(dispute), decision=status(decision),
                       version=str(answer["version"])))
        return
    state, _ = tournament_of(url, token, tournament_id)
    table = next((t for t in state["tables"] if t["game_id"] == game_id), None)
    if table is None:
        raise click.ClickException(say("cli-t-not-a-table", game=game_id, id=tournament_id))
    answer = send(url, token, f"/v1/games/{game_id}/commands", body)
    click.echo(say("cli-t-resolved-table", dispute=str(dispute), round=table["round"], table=str(table["table"]),
                   game=game_id, decision=status(decision), version=str(answer["version"])))


@tournament.command("report")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option("-o", "--output", help="Save to this file (default: standard output).")
@_server
def report_command(tournament_id, output, url, token):
    """The tournament's printable HTML report."""
    save(fetch(url, token, f"/v1/tournaments/{tournament_id}/report"), output)


@tournament.command("export")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option("-o", "--output", help="Save to this file (default: standard output).")
@_server
def export_command(tournament_id, output, url, token):
    """The tournament's own record (JSON), for `bootleggers verify` or an archive."""
    save(fetch(url, token, f"/v1/tournaments/{tournament_id}/export"), output)


def install(group: click.Group) -> None:
    group.add_command(tournament)
