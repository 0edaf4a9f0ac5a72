"""A tournament's standings and pairings as CSV, for a spreadsheet or the club's notice board.

| verb and path | who | what |
|---|---|---|
| `GET /v1/tournaments/{id}/standings.csv` | anyone | the standings, one row an entrant |
| `GET /v1/tournaments/{id}/pairings.csv?round=N` | anyone | who sits where in round N (default: the latest) |

Registered on the tournaments blueprint (as the report, service/api/tournament_desk.py). Both
are read from the tournament's state, which anyone may read (`GET /v1/tournaments/{id}`), and
answered as `text/csv; charset=utf-8` with a header row and `Content-Disposition: attachment`.

A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return)
as a formula: every text cell that does is written with a `'` before it (OWASP's "CSV
injection"). Numbers are written as numbers (a negative rating stays a number). Rows that
share a rank are listed by name in natural order (House 2 before House 10).
"""
from __future__ import annotations

import csv
import io

from flask import Response
from marshmallow import Schema

from service.api.declare import PUBLIC, api_operation, codes, errors
from service.api.problems import Problem
from service.rules.errors import Message
from service.api.queries import whole
from service.api.helpers import A_TOURNAMENT, tournament_bp as bp, tournaments
from service.tournaments import report

#: what a spreadsheet reads as the start of a formula
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
CSV_TYPE = "text/csv; charset=utf-8"
TIE_BREAK_COLUMNS = ("opponents_points", "score_share")


class PairingsQuery(Schema):
    round = whole(1, metadata={"description": "the round (default: the latest seated)"})


def safe(cell) -> str | int | float:
    """A cell as written: text starting like a formula gets a leading `'`; numbers stay numbers."""
    if cell is None:
        return ""
    if isinstance(cell, bool):
        return "yes" if cell else "no"
    if isinstance(cell, (int, float)):
        return cell
    text = str(cell)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def figure(value: float, places: int = 6) -> int | float:
    """4.0 as 4, 0.3333333333 as 0.333333."""
    rounded = round(float(value), places)
    return int(rounded) if rounded.is_integer() else rounded


def csv_answer(rows: list[list], filename: str) -> Response:
    out = io.StringIO()
    writer = csv.writer(out)  # RFC 4180: CRLF line ends, quoted where needed
    for row in rows:
        writer.writerow([safe(cell) for cell in row])
    return Response(out.getvalue().encode("utf-8"), content_type=CSV_TYPE,
                    headers={"Content-Disposition": f'attachment; filename="{filename}"',
                             "Cache-Control": "no-cache"})


def csv_document(what: str) -> dict:
    return {"200": {"description": what,
                    "content": {"text/csv": {"schema": {"type": "string"}}},
                    "headers": {"Content-Disposition": {
                        "description": "`attachment; filename=\"...\"`: save it, named after the tournament",
                        "schema": {"type": "string"}}}}}


def standings_rows(state: dict, now: str | None = None, record: list[dict] | None = None) -> list[list]:
    """The header and one row an entrant, by rank (a shared rank by name, naturally)."""
    final = report.standings_final(state, now)
    rows = report.standing_rows(state)
    breaks = list(rows[0]["tie_breaks"]) if rows else list(TIE_BREAK_COLUMNS)
    byes = report.bye_counts(state, report.byes_and_late(state, record)[0])
    out = [["rank", "entrant", "name", "points", *breaks, "rating_ordinal", "tables_played", "byes", "dropped",
            "standings"]]
    for row in rows:
        out.append([row["rank"], row["entrant"], row["name"], figure(row["points"]),
                    *[figure(row["tie_breaks"].get(b, 0)) for b in breaks],
                    figure(row["rating"]["ordinal"], 3), row["tables_played"],
                    byes.get(row["entrant"], row.get("byes", 0)), bool(row["dropped"]),
                    "final" if final else "provisional"])
    return out


