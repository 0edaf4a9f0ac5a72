"""The tournament endpoints of docs/api.md "Tournaments": thin — parse, authorize, call the
tournament ledger (and its director for the tables' games), redact."""
from __future__ import annotations

from flask import current_app, jsonify

from service.api import limits, queries
from service.api import tournament_schemas as ts
from service.api.auth import bearer_token, caller, require_organizer_until_end
from service.api.declare import (BEARER, JSON_BODY, PINNED, PUBLIC, TOKEN_OPTIONAL, TOKEN_REQUIRED, TOURNAMENT_ARCHIVED,
                                 api_operation, codes, command_like, creation, errors, ok)
from service.api.helpers import (
    A_TOURNAMENT, created, first_receipt, games, ruleset_named, seat_range, tournament_bp as bp, write_answer,
    tournament_receipt as receipt_of, tournaments, view_tournament_event as view_event,
)
from service.api.problems import Problem
from service.rules.errors import Message
from service.api import stream_http
from service.api.request_log import note
from service.api.stream_http import events_page, list_page
from service.desk.records import GameExists
from service.api.requests import pins
from service.runtime import timeutil
from service.tournaments import director, kernel, record, scoring
from service.tournaments.kernel import current_table

#: rendered standings kept per process (the tournaments most recently read)
STANDINGS_KEPT = 64


def no_show_policies(ruleset) -> list[str]:
    """What a ruleset can do with an absent entrant's seat: the bot plays it, and `forfeit`
    where the ruleset has the forfeit hook (service/rules/interface.py)."""
    return ["bot", "forfeit"] if callable(getattr(ruleset, "forfeit", None)) else ["bot"]


def bots_only_tables(state: dict, seated: dict) -> int:
    """The tables of a seating that only the server's bots play (house entrants and filler
    bots): games the organizer's address makes the server play, counted as new games."""
    house = {e["entrant"] for e in state["entrants"] if e.get("bot")}
    return sum(all(s["entrant"] is None or s["entrant"] in house for s in t["seats"]) for t in seated["tables"])


def require_kind(actor: dict, kind: str, code: str, refused: Message) -> None:
    """Only `kind` (an entrant, the organizer): 401 without a token, 403 `code` for another."""
    if actor["kind"] == kind:
        return
    if actor["kind"] == "spectator":
        raise Problem(401, "token_required", Message("problem-api-send-token-because", why=refused))
    raise Problem(403, code, refused)


def view(state: dict, actor: dict) -> dict:
    """The tournament as anyone may see it (its disputes: the organizer's, and each entrant's own)."""
    tables = [{"round": t["round"], "table": t["table"], "game_id": t["game_id"], "entrants": t["seats"],
               "status": t["status"], "result": t["result"], "replay_of": t.get("replay_of")} for t in state["tables"]]
    shown = {k: state[k] for k in ("tournament_id", "name", "ruleset", "status", "round", "rounds", "table_size",
                                   "format", "scoring", "uneven", "no_show", "game_options", "entrants", "byes",
                                   "announcements", "talk_count", "version", "created_at")}
    shown["organizer_sees_tables"] = state.get("organizer_sees_tables", True)   # tournaments before the option
    disputes = state.get("disputes") or []
    if actor["kind"] == "entrant":
        disputes = [d for d in disputes if d["entrant"] == actor["entrant"]]
    elif actor["kind"] != "organizer":
        disputes = []
    disputes = tournaments().dispute_texts.entries(state["tournament_id"], disputes, actor,
                                                   state["status"] == "finished", filer="entrant")
    return {**shown, "tables": tables, "seed_commitment": state["rng"]["seed_commitment"],
            "seed": state["rng"]["seed"], **({"disputes": disputes} if disputes else {})}


@bp.post("/tournaments")
@creation("createTournament", "tournaments", "TournamentCreatedAnswer",
          summary="Create a tournament",
          description="Anyone may create a tournament: an event of several rounds of tables, each table an "
                      "ordinary game of `ruleset` that the server creates and starts with `game_options`. "
                      "The answer holds the organizer token (shown once: it seats rounds, drops entrants and "
                      "is the organizer token of every table's game) and the commitment to the tournament's "
                      "secret seed, from which every seating comes. Entrants then register until round 1 "
                      "is seated.")
