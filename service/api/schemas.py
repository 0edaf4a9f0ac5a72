"""Request and response bodies of the REST API, as marshmallow schemas.

They validate what comes in and, through apispec, are the OpenAPI document third-party
clients read; a field added here shows up in both at once.
"""
from __future__ import annotations

from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validate, validates_schema

from service.rules.common.text import NAME_MAX, TEXT_MAX, PlayerName, TableText

STEPS = ["default", "bid", "choose_offer", "place_influence", "vigorish", "deals", "load",
         "dispatch", "public_dock", "reaction", "thug_window",
         "move", "buy", "sell",              # prohibition (service/rules/prohibition/steps.py)
         "action", "follow_up"]              # booze_baron ("move" too)


class Strict(Schema):
    class Meta:
        unknown = RAISE


class Open(Schema):
    """An answer: clients must accept fields beyond those named (docs/api.md: fields may be added)."""
    class Meta:
        unknown = INCLUDE


#: Bounds of a scripted game (docs/service-decisions.md "Request bounds"). A full 12-round
#: six-seat Bootleggers game rolls well under 1,000 dice (12 stills of at most 4 dice and
#: 15 demand dice a round); its largest deck (Men of Action) has 78 cards, a hand 12.
#: Booze Baron's own decks (options.locations / delivery_deck) are bounded below.
MAX_SCRIPTED_DICE = 2000
MAX_DECKS = 8
MAX_DECK_CARDS = 200            # Booze Baron: a table's own Delivery deck, up to 200 cards
MAX_HAND_CARDS = 24
CARD_ID_MAX = 60


class CardField(fields.Field):
    """A card of a scripted deck: its id (a short string) or its number."""

    def _deserialize(self, value, attr, data_, **kwargs):
        if isinstance(value, str) and 1 <= len(value) <= CARD_ID_MAX:
            return value
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1000:
            return value
        raise ValidationError(f"a card is an id of 1 to {CARD_ID_MAX} characters or a number from 0 to 1000")

    def _serialize(self, value, attr, obj, **kwargs):
        return value


class RngOptions(Strict):
    mode = fields.String(load_default="seeded", validate=validate.OneOf(["seeded", "scripted"]),
                         metadata={"description": "seeded: commit-reveal dice; scripted: the organizer supplies outcomes"})
    dice = fields.List(fields.Integer(strict=True, validate=validate.Range(1, 6)),
                       validate=validate.Length(max=MAX_SCRIPTED_DICE),
                       metadata={"description": "scripted: every die of the game, consumed in order"})
    decks = fields.Dict(keys=fields.String(validate=validate.Length(1, 40)),
                        values=fields.List(CardField(), validate=validate.Length(max=MAX_DECK_CARDS)),
                        validate=validate.Length(max=MAX_DECKS),
                        metadata={"description": "scripted: deck name -> card order (top first); "
                                                 "the ruleset checks each holds exactly its deck's cards"})
    hands = fields.Dict(keys=fields.String(validate=validate.Regexp(r"^[1-6]$")),
                        values=fields.List(fields.Integer(strict=True, validate=validate.Range(1, 72)),
                                           validate=validate.Length(max=MAX_HAND_CARDS)),
                        metadata={"description": "scripted, Bootleggers only (3-6 seats): seat -> Muscle "
                                                 "cards; the other rulesets deal no hands and refuse it"})

    @validates_schema
    def _scripted_only(self, data, **kwargs):
        if data.get("mode", "seeded") == "seeded" and any(k in data for k in ("dice", "decks", "hands")):
            raise ValidationError("dice, decks and hands are only for mode \"scripted\"", "mode")


#: Booze Baron's table data (docs/service-decisions.md "Request bounds"): six Locations, a
#: Delivery deck of at most 200 cards (setup.py checks what each card may hold).
LOCATIONS = 6
MAX_DELIVERY_CARDS = 200
LOCATION_ID = validate.Regexp(r"^[A-Za-z0-9_.-]{1,40}$", error="an id is 1 to 40 letters, digits, _ . or -")


class LocationCard(Strict):
    id = fields.String(required=True, validate=LOCATION_ID, metadata={"description": "what commands name it by"})
    name = fields.String(required=True, validate=PlayerName(), metadata={
        "description": f"as printed: 1 to {NAME_MAX} characters, at least one visible"})
    event = fields.String(required=True, validate=validate.Length(1, 40), metadata={
        "description": "the Event it triggers: hideout, smuggle, stakeout, restock, gamble or reroute"})


