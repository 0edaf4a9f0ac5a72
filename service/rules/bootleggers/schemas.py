"""Marshmallow 4 schemas: one per command (no `type`; the engine strips it and loads the
rest with unknown=RAISE) and one per event payload (schema_version 1).

The command descriptions say when each is legal; they feed the OpenAPI document.
"""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate

from service.rules.common.events import (DECK_SHUFFLED, DICE_ROLLED, RANDOMNESS_EVENT_SCHEMAS,
                                         payload_schemas)
from service.rules.common.text import TEXT_MAX, TableText

from . import data, rulings

SPEAKEASY_IDS = list(data.SPEAKEASY_ORDER)
_speakeasy = validate.OneOf(SPEAKEASY_IDS)
MAX_OFFER = 20                      # offer spaces on the board: a handful
_id = validate.Length(min=1, max=data.MAX_ID)
_seat_no = validate.Range(1, data.MAX_SEAT_NUMBER)
_few = validate.Length(max=data.MAX_LIST)


class OfferField(fields.Field):
    """`"truck"` or an offer-space number (1 = first Men of Action space)."""

    def _deserialize(self, value, attr, data_, **kwargs):
        if value == "truck":
            return value
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_OFFER:
            return value
        raise ValidationError(f'offer is "truck" or an offer-space number from 1 to {MAX_OFFER}')

    def _serialize(self, value, attr, obj, **kwargs):
        return value


class SeatOrBank(fields.Field):
    def _deserialize(self, value, attr, data_, **kwargs):
        if value == "bank" or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        raise ValidationError('a seat number or "bank"')

    def _serialize(self, value, attr, obj, **kwargs):
        return value


class Bool(fields.Boolean):
    """Only JSON true or false: "yes", 1 or "true" are refused, not guessed at."""

    def _deserialize(self, value, attr, data_, **kwargs):
        if not isinstance(value, bool):
            raise ValidationError("must be true or false")
        return value


def Int(**kwargs) -> fields.Integer:
    """Only JSON integers: 1.7 or "1" are refused, not truncated or parsed."""
    return fields.Integer(strict=True, **kwargs)


# --- commands ---------------------------------------------------------------------------------
class BidSchema(Schema):
    card = Int(required=True, validate=validate.Range(1, 72),
                          metadata={"description": "a Muscle card from your hand"})


class TakeOfferSchema(Schema):
    offer = OfferField(required=True, metadata={"description": '"truck" or an offer-space number'})
    choice = fields.String(validate=validate.OneOf(["dice", "remote_still"]),
                           metadata={"description": "Double Still Improvement only"})


class PassSchema(Schema):
    pass


class PlaceInfluenceSchema(Schema):
    placements = fields.Dict(keys=fields.String(validate=_speakeasy),
                             values=Int(validate=validate.Range(1, data.MARKERS_PER_PLAYER)),
                             required=True,
                             metadata={"description": "speakeasy id -> markers to place"})


class PlaceDieSchema(Schema):
    still = fields.String(required=True, validate=_id,
                          metadata={"description": '"family" or one of your remote still ids'})


class PlaceImprovementSchema(Schema):
    speakeasy = fields.String(required=True, validate=_speakeasy)


class LoadSchema(Schema):
    loads = fields.Dict(keys=fields.String(validate=_id),
                        values=Int(validate=validate.Range(1, data.MAX_CRATES)),
                        required=True, validate=_few, metadata={"description": "truck id -> crates"})


class DispatchSchema(Schema):
    routes = fields.Dict(keys=fields.String(validate=_id), values=fields.String(validate=_speakeasy),
                         required=True, validate=_few, metadata={"description": "truck id -> speakeasy id"})


class AllowPublicSchema(Schema):
    truck = fields.String(required=True, validate=_id)
    allow = Bool(required=True)