@bp.arguments(ts.CreateTournament())
def create_tournament(body: dict):
    ruleset = ruleset_named(body["ruleset"])
    low, high = seat_range(ruleset)
    size = body.get("table_size") or {"min": max(low, min(4, high)), "max": min(high, max(5, low))}
    if size["min"] < low or size["max"] > high:
        raise Problem(422, "invalid_fields", Message("problem-api-table-size-range", ruleset=ruleset.name, low=low,
                                                     high=high),
                      errors={"table_size": [f"min and max must be within {low} and {high}"]})
    options = body["game_options"]
    if options["rng"].get("mode") != "seeded":
        raise Problem(422, "invalid_options", Message("problem-api-tournament-seeded"),
                      errors={"game_options": ["rng must be seeded"]})
    for seats in range(size["min"], size["max"] + 1):
        problems = ruleset.validate_options(options, seats)
        if problems:
            raise Problem(422, "invalid_options", Message("problem-api-invalid-options-at", seats=seats), errors=problems)
    policies = no_show_policies(ruleset)
    if body["no_show"] not in policies:
        raise Problem(422, "invalid_options", Message("problem-api-no-show-unsupported", ruleset=ruleset.name,
                                                      policy=body["no_show"], supported=", ".join(policies)),
                      errors={"no_show": [f"{ruleset.name} supports {', '.join(policies)}"]})
    scoring_body = dict(body["scoring"])
    if scoring_body.get("method") is None:     # tables of mixed sizes weigh alike under placement
        scoring_body["method"] = "beaten" if size["min"] == size["max"] else "placement"
    made = tournaments().create({**body, "table_size": size, "scoring": scoring_body})
    return created({**made, "receipt": first_receipt(tournaments(), made["tournament_id"])},
                   f"/v1/tournaments/{made['tournament_id']}")


@bp.get("/tournaments")
@api_operation("listTournaments", "tournaments", problems={422: ("invalid_fields",)},
               summary="List tournaments, newest first, a page at a time", security=PUBLIC,
               description="Anyone: each tournament's public line (name, ruleset, status, round, entrants), newest "
                           "first, `limit` at a time; pass the answer's `next` as `after` for the next page. "
                           "`status` keeps only `registering`, `running` or `finished` ones.",
               responses={**ok(200, "TournamentList", "public fields of each tournament, and `next`"), **errors(422)})
@bp.arguments(queries.TournamentsQuery(), location="query")
def list_tournaments(query: dict):
    return list_page(tournaments(), query, "tournaments")


@bp.post("/tournaments/<tournament_id>/entrants")
@api_operation("registerEntrant", "tournaments",
               problems=codes(JSON_BODY, A_TOURNAMENT, TOKEN_OPTIONAL, TOURNAMENT_ARCHIVED,
                              {403: ("organizer_only",), 409: ("registration_closed", "name_taken", "record_damaged",
                                                               "tournament_finished"), 422: ("not_late",)}),
               summary="Register for a tournament",
               description="Anyone, until round 1 is seated (409 `registration_closed` after); after that the "
                           "organizer (its token) may still enter someone late: the entrant sits from the next "
                           "round, and with `bye: true` scores the bye points for each round already seated. "
                           "The answer holds "
                           "the entrant's number and token, shown this once: the token is the entrant's seat "
                           "token at every table of the tournament, and its token here (`/me`, `drop`, talk, "
                           "disputes). Names must differ within a tournament (409 `name_taken`). With `bot`, "
                           "the organizer (its token) enters a house player whose seats the server's bot plays.",
               responses={**ok(201, "EntrantAnswer", "your entrant number and token", ("Location",)),
                          **errors(400, 401, 403, 404, 409, 413, 415, 422, 429)})
@bp.arguments(ts.Register())
def register(body: dict, tournament_id: str):
    actor = None
    if body.get("bot") or body.get("bye") or bearer_token() is not None:
        state = tournaments().load(tournament_id)
        actor = caller(state)
    entrant, token, outcome = tournaments().register(tournament_id, body["name"].strip(), body.get("bot"), actor,
                                                     bye=body.get("bye", False))
    return created({"entrant": entrant, "entrant_token": token, "version": outcome.version,
                    "receipt": receipt_of(tournament_id, outcome)}, f"/v1/tournaments/{tournament_id}/me")


@bp.get("/tournaments/<tournament_id>")
@api_operation("getTournament", "tournaments", problems=codes(TOKEN_OPTIONAL, A_TOURNAMENT, {409: ("record_damaged",)}),
               summary="The tournament: entrants, rounds and every table",
               description="Anyone: the tournament's settings, its entrants, and every table of every round with its "
                           "game id, who sits where, whether it is still playing and its result once its game "
                           "ended. The organizer also sees the disputes filed about the tournament, an entrant "
                           "its own.",
               responses={**ok(200, "Tournament", "the tournament"), **errors(401, 404, 409, 413)})
def read_tournament(tournament_id: str):
    state = tournaments().load(tournament_id)
    return jsonify(view(state, caller(state)))


