"""Disputes over HTTP (API.md, "The organizer's desk"); filing and answering are commands.

| verb and path | who | what |
|---|---|---|
| `GET /v1/games/{id}/disputes` | a seat (its own) / the organizer (all); everyone after the end | disputes with their resolutions |
"""
from __future__ import annotations

from flask import jsonify

from service.table import disputes
from service.api.games import bp, games
from service.api.auth import caller, require
from service.api.declare import A_GAME, TOKEN_OPTIONAL, api_operation, codes, errors, ok


@bp.get("/games/<game_id>/disputes")
@api_operation("listDisputes", "disputes",
               problems=codes(TOKEN_OPTIONAL, A_GAME, {401: ("token_required",)}),
               summary="Disputes with their state and resolution: a seat its own, the organizer all; "
                       "everyone once the game is over",
               description="Filing (`dispute`) and answering (`resolve_dispute`) are commands.",
               responses={**ok(200, "Disputes", "the disputes"), **errors(401, 404, 413)})
def list_disputes(game_id: str):
    state = games().load(game_id)
    actor = caller(state)
    if state["status"] != "finished":
        require(actor, "seat", "organizer", what="read disputes before the game ends")
    return jsonify(version=state["version"], status=state["status"], ended_at=state.get("ended_at"),
                   window_closes=disputes.window_closes(state), disputes=disputes.visible(state, actor))
