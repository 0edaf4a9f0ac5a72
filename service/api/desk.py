"""The organizer's desk over HTTP (docs/api.md, "The desk and the record"): the log and the report.

| verb and path | who | what |
|---|---|---|
| `GET /v1/games/{id}/log?after=N&limit=M` | all | the game as sentences, redacted for the caller |
| `GET /v1/games/{id}/report` | organizer (all after the end) | one self-contained printable HTML page |

`?at=N&as=seat:K|spectator` (seeing as anyone) lives on the state endpoint (api/games.py).
"""
from __future__ import annotations

from flask import Response, jsonify
from marshmallow import Schema, fields

from service.desk import game_log, report
from service.api.helpers import bp, games
from service.api import queries
from service.api.auth import caller, require_organizer_until_end, sight
from service.api.language import reader_language
from service.api.declare import A_GAME, TOKEN_OPTIONAL, api_operation, codes, errors, ok


class LogEntry(Schema):
    version = fields.Integer(required=True, metadata={"description": "the event's version"})
    round = fields.Integer(allow_none=True, metadata={"description": "the round once the event was applied "
                                                      "(null before the deal, 0 for the deal)"})
    phase = fields.Raw(allow_none=True, metadata={"description": "the phase (Bootleggers: 1-6; another "
                                                  "ruleset's name for its part of a round); null for the "
                                                  "deal and from the game's end on"})
    actor = fields.Dict(required=True, metadata={"description": "{kind: seat|organizer|system, seat, name}"})
    heading = fields.String(allow_none=True, metadata={
        "description": 'the group\'s heading alone, in the reader\'s language ("Round 3, Phase 1"; '
                       '"Runde 3, Phase I – Bieten und Fahrerbestechung"); null for the lobby'})
    text = fields.String(required=True, metadata={
        "description": 'one sentence in the reader\'s language (?lang=, then Accept-Language), prefixed with '
                       'its group\'s heading: "Round 3, Phase 1: Bix bid 28."; the deal is "Setup: …", the '
                       'event that ends the game and every one after it "Round 12, game over: …"'})


#: `?lang=` on the log and the report (read by service/api/language.py, listed here for the document)
LANG = fields.String(metadata={"description": "the reader's language: en or de (else Accept-Language, else "
                                              "English); only what a person reads changes"})


class LogQuery(queries.Page):
    lang = LANG


class ReportQuery(Schema):
    lang = LANG


class LogPage(Schema):
    version = fields.Integer(required=True, metadata={"description": "the game's version now"})
    entries = fields.List(fields.Nested(LogEntry), required=True, metadata={
        "description": "one per event, in order; consecutive entries with the same round and "
                       "phase form a group"})
    next_after = fields.Integer(required=True, metadata={"description": "`after` for the next page"})


@bp.get("/games/<game_id>/log")
@api_operation("getLog", "desk",
               problems=codes(TOKEN_OPTIONAL, A_GAME, {422: ("invalid_fields",)}),
               summary="The game as sentences, redacted for the caller, grouped by round and phase, paged",
               description="One entry per event (`after`/`next_after` page as on /events); each text begins "
                           "with its round and phase (\"Round 3, Phase 1: Bix bid 28.\"); a sealed bid reads "
                           "\"Bix bid (sealed).\" to all but Bix. The texts are in the reader's language: "
                           "`?lang=` (en, de), else Accept-Language, else English; the answer says which in "
                           "Content-Language.",
               responses={**ok(200, "LogPage", "a page of the log"), **errors(401, 404, 413, 422)})
@bp.arguments(LogQuery(), location="query")
def read_log(page: dict, game_id: str):
    after, limit = page["after"], page["limit"]
    current = games().load(game_id)
    viewer = sight(current, caller(current))
    entries, next_after = game_log.entries(games(), game_id, current, viewer, after, limit, reader_language())
    return jsonify(version=current["version"], entries=entries, next_after=next_after)


@bp.get("/games/<game_id>/report")
@api_operation("getReport", "desk",
               problems=codes(TOKEN_OPTIONAL, A_GAME, {401: ("token_required",), 403: ("forbidden",)}),
               summary="One self-contained printable HTML page: result, a table per round, rulings, "
                       "disputes, verification (organizer; anyone after the end)",
               description="The organizer at any time; anyone once the game has ended. One HTML page that "
                           "loads nothing else (inline styles, no scripts), to keep, mail or print: the "
                           "result, a table per round, every ruling and dispute with its reason, and the "
                           "checks of the offline verifier on the record; told as the caller may see it, in the "
                           "reader's language (`?lang=`, else Accept-Language); the record it checks is the "
                           "same in every language.",
               responses={"200": {"description": "the report", "content": {"text/html": {"schema": {"type": "string"}}}},
                          **errors(401, 403, 404, 413)})
@bp.arguments(ReportQuery(), location="query")
def read_report(_query: dict, game_id: str):
    current = games().load(game_id)
    viewer = caller(current)
    require_organizer_until_end(viewer, current, what="read the report of a game before it ends")
    page = report.render(games(), game_id, current, sight(current, viewer), reader_language())
    return Response(page, mimetype="text/html", headers={"Content-Disposition": "inline"})
