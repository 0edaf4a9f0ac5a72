"""The lobby and game endpoints of docs/api.md ("Games"): thin — parse, authorize, call the service, redact."""
from __future__ import annotations

import functools

from flask import jsonify, request
from marshmallow import ValidationError

from projections.views import chain_hidden_from, view_state
from service.desk import history
from service.bots import look_ahead
from service.api import queries, schemas
from service.api.problems import Problem
from service.api.requests import json_object, pins
from service.rules.common import loading
from service.rules.common.text import TEXT_MAX
from service.api.auth import caller, require, require_organizer_until_end, sight
from service.streams import record_scan
from service.rules.errors import Message
from service.api.request_log import note
from service.api.stream_http import events_page, list_page
from service.api.helpers import (
    answer_events, bp, command_answer, created, first_receipt, games, readable_state, receipt_of, ruleset_named,
    ruleset_of, seat_range, state_after,
)
from service.api.declare import (
    A_GAME, BEARER, GAME_ARCHIVED, JSON_BODY, PINNED, PUBLIC, RULES, TOKEN_OPTIONAL, TOKEN_REQUIRED,
    api_operation, body, codes, command_like, creation, errors, headers, ok,
)

CHECKPOINT_EVERY = 100


@bp.post("/games")
@creation("createGame", "games", "GameCreatedAnswer", then=("joinGame", "startGame", "getState"),
          summary="Create a game",
          description="Anyone may create a game; no token is needed. The game of `ruleset` opens in its "
                      "lobby with `seats` seats (as many as the ruleset hosts) and the `options` given. "
                      "The answer holds the game's id and its organizer token, shown this once only: "
                      "keep it, it starts the game, runs its clock and makes rulings. Rate-limited per "
                      "client address (429 with `Retry-After`).")
@bp.arguments(schemas.CreateGame())
def create_game(body: dict):
    ruleset = ruleset_named(body["ruleset"])
    low, high = seat_range(ruleset)
    if not low <= body["seats"] <= high:
        raise Problem(422, "invalid_fields", Message("problem-api-seats-range", ruleset=ruleset.name, low=low, high=high),
                      errors={"seats": [f"must be from {low} to {high}"]})
    errors = ruleset.validate_options(body["options"], body["seats"])
    if errors:
        raise Problem(422, "invalid_options", Message("problem-api-invalid-options"), errors=errors)
    made = games().create(body["ruleset"], body["seats"], body["options"])
    return created({**made, "receipt": first_receipt(games(), made["game_id"])}, f"/v1/games/{made['game_id']}")


@bp.get("/games")
@api_operation("listGames", "games",
               problems={422: ("invalid_fields",)},
               summary="List games, newest first, a page at a time", security=PUBLIC,
               description="Public; no token is read. The games this server holds, newest first, `limit` at a "
                           "time, optionally only those in one `status` (lobby: seats still open to join). "
                           "Each entry has the game's public fields only (ruleset, status, seats taken of "
                           "the total, round, version). Pass the answer's `next` as `after` for the next "
                           "page; it is null on the last one.",
               responses={**ok(200, "GameList", "public fields of each game, and `next`"), **errors(413, 422)})
@bp.arguments(queries.GamesQuery(), location="query")
def list_games(query: dict):
    return list_page(games(), query, "games")


@bp.post("/games/<game_id>/seats")
@api_operation("joinGame", "games",
               problems=codes(JSON_BODY, A_GAME,
                              {409: ("game_finished", "game_full", "game_started", "record_damaged")}),
               summary="Join a seat", security=PUBLIC,
               description="Anyone may take a seat while the game is in its lobby; no token is needed. The next "
                           "free seat goes to `name`. The answer holds the seat's number and its player "
                           "token, shown this once only: send it as the bearer token of everything the seat "
                           "does. 409 once every seat is taken or the game has started or ended. Rate-limited "
                           "per client address (429 with `Retry-After`).",
               responses={**ok(201, "SeatAnswer", "your seat and player token; `Location` is the state right after "
                                                  "you sat down", ("Location",),
                               then=("joinGame", "startGame", "getLegalActions", "sendCommand")),
                          **errors(400, 404, 409, 413, 415, 422, 429)})
