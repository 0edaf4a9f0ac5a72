"""The OpenAPI generator with several rulesets: Prohibition's commands are in the document,
and a command type two rulesets share (a `pass` in both) gets one component per ruleset
under an anyOf with the plain name, instead of one ruleset's schema silently replacing
the other's."""
from __future__ import annotations

from marshmallow import Schema, fields

from api_spec import generate


def test_prohibition_commands_are_typed_in_the_document():
    schemas = generate.build_spec()["components"]["schemas"]
    mapping = schemas["Command"]["discriminator"]["mapping"]
    for name in ("move", "buy", "sell", "end_turn"):
        component = schemas[mapping[name].rsplit("/", 1)[1]]
        assert component["properties"]["type"]["enum"] == [name]
        assert component["description"].startswith("Prohibition")
    move = schemas["MoveCommand"]["properties"]
    assert move["pawn"]["enum"] == ["own", "police", "agent", "fbi"]
    assert move["direction"]["enum"] == ["cw", "ccw"]
    assert set(schemas["MoveCommand"]["required"]) == {"type", "die", "pawn", "direction"}


class _Other:
    name = "other_game"

    class PassSchema(Schema):
        why = fields.String()

    class JumpSchema(Schema):
        height = fields.Integer(required=True)

    command_schemas = {"pass": (PassSchema, "Other game: pass."), "jump": (JumpSchema, "Jump.")}


def test_a_command_type_two_rulesets_share_is_namespaced_not_overwritten(monkeypatch):
    from service.rules import registry
    real = registry.rulesets()
    monkeypatch.setattr(registry, "rulesets", lambda: {**real, "other_game": _Other()})
    spec = generate.build_spec()
    schemas = spec["components"]["schemas"]
    mapping = schemas["Command"]["discriminator"]["mapping"]
    assert mapping["pass"] == "#/components/schemas/PassCommand"
    assert mapping["jump"] == "#/components/schemas/JumpCommand"
    variants = [r["$ref"] for r in schemas["PassCommand"]["anyOf"]]
    assert variants == ["#/components/schemas/BootleggersPassCommand",
                        "#/components/schemas/OtherGamePassCommand"]
    assert "why" in schemas["OtherGamePassCommand"]["properties"]
    assert "why" not in schemas["BootleggersPassCommand"]["properties"]
    assert schemas["BootleggersPassCommand"]["properties"]["type"]["enum"] == ["pass"]
    assert "bootleggers:" in schemas["PassCommand"]["description"]
    # the unshared Bootleggers names are untouched
    assert mapping["bid"] == "#/components/schemas/BidCommand"