class DeliveryCard(Strict):
    location = fields.String(required=True, validate=LOCATION_ID, metadata={"description": "a Location id"})
    booze = fields.List(fields.String(validate=validate.Length(1, 20)), required=True,
                        validate=validate.Length(1, 3),
                        metadata={"description": "the Booze types it shows: beer, liquor, wine"})


class GameOptions(Strict):
    rounds = fields.Integer(strict=True, load_default=12, validate=validate.OneOf([12, 8]),
                            metadata={"description": "12, or 8 for the optional short game"})
    influence = fields.String(load_default="phase", validate=validate.OneOf(["phase", "anytime"]),
                              metadata={"description": "phase: Phase 2 as printed; anytime: the optional rule"})
    cash = fields.String(load_default="announced", validate=validate.OneOf(["announced", "open"]),
                         metadata={"description": "bootleggers: announced (the rulebook: a seat sees its own "
                                                  "cash, the others' as announced after Rounds 4 and 8 and at "
                                                  "the end; payments stay public in the log) or open (every "
                                                  "total always). A game recorded without it is open"})
    deadlines = fields.Dict(keys=fields.String(validate=validate.OneOf(STEPS)),
                            values=fields.Integer(strict=True, validate=validate.Range(0, 7 * 24 * 3600)),
                            load_default=dict,
                            metadata={"description": "seconds per waiting step; `default` for unnamed steps; 0 = none"})
    rng = fields.Nested(RngOptions, load_default=lambda: {"mode": "seeded"})
    locations = fields.List(fields.Nested(LocationCard), validate=validate.Length(max=LOCATIONS), metadata={
        "description": "booze_baron: the six Location cards [{id, name, event}] (default: house data)"})
    delivery_deck = fields.List(fields.Nested(DeliveryCard), validate=validate.Length(max=MAX_DELIVERY_CARDS),
                                metadata={"description": "booze_baron: the 9 to 200 Delivery cards [{location, "
                                                         "booze: [beer|liquor|wine]}] (default: the 36 house cards)"})
    dispute_window = fields.Integer(strict=True, validate=validate.Range(0, 365 * 24 * 3600), metadata={
        "description": "seconds after the end during which a seat may still file a dispute (default 86400)"})
    first_baron = fields.Integer(strict=True, validate=validate.Range(1, 9), metadata={
        "description": "booze_baron: the seat holding the Booze Baron in round 1 (default 1)"})


class CreateGame(Strict):
    ruleset = fields.String(load_default="bootleggers", validate=validate.Length(1, 40),
                            metadata={"description": "the game to referee: `bootleggers`, `prohibition` or `booze_baron`"})
    seats = fields.Integer(strict=True, required=True, validate=validate.Range(2, 9),
                           metadata={"description": "number of players: bootleggers 3 to 6, "
                                                    "prohibition 2 to 6, booze_baron 3 to 9"})
    options = fields.Nested(GameOptions, load_default=lambda: GameOptions().load({}))


class Receipt(Open):
    version = fields.Integer(metadata={"description": "the version the answer left the game at"})
    receipt = fields.String(metadata={"description": "hex HMAC-SHA256(seed, \"receipt:<game_id>:<version>:<hash of "
                                                     "that event>\"): keep it; check it against the public record "
                                                     "after the end (`bootleggers verify --receipts`)"})


RECEIPT = {"allow_none": True, "metadata": {
    "description": "keep it to check the record after the end (docs/verification.md); null in a game with no seed"}}


class GameCreatedAnswer(Open):
    game_id = fields.String(required=True)
    organizer_token = fields.String(metadata={"description": "keep it secret: it starts the game and sees deck order"}, required=True)
    seed_commitment = fields.String(allow_none=True, metadata={
        "description": "SHA-256 of the game's secret seed, revealed when the game ends: every die and "
                       "shuffle not in `scripted` comes from it (both modes)"}, required=True)
    scripted = fields.List(fields.String(), metadata={
        "description": "what the organizer scripted (`dice`, `decks`, `hands`); empty in seeded mode"}, required=True)
    version = fields.Integer(required=True)
    receipt = fields.Nested(Receipt, **RECEIPT)


class JoinSeat(Strict):
    name = fields.String(required=True, validate=[validate.Length(1, NAME_MAX), PlayerName()],
                         metadata={"description": f"1 to {NAME_MAX} characters once trimmed, at least one "
                                   "visible; control, zero-width and bidi characters are refused"})