class PlayThugSchema(Schema):
    card = fields.String(required=True, validate=validate.Length(min=1, max=60),
                         metadata={"description": "a Thug card id from your hand (thug:hit#1), "
                                   "or a card your Windfall drew"})
    speakeasy = fields.String(validate=_speakeasy)
    to_speakeasy = fields.String(validate=_speakeasy,
                                 metadata={"description": "Opportunity Knocks / Hijack destination"})
    seat = Int(validate=_seat_no)
    still = fields.String(validate=validate.Length(min=1, max=40))
    to_still = fields.String(validate=validate.Length(min=1, max=40),
                             metadata={"description": 'Muscling In: your still or "back_room"'})
    truck = fields.String(validate=validate.Length(min=1, max=40))
    with_truck = fields.String(validate=validate.Length(min=1, max=40),
                               metadata={"description": "Hijack: your empty truck"})
    count = Int(validate=validate.Range(1, 3), metadata={"description": "Politics"})
    markers = fields.Dict(keys=fields.String(validate=validate.Length(1, 1)),
                          values=Int(validate=validate.Range(1, 2)), validate=_few,
                          metadata={"description": "Mob War: seat -> markers to destroy"})
    withdraw = fields.Dict(keys=fields.String(validate=_speakeasy),
                           values=Int(validate=validate.Range(1, 3)),
                           metadata={"description": "Safe-house: speakeasy -> markers"})
    mode = fields.String(validate=validate.OneOf(["destroy", "add"]),
                         metadata={"description": "Double Cross"})
    target = fields.String(validate=validate.OneOf(["pending", "friendly_union_boss"]),
                           metadata={"description": "G-Men—Investigation"})
    choice = fields.String(validate=validate.OneOf(["dice", "remote_still"]),
                           metadata={"description": "Windfall: what a drawn Double Still "
                                     'Improvement gives ("dice" unless "remote_still")'})


class AnswerVigorishSchema(Schema):
    pay = Bool(required=True)


def _never_influence(value):
    raise ValidationError("influence markers can never be traded (your mob is loyal)")


class DealSideSchema(Schema):
    cash = Int(validate=validate.Range(0, data.MAX_CASH))
    crates = Int(validate=validate.Range(0, data.MAX_CRATES))
    trucks = fields.List(fields.String(validate=_id), validate=_few, metadata={"description": "sold"})
    rent_trucks = fields.List(fields.String(validate=_id), validate=_few,
                              metadata={"description": "rented for this round"})
    thug_cards = fields.List(fields.String(validate=validate.Length(1, 60)), validate=_few,
                             metadata={"description": "ids, or kinds (thug:hit) on the other side"})
    influence = fields.Raw(validate=_never_influence)


class ProposeDealSchema(Schema):
    to = Int(required=True, validate=_seat_no)
    give = fields.Nested(DealSideSchema, load_default=dict)
    get = fields.Nested(DealSideSchema, load_default=dict)
    promise = fields.String(validate=[validate.Length(max=TEXT_MAX), TableText()], load_default="",
                            metadata={"description": "recorded, never enforced"})


class DealRefSchema(Schema):
    deal = fields.String(required=True, validate=validate.Length(min=1, max=20))


COMMAND_SCHEMAS = {
    "play_thug": (PlayThugSchema, "Whenever Muscle cards are displayed, within the card's own "
                  "window: play a Thug card with its targets. Others may answer with "
                  "G-Men—Investigation before it resolves; one card is pending at a time. "
                  "In a thug_window the play is declared (face down, your answer to the "
                  "window, once per round of it); when every awaited seat has answered the "
                  "declared cards resolve in Muscle order, highest first, and a card whose "
                  "target is gone returns to your hand."),
    "answer_vigorish": (AnswerVigorishSchema, "When A Little Vigorish asks you: pay $3G per die "
                        "on that still, or it produces nothing this round."),
    "propose_deal": (ProposeDealSchema, "Whenever Muscle cards are displayed: offer another seat "
                     "cash, unloaded crates, trucks (sale or rental), Thug cards and a promise."),
    "accept_deal": (DealRefSchema, "Accept a deal proposed to you; both sides must still hold "
                    "everything; it moves at once."),
    "reject_deal": (DealRefSchema, "Reject a deal proposed to you."),
    "withdraw_deal": (DealRefSchema, "Withdraw a deal you proposed."),
    "bid": (BidSchema, "Phase 1, sealed: choose a Muscle card from your hand. Hidden from "
                       "everyone until all have bid."),
    "take_offer": (TakeOfferSchema, "Phase 1, on your turn in Muscle order (after graft and "
                   "the card's cost are paid): take the Truck card or a Men of Action card. "
                   'Double Still Improvement needs choice "dice" or "remote_still".'),
    "pass": (PassSchema, "Ends your part of the current step: take no offer, place no "
             "influence, finish deals, load nothing, send no truck, declare nothing in a "
             "thug_window, let a card resolve in a reaction window."),
    "place_influence": (PlaceInfluenceSchema, "Phase 2 on your turn in Muscle order (one "
                        "complete placement); under the anytime-influence option, whenever "
                        "Muscle cards are displayed — declared in a thug_window (settled in "
                        "Muscle order with the declared cards; a pre-emption stands). At most "
                        "the speakeasy's circles."),
    "place_die": (PlaceDieSchema, "Whenever Muscle cards are displayed: move a back-room die "
                  "to one of your stills (at most 4 dice per still)."),
    "place_improvement": (PlaceImprovementSchema, "Whenever Muscle cards are displayed: move a "
                          "back-room improvement marker to a speakeasy with a free square."),
    "load": (LoadSchema, "Phase 4 loading (all players at once): your complete loading of "
             "crates onto your own trucks. Unloaded crates are lost."),
    "dispatch": (DispatchSchema, "Phase 4, on your turn in Muscle order: send loaded trucks "
                 "to open speakeasies. Trucks not sent lose their crates."),
    "allow_public": (AllowPublicSchema, "Phase 5, when asked as the Controlling/Majority "
                     "player: allow or refuse the Public-dock truck. A refusal ends sales there."),
    "ruling": (rulings.RulingSchema, rulings.DESCRIPTION),
}


