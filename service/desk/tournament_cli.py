"""``bootleggers tournament create|register|seat|finish|standings|report|export`` — the
organizer's evening from a terminal instead of a spreadsheet.

Like ``bootleggers log|export|report`` (service/desk/cli.py, whose ``fetch`` and options this
reuses) it only talks to a running server over HTTP (``--url`` / ``BOOTLEGGERS_URL``, token
``--token`` / ``BOOTLEGGERS_TOKEN``) with the standard library's urllib: the organizer needs
nothing but this package, and the server stays the only one that decides. So this module
knows the API's shapes (API.md "Tournaments"), never the tournament kernel. A refusal
prints the server's problem ``detail`` (and its per-field ``errors``) and exits 1.
"""
from __future__ import annotations

import json
import sys
import textwrap
import urllib.error
import urllib.request
from pathlib import Path

import click

from service.desk.cli import DEFAULT_URL, _server, fetch

KEEP_TOKEN = ("Keep the organizer token: it is shown only this once, and it seats the rounds, drops "
              "entrants and is the organizer token of every table's game.")


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
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(url.rstrip("/") + path, data=json.dumps(body).encode(), headers=headers,
                                     method="POST")
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        raise refusal(refused) from None
    except (urllib.error.URLError, OSError) as down:
        raise click.ClickException(f"cannot reach {url}: {getattr(down, 'reason', down)}") from None


def read(url: str, token: str | None, path: str) -> dict:
    return json.loads(fetch(url, token, path))


def save(data: bytes, output: str | None) -> None:
    """To the file named (saying where), or to standard output as it came."""
    if output is None or output == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    Path(output).write_bytes(data)
    click.echo(f"saved {len(data):,} bytes to {output}")


# ---- parsing options ------------------------------------------------------------------------
def game_options(pairs: tuple[str, ...]) -> dict:
    """`KEY=JSON` pairs -> the tables' game options; a value that is not JSON is taken as a
    string (`influence=anytime`), so only structured values need quoting."""
    options = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{pair!r} is not KEY=VALUE (e.g. rounds=8, "
                                     "deadlines='{\"default\": 60}')", param_hint="--game-option")
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
        raise click.BadParameter("must be JSON: a list of tables, each a list of entrant numbers, "
                                 "e.g. '[[1,2,3,4],[5,6,7,8]]'", param_hint="--tables") from None
    if not isinstance(tables, list):
        raise click.BadParameter("must be a JSON list of tables", param_hint="--tables")
    return tables


# ---- telling ------------------------------------------------------------------------------------
def seat_lines(tables: list[dict], names: dict[int, str]) -> list[str]:
    """One heading per table (its game), then who sits at each seat."""
    lines = []
    for table in tables:
        seats = table.get("seats") or table.get("entrants") or []
        lines.append(f"table {table['table']}  game {table['game_id']}  ({len(seats)} seats)")
        for seat in seats:
            if seat.get("entrant") is None:
                who = f"server bot ({seat.get('bot') or 'bot'})"
            else:
                who = f"{names.get(seat['entrant'], '?')} (entrant {seat['entrant']})"
            lines.append(f"  seat {seat['seat']}  {who}")
    return lines


def figure(name: str, value: float) -> str:
    """Shares to three decimals; points as they are (whole or half)."""
    return f"{value:.3f}" if "share" in name else f"{value:g}"


def standing_lines(rows: list[dict]) -> list[str]:
    """A plain table: rank, name, points, each tie-break, rating (mu ± sigma), tables played."""
    breaks = list(rows[0]["tie_breaks"]) if rows else ["opponents_points", "score_share"]
    heads = ["rank", "name", "points", *[b.replace("_", " ") for b in breaks], "rating", "tables"]
    body = []
    for row in rows:
        rating = row.get("rating") or {}
        body.append([str(row["rank"]), row["name"] + (" (dropped)" if row.get("dropped") else ""),
                     f"{row['points']:g}", *[figure(b, row["tie_breaks"].get(b, 0)) for b in breaks],
                     f"{rating.get('mu', 0):.1f} ± {rating.get('sigma', 0):.1f}" if rating else "-",
                     str(row.get("tables_played", 0))])
    widths = [max(len(r[i]) for r in [heads, *body]) for i in range(len(heads))]
    left = {1}  # names read left-aligned, figures right-aligned

    def line(cells):
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))

    return [line(heads), line(["-" * w for w in widths]), *map(line, body)]