def pairings_rows(state: dict, round_no: int) -> list[list]:
    """The header and one row a seat of every table of `round_no`, by table and seat. `bot`
    names the server's bot that plays the seat (its strategy): a filler seat, a house player,
    or an absent entrant's seat given to the bot."""
    names = {e["entrant"]: e["name"] for e in state["entrants"]}
    house = {e["entrant"]: e.get("bot") for e in state["entrants"]}
    out = [["round", "table", "seat", "entrant", "name", "bot", "game_id"]]
    tables = sorted((t for t in state["tables"] if t["round"] == round_no), key=lambda t: t["table"])
    for table in tables:
        for seat in sorted(table["seats"], key=lambda s: s["seat"]):
            entrant = seat.get("entrant")
            bot = seat.get("bot") or (house.get(entrant) if entrant is not None else None)
            if not bot and seat.get("no_show") == "bot":
                bot = state.get("bot_strategy") or "bot"
            out.append([round_no, table["table"], seat["seat"], entrant if entrant is not None else "",
                        names.get(entrant, "") if entrant is not None else "", bot or "", table["game_id"]])
    return out


def filename(state: dict, what: str) -> str:
    return f"tournament-{state['tournament_id']}-{what}.csv"


@bp.get("/tournaments/<tournament_id>/standings.csv")
@api_operation("getStandingsCsv", "tournaments", problems=codes(A_TOURNAMENT, {409: ("record_damaged",)}),
               summary="The standings as CSV (a spreadsheet's)", security=PUBLIC,
               description="Anyone: the standings as `text/csv` (UTF-8, a header row, saved as an attachment), "
                           "one row an entrant by rank (entrants sharing a rank by name, House 2 before House 10): "
                           "`rank, entrant, name, points`, each tie-break (`opponents_points, score_share`), "
                           "`rating_ordinal` (the openskill ordinal, never a rank), `tables_played, byes, dropped` "
                           "(yes/no) and `standings`: `final` once the tournament has finished and the last table's "
                           "dispute window has closed with no dispute open, else `provisional`. A text cell that "
                           "would start a spreadsheet formula (`= + - @`) is written with a `'` before it.",
               responses={**csv_document("the standings"), **errors(404, 409, 413)})
def standings_csv(tournament_id: str):
    ledger = tournaments()
    state = ledger.load(tournament_id)
    record = None
    if any("byes" not in row for row in state["standings"]):  # standings that do not count the byes
        record = list(ledger.store.iter_all(tournament_id, upto=state["version"]))
    return csv_answer(standings_rows(state, ledger.now(), record), filename(state, "standings"))


@bp.get("/tournaments/<tournament_id>/pairings.csv")
@api_operation("getPairingsCsv", "tournaments",
               problems=codes(A_TOURNAMENT, {409: ("record_damaged",), 422: ("invalid_fields", "unknown_round")}),
               summary="A round's tables as CSV: who sits where", security=PUBLIC,
               description="Anyone: round `round`'s tables (default: the latest round seated) as `text/csv` "
                           "(UTF-8, a header row, saved as an attachment), one row a seat by table and seat: "
                           "`round, table, seat, entrant, name, bot, game_id`. `entrant` and `name` are empty on a "
                           "seat the server's bot fills; `bot` names the bot's strategy where the server's bot "
                           "plays the seat (a filler seat, a house player, an absent entrant's seat). Before round "
                           "1 is seated, only the header row. A round not seated yet is 422 `unknown_round`.",
               responses={**csv_document("the round's tables, seat by seat"), **errors(404, 409, 413, 422)})
@bp.arguments(PairingsQuery(), location="query")
def pairings_csv(query: dict, tournament_id: str):
    state = tournaments().load(tournament_id)
    round_no = query.get("round", state["round"])
    if round_no > state["round"]:
        raise Problem(422, "unknown_round", Message("problem-api-round-not-seated", round=round_no, seated=state["round"]),
                      errors={"round": [f"must be from 1 to {state['round']}" if state["round"]
                                        else "no round has been seated yet"]})
    what = f"round-{round_no}-pairings" if round_no else "pairings"
    return csv_answer(pairings_rows(state, round_no), filename(state, what))