# --- events -----------------------------------------------------------------------------------
F = fields


_req = {"required": True}
_seat = F.Integer(**_req)
EVENT_SPECS = {
    "game_setup": {"data_version": F.String(**_req), "rounds": F.Integer(**_req),
                   "influence_mode": F.String(**_req), "players": F.List(F.Dict(), **_req)},
    "deck_shuffled": DECK_SHUFFLED,
    "muscle_dealt": {"seat": _seat, "cards": F.List(F.Integer(), allow_none=True),
                     "count": F.Integer()},
    "cash_paid": {"from": SeatOrBank(**_req), "to": SeatOrBank(**_req),
                  "amount": F.Integer(**_req), "reason": F.String(**_req),
                  "speakeasy": F.String(), "deal": F.String()},
    "truck_taken": {"seat": _seat, "truck": F.String(**_req), "size": F.String(**_req),
                    "reason": F.String(**_req)},
    "round_started": {"round": F.Integer(**_req)},
    "truck_card_turned": {"card": F.String(**_req)},
    "offers_dealt": {"slots": F.List(F.Dict(), **_req)},
    "step_started": {"phase": F.Integer(**_req), "step": F.String(**_req),
                     "seats": F.List(F.Integer(), **_req), "truck": F.String(),
                     "speakeasy": F.String(), "window": F.String()},
    "bid_placed": {"seat": _seat, "card": F.Integer(allow_none=True)},
    "bids_revealed": {"bids": F.Dict(keys=F.String(), values=F.Integer(), **_req),
                      "order": F.List(F.Integer(), **_req)},
    "payroll": {"seat": _seat, "graft": F.Integer(**_req), "muscle_cost": F.Integer(**_req),
                "paid": F.Integer(**_req),
                # null for other seats and spectators while the game runs: a total (cash.py)
                "cash_before": F.Integer(allow_none=True, **_req)},
    "offer_taken": {"seat": _seat, "offer": OfferField(**_req), "card": F.String(**_req),
                    "result": F.String(**_req), "choice": F.String(), "detail": F.String()},
    "passed": {"seat": _seat, "step": F.String(**_req)},
    "influence_gained": {"seat": _seat, "count": F.Integer(**_req), "reason": F.String(**_req)},
    "dice_gained": {"seat": _seat, "count": F.Integer(**_req)},
    "improvement_gained": {"seat": _seat, "count": F.Integer(**_req)},
    "remote_still_opened": {"seat": _seat, "still": F.String(**_req)},
    "offers_discarded": {"cards": F.List(F.String(), **_req)},
    "influence_placed": {"seat": _seat,
                         "placements": F.Dict(keys=F.String(), values=F.Integer(), **_req)},
    "die_placed": {"seat": _seat, "still": F.String(**_req)},
    "improvement_placed": {"seat": _seat, "speakeasy": F.String(**_req)},
    "dice_rolled": DICE_ROLLED,
    "copper_moved": {"from": F.Integer(allow_none=True, **_req), "to": _seat,
                     "family_production": F.Dict(keys=F.String(), values=F.Integer())},
    "trucks_loaded": {"seat": _seat, "loads": F.Dict(keys=F.String(), values=F.Integer(), **_req)},
    "crates_dumped": {"seat": _seat, "crates": F.Integer(**_req), "reason": F.String(**_req)},
    "trucks_dispatched": {"seat": _seat, "routes": F.List(F.Dict(), **_req)},
    "cargo_lost": {"seat": _seat, "truck": F.String(**_req), "crates": F.Integer(**_req),
                   "reason": F.String(**_req)},
    "selling_started": {"speakeasy": F.String(**_req), "demand": F.Integer(allow_none=True, **_req),
                        "open": F.Boolean(**_req)},
    "demand_changed": {"speakeasy": F.String(**_req),
                       "demand": F.Integer(allow_none=True, **_req),
                       "remaining": F.Integer(allow_none=True, **_req),
                       "reason": F.String(**_req)},
    "crates_sold": {"speakeasy": F.String(**_req), "truck": F.String(**_req), "seat": _seat,
                    "crates": F.Integer(**_req), "price": F.Integer(**_req),
                    "dock": F.String(**_req), "paid_to": F.Integer()},
    "public_dock_answered": {"seat": _seat, "speakeasy": F.String(**_req),
                             "truck": F.String(**_req), "allow": F.Boolean(**_req)},
    "selling_finished": {"speakeasy": F.String(**_req), "sold": F.Integer(**_req),
                         "unsold": F.Dict(keys=F.String(), values=F.Integer(), **_req)},
    "cash_announced": {"round": F.Integer(**_req),
                       "cash": F.Dict(keys=F.String(), values=F.Integer(), **_req)},
    "round_ended": {"round": F.Integer(**_req),
                    "discarded_muscle": F.Dict(keys=F.String(), values=F.Integer(allow_none=True))},
    "game_ended": {"winner": _seat, "ranking": F.List(F.Integer(), **_req),
                   "cash": F.Dict(keys=F.String(), values=F.Integer(), **_req),
                   "muscle": F.Dict(keys=F.String(), values=F.Integer(allow_none=True)),
                   "reason": F.String(**_req)},
    "timed_out": {"seat": _seat, "step": F.String(**_req), "default": F.String(**_req),
                  "timeout_for": _seat},
    "ruling_applied": rulings.EVENT_SPEC,
}
_side = F.Dict(**_req)
_opt_seat = F.Integer()
#: since schema version 2: a returned or fizzled card's reason in no language
_WHY = F.Dict(metadata={"description": "since schema version 2: the reason as a catalog message, "
                                       "`{id, params}` (a parameter may be one itself, or `{join: [...]}`), "
                                       "which the log says in the reader's language; `reason`/`fizzled` "
                                       "keep its English"})
