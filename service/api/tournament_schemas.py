"""The bodies and answers of the tournament endpoints (API.md "Tournaments"), as marshmallow
schemas: the ones that parse a request are the ones the document shows."""
from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from service.api.schemas import EventOut, GameOptions, Open, Receipt, RECEIPT, Strict
from service.rules.common.text import NAME_MAX, TEXT_MAX, PlayerName, TableText

ENTRANT = fields.Integer(strict=True, required=True, validate=validate.Range(1, 100_000),
                         metadata={"description": "the entrant's number (its registration order)"})
MAX_ROUNDS = 30


class TableSize(Strict):
    min = fields.Integer(strict=True, required=True, validate=validate.Range(2, 9))
    max = fields.Integer(strict=True, required=True, validate=validate.Range(2, 9))

    @validates_schema
    def ordered(self, data, **kwargs):
        if data["min"] > data["max"]:
            raise ValidationError("min may not be larger than max", "min")


class CreateTournament(Strict):
    name = fields.String(required=True, validate=[validate.Length(1, 80), TableText()],
                         metadata={"description": "1 to 80 characters: the event's name"})
    ruleset = fields.String(load_default="bootleggers", validate=validate.Length(1, 40),
                            metadata={"description": "the game every table plays"})
    rounds = fields.Integer(strict=True, required=True, validate=validate.Range(1, MAX_ROUNDS))
    table_size = fields.Nested(TableSize, metadata={
        "description": "players per table, bots included (default: 4 to 5, within the ruleset's range)"})
    format = fields.String(load_default="swiss", validate=validate.OneOf(["swiss", "fixed"]), metadata={
        "description": "`swiss`: the server seats each round from the seed and the standings; `fixed`: the "
                       "organizer sends the tables with seat_round"})
    game_options = fields.Nested(GameOptions, load_default=lambda: GameOptions().load({}), metadata={
        "description": "every table's game options (deadlines included); `rng` must stay seeded"})
    scoring = fields.String(load_default="placement", validate=validate.OneOf(["placement"]), metadata={
        "description": "`placement`: a point per opponent finished ahead of, half per tie (see `explained`)"})
    no_show = fields.String(load_default="bot", validate=validate.OneOf(["bot", "forfeit"]), metadata={
        "description": "what happens to the seat of an entrant who drops or is marked absent mid-round"})
    bot_strategy = fields.String(load_default="greedy", validate=validate.OneOf(["random", "greedy"]), metadata={
        "description": "how the server's bot plays the seats it is given"})


class TournamentCreatedAnswer(Open):
    tournament_id = fields.String(required=True)
    organizer_token = fields.String(required=True, metadata={
        "description": "keep it secret: it seats rounds, drops entrants and is the organizer token of every "
                       "table's game"})
    seed_commitment = fields.String(required=True, metadata={
        "description": "SHA-256 of the tournament's secret seed, revealed when it finishes: every seating "
                       "comes from it"})
    version = fields.Integer(required=True)
    receipt = fields.Nested(Receipt, **RECEIPT)


class Register(Strict):
    name = fields.String(required=True, validate=[validate.Length(1, NAME_MAX), PlayerName()],
                         metadata={"description": f"1 to {NAME_MAX} characters, at least one visible"})
    bot = fields.String(validate=validate.OneOf(["random", "greedy"]), metadata={
        "description": "organizer only: a house player, whose seats the server's bot plays with this strategy"})


class EntrantAnswer(Open):
    entrant = fields.Integer(required=True)
    entrant_token = fields.String(required=True, metadata={
        "description": "shown once: your seat token at every table of the tournament, and your token here"})
    version = fields.Integer(required=True)
    receipt = fields.Nested(Receipt, **RECEIPT)


