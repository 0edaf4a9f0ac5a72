"""The bodies and answers of the tournament endpoints (docs/api.md "Tournaments"), as marshmallow
schemas: the ones that parse a request are the ones the document shows."""
from __future__ import annotations

from marshmallow import ValidationError, fields, pre_load, validate, validates_schema

from service.api.schemas import DISPUTE_TEXTS, DisputeText, EventOut, GameOptions, Open, Receipt, RECEIPT, Strict
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


class ScoringOptions(Strict):
    method = fields.String(load_default=None, validate=validate.OneOf(["beaten", "placement"]), metadata={
        "description": "`beaten`: a point per other entrant finished ahead of, half per tie; `placement`: the "
                       "same divided by the entrants at the table less one (the winner scores 1 at any size). "
                       "Default: `beaten` when every table has one size, `placement` when sizes may differ"})
    annulled = fields.String(load_default="nothing", validate=validate.OneOf(["nothing", "average", "replay"]),
                             metadata={"description": "what an annulled table gives its entrants: nothing, the "
                                                      "table's average (as if all tied), or a replay in the round"})
    bye_points = fields.Float(load_default=None, allow_none=True, validate=validate.Range(0, 100), metadata={
        "description": "what a bye scores (default: the average at a full table)"})


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
    scoring = fields.Nested(ScoringOptions, load_default=lambda: ScoringOptions().load({}), metadata={
        "description": "how tables score (see the standings' `explained`); the string \"placement\" of "
                       "earlier clients is read as `{method: beaten}`, which it always meant"})
    uneven = fields.String(load_default="bots", validate=validate.OneOf(["bots", "byes"]), metadata={
        "description": "when the entrants do not divide into legal tables: the server's bots fill the last "
                       "tables (`bots`), or the fewest entrants sit the round out with a bye (`byes`)"})
    organizer_sees_tables = fields.Boolean(load_default=False, metadata={
        "description": "false (default): the organizer's token reads a running table as a spectator does "
                       "(rulings, disputes and the clock stay the organizer's), so an organizer who also plays "
                       "sees no more than a player; true: the organizer sees every hand (`as=` any seat) and "
                       "does not play — every entrant is shown which"})
    no_show = fields.String(load_default="bot", validate=validate.OneOf(["bot", "forfeit"]), metadata={
        "description": "what happens to the seat of an entrant who drops or is marked absent mid-round "
                       "(`forfeit` only where the ruleset can forfeit a seat)"})
    bot_strategy = fields.String(load_default="greedy", validate=validate.OneOf(["random", "greedy"]), metadata={
        "description": "how the server's bot plays the seats it is given"})

    @pre_load
    def legacy_scoring(self, data, **kwargs):
        if isinstance(data, dict) and data.get("scoring") == "placement":
            return {**data, "scoring": {"method": "beaten"}}
        return data


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
    bye = fields.Boolean(load_default=False, metadata={
        "description": "a late entry (the organizer, after round 1): score the bye points for every round "
                       "already seated; either way the entrant sits from the next round"})


class EntrantAnswer(Open):
    entrant = fields.Integer(required=True)
    entrant_token = fields.String(required=True, metadata={
        "description": "shown once: your seat token at every table of the tournament, and your token here"})
    version = fields.Integer(required=True)
    receipt = fields.Nested(Receipt, **RECEIPT)


