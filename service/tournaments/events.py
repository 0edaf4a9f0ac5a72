"""Payload schemas of a tournament's own events (its stream: `tournament:{id}:events`).

A tournament's record holds what the organizer and the server decided (who entered, who
dropped, how each round was seated, with the shuffled order it came from) and what each
table's game ended with (naming that game's head hash), never a copy of the games: each
table's game keeps its own record, and `bootleggers verify` checks the two against each
other. Talk, disputes and the seed reveal use the engine's schemas (events/engine_events.py).
"""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from events.engine_events import ENGINE_EVENT_SCHEMAS, ENGINE_UPCASTERS

_id = dict(required=True, validate=validate.Range(min=1))


class SeatsPerTable(Schema):
    min = fields.Integer(required=True)
    max = fields.Integer(required=True)


class ScoringRule(Schema):
    method = fields.String(required=True, validate=validate.OneOf(["beaten", "placement"]))
    annulled = fields.String(required=True, validate=validate.OneOf(["nothing", "average", "replay"]))
    bye_points = fields.Float(required=True)
    filler_bots = fields.String(required=True, validate=validate.OneOf(["ignored", "opponents"]))


class TournamentCreatedV1(Schema):
    """Version 1: `scoring` was the string "placement" (opponents beaten, the filler bots
    counted as opponents); no `uneven` (bots fill the tables)."""
    name = fields.String(required=True)
    ruleset = fields.String(required=True)
    rounds = fields.Integer(**_id)
    table_size = fields.Nested(SeatsPerTable, required=True)
    format = fields.String(required=True, validate=validate.OneOf(["swiss", "fixed"]))
    game_options = fields.Dict(required=True)
    scoring = fields.String(required=True)
    no_show = fields.String(required=True, validate=validate.OneOf(["bot", "forfeit"]))
    bot_strategy = fields.String(required=True, validate=validate.OneOf(["random", "greedy"]))
    rng_mode = fields.String(required=True, validate=validate.OneOf(["seeded"]))
    seed_commitment = fields.String(required=True)
    organizer_token_hash = fields.String(required=True)


class TournamentCreated(TournamentCreatedV1):
    """Version 2: `scoring` is the rule (service/tournaments/scoring.py); `uneven` says who
    fills a round that does not divide into legal tables: the server's bots, or byes."""
    scoring = fields.Nested(ScoringRule, required=True)
    uneven = fields.String(required=True, validate=validate.OneOf(["bots", "byes"]))
    #: the organizer's token reads the running tables' hidden information (hands, bids): the
    #: organizer does not play, and every entrant is told so
    organizer_sees_tables = fields.Boolean(load_default=False)


def created_v1_to_v2(payload: dict) -> dict:
    return {**payload, "scoring": {"method": "beaten", "annulled": "nothing", "bye_points": 0.0,
                                   "filler_bots": "opponents"}, "uneven": "bots", "organizer_sees_tables": True}


class EntrantRegistered(Schema):
    entrant = fields.Integer(**_id)
    name = fields.String(required=True)
    token_hash = fields.String(required=True)
    #: a house player the organizer entered: the server's bot plays its seats (its strategy)
    bot = fields.String(allow_none=True, load_default=None, validate=validate.OneOf(["random", "greedy"]))
    #: registered by the organizer after round 1 was seated: sits from the next round
    late = fields.Boolean(load_default=False)


class EntrantReinstated(Schema):
    """A dropped entrant is back: the next round seats it again."""
    entrant = fields.Integer(**_id)


class ByeGiven(Schema):
    """A round the entrant did not play scores `points` (a late entry's missed rounds)."""
    entrant = fields.Integer(**_id)
    round = fields.Integer(**_id)
    points = fields.Float(required=True)
    reason = fields.String(required=True, validate=validate.OneOf(["late_entry"]))


class Announced(Schema):
    """The organizer's word to everyone (shown on every entrant's page and the desk)."""
    text = fields.String(required=True)


class EntrantDropped(Schema):
    entrant = fields.Integer(**_id)
    by = fields.String(required=True, validate=validate.OneOf(["organizer", "entrant"]))
    reason = fields.String(load_default="")