class TournamentCommand(Strict):
    type = fields.String(required=True, validate=validate.OneOf(
        ["seat_round", "drop", "no_show", "finish", "say", "dispute", "resolve_dispute"]), metadata={
        "description": "seat_round (organizer; `tables` for a fixed tournament), drop {entrant} (organizer, or "
                       "the entrant itself), no_show {entrant} (organizer: the entrant's seat at its table "
                       "goes to the no_show policy), finish (organizer, after the last round), say {text}, "
                       "dispute {version, text} (an entrant), resolve_dispute {dispute, decision, text} "
                       "(organizer)"})
    tables = fields.List(fields.List(fields.Integer(strict=True, validate=validate.Range(1, 100_000)),
                                     validate=validate.Length(1, 9)), validate=validate.Length(1, 20_000))
    entrant = fields.Integer(strict=True, validate=validate.Range(1, 100_000))
    reason = fields.String(validate=[validate.Length(0, TEXT_MAX), TableText()])
    text = fields.String(validate=[validate.Length(1, TEXT_MAX), TableText()])
    version = fields.Integer(strict=True, validate=validate.Range(1, 10**9))
    dispute = fields.Integer(strict=True, validate=validate.Range(1, 10**6))
    decision = fields.String(validate=validate.OneOf(["upheld", "rejected"]))

    NEEDS = {"drop": ("entrant",), "no_show": ("entrant",), "say": ("text",), "dispute": ("version", "text"),
             "resolve_dispute": ("dispute", "decision", "text")}

    @validates_schema
    def complete(self, data, **kwargs):
        missing = [f for f in self.NEEDS.get(data.get("type"), ()) if f not in data]
        if missing:
            raise ValidationError({f: [f"{data['type']} needs `{f}`"] for f in missing})


class EntrantOut(Open):
    entrant = fields.Integer(required=True)
    name = fields.String(required=True)
    dropped = fields.Boolean(required=True)
    bot = fields.String(metadata={"description": "a house player: the server's bot plays it (its strategy)"})


class TableSeat(Open):
    seat = fields.Integer(required=True)
    entrant = fields.Integer(allow_none=True, required=True, metadata={"description": "null: a bot seat"})
    bot = fields.String(allow_none=True, metadata={"description": "the server bot's strategy on a bot seat"})
    no_show = fields.String(metadata={"description": "the policy its absent entrant's seat got"})


class TableResultOut(Open):
    version = fields.Integer(required=True, metadata={"description": "the game's version the result was read at"})
    head_hash = fields.String(required=True, metadata={"description": "the game's chain head at that version"})
    annulled = fields.Boolean(required=True)
    places = fields.Dict(keys=fields.String(), values=fields.Float(), required=True,
                         metadata={"description": "seat -> place (1 first; tied seats share a place)"})
    scores = fields.Dict(keys=fields.String(), values=fields.Float(), required=True,
                         metadata={"description": "seat -> in-game score (cash, Bankrolls, Coins)"})
    score_name = fields.String(allow_none=True)


class TableOut(Open):
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    game_id = fields.String(required=True)
    entrants = fields.List(fields.Nested(TableSeat), required=True)
    status = fields.String(required=True, validate=validate.OneOf(["playing", "finished", "annulled"]))
    result = fields.Nested(TableResultOut, allow_none=True, required=True)


class Tournament(Open):
    tournament_id = fields.String(required=True)
    name = fields.String(required=True)
    ruleset = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["registering", "running", "finished"]))
    round = fields.Integer(required=True, metadata={"description": "the latest round seated (0 before round 1)"})
    rounds = fields.Integer(required=True)
    table_size = fields.Nested(TableSize, required=True)
    format = fields.String(required=True)
    scoring = fields.String(required=True)
    no_show = fields.String(required=True)
    game_options = fields.Dict(required=True)
    entrants = fields.List(fields.Nested(EntrantOut), required=True)
    tables = fields.List(fields.Nested(TableOut), required=True)
    seed_commitment = fields.String(required=True)
    seed = fields.String(allow_none=True, required=True, metadata={"description": "revealed when it finishes"})
    talk_count = fields.Integer(required=True)
    version = fields.Integer(required=True)
    created_at = fields.String(required=True)


