"""Disputes over HTTP (docs/api.md "Disputes and rulings"); filing and answering are commands.

| verb and path | who | what |
|---|---|---|
| `GET /v1/games/{id}/disputes` | a seat (its own) / the organizer (all); everyone after the end | disputes with their resolutions |

A dispute's text and its answer's are its filer's and the organizer's, also after the end
(others read `text: null`; service/table/dispute_texts.py).
"""
from __future__ import annotations

from flask import jsonify

from service.table import disputes
from service.api.helpers import bp, games
from service.api.auth import caller, require
from service.api.declare import A_GAME, TOKEN_OPTIONAL, api_operation, codes, errors, ok


@bp.get("/games/<game_id>/disputes")
@api_operation("listDisputes", "disputes",
               problems=codes(TOKEN_OPTIONAL, A_GAME, {401: ("token_required",)}),
               summary="Disputes with their state and resolution: a seat its own, the organizer all; "
                       "everyone once the game is over",
               description="Filing (`dispute`) and answering (`resolve_dispute`) are commands. A dispute's "
                           "text and the organizer's answer are read only by its filer and the organizer, also "
                           "after the end: anyone else reads `text: null` (the decision and its rulings are "
                           "public).",
               responses={**ok(200, "Disputes", "the disputes"), **errors(401, 404, 413)})
def list_disputes(game_id: str):
    state = games().load(game_id)
    actor = caller(state)
    if state["status"] != "finished":
        require(actor, "seat", "organizer", what="read disputes before the game ends")
    shown = games().dispute_texts.entries(game_id, disputes.visible(state, actor), actor, state["status"] == "finished")
    return jsonify(version=state["version"], status=state["status"], ended_at=state.get("ended_at"),
                   window_closes=disputes.window_closes(state), disputes=shown)