class SeatAnswer(Open):
    seat = fields.Integer(required=True)
    player_token = fields.String(required=True)
    version = fields.Integer(required=True)
    receipt = fields.Nested(Receipt, **RECEIPT)


class Say(Strict):
    text = fields.String(required=True, validate=[validate.Length(1, TEXT_MAX), TableText()],
                         metadata={"description": f"1 to {TEXT_MAX} characters; line breaks allowed, "
                                   "other control and bidi characters refused"})


# ---- disputes (service/table/disputes.py) ---------------------------------------------------------
ENGINE_RULING_KINDS = ["forfeit", "replace_player", "annul", "seat_to_bot", "seat_to_player"]
BOT_STRATEGIES = ["random", "greedy"]


class Dispute(Strict):
    version = fields.Integer(strict=True, required=True, validate=validate.Range(min=1),
                             metadata={"description": "the event that was wrong"})
    text = fields.String(required=True, validate=validate.Length(1, 2000),
                         metadata={"description": "what happened and what should have"})


class EngineRuling(Strict):
    """The engine's ruling kinds, in any ruleset (the ruleset may add its own kinds)."""
    kind = fields.String(required=True, validate=validate.OneOf(ENGINE_RULING_KINDS), metadata={
        "description": "forfeit {seat}: the seat is out (its moves are made for it, it cannot win); "
                       "replace_player {seat}: a new player token for the seat, the old one stops "
                       "working (the answer's `player_tokens` holds it, once); annul: the game ends "
                       "with no winner; seat_to_bot {seat, strategy}: the server's bot plays the seat "
                       "(its player's token may still read, not send); seat_to_player {seat}: the seat "
                       "back to a player, with a new token (`player_tokens`)"})
    reason = fields.String(required=True, validate=validate.Length(1, 500))
    seat = fields.Integer(strict=True, validate=validate.Range(min=1))
    strategy = fields.String(validate=validate.OneOf(BOT_STRATEGIES), metadata={
        "description": "seat_to_bot: random (any legal example) or greedy (default: the example that leaves "
                       "the seat the most cash right after it, where the ruleset counts cash)"})

    @validates_schema
    def _seat(self, data, **kwargs):
        if data.get("kind") in ("forfeit", "replace_player", "seat_to_bot", "seat_to_player") and "seat" not in data:
            raise ValidationError(f"required for a {data['kind']} ruling", "seat")
        if "strategy" in data and data.get("kind") != "seat_to_bot":
            raise ValidationError("only a seat_to_bot ruling takes a strategy", "strategy")
        if data.get("kind") == "annul" and "seat" in data:
            raise ValidationError("an annul ruling concerns the whole game, not a seat", "seat")


class ResolveDispute(Strict):
    dispute = fields.Integer(strict=True, required=True, validate=validate.Range(min=1))
    decision = fields.String(required=True, validate=validate.OneOf(["upheld", "rejected"]))
    text = fields.String(required=True, validate=validate.Length(1, 2000),
                         metadata={"description": "the organizer's answer, recorded"})
    rulings = fields.List(fields.Dict(), load_default=list, validate=validate.Length(max=20), metadata={
        "description": "upheld only: `ruling` bodies without `type` ({kind, reason, ...}), applied in "
                       "order in the same append as the answer — all of them or nothing"})


class DisputeOut(Open):
    dispute = fields.Integer()
    seat = fields.Integer()
    about = fields.Integer(metadata={"description": "the disputed event's version"})
    text = fields.String(allow_none=True, metadata={
        "description": "what the filer wrote: its filer's and the organizer's to read, null for anyone else "
                       "(a dispute recorded before schema version 2 of `dispute_filed`: everyone's after the end)"})
    version = fields.Integer(metadata={"description": "the dispute_filed event"})
    filed_at = fields.String()
    state = fields.String(metadata={"description": "open | upheld | rejected"})
    resolution = fields.Dict(allow_none=True, metadata={
        "description": "{decision, text, rulings [kinds], version, resolved_at}; its `text` is read as the "
                       "dispute's is"})