@bp.arguments(schemas.JoinSeat())  # 1-40 visible characters
def join(body: dict, game_id: str):
    seat, token, outcome = games().join(game_id, body["name"].strip())
    return created({"seat": seat, "player_token": token, "version": outcome.version,
                    "receipt": receipt_of(game_id, outcome)}, state_after(game_id, outcome.version))


@bp.post("/games/<game_id>/start")
@command_like("startGame", "games",
              codes(TOKEN_REQUIRED, A_GAME, PINNED, GAME_ARCHIVED,
                    {409: ("game_finished", "game_started", "seats_empty", "record_damaged")}),
              "the setup events, as you may see them; `Location` is the state right after them",
              then=("getLegalActions", "sendCommand", "getState"),
              summary="Deal and begin round 1 (organizer)",
              description="The organizer only (the token createGame gave). Once every seat is taken (409 "
                          "`seats_empty` before), the game leaves its lobby: the ruleset sets up and deals, "
                          "and round 1 begins. The answer is like a command's: the setup events as the "
                          "organizer may see them, the new `version`, and `Location`, the state right after "
                          "them. Takes `If-Match` and `Idempotency-Key` as a command does.")
def start(game_id: str):
    note(command="start")
    state = games().load(game_id)
    actor = caller(state)
    require(actor, "organizer", what="start the game")
    return command_answer(games().start(game_id, actor, state=state, **pins()), actor)


@bp.get("/games/<game_id>")
@api_operation("getState", "play",
               problems=codes(TOKEN_OPTIONAL, A_GAME, {403: ("forbidden",),
                                                       404: ("no_such_version",),
                                                       409: ("hidden", "record_damaged"),
                                                       422: ("invalid_fields",)}),
               summary="The game as the caller may see it",
               description="Anyone; what the answer shows depends on the token. A seat sees its own hidden "
                           "things and only counts of the others'; the organizer sees every seat; without a "
                           "token, a spectator's view. `ruleset` and `status` tell which variant of GameState "
                           "it is. `at=N` reads the state as it stood right after event N, and the organizer "
                           "may see it as any viewer with `as`. Poll with `If-None-Match` (the `ETag` last "
                           "served): 304 while the game has not moved.",
               parameters=[
    {"name": "as", "in": "query", "schema": {"type": "string", "pattern": "^(spectator|seat:[0-9]+)$"},
     "description": "see as anyone (organizer): `seat:K` or `spectator`, byte for byte what that viewer was served at "
                    "that version; a player may ask only `seat:<own>`. 409 `hidden` for a seat's view holding a bid "
                    "still sealed from the organizer"},
    {"name": "If-None-Match", "in": "header", "schema": {"type": "string"},
     "description": "the ETag (`\"<version>\"`) of the state you hold: 304 if the game has not moved "
                    "(current state only, not `at`)"}],
    responses={**ok(200, "GameState", "state, redacted for the caller (or the `as` viewer); `ETag: \"<version>\"`",
                    ("ETag", "Vary", "Cache-Control")),
               "304": {"description": "not modified: still the version of `If-None-Match`",
                       "headers": headers("ETag", "Vary", "Cache-Control")},
               **errors(401, 403, 404, 409, 413, 422)})
@bp.arguments(queries.StateQuery(), location="query")
def read_state(query: dict, game_id: str):
    at = query.get("at")
    current = games().load(game_id)
    actor = caller(current)
    if at is not None and at > current["version"]:
        raise Problem(404, "no_such_version", Message("problem-api-no-such-version", count=current["version"],
                                                      version=str(at)))
    viewer = seen_as(current, sight(current, actor), request.args.get("as"), at)
    etag = f'"{at or current["version"]}"'
    # The answer depends on who asks: caches must key it on the token and revalidate, or a
    # browser would answer one viewer's 304 with another viewer's cached state.
    cache = {"ETag": etag, "Vary": "Authorization", "Cache-Control": "private, no-cache"}
    if (at is None or at == current["version"]) and etag_matches(request.headers.get("If-None-Match"), etag):
        return "", 304, cache  # polling: nothing happened since that version
    state = current if at is None or at == current["version"] else games().load(game_id, at=at)
    # The body is canonical JSON (service/api/json_provider.py): a state folded afresh for
    # `?at=N` serializes byte for byte as the live one was served at version N.
    hidden_from = chain_hidden_from(current, ruleset_of(current))
    response = jsonify(view_state(state, viewer, ruleset_of(state), hidden_from))
    response.headers.update(cache)
    return response