class TournamentCommand(Strict):
    type = fields.String(required=True, validate=validate.OneOf(
        ["seat_round", "drop", "reinstate", "no_show", "seat_to_bot", "announce", "finish", "say", "dispute",
         "resolve_dispute"]), metadata={
        "description": "seat_round (organizer; `tables` for a fixed tournament; `preview: true` answers 200 "
                       "with the tables it would seat, recording nothing), drop {entrant} (organizer, or "
                       "the entrant itself), reinstate {entrant} (organizer: a dropped entrant sits again from "
                       "the next round), no_show {entrant} (organizer: the entrant's seat at its table goes to "
                       "the no_show policy), seat_to_bot {entrant} (organizer: the server's bot plays that "
                       "seat), announce {text} (organizer: shown on every entrant's page and the desk), finish "
                       "(organizer, after the last round), say {text}, dispute {version, text} (an entrant), "
                       "resolve_dispute {dispute, decision, text} (organizer)"})
    preview = fields.Boolean(metadata={"description": "seat_round only: answer the seating without recording it"})
    tables = fields.List(fields.List(fields.Integer(strict=True, validate=validate.Range(1, 100_000)),
                                     validate=validate.Length(1, 9)), validate=validate.Length(1, 20_000))
    entrant = fields.Integer(strict=True, validate=validate.Range(1, 100_000))
    reason = fields.String(validate=[validate.Length(0, TEXT_MAX), TableText()])
    text = fields.String(validate=[validate.Length(1, TEXT_MAX), TableText()])
    version = fields.Integer(strict=True, validate=validate.Range(1, 10**9))
    dispute = fields.Integer(strict=True, validate=validate.Range(1, 10**6))
    decision = fields.String(validate=validate.OneOf(["upheld", "rejected"]))

    NEEDS = {"drop": ("entrant",), "no_show": ("entrant",), "reinstate": ("entrant",), "seat_to_bot": ("entrant",),
             "announce": ("text",), "say": ("text",), "dispute": ("version", "text"),
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
    late = fields.Boolean(metadata={"description": "entered after round 1 was seated"})


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
    ended_at = fields.String(allow_none=True, metadata={"description": "when the game ended"})
    forfeited = fields.List(fields.Integer(), metadata={"description": "seats forfeited"})
    stand_ins = fields.List(fields.Integer(), metadata={"description": "seats the server's bot played at the end"})


class TableOut(Open):
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    game_id = fields.String(required=True)
    entrants = fields.List(fields.Nested(TableSeat), required=True)
    status = fields.String(required=True, validate=validate.OneOf(["playing", "finished", "annulled"]))
    result = fields.Nested(TableResultOut, allow_none=True, required=True)
    replay_of = fields.Integer(allow_none=True, metadata={"description": "the annulled table this one replays"})


class ScoringRuleOut(Open):
    method = fields.String(required=True)
    annulled = fields.String(required=True)
    bye_points = fields.Float(required=True)
    filler_bots = fields.String(required=True, metadata={
        "description": "`ignored`: the server's filler bots are not opponents; `opponents`: they were "
                       "(tournaments created before scoring options)"})


class Bye(Open):
    entrant = fields.Integer(required=True)
    round = fields.Integer(required=True)
    points = fields.Float(required=True)
    reason = fields.String(required=True, metadata={"description": "`uneven` or `late_entry`"})


class Announcement(Open):
    version = fields.Integer(required=True)
    text = fields.String(required=True)
    at = fields.String(required=True)


class Tournament(Open):
    tournament_id = fields.String(required=True)
    name = fields.String(required=True)
    ruleset = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["registering", "running", "finished"]))
    round = fields.Integer(required=True, metadata={"description": "the latest round seated (0 before round 1)"})
    rounds = fields.Integer(required=True)
    table_size = fields.Nested(TableSize, required=True)
    format = fields.String(required=True)
    scoring = fields.Nested(ScoringRuleOut, required=True)
    uneven = fields.String(required=True)
    organizer_sees_tables = fields.Boolean(required=True, metadata={
        "description": "whether the organizer's token reads the running tables' hidden information"})
    no_show = fields.String(required=True)
    game_options = fields.Dict(required=True)
    entrants = fields.List(fields.Nested(EntrantOut), required=True)
    byes = fields.List(fields.Nested(Bye), required=True)
    announcements = fields.List(fields.Nested(Announcement), required=True)
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
    byes = fields.Integer(metadata={"description": "rounds sat out with a bye"})
    tie_breaks = fields.Nested(TieBreaks, required=True)
    rating = fields.Nested(Rating, required=True)
    tables_played = fields.Integer(required=True)


class Standings(Open):
    round = fields.Integer(required=True)
    rows = fields.List(fields.Nested(StandingRow), required=True)
    explained = fields.String(required=True)
    version = fields.Integer(required=True)
    final = fields.Boolean(required=True, metadata={
        "description": "false (provisional) until the tournament has finished and the last table's dispute "
                       "window has closed"})
    final_at = fields.String(allow_none=True, required=True, metadata={
        "description": "when they become final (null while not known: the tournament still runs, or a "
                       "dispute about it is open)"})


class MySeat(Open):
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    game_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    status = fields.String(required=True)


class SeatingPreview(Open):
    preview = fields.Boolean(required=True)
    round = fields.Integer(required=True)
    order = fields.List(fields.Integer(), required=True)
    tables = fields.List(fields.Dict(), required=True, metadata={"description": "[{table, game_id, seats: [{seat, entrant, bot}]}]"})
    byes = fields.List(fields.Integer(), required=True)
    rule = fields.Integer(required=True)
    version = fields.Integer(required=True, metadata={
        "description": "the record's version it was computed at: send `seat_round` with `If-Match` on it to "
                       "seat exactly this, or be told the record moved (412)"})


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
    filed_by = fields.Dict(allow_none=True, required=True, metadata={
        "description": "`{entrant, name}` of who filed it (null when the table's seat holds no entrant)"})
    link = fields.String(required=True, metadata={"description": "where to look: the game's state at that version"})
    viewer = fields.String(allow_none=True, required=True, metadata={
        "description": "the page showing it: the table's viewer at that version (the token goes in the "
                       "fragment, `&token=…`); null for the tournament's own disputes"})


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
    dispute_texts = fields.List(fields.Nested(DisputeText), metadata=DISPUTE_TEXTS)


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
    dispute_texts = fields.List(fields.Nested(DisputeText), metadata=DISPUTE_TEXTS)