class DisputeText(Open):
    version = fields.Integer(required=True, metadata={"description": "the dispute_filed or dispute_resolved event"})
    dispute = fields.Integer(required=True)
    which = fields.String(required=True, validate=validate.OneOf(["filed", "answer"]), metadata={
        "description": "the filing's text or the organizer's answer"})
    text = fields.String(required=True, allow_none=True, metadata={
        "description": "the words; null when the sealed text does not open on this server (a record imported "
                       "from another server)"})


#: beside a finished record's events, which stay exactly as recorded (so that their hashes check)
DISPUTE_TEXTS = {"description": "a finished record only, for the filer and the organizer: the dispute texts "
                                "they may read, opened; the events themselves carry them sealed "
                                "(`text_sealed`), as recorded"}


class Disputes(Open):
    version = fields.Integer()
    status = fields.String()
    ended_at = fields.String(allow_none=True)
    window_closes = fields.String(allow_none=True, metadata={
        "description": "until when a seat may file (null while the game runs)"})
    disputes = fields.List(fields.Nested(DisputeOut))


class EventOut(Open):
    type = fields.String()
    schema_version = fields.Integer()
    game_id = fields.String()
    version = fields.Integer()
    recorded_at = fields.String()
    actor = fields.Dict()
    command_id = fields.String(allow_none=True)
    payload = fields.Dict()
    prev_hash = fields.String(metadata={"description": "organizer, or everyone after the end"})
    hash = fields.String(metadata={"description": "organizer, or everyone after the end"})


class CommandAnswer(Open):
    player_tokens = fields.Dict(metadata={
        "description": "replace_player rulings only: seat -> the new player token (given once)"})
    version = fields.Integer(required=True)
    events = fields.List(fields.Nested(EventOut), required=True)
    receipt = fields.Nested(Receipt, **RECEIPT)


class EventsPage(Open):
    version = fields.Integer(required=True)
    events = fields.List(fields.Nested(EventOut), required=True)
    next_after = fields.Integer(metadata={"description": "pass as `after` for the next page"})
    record_damaged = fields.Dict(metadata={
        "description": "only for a damaged record: {first_bad_version, damage}; the events stop before it"})
    dispute_texts = fields.List(fields.Nested(DisputeText), metadata=DISPUTE_TEXTS)


class GameSummary(Open):
    game_id = fields.String(required=True)
    ruleset = fields.String(required=True)
    status = fields.String(required=True)
    seats_total = fields.Integer(required=True)
    seats_taken = fields.Integer(required=True)
    round = fields.Integer(allow_none=True, required=True)
    version = fields.Integer(required=True)
    created_at = fields.String(required=True)


class TalkLine(Open):
    version = fields.Integer(metadata={"description": "the `said` event's version"}, required=True)
    seat = fields.Integer(allow_none=True, metadata={"description": "null for the organizer"}, required=True)
    name = fields.String(metadata={"description": "the seat's name (absent for the organizer)"})
    text = fields.String(required=True)
    recorded_at = fields.String(required=True)


class TalkPage(Open):
    entries = fields.List(fields.Nested(TalkLine), required=True)
    next_after = fields.Integer(metadata={"description": "pass as `after` for the next page"})


class GameList(Open):
    games = fields.List(fields.Nested(GameSummary), required=True)
    next = fields.String(allow_none=True, metadata={
        "description": "pass as `after` for the next page; null on the last page"})


class ParamSpec(Open):
    """What one field of a command may be (docs/api.md "Legal actions"): every key optional; a
    client that understands none of them can still send one of the action's `examples`."""
    choices = fields.List(fields.Raw(), metadata={"description": "the values the field may take, all of them"})
    type = fields.String(metadata={"description": "the field's JSON type when it is free (`string`)"})
    min = fields.Integer(metadata={"description": "the least number the field may be"})
    max = fields.Integer(metadata={"description": "the greatest number the field may be"})
    min_length = fields.Integer(metadata={"description": "the shortest text (characters) the field may be"})
    max_length = fields.Integer(metadata={"description": "the longest text (characters) the field may be"})
    keys = fields.List(fields.String(), metadata={
        "description": "a map (object) field: the keys it may hold (a deal's `give`/`get`: cash, crates, ...)"})
    max_total = fields.Integer(metadata={"description": "a map of counts: the most its values may add up to"})
    room = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "a map of counts: per key, the most that key may take (place_influence: per speakeasy)"})
    trucks = fields.Raw(metadata={"description": "load / dispatch: the trucks the map may name (a list of ids, or "
                                                 "truck id -> free room in crates)"})
    crates = fields.Integer(metadata={"description": "load: the crates you have to load"})
    speakeasies = fields.List(fields.String(), metadata={"description": "dispatch: the open speakeasies a truck "
                                                                        "may be sent to"})
    only_for = fields.String(metadata={"description": "the field applies only to this kind of offer "
                                                      "(take_offer's `choice`: the Double Still card)"})


