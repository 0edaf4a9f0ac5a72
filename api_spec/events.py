"""Events in the document: one schema per event type, its payload the very marshmallow schema
the store validates that type with (events/registry.py), joined by a `oneOf` on `type`.

A type several rulesets use (`dice_rolled`, `deck_shuffled`...) has one payload schema per
ruleset, `<Ruleset><Type>Payload`, and the event's payload is their anyOf. What a viewer may
not see is redacted (the rulesets' `redact_event`): those fields are nullable here, and the
counts that replace them are declared (REDACTED); fields the engine leaves out until the end
(a token's hash) are not required (REMOVED).
"""
from __future__ import annotations

from apispec import APISpec

#: (event type) -> {field: schema of what a viewer who may not see it gets instead}; a field
#: named here that the payload has becomes nullable, one it lacks is added (a count)
_COUNT = {"type": "integer", "description": "how many (the items themselves are hidden from this viewer)"}
REDACTED = {
    "deck_shuffled": {"order": None, "count": _COUNT},
    "bid_placed": {"card": None},
    "muscle_dealt": {"cards": None, "count": _COUNT},
    "thug_declared": {"card": None, "kind": None, "targets": None},
    "thug_returned": {"card": None, "kind": None, "reason": None},
    "influence_declared": {"placements": None},
    "windfall_drawn": {"card": None},
    "booze_dealt": {"mob": None, "booze": None},
    "movement_chosen": {"location": None},
    "deliveries_viewed": {"cards": None, "count": _COUNT},
    "deck_peeked": {"card": None},
    "delivery_discarded": {"card": None},
    "dispute_filed": {"text": None},
    "dispute_resolved": {"text": None},
}
#: (event type) -> fields left out for some viewers until the end (projections/views.py)
REMOVED = {"game_created": ("organizer_token_hash", "script"), "seat_joined": ("token_hash",),
           "seat_replaced": ("token_hash",), "seat_given_back": ("token_hash",), "deck_shuffled": ("order",)}
#: (event type) -> {field: schema}: payload fields the store keeps as any value (marshmallow
#: `Raw`), typed from the code that writes them (OpenAPI 3.0's `nullable` needs a `type` beside it)
_ROUND = {"type": "integer", "nullable": True, "description": "the round of the step (null before the first)"}
_SEAT_OR_NAME = {"anyOf": [{"type": "integer", "nullable": True}, {"type": "string"}]}
_WINNER_WAS = "the game's `winner` before: a seat (Booze Baron: a name), or null"
TYPED = {
    "deadline_set": {"round": _ROUND},
    "deadline_expired": {"round": _ROUND},
    "game_annulled": {"winner_was": {**_SEAT_OR_NAME, "description": _WINNER_WAS}},
    "result_amended": {"winner_was": {**_SEAT_OR_NAME, "description": _WINNER_WAS}},
    "ruling_applied": {"was": {**_SEAT_OR_NAME, "description": "the value the ruling replaced (a count, an "
                                                               "amount, a speakeasy), or null"}},
}
#: deal sides: Thug card ids for the deal's two parties, a count for the others
DEAL_CARDS = {"oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "integer"}],
              "description": "Thug card ids (the deal's two parties and the organizer) or how many (others)"}

ENVELOPE = {
    "schema_version": {"type": "integer", "description": "the payload's schema version (events are forever: "
                                                         "a new version comes with an upcaster)"},
    "game_id": {"type": "string"},
    "version": {"type": "integer", "description": "the event's position in the game, from 1"},
    "recorded_at": {"type": "string", "description": "when the server recorded it (UTC, ISO 8601)"},
    "actor": {"$ref": "#/components/schemas/Actor"},
    "command_id": {"type": "string", "nullable": True,
                   "description": "the command that caused it (one command may cause several events)"},
    "prev_hash": {"type": "string", "description": "the previous event's hash (the organizer, or everyone "
                                                   "after the end)"},
    "hash": {"type": "string", "description": "SHA-256 of the event's canonical JSON (docs/verification.md)"},
}
ACTOR = {"type": "object", "required": ["kind"], "description": "who caused the event",
         "properties": {"kind": {"type": "string", "enum": ["seat", "organizer", "system", "anyone"]},
                        "seat": {"type": "integer"},
                        "bot": {"type": "boolean", "description": "the server's bot moved for the seat "
                                                                 "(a seat_to_bot ruling)"}}}


def payloads() -> dict[str, list[tuple[str, type]]]:
    """event type -> [(owner, payload schema class)], owner "" for the engine's own."""
    from events.engine_events import ENGINE_EVENT_SCHEMAS
    from service.rules.registry import rulesets

    out: dict[str, list[tuple[str, type]]] = {}
    for name, (schema_cls, _) in ENGINE_EVENT_SCHEMAS.items():
        out.setdefault(name, []).append(("", schema_cls))
    for ruleset in rulesets().values():
        for name, (schema_cls, _) in getattr(ruleset, "event_schemas", {}).items():
            variants = out.setdefault(name, [])
            if all(cls is not schema_cls for _, cls in variants):
                variants.append((ruleset.name, schema_cls))
    return out


def _camel(name: str) -> str:
    return "".join(part.title() for part in name.split("_"))


def payload_name(owner: str, event_type: str, shared: bool) -> str:
    return f"{_camel(owner) if shared else ''}{_camel(event_type)}Payload"