@bp.post("/tournaments/<tournament_id>/commands")
@command_like("sendTournamentCommand", "tournaments", answer="the events appended; `Location` is the tournament",
              problems=codes(TOKEN_REQUIRED, A_TOURNAMENT, JSON_BODY, PINNED, TOURNAMENT_ARCHIVED, {
                  403: ("organizer_only", "entrant_only", "forbidden", "entrant_dropped"),
                  409: ("registration_closed", "tournament_finished", "no_rounds_left", "round_in_play",
                        "no_entrants", "already_dropped", "not_dropped", "not_seated", "already_no_show",
                        "rounds_left", "dispute_resolved", "record_damaged"),
                  422: ("tables_required", "invalid_seating", "seating_is_swiss", "unknown_entrant",
                        "unknown_version", "unknown_dispute")}),
              summary="Seat a round, drop or reinstate an entrant, hand a seat to the bot, announce, finish, "
                      "talk or dispute",
              description="`seat_round` (organizer): seats the next round — Swiss from the standings and the "
                          "tournament's seed (docs/verification.md, seating rule 2), or the organizer's `tables` "
                          "in a fixed tournament — and creates and starts every table's game; refused while a "
                          "table of the round is still playing. With `preview: true` it answers 200 with the "
                          "seating it would record now, and records nothing. "
                          "`drop {entrant}` (organizer, or the entrant itself): no later round seats it, and its "
                          "seat at a table still playing goes to the `no_show` policy (the server's bot, or a "
                          "forfeit); `reinstate {entrant}` (organizer) undoes a drop from the next round. "
                          "`no_show {entrant}` (organizer): that policy now, without dropping; `seat_to_bot "
                          "{entrant}` (organizer): the server's bot plays that seat now, whatever the policy. "
                          "`announce {text}` (organizer): shown on every entrant's page and the desk. `finish` "
                          "(organizer, once the last round's tables are done) reveals the seed. `say`, `dispute` "
                          "(an entrant, about an event of the tournament's record) and `resolve_dispute` "
                          "(organizer). The answer: the events appended (token hashes left out) and the new "
                          "`version`.",
              others=ok(200, "SeatingPreview", "`seat_round` with `preview: true`: the seating it would "
                                               "record now (nothing recorded)"))
@bp.arguments(ts.TournamentCommand())
def send_command(body: dict, tournament_id: str):
    note(command=body["type"])
    state = tournaments().load(tournament_id)
    actor = caller(state)
    if actor["kind"] == "spectator":
        raise Problem(401, "token_required", Message("problem-api-tournament-token"))
    if body.get("preview"):
        if body["type"] != "seat_round":
            raise Problem(422, "invalid_fields", Message("problem-api-preview-seat-round"),
                          errors={"preview": ["only with seat_round"]})
        return jsonify(preview=True, **tournaments().preview_seating(tournament_id, actor))
    if body["type"] == "seat_round" and current_app.extensions.get("rate_limits") is not None:
        limits.charge_games(bots_only_tables(state, tournaments().preview_seating(tournament_id, actor)))
    outcome = director.command(tournaments(), games(), tournament_id, actor, body, state=state, **pins())
    finished = outcome.state["status"] == "finished"
    return write_answer(outcome, [view_event(e, finished, actor) for e in outcome.events],
                        receipt_of(tournament_id, outcome), f"/v1/tournaments/{tournament_id}")


@bp.get("/tournaments/<tournament_id>/standings")
@api_operation("getStandings", "tournaments", problems=codes(A_TOURNAMENT, {409: ("record_damaged",)}),
               summary="The standings", security=PUBLIC,
               description="Anyone: every entrant ranked by points, then by the tie-breaks (opponents' points, "
                           "then in-game score share), each row showing its tie-break values and the entrant's "
                           "openskill (Plackett–Luce) rating, which never decides a rank. `explained` says the "
                           "scoring rule in words. The standings follow every table result, amendments included.",
               responses={**ok(200, "Standings", "the standings"), **errors(404, 409, 413)})
