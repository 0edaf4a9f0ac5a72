"""Payload schemas of the events the engine itself records (lobby, talk, randomness).

Ruleset events are registered by each ruleset; these are common to all of them.
"""
from __future__ import annotations

from marshmallow import INCLUDE, Schema, ValidationError, fields, validate, validates_schema


class GameCreated(Schema):
    ruleset = fields.String(required=True)
    ruleset_version = fields.String(required=True)
    seats = fields.Integer(required=True, validate=validate.Range(min=1))
    options = fields.Dict(required=True)
    rng_mode = fields.String(required=True, validate=validate.OneOf(["seeded", "scripted"]))
    seed_commitment = fields.String(allow_none=True)
    script = fields.Dict(allow_none=True)
    organizer_token_hash = fields.String(required=True)
    #: a tournament's table: {tournament_id, round, table} (absent for a game on its own)
    tournament = fields.Dict()


class RematchOf(Schema):
    """The game is the rematch of another, finished one (service/table/rematch.py): the same
    players and options; `version` is where that game stood when this one was made."""
    game_id = fields.String(required=True)
    version = fields.Integer(required=True, validate=validate.Range(min=1))


class SeatJoined(Schema):
    seat = fields.Integer(required=True, validate=validate.Range(min=1))
    name = fields.String(required=True)
    token_hash = fields.String(required=True)


class GameStarted(Schema):
    pass


class Said(Schema):
    text = fields.String(required=True, validate=validate.Length(min=1, max=500))


class SeedRevealed(Schema):
    seed = fields.String(required=True)


class DiceRolled(Schema):
    """Every die of the game is in one of these; context fields are the ruleset's."""

    class Meta:
        unknown = INCLUDE

    purpose = fields.String(required=True)
    dice = fields.List(fields.Integer(validate=validate.Range(min=1, max=6)), required=True)


class DeckShuffled(Schema):
    class Meta:
        unknown = INCLUDE

    deck = fields.String(required=True)
    order = fields.List(fields.Raw(), required=True)


# ---- the clock (service/clock): deadlines, timeouts, the organizer's controls ----------
_time = dict(required=True)
_maybe_time = dict(required=True, allow_none=True)


class DeadlineSet(Schema):
    """A waiting step got a deadline; `step_version` (this event's version) names the step."""
    step = fields.String(required=True)
    seats = fields.List(fields.Integer(), required=True)
    seconds = fields.Integer(required=True, validate=validate.Range(min=1))
    due_at = fields.String(**_time)
    step_version = fields.Integer(required=True)
    round = fields.Raw(allow_none=True)
    paused_at = fields.String()


class DeadlineCleared(Schema):
    step_version = fields.Integer(required=True)


class DeadlineExtended(Schema):
    step_version = fields.Integer(required=True)
    seconds = fields.Integer(required=True, validate=validate.Range(min=1))
    due_at = fields.String(**_time)


class DeadlineExpired(Schema):
    """The deadline passed: `seats` timed out at `step`; the defaults follow in this batch."""
    step = fields.String(required=True)
    seats = fields.List(fields.Integer(), required=True)
    step_version = fields.Integer(required=True)
    due_at = fields.String(**_time)
    round = fields.Raw(allow_none=True)


class ClockPaused(Schema):
    paused_at = fields.String(**_time)
    step_version = fields.Integer(allow_none=True)


class ClockResumed(Schema):
    resumed_at = fields.String(**_time)
    paused_seconds = fields.Float(required=True)
    step_version = fields.Integer(allow_none=True)
    due_at = fields.String(**_maybe_time)


# ---- disputes and the engine's rulings (service/table/disputes.py) ------------------------------
class DisputeFiledV1(Schema):
    """A seat says what happened at event `about` was wrong; `dispute` numbers it (1, 2, ...).
    Version 1: the text in the open (public once the game is over)."""
    dispute = fields.Integer(required=True, validate=validate.Range(min=1))
    seat = fields.Integer(required=True, validate=validate.Range(min=1))
    about = fields.Integer(required=True, validate=validate.Range(min=1))
    text = fields.String(required=True, validate=validate.Length(min=1, max=2000))


class DisputeResolvedV1(Schema):
    """The organizer's answer; the rulings it carries follow in the same append."""
    dispute = fields.Integer(required=True, validate=validate.Range(min=1))
    seat = fields.Integer(required=True, validate=validate.Range(min=1))
    decision = fields.String(required=True, validate=validate.OneOf(["upheld", "rejected"]))
    text = fields.String(required=True, validate=validate.Length(min=1, max=2000))
    rulings = fields.List(fields.String(), required=True)


