"""Marshmallow schemas: one per command (without `type`; the engine loads the rest with
unknown=RAISE) and one per event payload (schema_version 1). The command descriptions say
when each is legal; they feed the OpenAPI document."""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate

from service.rules.common.events import payload_schemas

from . import data


def Int(**kwargs) -> fields.Integer:
    """Only JSON integers: 1.7 or "1" are refused, not truncated or parsed."""
    return fields.Integer(strict=True, **kwargs)


class Bool(fields.Boolean):
    """Only JSON true or false."""

    def _deserialize(self, value, attr, data_, **kwargs):
        if not isinstance(value, bool):
            raise ValidationError("must be true or false")
        return value


#: The front door's bound on a number of Cases (docs/operations.md "The front door"): far above what a
#: Source can hold or a Bankroll buy; the rules refuse more than the Source has.
MAX_CASES = 10_000


class MoveSchema(Schema):
    die = Int(required=True, validate=validate.Range(1, 6),
              metadata={"description": "the value of one of your unused dice this turn"})
    pawn = fields.String(required=True, validate=validate.OneOf(data.PAWNS),
                         metadata={"description": '"own" (your pawn) or a Law pawn: "police", '
                                                  '"agent" (Prohibition Agent), "fbi"'})
    direction = fields.String(required=True, validate=validate.OneOf(data.DIRECTIONS),
                              metadata={"description": '"cw" (rising space numbers, 24 -> 1) '
                                                       'or "ccw" (falling)'})
    target = Int(validate=validate.Range(1, data.MAX_SEATS),
                 metadata={"description": "the seat to rob (own pawn) or sting (Agent) when "
                                          "several pawns with Cases share the landing space"})


class BuySchema(Schema):
    cases = Int(required=True, validate=validate.Range(0, MAX_CASES),
                metadata={"description": f"Cases to buy at 1 Bankroll each (0 = none; at most {MAX_CASES:,})"})


class SellSchema(Schema):
    accept = Bool(required=True, metadata={"description": "true: sell all your Cases at 2 "
                                                          "Bankrolls each; false: keep them"})


class EndTurnSchema(Schema):
    pass


COMMAND_SCHEMAS = {
    "move": (MoveSchema, "Prohibition, your Action phase: use one unused die to move your pawn "
             "(never onto a Law pawn) or a Law pawn not yet moved this turn, that many spaces "
             "either way round the track."),
    "buy": (BuySchema, "Prohibition, when your pawn landed on a Source with Cases: buy none, "
            "some or all of them at 1 Bankroll each."),
    "sell": (SellSchema, "Prohibition, when your pawn landed on a dry Establishment: sell all "
             "your Cases at 2 Bankrolls each, or keep them."),
    "end_turn": (EndTurnSchema, "Prohibition, your Action phase: end your turn, leaving your "
                 "unused dice."),
}

F = fields
_req = {"required": True}
_seat = F.Integer(**_req)
_space = F.Integer(validate=validate.Range(1, data.SPACES), **_req)
_counts = F.Dict(keys=F.String(), values=F.Integer(), **_req)
EVENT_SPECS = {
    "game_setup": {"data_version": F.String(**_req), "round_limit": F.Integer(**_req),
                   "players": F.List(F.Dict(), **_req)},
    "dice_rolled": {"purpose": F.String(**_req),
                    "dice": F.List(F.Integer(validate=validate.Range(1, 6)), **_req),
                    "seat": F.Integer(), "source": F.Integer(), "attempt": F.Integer(),
                    "victim": F.Integer()},
    "turn_order_decided": {"first": _seat, "order": F.List(F.Integer(), **_req)},
    "turn_started": {"seat": _seat, "round": F.Integer(**_req), "turn": F.Integer(**_req)},
    "cases_consumed": {"spaces": _counts},
    "step_started": {"step": F.String(**_req), "seats": F.List(F.Integer(), **_req),
                     "space": F.Integer(), "max": F.Integer()},
    "pawn_moved": {"seat": _seat, "pawn": F.String(validate=validate.OneOf(data.PAWNS), **_req),
                   "die": F.Integer(**_req), "direction": F.String(**_req),
                   "from": _space, "to": _space},
    "cases_stolen": {"seat": _seat, "from": _seat, "roll": F.Integer(**_req),
                     "cases": F.Integer(**_req)},
    "cases_confiscated": {"by": F.String(validate=validate.OneOf(data.LAW_PAWNS), **_req),
                          "space": _space, "seat": F.Integer(), "cases": F.Integer(**_req),
                          "mover": _seat},
    "cases_bought": {"seat": _seat, "space": _space, "cases": F.Integer(**_req),
                     "cost": F.Integer(**_req)},
    "cases_sold": {"seat": _seat, "space": _space, "cases": F.Integer(**_req),
                   "paid": F.Integer(**_req)},
    "sale_declined": {"seat": _seat, "space": _space},
    "dice_declined": {"seat": _seat, "dice": F.List(F.Integer(), **_req)},
    "culture_bankroll_taken": {"seat": _seat, "space": _space},
    "turn_ended": {"seat": _seat, "unused_dice": F.List(F.Integer(), **_req)},
    "timed_out": {"seat": _seat, "step": F.String(**_req), "default": F.String(**_req)},
    # `winners`: every seat with the most Bankrolls, who share the win; `winner`
    # is then None. Games ended before it have `winner` alone (the Cases tie-break of then).
    "game_ended": {"winner": F.Integer(required=True, allow_none=True),
                   "winners": F.List(F.Integer()), "ranking": F.List(F.Integer(), **_req),
                   "reason": F.String(validate=validate.OneOf(["culture_empty", "round_limit"]),
                                      **_req),
                   "tied_on_bankrolls": F.List(F.Integer(), **_req),
                   "bankrolls": _counts, "cases": _counts},
}


EVENT_SCHEMAS = payload_schemas(EVENT_SPECS, prefix="Prohibition")