def standings(tournament_id: str):
    # The standings are part of the state (service/tournaments/kernel/), but a thousand entrants' state is large
    # to load and copy: the answer at a version is kept, rendered, and served again while the
    # tournament's head (version and hash, one round trip) has not moved.
    ledger, kept = tournaments(), current_app.extensions.setdefault("standings_answers", {})
    hit = kept.get(tournament_id)
    if hit is None or hit[0] != ledger.store.head(tournament_id):
        state = ledger.load(tournament_id)
        final_at = kernel.final_at(state)
        body = current_app.json.dumps({"round": state["round"], "rows": state["standings"],
                                       "explained": scoring.explained(state["scoring"]), "version": state["version"],
                                       "final": "FINAL", "final_at": final_at})
        hit = kept[tournament_id] = ((state["version"], state["head_hash"]), body, final_at)
        while len(kept) > STANDINGS_KEPT:
            kept.pop(next(iter(kept)))
    final = hit[2] is not None and timeutil.parse(tournaments().now()) >= timeutil.parse(hit[2])
    return current_app.response_class(hit[1].replace('"FINAL"', "true" if final else "false", 1),
                                      mimetype="application/json")


@bp.get("/tournaments/<tournament_id>/me")
@api_operation("getMyTournament", "tournaments",
               problems=codes(TOKEN_REQUIRED, A_TOURNAMENT, {403: ("entrant_only",), 409: ("record_damaged",)}),
               summary="Where to sit, and your results (an entrant)", security=BEARER,
               description="An entrant's own page: the table to sit at now (its game id and seat: open "
                           "`/v1/games/{game_id}` with the same token) while its round plays, every result so far, "
                           "and its row of the standings.",
               responses={**ok(200, "Me", "your table and results"), **errors(401, 403, 404, 409, 413)})
def me(tournament_id: str):
    state = tournaments().load(tournament_id)
    actor = caller(state)
    require_kind(actor, "entrant", "entrant_only", Message("problem-api-entrant-page"))
    entrant = actor["entrant"]
    found = current_table(state, entrant)
    table = None
    if found and found[0]["status"] == "playing":
        t, seat = found
        table = {"round": t["round"], "table": t["table"], "game_id": t["game_id"], "seat": seat["seat"],
                 "status": t["status"]}
    results = []
    for t in state["tables"]:
        seat = next((s["seat"] for s in t["seats"] if s["entrant"] == entrant), None)
        if seat is None or t["result"] is None:
            continue
        places = t["result"]["places"]
        points = kernel.table_points(state, t).get(str(seat), 0.0)
        results.append({"round": t["round"], "table": t["table"], "game_id": t["game_id"],
                        "place": places.get(str(seat)), "points": points, "annulled": t["result"]["annulled"]})
    row = next((r for r in state["standings"] if r["entrant"] == entrant), None)
    info = state["entrants"][entrant - 1]
    return jsonify(entrant=entrant, name=info["name"], dropped=info["dropped"], table=table, results=results,
                   standing=row, announcements=state["announcements"],
                   byes=[b for b in state["byes"] if b["entrant"] == entrant])


@bp.get("/tournaments/<tournament_id>/disputes")
@api_operation("listTournamentDisputes", "tournaments",
               problems=codes(TOKEN_REQUIRED, A_TOURNAMENT, {403: ("organizer_only",), 409: ("record_damaged",)}),
               summary="Every dispute of every table (organizer)", security=BEARER,
               description="The organizer's desk: every dispute filed at any table of the tournament, and about the "
                           "tournament itself, open ones first; each names its game (null for the tournament's "
                           "own), round, table and the version it is about, with a link to that game's state at "
                           "that version.",
               responses={**ok(200, "TournamentDisputes", "the disputes, open first"), **errors(401, 403, 404, 409, 413)})
def disputes(tournament_id: str):
    state = tournaments().load(tournament_id)
    require_kind(caller(state), "organizer", "organizer_only", Message("problem-api-disputes-organizer"))
    def who(entrant):
        return None if entrant is None else {"entrant": entrant, "name": state["entrants"][entrant - 1]["name"]}

    organizer = {"kind": "organizer"}
    found = [{"game_id": None, "round": None, "table": None, "dispute": d["dispute"], "state": d["state"],
              "version": d["about"], "text": d["text"], "filed_by": who(d["entrant"]), "viewer": None,
              "link": f"/v1/tournaments/{tournament_id}/events?after={d['about'] - 1}&limit=1"}
             for d in tournaments().dispute_texts.entries(tournament_id, state.get("disputes") or [], organizer,
                                                          state["status"] == "finished", filer="entrant")]
    for table in state["tables"]:
        try:
            game = games().load(table["game_id"])
        except Exception:  # a table not yet made (the director will): nothing filed there
            continue
        by_seat = {s["seat"]: s["entrant"] for s in table["seats"]}
        for d in games().dispute_texts.entries(table["game_id"], game.get("disputes") or [], organizer,
                                               game["status"] == "finished"):
            found.append({"game_id": table["game_id"], "round": table["round"], "table": table["table"],
                          "dispute": d["dispute"], "state": d["state"], "version": d["about"], "text": d["text"],
                          "filed_by": who(by_seat.get(d.get("seat"))),
                          "link": f"/v1/games/{table['game_id']}?at={d['about']}",
                          "viewer": f"/viewer/{table['game_id']}#at={d['about']}"})
    found.sort(key=lambda d: (d["state"] != "open", d["round"] or 0, d["table"] or 0, d["dispute"]))
    return jsonify(disputes=found)


