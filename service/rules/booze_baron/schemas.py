"""Marshmallow schemas: one per command (no `type`; the engine loads the rest with
unknown=RAISE), whose descriptions feed the OpenAPI document, and one per event payload.

Command names are distinct from Bootleggers' (`pass_turn`, not `pass`), since the OpenAPI
generator merges every ruleset's commands by name. `deck_shuffled` and `dice_rolled` are
the engine-wide randomness conventions (service/rules/interface.py): this ruleset registers
the shared schemas of service/rules/common/events.py for them, as Bootleggers does.
"""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.rules.common.events import RANDOMNESS_EVENT_SCHEMAS, payload_schemas

from . import data

F = fields
_loc = validate.Length(min=1, max=40)


class ChooseMoveSchema(Schema):
    location = F.String(required=True, validate=_loc,
                        metadata={"description": "a Location id whose Movement card you hold"})


class CardSchema(Schema):
    card = F.String(required=True, validate=validate.Length(min=1, max=10),
                    metadata={"description": "a Delivery card id (d01 ...)"})


class TailSchema(Schema):
    seat = F.Integer(strict=True, required=True, validate=validate.Range(1, data.MAX_SEATS),
                     metadata={"description": "another player at your Location"})


class TriggerEventSchema(Schema):
    card = F.String(validate=validate.Length(min=1, max=10),
                    metadata={"description": "reroute: the Delivery card (here) to move"})
    to = F.String(validate=_loc, metadata={"description": "reroute: the Location it goes to"})


class ExposeSchema(Schema):
    booze = F.String(required=True, validate=validate.OneOf(list(data.MOBS)),
                     metadata={"description": "your public guess of the Tailed player's Booze type"})


class EmptySchema(Schema):
    pass


COMMAND_SCHEMAS = {
    "choose_move": (ChooseMoveSchema, "Booze Baron, Move Phase (all at once, sealed): the "
                    "Location you will visit; not last round's, not one whose Movement card "
                    "you lost. Hidden from everyone until all have chosen."),
    "deliver": (CardSchema, "Booze Baron, your Action: take a Delivery card at your Location "
                "that shows your Booze type (face-up until the round ends)."),
    "tail": (TailSchema, "Booze Baron, your Action: look at all Delivery cards of another "
             "player at your Location (only you see them); then steal, expose or drop_tail."),
    "trigger_event": (TriggerEventSchema, "Booze Baron, your Action: your Location's Event "
                      "(see legal-actions for its parameters)."),
    "pass_turn": (EmptySchema, "Booze Baron, your Action: do nothing."),
    "steal": (CardSchema, "Booze Baron, after your Tail: take one of the player's face-down "
              "Delivery cards that shows your Booze type."),
    "expose": (ExposeSchema, "Booze Baron, after your Tail: guess the Unexposed player's "
               "Booze type; right, they are Exposed and you collect their Movement card."),
    "drop_tail": (EmptySchema, "Booze Baron, after your Tail: neither Steal nor Expose."),
}

_req = {"required": True}
_seat = F.Integer(**_req)
_card = F.String(**_req)
_hidden_card = F.String(allow_none=True, **_req)
EVENT_SPECS = {
    "booze_setup": {"data_version": F.String(**_req), "locations": F.List(F.Dict(), **_req),
                    "cards": F.Dict(**_req), "baron": _seat, "snitch_tokens": F.Integer(**_req),
                    "house_data": F.Dict(**_req), "players": F.List(F.Dict(), **_req)},
    "booze_dealt": {"seat": _seat, "mob": F.String(allow_none=True, **_req),
                    "booze": F.String(allow_none=True, **_req)},
    "delivery_drawn": {"card": _card, "location": F.String(**_req)},
    "booze_round_started": {"round": F.Integer(**_req), "baron": _seat},
    "booze_step_opened": {"step": F.String(**_req), "seats": F.List(F.Integer(), **_req)},
    "movement_chosen": {"seat": _seat, "location": F.String(allow_none=True, **_req)},
    "movements_revealed": {"moves": F.Dict(keys=F.String(), values=F.String(), **_req)},
    "delivery_taken": {"seat": _seat, "card": _card, "location": F.String(**_req),
                       "how": F.String(**_req)},
    "tail_started": {"seat": _seat, "target": _seat, "how": F.String(**_req)},
    "deliveries_viewed": {"seat": _seat, "target": _seat,
                          "cards": F.List(F.String(), allow_none=True, **_req),
                          "count": F.Integer()},
    "delivery_stolen": {"seat": _seat, "from": _seat, "card": _card},
    "expose_failed": {"seat": _seat, "target": _seat, "guess": F.String(**_req)},
    "bootlegger_exposed": {"seat": _seat, "mob": F.String(**_req), "booze": F.String(**_req),
                           "by": F.Integer(allow_none=True, **_req),
                           "guess": F.String(allow_none=True, **_req),
                           "movement": F.String(allow_none=True, **_req),
                           "reason": F.String(**_req)},
    "snitch_taken": {"seat": _seat},
    "tail_dropped": {"seat": _seat, "target": _seat},
    "event_triggered": {"seat": _seat, "event": F.String(**_req), "location": F.String(**_req)},
    "deck_peeked": {"seat": _seat, "card": _hidden_card},
    "delivery_discarded": {"seat": _seat, "card": _hidden_card},
    "delivery_rerouted": {"seat": _seat, "card": _card, "from": F.String(**_req),
                          "to": F.String(**_req)},
    # card: the card a gamble named in games recorded when it could name any Location's; null
    # in games recorded since (a lost gamble names no card)
    "gamble_lost": {"seat": _seat, "card": F.String(allow_none=True, **_req),
                    "roll": F.Integer(**_req)},
    "action_passed": {"seat": _seat},
    "baron_passed": {"from": _seat, "to": _seat},
    "deliveries_turned_down": {"round": F.Integer(**_req)},
    "booze_round_ended": {"round": F.Integer(**_req)},
    "booze_game_ended": {"winner": F.String(**_req), "winners": F.List(F.String(), **_req),
                         "mob_coins": F.Dict(**_req), "coins": F.Dict(**_req),
                         "mobs": F.Dict(**_req), "booze": F.Dict(**_req),
                         "reason": F.String(**_req)},
    "booze_timed_out": {"seat": _seat, "step": F.String(**_req), "default": F.String(**_req)},
}


EVENT_SCHEMAS = {**payload_schemas(EVENT_SPECS, prefix="BoozeBaron"), **RANDOMNESS_EVENT_SCHEMAS}