EVENT_SPECS.update({
    "thug_played": {"seat": _seat, "card": F.String(**_req), "kind": F.String(**_req),
                    "targets": F.Dict(**_req), "reactors": F.List(F.Integer(), **_req)},
    "thug_declared": {"seat": _seat, "card": F.String(allow_none=True, **_req),
                      "kind": F.String(allow_none=True, **_req),
                      "targets": F.Dict(allow_none=True, **_req)},
    "thug_revealed": {"seat": _seat, "card": F.String(**_req), "kind": F.String(**_req),
                      "targets": F.Dict(**_req), "reactors": F.List(F.Integer(), **_req)},
    "thug_returned": {"seat": _seat, "card": F.String(allow_none=True, **_req),
                      "kind": F.String(allow_none=True, **_req),
                      "reason": F.String(allow_none=True, **_req), "why": _WHY},
    "influence_declared": {"seat": _seat, "placements": F.Dict(keys=F.String(),
                                                                values=F.Integer(),
                                                                allow_none=True, **_req)},
    "influence_revealed": {"seat": _seat,
                           "placements": F.Dict(keys=F.String(), values=F.Integer(), **_req),
                           "placed": F.Dict(keys=F.String(), values=F.Integer(), **_req)},
    "investigation_played": {"seat": _seat, "card": F.String(**_req), "target": F.String(**_req),
                             "on_seat": _seat, "on_card": F.String(**_req)},
    "thug_resolved": {"seat": _seat, "card": F.String(**_req), "kind": F.String(**_req),
                      "fizzled": F.String(), "why": _WHY},
    "step_resumed": {"step": F.String(**_req), "seats": F.List(F.Integer())},
    "round_effect": {"kind": F.String(**_req), "seat": _seat, "speakeasy": F.String(),
                     "target": _opt_seat},
    "influence_removed": {"speakeasy": F.String(**_req), "seat": _seat, "count": F.Integer(**_req),
                          "to": F.String(**_req), "reason": F.String(**_req)},
    "influence_added": {"speakeasy": F.String(**_req), "seat": _seat, "count": F.Integer(**_req),
                        "reason": F.String(**_req)},
    "improvement_moved": {"seat": _seat, "from": F.String(**_req), "to": F.String(**_req)},
    "die_moved": {"seat": _seat, "from_seat": _seat, "from_still": F.String(**_req),
                  "to": F.String(**_req), "reason": F.String(**_req)},
    "still_destroyed": {"seat": _seat, "still": F.String(**_req), "dice": F.Integer(**_req),
                        "reason": F.String(**_req)},
    "die_destroyed": {"seat": _seat, "still": F.String(**_req), "reason": F.String(**_req)},
    "still_idle": {"seat": _seat, "still": F.String(**_req), "reason": F.String(**_req)},
    "vigorish_demanded": {"seat": _seat, "to": _seat, "still": F.String(**_req),
                          "amount": F.Integer(**_req)},
    "vigorish_answered": {"seat": _seat, "to": _seat, "still": F.String(**_req),
                          "pay": F.Boolean(**_req), "amount": F.Integer(**_req),
                          "reason": F.String()},
    "truck_hijacked": {"seat": _seat, "truck": F.String(**_req), "from_seat": _seat,
                       "with_truck": F.String(**_req), "crates": F.Integer(**_req),
                       "speakeasy": F.String(**_req), "dock": F.String(**_req)},
    "cargo_hijacked": {"seat": _seat, "truck": F.String(**_req), "from_seat": _seat,
                       "with_truck": F.String(**_req), "crates": F.Integer(**_req)},
    "truck_stolen": {"seat": _seat, "truck": F.String(**_req), "from_seat": _seat},
    "cargo_diverted": {"seat": _seat, "truck": F.String(**_req), "from_seat": _seat,
                       "speakeasy": F.String(**_req)},
    "trucks_relined": {"speakeasy": F.String(**_req), "line": F.List(F.Dict(), **_req)},
    "crates_warehoused": {"seat": _seat, "crates": F.Integer(**_req)},
    "moll_spent": {"seat": _seat, "target": _seat, "roll": F.Integer(**_req),
                   "paid": F.Integer(**_req)},
    "recruited": {"seat": _seat, "roll": F.Integer(**_req),
                  "markers": F.Dict(keys=F.String(), values=F.Integer(), **_req)},
    "windfall_drawn": {"seat": _seat, "card": F.String(allow_none=True, **_req),
                       "round": F.Integer(**_req)},
    "windfall_used": {"seat": _seat, "card": F.String(**_req), "choice": F.String()},
    "trucks_returned": {"returns": F.List(F.Dict(), **_req)},
    "deal_proposed": {"deal": F.String(**_req), "from": _seat, "to": _seat, "give": _side,
                      "get": _side, "promise": F.String(**_req)},
    "deal_accepted": {"deal": F.String(**_req), "from": _seat, "to": _seat, "give": _side,
                      "get": _side, "promise": F.String(**_req)},
    "deal_rejected": {"deal": F.String(**_req), "seat": _seat},
    "deal_withdrawn": {"deal": F.String(**_req), "seat": _seat},
    "deals_lapsed": {"deals": F.List(F.String(), **_req)},
})


EVENT_SCHEMAS = payload_schemas(EVENT_SPECS, shared=RANDOMNESS_EVENT_SCHEMAS)

#: version 2 of a returned or fizzled Thug card: `why`, its reason as a message id with
#: parameters (service/i18n/message.py `as_data`) beside the English; version 1 has none
UPCAST_TO_2 = ("thug_returned", "thug_resolved")
for _kind in UPCAST_TO_2:
    EVENT_SCHEMAS[_kind] = (EVENT_SCHEMAS[_kind][0], 2)


def _unchanged(payload: dict) -> dict:
    return payload


#: {(event type, from version): upcaster} (events/registry.py)
EVENT_UPCASTERS = {(kind, 1): _unchanged for kind in UPCAST_TO_2}