def seen_as(current: dict, actor: dict, wanted: str | None, at: int | None) -> dict:
    """The viewer of `?as=seat:K|spectator`: the organizer may see through any seat's eyes
    (or a spectator's), a player through his own, a spectator as a spectator. Never what
    is hidden from the organizer himself now: while a sealed bid is unrevealed, the views
    holding it (from its version on) wait for the reveal."""
    if wanted is None:
        return actor
    viewer = parse_viewer(current, wanted)
    if viewer == actor or viewer == {k: v for k, v in actor.items() if k != "referee"}:
        return viewer
    if actor["kind"] != "organizer":
        own = f"seat:{actor['seat']}" if actor["kind"] == "seat" else "spectator"
        raise Problem(403, "forbidden", Message("problem-api-see-as-own", own=own), allowed=[own])
    sealed = chain_hidden_from(current, ruleset_of(current))
    if viewer["kind"] == "seat" and sealed is not None and (at is None or at >= sealed):
        name = next((s.get("name") for s in current.get("seats", []) if s.get("seat") == viewer["seat"]), None)
        raise Problem(409, "hidden", Message("problem-api-view-sealed", seat=str(viewer["seat"]),
                                             player=name or f"#{viewer['seat']}", sealed=str(sealed)),
                      sealed_since=sealed)
    return viewer


def parse_viewer(current: dict, wanted: str) -> dict:
    if wanted == "spectator":
        return {"kind": "spectator"}
    kind, _, number = wanted.partition(":")
    seats = [s["seat"] for s in current.get("seats", [])]
    if kind == "seat" and number.isascii() and number.isdigit() and int(number) in seats:
        return {"kind": "seat", "seat": int(number)}
    choices = ", ".join(["spectator", *(f"seat:{n}" for n in seats)])
    raise Problem(422, "invalid_fields", Message("problem-api-bad-as", choices=choices),
                  errors={"as": [f"must be one of: {choices}"]})


def etag_matches(header: str | None, etag: str) -> bool:
    """RFC 9110 If-None-Match (weak comparison): `*`, or any listed tag equal to `etag`.
    Only the current state answers 304: a past state's view may still change once (its
    hashes are shown at the end of the game) while its version does not."""
    if not header:
        return False
    tags = [t.strip().removeprefix("W/") for t in header.split(",")]
    return "*" in tags or etag in tags


@bp.post("/games/<game_id>/commands")
@command_like("sendCommand", "play",
              codes(TOKEN_REQUIRED, A_GAME, JSON_BODY, PINNED, GAME_ARCHIVED,
                   {403: ("organizer_only", "seat_forfeited", "seat_only", RULES),
                    409: ("record_damaged", RULES),
                    422: ("unknown_command", RULES)}),
              "the events it caused, as you may see them; `Location` is the state right after them",
              then=("getLegalActions", "sendCommand", "getState", "listEvents"),
              summary="Send a command", requestBody=body("Command"),
              description="Each command type's schema says when it is legal; see also legal-actions.")
def command(game_id: str):
    body = json_object()

    def authorize(state: dict) -> tuple[dict, dict]:
        actor = caller(state)
        require(actor, "seat", "organizer", what="send commands")
        return actor, parse_command(state, body)

    return command_answer(*games().command_on_latest(game_id, authorize, refusals=(Problem, ValidationError),
                                                     again=lambda: note(decided_again=True), **pins()))


