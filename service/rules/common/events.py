"""Event payload schemas: the naming every ruleset uses, and the randomness events.

interface.py: every die is a `dice_rolled` and every shuffle a `deck_shuffled`. Bootleggers
and Booze Baron register these very schemas (one per type; the context fields are optional
and name what either records beside the dice). Prohibition keeps a `dice_rolled` of its own
(other context fields), which the registry checks for its games only (events/registry.py).
"""
from __future__ import annotations

from marshmallow import Schema, fields, validate

F = fields
_req = {"required": True}

#: `order` is None in what a viewer who may not see it gets (views.redact_event)
DECK_SHUFFLED = {"deck": F.String(**_req), "order": F.List(F.Raw(), allow_none=True),
                 "reason": F.String(), "count": F.Integer()}
DICE_ROLLED = {"purpose": F.String(**_req),
               "dice": F.List(F.Integer(validate=validate.Range(1, 6)), **_req),
               "seat": F.Integer(), "still": F.String(), "crates": F.Integer(),
               "stopped_by_copper": F.Boolean(), "speakeasy": F.String(),
               "improvements": F.Integer(), "demand": F.Integer()}


def payload_name(kind: str, prefix: str = "") -> str:
    """`dice_rolled` -> `DiceRolledPayload` (the schema class name; `prefix` keeps one
    ruleset's apart from another's of the same event type)."""
    return prefix + "".join(w.title() for w in kind.split("_")) + "Payload"


def payload_schemas(specs: dict[str, dict], prefix: str = "",
                    shared: dict[str, tuple[type, int]] | None = None) -> dict[str, tuple[type, int]]:
    """{event type: (payload Schema class, schema_version 1)}; `shared` types reuse the
    given schema instead of building one from the spec."""
    shared = shared or {}
    return {kind: shared.get(kind) or (Schema.from_dict(spec, name=payload_name(kind, prefix)), 1)
            for kind, spec in specs.items()}


#: the randomness events of interface.py, as Bootleggers and Booze Baron register them
RANDOMNESS_EVENT_SCHEMAS = payload_schemas({"deck_shuffled": DECK_SHUFFLED,
                                            "dice_rolled": DICE_ROLLED})
