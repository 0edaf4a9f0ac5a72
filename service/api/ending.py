"""The end of a game over HTTP: its result in places, and its rematch.

| verb and path | who | what |
|---|---|---|
| `GET /v1/games/{id}/result` | all, once the game is over | every seat's place and score, the winners, forfeits |
| `GET /v1/games/{id}/rematch` | all | the game this one is the rematch of, and its own rematch, if made |
| `POST /v1/games/{id}/rematch` | a seat or the organizer, once the game is over | the rematch: same players and options, a new game, dealt and running |

The result is the ruleset's own (its `result` hook, the one a tournament's standings read),
so the page that shows it and the standings never disagree. A rematch keeps every token of
the finished game working at the same place in the new one (service/table/rematch.py); asking
twice, or two players at once, gives the same game.
"""
from __future__ import annotations

from flask import jsonify
from marshmallow import Schema, fields

from service.api.auth import caller, require
from service.api.declare import A_GAME, BEARER, PUBLIC, TOKEN_OPTIONAL, TOKEN_REQUIRED, api_operation, codes, errors, ok
from service.api.helpers import bp, games
from service.api.problems import Problem
from service.rules.errors import Message
from service.table import rematch
from service.tournaments.kernel import result_of


class Placed(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    place = fields.Float(allow_none=True, required=True, metadata={
        "description": "1 = first; seats level share a place (1, 1, 3); null in an annulled game"})
    score = fields.Float(allow_none=True, required=True, metadata={"description": "in `score_name` units"})
    forfeited = fields.Boolean(required=True)
    bot = fields.Boolean(required=True, metadata={"description": "the server's bot played the seat at the end"})
    mob = fields.String(allow_none=True, metadata={"description": "Booze Baron: the seat's Mob, public at the end"})


class GameResult(Schema):
    game_id = fields.String(required=True)
    ruleset = fields.String(required=True)
    version = fields.Integer(required=True)
    annulled = fields.Boolean(required=True, metadata={"description": "ended by the organizer with no winner"})
    score_name = fields.String(allow_none=True, required=True, metadata={
        "description": "what the scores count: cash (Bootleggers), bankrolls (Prohibition), coins (Booze Baron)"})
    ranking = fields.List(fields.Nested(Placed), required=True, metadata={
        "description": "every seat, best place first (seats level in seat order)"})
    winners = fields.List(fields.Integer(), required=True, metadata={"description": "the seats in first place"})
    winning_mobs = fields.List(fields.String(), metadata={"description": "Booze Baron: the Mobs that won"})
    ended_at = fields.String(allow_none=True)


class RematchLinks(Schema):
    game_id = fields.String(required=True)
    rematch_of = fields.String(allow_none=True, required=True, metadata={
        "description": "the finished game this one is the rematch of"})
    rematch = fields.String(allow_none=True, required=True, metadata={
        "description": "this game's rematch, once a player or the organizer has asked for it"})


class RematchMade(Schema):
    game_id = fields.String(required=True, metadata={"description": "the rematch"})
    rematch_of = fields.String(required=True)
    created = fields.Boolean(required=True, metadata={"description": "false: it had been made already"})
    version = fields.Integer(required=True, metadata={"description": "the rematch's version now"})


@bp.get("/games/<game_id>/result")
@api_operation("getResult", "games",
               problems=codes(TOKEN_OPTIONAL, A_GAME, {409: ("game_not_finished",)}),
               summary="A finished game's places and scores, winners and forfeits",
               description="Anyone, once the game is over (409 `game_not_finished` before). Every seat with its "
                           "place and score as the ruleset ranks them (the same places a tournament's standings "
                           "read), forfeited seats last; the winners are the seats in first place (Booze Baron: "
                           "the members of the winning Mobs, named in `winning_mobs`). An annulled game has no "
                           "places and no winner. How a tie was broken is told by the log's last lines.",
               responses={**ok(200, "GameResult", "the result"), **errors(401, 404, 409, 413)})
def read_result(game_id: str):
    state = games().load(game_id)
    caller(state)
    found = result_of(games().ruleset_for(state["ruleset"]), state)
    if found is None:
        raise Problem(409, "game_not_finished", Message("problem-api-result-after-end"))
    out, bots = set(found["forfeited"]), set(found["stand_ins"])
    mobs = ((state.get("game") or {}).get("result") or {}).get("mobs") or {}
    ranking = []
    for seat in state["seats"]:
        n = seat["seat"]
        place = found["places"].get(str(n))
        row = {"seat": n, "name": seat["name"], "place": place, "score": found["scores"].get(str(n)),
               "forfeited": n in out, "bot": n in bots}
        if mobs:
            row["mob"] = mobs.get(str(n))
        ranking.append(row)
    ranking.sort(key=lambda r: (r["place"] is None, r["place"] or 0, r["seat"]))
    answer = {"game_id": game_id, "ruleset": state["ruleset"], "version": state["version"],
              "annulled": found["annulled"], "score_name": found["score_name"], "ranking": ranking,
              "winners": [r["seat"] for r in ranking if r["place"] == 1 and not found["annulled"]],
              "ended_at": found["ended_at"]}
    if mobs:
        won = {r.get("mob") for r in ranking if r["seat"] in answer["winners"]}
        answer["winning_mobs"] = sorted(m for m in won if m)
    return jsonify(answer)


@bp.get("/games/<game_id>/rematch")
@api_operation("getRematch", "games", problems=codes(TOKEN_OPTIONAL, A_GAME),
               summary="The game this one is the rematch of, and its own rematch once made",
               description="Anyone. `rematch` is null until a player or the organizer has asked for it; a seat's "
                           "page polls it once its game is over, and follows to the new game, where the same "
                           "token opens the same seat.",
               security=PUBLIC, responses={**ok(200, "RematchLinks", "both links, each null when there is none"),
                                           **errors(404, 413)})
def read_rematch(game_id: str):
    state = games().load(game_id)
    return jsonify(game_id=game_id, rematch_of=(state.get(rematch.REMATCH_OF) or {}).get("game_id"),
                   rematch=rematch.found(games(), game_id) if state["status"] == "finished" else None)


@bp.post("/games/<game_id>/rematch")
@api_operation("createRematch", "games",
               problems=codes(TOKEN_REQUIRED, A_GAME, {409: ("game_not_finished", "tournament_table",
                                                             "rematch_taken")}),
               summary="Play again: the same players and options at a new game, dealt and running",
               description="A seated player or the organizer, once the game is over. The new game has the same "
                           "ruleset, seats, names and options (with fresh seeded dice) and is dealt at once; "
                           "every token of this game opens the same seat (or the organizer's desk) in it, and "
                           "seats the server's bot played are the bot's again. Its first events say whose rematch "
                           "it is (`rematch_of`). Asking again, or two players at once, answers the same game "
                           "(200, `created: false`). A tournament's table has no rematch (409 "
                           "`tournament_table`).",
               security=BEARER,
               responses={**ok(201, "RematchMade", "the rematch, made now", ("Location",)),
                          **ok(200, "RematchMade", "the rematch, made earlier", ("Location",)),
                          **errors(401, 403, 404, 409, 413, 503, 507)})
def create_rematch(game_id: str):
    state = games().load(game_id)
    require(caller(state), "seat", "organizer", what="ask for a rematch")
    new_id, created = rematch.open_rematch(games(), state)
    made = games().load(new_id)
    response = jsonify(game_id=new_id, rematch_of=game_id, created=created, version=made["version"])
    response.status_code = 201 if created else 200
    response.headers["Location"] = f"/v1/games/{new_id}"
    return response