def parse_command(state: dict, body: dict) -> dict:
    kind = body.get("type")
    known = command_schemas(state)
    if not isinstance(kind, str) or kind not in known:
        names = ", ".join(sorted(known))
        raise Problem(422, "unknown_command", Message("problem-api-unknown-command", command=repr(kind), known=names),
                      errors={"type": [f"must be one of: {names}"]}, known_types=sorted(known))
    note(command=kind)
    fields = {k: v for k, v in body.items() if k != "type"}
    if kind == "ruling":
        return {"type": kind, **parse_ruling(state, fields)}
    parsed = {"type": kind, **known[kind].load(fields)}
    if kind == "resolve_dispute":
        errors, rulings = {}, []
        for n, ruling in enumerate(parsed["rulings"]):
            try:
                rulings.append(parse_ruling(state, ruling))
            except ValidationError as bad:
                errors[n] = bad.messages
        if errors:
            raise ValidationError({"rulings": errors})
        parsed["rulings"] = rulings
    return parsed


def parse_ruling(state: dict, fields: dict) -> dict:
    """The engine's ruling kinds (service/table/disputes.py) in every ruleset; others are the ruleset's."""
    own = ruleset_of(state).command_schemas.get("ruling")
    if fields.get("kind") in schemas.ENGINE_RULING_KINDS or own is None:
        return schemas.EngineRuling().load(fields)
    return loading.load(own[0], fields)


#: commands the engine takes in every ruleset (service/table/games.py, service/table/disputes.py)
ENGINE_COMMANDS = {"say": schemas.Say, "dispute": schemas.Dispute, "resolve_dispute": schemas.ResolveDispute}


def command_schemas(state: dict) -> dict:
    """Command type -> the schema instance that loads it, in the state's ruleset."""
    return _command_schemas_of(ruleset_of(state))


@functools.cache
def _command_schemas_of(ruleset) -> dict:
    """Made once per ruleset, each schema once per class (service/rules/common/loading.py)."""
    classes = {kind: schema for kind, (schema, _) in ruleset.command_schemas.items()}
    classes.setdefault("ruling", schemas.EngineRuling)
    classes.update(ENGINE_COMMANDS)
    return {kind: loading.schema_instance(schema) for kind, schema in classes.items()}


@bp.get("/games/<game_id>/legal-actions")
@api_operation("getLegalActions", "play",
               problems=codes(TOKEN_REQUIRED, A_GAME, {409: ("record_damaged",), 422: ("invalid_fields",)}),
               summary="Every command your seat may send now, with examples",
               description="A seated player only (the seat's token). Every command the seat may send now, each "
                           "with what its fields may be (`params`) and complete `examples` ready to send; "
                           "`awaited` says whether the game waits for this seat, and `version` is what to "
                           "send as `If-Match`. Table talk (`say`) is listed until the game ends; a finished "
                           "game lists nothing else. With `look_ahead=cash`, each example also says the "
                           "seat's cash right after it.",
               security=BEARER, responses={**ok(200, "LegalActions", "actions with params and examples"),
                                           **errors(401, 403, 404, 409, 413, 422)})
@bp.arguments(queries.LegalActionsQuery(), location="query")
def legal_actions(query: dict, game_id: str):
    state = games().load(game_id)
    actor = caller(state)
    require(actor, "seat", what="ask for legal actions")
    seat = actor["seat"]
    say = {"type": "say", "params": {"text": {"type": "string", "min_length": 1, "max_length": TEXT_MAX}},
           "examples": [{"type": "say", "text": "Nice truck you got there."}]}
    answer = {"version": state["version"], "seat": seat, "phase": None, "step": None, "awaited": False, "actions": []}
    if state["status"] == "running" and seat not in (state.get("forfeited") or ()):
        ruleset = ruleset_of(state)
        answer.update(ruleset.legal_actions(state, seat))
        answer["awaited"] = seat in ruleset.waiting(state).get("seats", [])
    if state["status"] != "finished":
        answer["actions"] = [*answer["actions"], say]
    answer["version"], answer["seat"] = state["version"], seat
    if query.get("look_ahead") == "cash":
        answer["cash"] = look_ahead.cash_now(games(), state, seat)
        answer["actions"] = look_ahead.cash_after_examples(games(), state, seat, answer["actions"])
    return jsonify(answer)


