"""The tournament's report over HTTP (docs/api.md, "Tournaments"): `GET /v1/tournaments/{id}/report`.

| verb and path | who | what |
|---|---|---|
| `GET /v1/tournaments/{id}/report` | organizer (anyone once finished) | one self-contained printable HTML page |

Registered on the tournaments blueprint, as the game's report (service/api/desk.py) is on the
games blueprint. This module only gathers what the page needs — the tournament's state and
record, each table's game state, each table's rulings told as sentences — and the pure
renderer (service/tournaments/report.py) builds the page. Who may read it follows the game's
report: a report of an event still running is the organizer's; after the end the whole record
is public, so is its report.
"""
from __future__ import annotations

from flask import Response

from events.integrity import RecordDamaged
from projections.core import CLOCK_EVENTS
from service.api.auth import caller, require_organizer_until_end
from service.api.declare import TOKEN_OPTIONAL, api_operation, codes, errors
from service.api.helpers import games
from service.api.language import reader_language
from service.api.helpers import A_TOURNAMENT, tournament_bp as bp, tournaments
from service.desk.game_log import names_of
from service.desk.sentences import text as sentence_text
from service.table.games import GameNotFound
from service.tournaments import report

#: organizer events that run a game rather than rule on it (as in the game's report); the
#: disputes are shown from the game's state
NOT_RULINGS = frozenset({"game_created", "game_started", "said", "dispute_filed", "dispute_resolved"}) | CLOCK_EVENTS


def table_rulings(game_id: str, game: dict, lang: str = "en") -> list[dict]:
    """The organizer's rulings at one table, `[{version, text, reason}]` (the text in `lang`), read from its events
    (a ruleset's corrections live only there). The report is the organizer's until the end and
    everyone's after, when every event is public: nothing here needs redacting."""
    ruleset, who = games().ruleset_for(game["ruleset"]), names_of(game)
    found = []
    for stored in games().store.iter_all(game_id, upto=game["version"]):
        event = games().registry.upcast(stored)
        if ((event.get("actor") or {}).get("kind") == "organizer" and event["type"] not in NOT_RULINGS
                and event["payload"].get("reason") != "ruling"):   # a ruling's own bookkeeping
            found.append({"version": event["version"], "text": sentence_text(lang, event, ruleset, who),
                          "reason": event["payload"].get("reason")})
    return found


def with_dispute_texts(state: dict, tables: dict, viewer: dict) -> tuple[dict, dict]:
    """The tournament's and its tables' disputes with their texts as `viewer` reads them: the
    filer's and the organizer's (service/table/dispute_texts.py); an entrant reads its own at
    a table through its seat there."""
    own = tournaments().dispute_texts.entries(state["tournament_id"], state.get("disputes") or [], viewer,
                                              state["status"] == "finished", filer="entrant")
    opened = {}
    for table in state["tables"]:
        game = tables.get(table["game_id"])
        if not game or not game.get("disputes"):
            opened[table["game_id"]] = game
            continue
        seat = next((s["seat"] for s in table["seats"]
                     if viewer.get("kind") == "entrant" and s["entrant"] == viewer["entrant"]), None)
        at_table = {"kind": "seat", "seat": seat} if seat is not None else viewer
        opened[table["game_id"]] = {**game, "disputes": games().dispute_texts.entries(
            table["game_id"], game["disputes"], at_table, game["status"] == "finished")}
    return {**state, "disputes": own} if "disputes" in state else state, opened


@bp.get("/tournaments/<tournament_id>/report")
@api_operation("getTournamentReport", "tournaments",
               problems=codes(TOKEN_OPTIONAL, A_TOURNAMENT, {401: ("token_required",), 403: ("forbidden",),
                                                             409: ("record_damaged",)}),
               summary="One self-contained printable HTML page: standings, every round's tables and results, "
                       "rulings, disputes, verification (organizer; anyone after the end)",
               description="The organizer at any time; anyone once the tournament has finished. One HTML page that "
                           "loads nothing else (inline styles, no scripts), to keep, mail or print: the standings "
                           "with their tie-breaks, ratings and the scoring rule in words; every round's tables with "
                           "who sat where, their results and a link to each game's own report; the rulings and "
                           "disputes of the tournament and of every table; and a verification summary (the "
                           "tournament's chain, its seed commitment and, once finished, the revealed seed checked "
                           "against it, each table's recorded head hash beside its game's head hash now). Told in "
                           "the reader's language (`?lang=` en or de, else Accept-Language); what it verifies is the "
                           "same in every language.",
               responses={"200": {"description": "the report",
                                  "content": {"text/html": {"schema": {"type": "string"}}}},
                          **errors(401, 403, 404, 409, 413)})
def read_tournament_report(tournament_id: str):
    state = tournaments().load(tournament_id)
    viewer = caller(state)
    require_organizer_until_end(viewer, state, what="read the report of a tournament before it finishes")
    tables, rulings = {}, {}
    for table in state["tables"]:
        game_id = table["game_id"]
        try:
            tables[game_id] = games().load(game_id)
            rulings[game_id] = table_rulings(game_id, tables[game_id], reader_language())
        except (GameNotFound, RecordDamaged):   # not made yet, or damaged: the page says it could not be read
            tables[game_id] = None
    record = list(tournaments().store.iter_all(tournament_id, upto=state["version"]))
    state, tables = with_dispute_texts(state, tables, viewer)
    page = report.render(state, tables, rulings, record, now_iso=tournaments().now(), lang=reader_language())
    return Response(page, mimetype="text/html", headers={"Content-Disposition": "inline"})