class TournamentSummary(Open):
    tournament_id = fields.String(required=True)
    name = fields.String(required=True)
    ruleset = fields.String(required=True)
    status = fields.String(required=True)
    round = fields.Integer(required=True)
    rounds = fields.Integer(required=True)
    entrants = fields.Integer(required=True)
    version = fields.Integer(required=True)
    created_at = fields.String(required=True)


class TournamentList(Open):
    tournaments = fields.List(fields.Nested(TournamentSummary), required=True)
    next = fields.String(allow_none=True, metadata={"description": "pass as `after` for the next page"})


class Rating(Open):
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    ordinal = fields.Float(required=True, metadata={"description": "mu - 3 sigma: a cautious estimate"})


class TieBreaks(Open):
    opponents_points = fields.Float(required=True)
    score_share = fields.Float(required=True)


class StandingRow(Open):
    rank = fields.Integer(required=True)
    entrant = fields.Integer(required=True)
    name = fields.String(required=True)
    dropped = fields.Boolean(required=True)
    points = fields.Float(required=True)
    tie_breaks = fields.Nested(TieBreaks, required=True)
    rating = fields.Nested(Rating, required=True)
    tables_played = fields.Integer(required=True)


class Standings(Open):
    round = fields.Integer(required=True)
    rows = fields.List(fields.Nested(StandingRow), required=True)
    explained = fields.String(required=True)
    version = fields.Integer(required=True)


class MySeat(Open):
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    game_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    status = fields.String(required=True)


class MyResult(Open):
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    game_id = fields.String(required=True)
    place = fields.Float(allow_none=True, required=True)
    points = fields.Float(required=True)
    annulled = fields.Boolean(required=True)


class Me(Open):
    entrant = fields.Integer(required=True)
    name = fields.String(required=True)
    dropped = fields.Boolean(required=True)
    table = fields.Nested(MySeat, allow_none=True, required=True, metadata={
        "description": "where to sit now: your table in the latest round while it plays, else null"})
    results = fields.List(fields.Nested(MyResult), required=True)
    standing = fields.Dict(allow_none=True, required=True, metadata={"description": "your row of the standings"})


class TableDispute(Open):
    game_id = fields.String(allow_none=True, required=True, metadata={
        "description": "the table's game; null for a dispute about the tournament itself"})
    round = fields.Integer(allow_none=True, required=True)
    table = fields.Integer(allow_none=True, required=True)
    dispute = fields.Integer(required=True)
    state = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": "the version the dispute is about"})
    text = fields.String(required=True)
    link = fields.String(required=True, metadata={"description": "where to look: the game's state at that version"})


class TournamentDisputes(Open):
    disputes = fields.List(fields.Nested(TableDispute), required=True)


class TournamentRecord(Open):
    format = fields.String(required=True, metadata={"description": "`bootleggers-tournament-record`"})
    format_version = fields.Integer(required=True)
    tournament_id = fields.String(required=True)
    ruleset = fields.String(required=True)
    status = fields.String(required=True)
    version = fields.Integer(required=True)
    complete = fields.Boolean(required=True, metadata={"description": "true once finished: the record as stored"})
    events = fields.List(fields.Dict(), required=True, metadata={"description": "the tournament's events, in order"})
    tables = fields.Dict(keys=fields.String(), values=fields.Dict(), required=True, metadata={
        "description": "game id -> that table's game record (what GET /v1/games/{id}/export gives)"})
    standings = fields.List(fields.Dict(), required=True)


class TournamentImported(Open):
    tournament_id = fields.String(required=True)
    version = fields.Integer(required=True)
    status = fields.String(required=True)
    head_hash = fields.String(required=True)
    tables = fields.Integer(required=True, metadata={"description": "how many tables' games the record held"})


class TournamentEventOut(EventOut):
    """A tournament's own event (the document's oneOf is written in api_spec/events.py)."""


class TournamentEventsPage(Open):
    version = fields.Integer(required=True)
    events = fields.List(fields.Nested(TournamentEventOut), required=True)
    next_after = fields.Integer(metadata={"description": "pass as `after` for the next page"})