@bp.get("/games/<game_id>/events")
@api_operation("listEvents", "events",
               problems=codes(TOKEN_OPTIONAL, A_GAME, {409: ("record_damaged",), 422: ("invalid_fields",)}),
               summary="Events, redacted for the caller while the game runs; after the end every event as stored, "
                       "hashes included, for anyone",
               description="Anyone; what the events show depends on the token. The events after `after`, "
                           "oldest first, `limit` at a time; page on with `next_after`. While the game runs, "
                           "each is redacted for the caller as the state is (what the viewer may not see is "
                           "null, or a count); after the end every event is served as stored, hashes "
                           "included, to anyone. A damaged record is served up to its first damaged event, "
                           "and `record_damaged` says where it is.",
               responses={**ok(200, "EventsPage", "a page of events"), **errors(401, 404, 409, 413, 422)})
@bp.arguments(queries.Page(), location="query")
def list_events(page: dict, game_id: str):
    state, damage = readable_state(game_id)
    viewer = sight(state, caller(state))
    return events_page(games(), game_id, state, page, viewer, lambda shown: answer_events(state, viewer, shown), damage)


@bp.get("/games/<game_id>/talk")
@api_operation("listTalk", "events",
               problems=codes(TOKEN_OPTIONAL, A_GAME, {409: ("record_damaged",), 422: ("invalid_fields",)}),
               summary="Table talk (`say`), a page at a time; talk is not part of the state",
               description="Anyone; a token, if sent, must be one of this game's. The lines said at the table "
                           "(`say` commands, the seats' and the organizer's), oldest first, `limit` at a time "
                           "after `after`; page on with `next_after`. The state only counts them "
                           "(`talk_count`).",
               responses={**ok(200, "TalkPage", "lines of talk, oldest first, and `next_after`"),
                          **errors(401, 404, 409, 413, 422)})
@bp.arguments(queries.Page(), location="query")
def list_talk(page: dict, game_id: str):
    """Table talk, paged from the `said` events (talk is not part of the state)."""
    after, limit = page["after"], page["limit"]
    state = games().load(game_id)
    caller(state)  # a bad token is refused even here
    lines, next_after = history.talk_page(games(), state, after, limit)
    return jsonify(entries=lines, next_after=next_after)


@bp.get("/games/<game_id>/audit")
@api_operation("getAudit", "records",
               problems=codes(TOKEN_OPTIONAL, A_GAME, {401: ("token_required",), 403: ("forbidden",)}),
               summary="Chain check, checkpoints, the server's caches and (after the end) the seed",
               description="The organizer while the game runs (or while its record is damaged); anyone once it "
                           "has ended. Checks the game's stored hash chain event by event: whether it is "
                           "intact, where it first breaks and what is wrong there, checkpoints (a version and "
                           "its hash every 100 events, and the last), the head hash, and the seed commitment; "
                           "the seed itself once the game has ended, so that anyone can check it against "
                           "the commitment and replay the dice. The events are folded again and the "
                           "server's snapshot, every checkpoint it keeps and its seal of the game's end are "
                           "compared with that refold (`caches`): a forged one is named in `problems`; a "
                           "sealed one that names another hash than the chain brackets a rewritten stretch "
                           "(`record_rewritten` with its `window`) (docs/verification.md).",
               responses={**ok(200, "Audit", "the audit"), **errors(401, 403, 404, 413)})
def audit(game_id: str):
    state, damage = readable_state(game_id)
    actor = caller(state)
    require_organizer_until_end(actor, state, what="audit a game before it ends", damage=damage)
    found = record_scan.scan(games().reads, game_id)
    events = [e for e in found.events if e["version"] <= state["version"]]
    # Hashes covering a sealed bid wait for the reveal (see projections.views).
    hidden_from = chain_hidden_from(state, ruleset_of(state)) if state.get("ruleset") else None
    shown = events if hidden_from is None else events[:hidden_from - 1]
    checkpoints = [{"version": e["version"], "hash": e["hash"]} for e in shown
                   if e["version"] % CHECKPOINT_EVERY == 0 or e is shown[-1]]
    rng_state = state.get("rng") or {}
    return jsonify(version=state["version"],
                   head_hash=events[-1]["hash"] if events and shown is events and damage is None else None,
                   chain={"intact": found.first_bad is None, "first_break": found.first_bad},
                   problems=found.problems,
                   checkpoints=checkpoints, chain_withheld_from=hidden_from, caches=found.caches,
                   seed_commitment=rng_state.get("seed_commitment"), seed=rng_state.get("seed"))