# ---- commands -----------------------------------------------------------------------------------
@click.group("tournament")
def tournament() -> None:
    """Run a tournament on a server: create, register, seat, finish, standings, report, export."""


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
def create_command(url, name, ruleset, rounds, table_min, table_max, format_, no_show, bot_strategy, options):
    """Create a tournament; prints its id and the organizer token (shown once)."""
    body = {"name": name, "ruleset": ruleset, "rounds": rounds, "format": format_, "no_show": no_show,
            "bot_strategy": bot_strategy, "game_options": game_options(options)}
    if (table_min is None) != (table_max is None):
        raise click.UsageError("give both --table-min and --table-max, or neither (the server's default)")
    if table_min is not None:
        body["table_size"] = {"min": table_min, "max": table_max}
    made = send(url, None, "/v1/tournaments", body)
    click.echo(f"tournament: {made['tournament_id']}")
    click.echo(f"organizer token: {made['organizer_token']}")
    click.echo(f"seed commitment: {made['seed_commitment']}")
    click.echo(KEEP_TOKEN)
    click.echo(f"  export BOOTLEGGERS_TOKEN={made['organizer_token']}")


@tournament.command("register")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.argument("name")
@click.option("--bot", type=click.Choice(["random", "greedy"]),
              help="A house player the server's bot plays (needs the organizer's token).")
@_server
def register_command(tournament_id, name, bot, url, token):
    """Register NAME (until round 1 is seated); prints the entrant's number and token."""
    body = {"name": name, **({"bot": bot} if bot else {})}
    made = send(url, token if bot else None, f"/v1/tournaments/{tournament_id}/entrants", body)
    click.echo(f"entrant {made['entrant']}: {name.strip()}" + (f" (house player, {bot} bot)" if bot else ""))
    click.echo(f"entrant token: {made['entrant_token']}")
    if not bot:
        click.echo("Give it to the entrant alone: it is their seat token at every table of the tournament.")


@tournament.command("seat")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option("--tables", help="A fixed tournament's tables: JSON, e.g. '[[1,2,3,4],[5,6,7,8]]'.")
@_server
def seat_command(tournament_id, tables, url, token):
    """Seat the next round (the organizer) and print each table: its game and who sits where."""
    body = {"type": "seat_round", **({"tables": tables_option(tables)} if tables is not None else {})}
    answer = send(url, token, f"/v1/tournaments/{tournament_id}/commands", body)
    seated = next(e for e in answer["events"] if e["type"] == "round_seated")["payload"]
    state = read(url, token, f"/v1/tournaments/{tournament_id}")
    names = {e["entrant"]: e["name"] for e in state["entrants"]}
    click.echo(f"round {seated['round']} of {state['rounds']}: {len(seated['tables'])} tables, "
               "their games started")
    for line in seat_lines(seated["tables"], names):
        click.echo(line)


@tournament.command("finish")
@click.argument("tournament_id", metavar="TOURNAMENT")
@_server
def finish_command(tournament_id, url, token):
    """Finish the tournament after its last round (the organizer); reveals its seed."""
    answer = send(url, token, f"/v1/tournaments/{tournament_id}/commands", {"type": "finish"})
    seed = next((e["payload"]["seed"] for e in answer["events"] if e["type"] == "seed_revealed"), None)
    click.echo(f"tournament {tournament_id} finished at version {answer['version']}"
               + (f"; its seed is revealed: {seed}" if seed else ""))


@tournament.command("standings")
@click.argument("tournament_id", metavar="TOURNAMENT")
@click.option("--json", "as_json", is_flag=True, help="The server's answer as JSON.")
@_server
def standings_command(tournament_id, as_json, url, token):
    """The standings: rank, name, points, tie-breaks, rating, tables played; and the rule."""
    raw = fetch(url, token, f"/v1/tournaments/{tournament_id}/standings")
    if as_json:
        click.echo(raw.decode())
        return
    standings = json.loads(raw)
    click.echo(f"after round {standings['round']}")
    for line in standing_lines(standings["rows"]):
        click.echo(line)
    click.echo("")
    click.echo(textwrap.fill(standings["explained"], width=88))


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