class LegalAction(Open):
    type = fields.String(required=True, metadata={"description": "the command's `type`"})
    params = fields.Dict(required=True, keys=fields.String(), values=fields.Raw(), metadata={
        "description": "field name -> a ParamSpec; or, where the rules give context rather than a choice, "
                       "that value as it is (the dice you rolled, the space you stand on, the seat you "
                       "target) or a sentence"})
    examples = fields.List(fields.Dict(), required=True, metadata={
        "description": "complete commands the server accepts if sent at this `version` (at least one)"})
    cash_after = fields.List(fields.Integer(allow_none=True), metadata={
        "description": "only with `?look_ahead=cash`: your cash right after each example, in their order, "
                       "worked out on a stand-in of the game (what your seat cannot see dealt again, stand-in "
                       "dice); null where it is not counted (table talk, a ruleset without money)"})


class LegalActions(Open):
    version = fields.Integer(required=True, metadata={"description": "send it as If-Match with an example"})
    seat = fields.Integer(required=True)
    phase = fields.Raw(required=True, allow_none=True, metadata={
        "description": "bootleggers: 1-6; prohibition, booze_baron: a word; null outside a running game"})
    step = fields.String(required=True, allow_none=True)
    awaited = fields.Boolean(required=True, metadata={
        "description": "whether the game waits for this seat now (its turn in the step); the other "
                       "actions listed (deals, table talk...) may be sent, but the game does not wait for them"})
    cash = fields.Integer(allow_none=True, metadata={
        "description": "only with `?look_ahead=cash`: your cash now, to weigh `cash_after` against (null "
                       "where it is not counted)"})
    actions = fields.List(fields.Nested(LegalAction), required=True, metadata={
        "description": "empty when nothing awaits this seat (`say` is always there until the end)"})


class Audit(Open):
    version = fields.Integer()
    head_hash = fields.String(allow_none=True, metadata={
        "description": "null while a sealed bid is hidden (see chain_withheld_from)"})
    chain_withheld_from = fields.Integer(allow_none=True, metadata={
        "description": "while bids are sealed: the version of the first sealed bid; "
                       "hashes from there on are shown after the reveal"})
    chain = fields.Dict(metadata={"description": "{intact, first_break}: intact when no problem stands "
                                                 "(a repaired snapshot does not count)"})
    problems = fields.List(fields.Dict(), metadata={
        "description": "every finding {version, kind, detail[, window, cache, repaired, found_at]}, by version; "
                       "kind: tail_missing, event_missing, unparsable_event, chain_break, unfoldable_event, "
                       "entry_past_head, head_mismatch, record_rewritten (a seal of the server's names another "
                       "hash than the stored chain: `window` [first, last] brackets the rewritten events), and "
                       "the caches' snapshot_mismatch, checkpoint_mismatch, creation_seal_mismatch, "
                       "end_seal_mismatch (forged or broken, "
                       "rebuilt from the events; these never make the chain not intact)"})
    checkpoints = fields.List(fields.Dict())
    caches = fields.List(fields.Dict(), metadata={
        "description": "the server's snapshot, stored checkpoints, creation seal and end seal, each compared with "
                       "a refold of the events: {kind (snapshot, checkpoint, creation, end), version, sealed (true; "
                       "false: its seal "
                       "does not check; null: written by an older server, unsealed), matches (null: not compared, "
                       "e.g. past a break)}"})
    seed_commitment = fields.String(allow_none=True)
    seed = fields.String(allow_none=True, metadata={"description": "revealed when the game is over"})


class ProblemDetail(Open):
    type = fields.String()
    title = fields.String()
    status = fields.Integer()
    detail = fields.String(metadata={"description": "a sentence a player understands"})
    code = fields.String(metadata={"description": "a stable machine word"})
    errors = fields.Dict(metadata={"description": "field -> messages, for 422 invalid_fields"})
    first_bad_version = fields.Integer(metadata={"description": "409 record_damaged: the first damaged version"})
    damage = fields.String(metadata={"description": "409 record_damaged: what is wrong (see Audit.problems)"})