#: `v1.<nonce>.<ciphertext and tag>`, base64url without padding (service/table/dispute_texts.py):
#: a 12-byte nonce, and 1 to 2,000 characters (up to 8,000 UTF-8 bytes) with a 16-byte tag
SEALED_TEXT = validate.Regexp(r"^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{23,10688}$")


class SealedText(Schema):
    """Version 2: `text_sealed`, the text sealed for the filer and the organizer (AES-256-GCM
    under the server's key; docs/service-decisions.md, "Disputes are private"). A version 1
    event, upcast unchanged, holds `text` instead: exactly one of the two."""
    text_sealed = fields.String(validate=SEALED_TEXT)
    text = fields.String(validate=validate.Length(min=1, max=2000))

    @validates_schema
    def _one_text(self, data, **kwargs):
        if ("text_sealed" in data) == ("text" in data):
            raise ValidationError("exactly one of text_sealed (recorded since version 2) and text (version 1)",
                                  "text_sealed")


class DisputeFiled(SealedText):
    dispute = fields.Integer(required=True, validate=validate.Range(min=1))
    seat = fields.Integer(required=True, validate=validate.Range(min=1))
    about = fields.Integer(required=True, validate=validate.Range(min=1))


class DisputeResolved(SealedText):
    dispute = fields.Integer(required=True, validate=validate.Range(min=1))
    seat = fields.Integer(required=True, validate=validate.Range(min=1))
    decision = fields.String(required=True, validate=validate.OneOf(["upheld", "rejected"]))
    rulings = fields.List(fields.String(), required=True)


def dispute_v1_to_v2(payload: dict) -> dict:
    """A version 1 payload reads as version 2 unchanged: its `text` in the open."""
    return payload


class SeatForfeited(Schema):
    seat = fields.Integer(required=True, validate=validate.Range(min=1))
    reason = fields.String(required=True)
    dispute = fields.Integer(allow_none=True)


class SeatReplaced(SeatForfeited):
    """A new player takes the seat: `token_hash` replaces the old one (never the token)."""
    token_hash = fields.String(required=True)


class SeatGivenToBot(SeatForfeited):
    """The organizer hands the seat to the server's bot (service/bots/seat_bots.py)."""
    strategy = fields.String(required=True, validate=validate.OneOf(["random", "greedy"]))


class SeatGivenBack(SeatReplaced):
    """The seat back from the bot to a player, whose new token's hash replaces the old one."""


class GameAnnulled(Schema):
    reason = fields.String(required=True)
    dispute = fields.Integer(allow_none=True)
    winner_was = fields.Raw(allow_none=True)


class ResultAmended(Schema):
    """A result changed after the end (a forfeit); the original stays in its own event."""
    winner = fields.Integer(allow_none=True)
    winner_was = fields.Raw(allow_none=True)
    reason = fields.String(required=True)
    dispute = fields.Integer(allow_none=True)


ENGINE_EVENT_SCHEMAS = {
    "game_created": (GameCreated, 1),
    "seat_joined": (SeatJoined, 1),
    "rematch_of": (RematchOf, 1),
    "game_started": (GameStarted, 1),
    "said": (Said, 1),
    "seed_revealed": (SeedRevealed, 1),
    "dice_rolled": (DiceRolled, 1),
    "deck_shuffled": (DeckShuffled, 1),
    "deadline_set": (DeadlineSet, 1),
    "deadline_cleared": (DeadlineCleared, 1),
    "deadline_extended": (DeadlineExtended, 1),
    "deadline_expired": (DeadlineExpired, 1),
    "clock_paused": (ClockPaused, 1),
    "clock_resumed": (ClockResumed, 1),
    "dispute_filed": (DisputeFiled, 2),
    "dispute_resolved": (DisputeResolved, 2),
    "seat_forfeited": (SeatForfeited, 1),
    "seat_given_to_bot": (SeatGivenToBot, 1),
    "seat_given_back": (SeatGivenBack, 1),
    "seat_replaced": (SeatReplaced, 1),
    "game_annulled": (GameAnnulled, 1),
    "result_amended": (ResultAmended, 1),
}

#: (type, from version) -> the payload one version up
ENGINE_UPCASTERS = {("dispute_filed", 1): dispute_v1_to_v2, ("dispute_resolved", 1): dispute_v1_to_v2}