def tournament_payloads() -> dict[str, type]:
    """A tournament's own event types -> payload schema (talk, disputes and the seed reveal are
    the engine's, already in the document)."""
    from events.engine_events import ENGINE_EVENT_SCHEMAS
    from service.tournaments.events import TOURNAMENT_EVENT_SCHEMAS

    return {name: cls for name, (cls, _) in TOURNAMENT_EVENT_SCHEMAS.items() if name not in ENGINE_EVENT_SCHEMAS}


def register(spec: APISpec) -> None:
    """A payload component per (type, ruleset), from the store's schemas; a tournament's own
    types as `Tournament<Type>Payload`."""
    for event_type, variants in sorted(payloads().items()):
        for owner, schema_cls in variants:
            spec.components.schema(payload_name(owner, event_type, len(variants) > 1), schema=schema_cls)
    for event_type, schema_cls in sorted(tournament_payloads().items()):
        name = f"Tournament{_camel(event_type)}Payload"  # (a class of its own: two types share TableResult)
        spec.components.schema(name, schema=type(name, (schema_cls,), {}))


def refine(document: dict) -> None:
    """An `<Type>Event` per type, `EventOut` their oneOf on `type`; redactions made nullable."""
    schemas = document["components"]["schemas"]
    schemas["Actor"] = ACTOR
    mapping = {}
    for event_type, variants in sorted(payloads().items()):
        names = [payload_name(owner, event_type, len(variants) > 1) for owner, _ in variants]
        for name in names:
            _redactable(schemas[name], event_type)
        payload = ({"$ref": f"#/components/schemas/{names[0]}"} if len(names) == 1
                   else {"anyOf": [{"$ref": f"#/components/schemas/{n}"} for n in names]})
        component = f"{_camel(event_type)}Event"
        schemas[component] = {
            "type": "object", "required": ["type", "schema_version", "game_id", "version", "recorded_at",
                                           "actor", "command_id", "payload"],
            "properties": {"type": {"type": "string", "enum": [event_type]}, **ENVELOPE, "payload": payload}}
        mapping[event_type] = f"#/components/schemas/{component}"
    schemas["EventOut"] = {
        "description": "An event as this viewer may see it: its payload is the schema the store validates "
                       "it with; what the viewer may not see is null (or a count).",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "type", "mapping": mapping}}
    _tournament_events(schemas, mapping)


TOURNAMENT_ACTOR = {"type": "object", "required": ["kind"], "description": "who caused the event",
                    "properties": {"kind": {"type": "string", "enum": ["organizer", "entrant", "system", "anyone"]},
                                   "entrant": {"type": "integer"}}}
#: what a tournament leaves out of its events until it finishes (service/api/tournaments.py)
TOURNAMENT_HIDDEN = ("token_hash", "organizer_token_hash")


def _tournament_events(schemas: dict, game_events: dict) -> None:
    """`TournamentEventOut`: a tournament's own record (GET /v1/tournaments/{id}/events), its
    types and the engine's talk, disputes and seed reveal; `game_id` is the tournament's id."""
    from service.tournaments.events import TOURNAMENT_EVENT_SCHEMAS

    mapping = {}
    for event_type in sorted(TOURNAMENT_EVENT_SCHEMAS):
        if event_type in game_events:  # talk, disputes, the seed: the engine's payloads
            payload_ref = schemas[f"{_camel(event_type)}Event"]["properties"]["payload"]
        else:
            payload = schemas[f"Tournament{_camel(event_type)}Payload"]
            if "required" in payload:
                payload["required"] = [name for name in payload["required"] if name not in TOURNAMENT_HIDDEN]
            payload_ref = {"$ref": f"#/components/schemas/Tournament{_camel(event_type)}Payload"}
        component = f"Tournament{_camel(event_type)}Event"
        schemas[component] = {
            "type": "object", "required": ["type", "schema_version", "game_id", "version", "recorded_at",
                                           "actor", "command_id", "payload"],
            "properties": {"type": {"type": "string", "enum": [event_type]}, **ENVELOPE,
                           "game_id": {"type": "string", "description": "the tournament's id"},
                           "actor": TOURNAMENT_ACTOR,
                           "payload": payload_ref}}
        mapping[event_type] = f"#/components/schemas/{component}"
    schemas["TournamentEventOut"] = {
        "description": "An event of a tournament's own record; token hashes are left out until it finishes.",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "type", "mapping": mapping}}


def _redactable(payload: dict, event_type: str) -> None:
    props = payload.setdefault("properties", {})
    for field, schema in TYPED.get(event_type, {}).items():
        if field in props:
            props[field] = schema
    left_out = REMOVED.get(event_type, ())
    if left_out and "required" in payload:
        payload["required"] = [name for name in payload["required"] if name not in left_out]
    for field, instead in REDACTED.get(event_type, {}).items():
        if instead is None and field in props:
            props[field] = {**props[field], "nullable": True}
        elif instead is not None:
            props[field] = instead
    if event_type in ("deal_proposed", "deal_accepted"):
        for side in ("give", "get"):
            if side in props:
                props[side] = _deal_side(props[side])


def _deal_side(side: dict) -> dict:
    """A deal side whose `thug_cards` may be a count for a viewer outside the deal."""
    if "$ref" in side or "properties" not in side:
        return side
    return {**side, "properties": {**side["properties"], "thug_cards": DEAL_CARDS}}
