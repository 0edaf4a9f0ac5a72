"""Portable records over HTTP (docs/api.md "Moving a finished game"): export a game, import one (see service/desk/records.py).

| verb and path | who | what |
|---|---|---|
| `GET /v1/games/{id}/export` | organizer; anyone once the game has ended | the game's record; complete (importable, verifiable) once the game has ended |
| `POST /v1/games/import` | the record's organizer | 201: the game, re-validated event by event, under its own id |
"""
from __future__ import annotations

from flask import jsonify
from marshmallow import INCLUDE, Schema, fields

from service.desk import records
from service.api import stream_http
from service.api.helpers import bp, games, readable_state
from service.api.schemas import DISPUTE_TEXTS, DisputeText
from service.rules.errors import Message
from service.api.auth import caller, require_organizer_until_end, sight
from service.api.declare import (
    A_GAME, BEARER, JSON_BODY, TOKEN_OPTIONAL, TOKEN_REQUIRED, api_operation, body, codes, errors, headers, ok,
)


class GameRecord(Schema):
    class Meta:
        unknown = INCLUDE

    format = fields.String(required=True, metadata={"description": f"always {records.FORMAT!r}"})
    format_version = fields.Integer(required=True, metadata={"description": f"{records.FORMAT_VERSION}"})
    game_id = fields.String()
    ruleset = fields.String()
    status = fields.String()
    version = fields.Integer()
    complete = fields.Boolean(required=True, metadata={
        "description": "true once the game has ended: every event as stored, chain included "
                       "(importable); false for a running game's reading copy"})
    events = fields.List(fields.Dict(), required=True, metadata={
        "description": "event envelopes {type, schema_version, game_id, version, recorded_at, actor, "
                       "command_id, payload, prev_hash, hash}"})
    dispute_texts = fields.List(fields.Nested(DisputeText), metadata=DISPUTE_TEXTS)


class ImportAnswer(Schema):
    game_id = fields.String()
    version = fields.Integer()
    status = fields.String()
    head_hash = fields.String()


@bp.get("/games/<game_id>/export")
@api_operation("exportGame", "records",
               problems=codes(TOKEN_OPTIONAL, A_GAME, {401: ("token_required",), 403: ("forbidden",)}),
               summary="The game's portable record (organizer; anyone once the game has ended); complete, "
                       "importable and verifiable (`bootleggers verify`) once the game has ended",
               description="The organizer at any time; anyone once the game has ended. The game's events in "
                           "order, in a portable record. Once the game has ended the record is `complete`: "
                           "every event as stored with its hash chain, which another server imports (POST "
                           "/v1/games/import) and `bootleggers verify` checks offline. Before the end it is "
                           "a reading copy (`complete: false`) with the events redacted as the caller may "
                           "see them; a damaged record is exported up to its first damaged event.",
               responses={**ok(200, "GameRecord", "the record"), **errors(401, 403, 404, 413)})
def export_game(game_id: str):
    state, damage = readable_state(game_id)
    actor = caller(state)
    require_organizer_until_end(actor, state, what="export a game before it ends", damage=damage)
    return jsonify(records.export(games(), game_id, sight(state, actor), damage))


@bp.post("/games/import")
@api_operation("importGame", "records",
               problems=codes(TOKEN_REQUIRED, JSON_BODY, {409: ("game_exists",), 422: ("invalid_record",)}),
               security=BEARER, requestBody=body("GameRecord"),
               summary="Import a finished game's record (its organizer's token); every event is re-validated",
               description="Schemas, hash chain, the fold with this server's rules, the end of the game, "
                           "and a seeded game's seed against its commitment, every die and every shuffle. The game keeps "
                           "its id and tokens. 422 `invalid_record` names the first bad event "
                           "(`event_version`); 409 `game_exists` if the server holds it already. Of a body over "
                           "1 MiB only the first MiB is read until the record's first event names your token as "
                           "its organizer's (403 otherwise; `events` first, as an export has them).",
               responses={"201": {"description": "imported", "headers": headers("Location"),
                                  "content": {"application/json": {"schema": "ImportAnswer"}}},
                          **errors(400, 401, 403, 409, 413, 415, 422, 429)})
def import_game():
    return stream_http.imported("game", lambda body, token: records.import_record(games(), body, token), {
        records.GameExists: ("game_exists", lambda found: Message("problem-api-game-exists", game=found))})