class Seat(Schema):
    seat = fields.Integer(**_id)
    entrant = fields.Integer(allow_none=True, required=True)
    #: the server's bot filling a seat no entrant could (its strategy), else None
    bot = fields.String(allow_none=True, required=True)


class SeatedTable(Schema):
    table = fields.Integer(**_id)
    game_id = fields.String(required=True)
    seats = fields.List(fields.Nested(Seat), required=True)


class RoundSeatedV1(Schema):
    """`order`: the entrants as the seed shuffled them for this round (ties in points are
    broken by it; round 1 is this order cut into tables), so anyone holding the revealed seed
    can re-derive the seating. Version 1 was seated by rule 1, which read every entrant's
    points as 0 (a defect)."""
    round = fields.Integer(**_id)
    format = fields.String(required=True)
    order = fields.List(fields.Integer(), required=True)
    tables = fields.List(fields.Nested(SeatedTable), required=True)


class RoundSeated(RoundSeatedV1):
    """Version 2: `rule` names the seating rule (docs/verification.md: 2 follows the
    standings, weighs repeat meetings, rotates seat 1); `byes`: who sits this round out."""
    rule = fields.Integer(required=True, validate=validate.OneOf([1, 2]))
    byes = fields.List(fields.Integer(), required=True)


def seated_v1_to_v2(payload: dict) -> dict:
    return {**payload, "rule": 1, "byes": []}


class TableReplayed(Schema):
    """An annulled table of the current round is played again (`scoring.annulled: replay`):
    the same seats at a new table of the same round."""
    round = fields.Integer(**_id)
    table = fields.Integer(**_id)
    game_id = fields.String(required=True)
    replay_of = fields.Integer(**_id)
    seats = fields.List(fields.Nested(Seat), required=True)


class TableResult(Schema):
    """A table's game ended (or its result changed after the end): the places and in-game
    scores of its seats, read from the game's own record at `version`, whose chain head is
    `head_hash`."""
    round = fields.Integer(**_id)
    table = fields.Integer(**_id)
    game_id = fields.String(required=True)
    version = fields.Integer(required=True)
    head_hash = fields.String(required=True)
    annulled = fields.Boolean(required=True)
    places = fields.Dict(keys=fields.String(), values=fields.Float(), required=True)
    scores = fields.Dict(keys=fields.String(), values=fields.Float(), required=True)
    score_name = fields.String(allow_none=True, load_default=None)
    #: when the game ended (its dispute window counts from there)
    ended_at = fields.String(allow_none=True, load_default=None)
    #: seats forfeited, and seats the server's bot played at the end
    forfeited = fields.List(fields.Integer(), load_default=list)
    stand_ins = fields.List(fields.Integer(), load_default=list)


class EntrantNoShow(Schema):
    """The entrant's seat at its current table went to the tournament's `no_show` policy."""
    entrant = fields.Integer(**_id)
    round = fields.Integer(**_id)
    table = fields.Integer(**_id)
    game_id = fields.String(required=True)
    seat = fields.Integer(**_id)
    policy = fields.String(required=True, validate=validate.OneOf(["bot", "forfeit"]))


class TournamentFinished(Schema):
    pass


TOURNAMENT_EVENT_SCHEMAS = {
    "tournament_created": (TournamentCreated, 2),
    "entrant_registered": (EntrantRegistered, 1),
    "entrant_dropped": (EntrantDropped, 1),
    "entrant_reinstated": (EntrantReinstated, 1),
    "bye_given": (ByeGiven, 1),
    "announced": (Announced, 1),
    "round_seated": (RoundSeated, 2),
    "table_replayed": (TableReplayed, 1),
    "entrant_no_show": (EntrantNoShow, 1),
    "table_finished": (TableResult, 1),
    "table_result_amended": (TableResult, 1),
    "tournament_finished": (TournamentFinished, 1),
    **{kind: ENGINE_EVENT_SCHEMAS[kind] for kind in ("said", "seed_revealed", "dispute_filed", "dispute_resolved")},
}

#: (type, from version) -> the payload one version up
TOURNAMENT_UPCASTERS = {("tournament_created", 1): created_v1_to_v2, ("round_seated", 1): seated_v1_to_v2,
                        **ENGINE_UPCASTERS}  # (the disputes': the engine's schemas above)