@bp.get("/tournaments/<tournament_id>/events")
@api_operation("listTournamentEvents", "tournaments",
               problems=codes(TOKEN_OPTIONAL, A_TOURNAMENT, {409: ("record_damaged",), 422: ("invalid_fields",)}),
               summary="The tournament's own record, a page at a time",
               description="Anyone: the tournament's events after `after`, `limit` at a time, each with its place "
                           "in the hash chain; until the tournament finishes, token hashes are left out and a "
                           "dispute's text (its filing and the organizer's answer) is null for all but its filer "
                           "and the organizer (send your token to read your own); once it finishes its record is "
                           "public as stored.",
               responses={**ok(200, "TournamentEventsPage", "a page of events"), **errors(401, 404, 409, 413, 422)})
@bp.arguments(queries.Page(), location="query")
def events(query: dict, tournament_id: str):
    state = tournaments().load(tournament_id)
    viewer = caller(state)
    finished = state["status"] == "finished"
    return events_page(tournaments(), tournament_id, state, query, viewer,
                       lambda shown: [view_event(e, finished, viewer) for e in shown])


@bp.get("/tournaments/<tournament_id>/export")
@api_operation("exportTournament", "tournaments",
               problems=codes(TOKEN_OPTIONAL, A_TOURNAMENT, {401: ("token_required",), 403: ("forbidden",),
                                                             409: ("record_damaged",)}),
               summary="The tournament's portable record, with every table's game",
               description="Once the tournament has finished, anyone: its whole record as stored (hash chain, "
                           "revealed seed) and the exported record of every table's game, which "
                           "`bootleggers verify` checks offline — chain, seed, every seating re-derived from the "
                           "seed and the standings before it, every table's result read again from its game, "
                           "and the standings; beside it (`dispute_texts`) the dispute texts the caller may read: the organizer's "
                           "all, an entrant's its own, at the tournament and at its tables. Before the end, the organizer's reading copy (`complete: false`, "
                           "token hashes left out, each running table as the organizer sees it).",
               responses={**ok(200, "TournamentRecord", "the record"), **errors(401, 403, 404, 409, 413)})
def export(tournament_id: str):
    state = tournaments().load(tournament_id)
    actor = caller(state)
    require_organizer_until_end(actor, state, what="export a tournament before it finishes")
    viewer = actor if actor["kind"] in ("organizer", "entrant") else {"kind": "spectator"}
    return jsonify(record.export(tournaments(), games(), tournament_id, viewer))


@bp.post("/tournaments/import")
@api_operation("importTournament", "tournaments",
               problems=codes(JSON_BODY, {401: ("token_required", "bad_token"), 403: ("forbidden",),
                                          409: ("tournament_exists",), 422: ("invalid_record",)}),
               summary="Import a finished tournament's record (its organizer)", security=BEARER,
               description="The organizer of the tournament in the record (its token) brings a finished tournament, "
                           "with every table's game, onto this server. Nothing is trusted: the record must verify "
                           "whole, as `bootleggers verify` checks it (chain, seed, every seating re-derived, every "
                           "table's game and result, the standings), and every event's payload is checked against "
                           "its schema. It keeps its id, tokens and chain. Bodies up to "
                           "`MAX_TOURNAMENT_IMPORT_BYTES` (64 MiB), read as they come: of a body over 1 MiB only the "
                           "first MiB is read until the record's first event names your token as its organizer's "
                           "(403 otherwise; the record must begin with its `events`, as an export does), and one "
                           "whose parse would take more memory than `MAX_IMPORT_MEMORY` (160 MiB, about a 17 MiB "
                           "record) is 413 `body_too_large` before it is parsed.",
               responses={**ok(201, "TournamentImported", "imported", ("Location",)),
                          **errors(400, 401, 403, 409, 413, 415, 422, 429)})
def import_tournament():
    return stream_http.imported("tournament", lambda body, token: record.import_record(
        tournaments(), games(), body, token), {
        record.TournamentExists: ("tournament_exists", lambda found: Message("problem-api-tournament-exists",
                                                                           tournament=found)),
        # the same record imported twice at once: the other one stored its tables first
        GameExists: ("tournament_exists", lambda found: Message("problem-api-tournament-importing", game=found))})
