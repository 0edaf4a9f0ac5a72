"""The OpenAPI components: every schema the paths refer to by name, from the marshmallow
schemas the API really uses (service/api/schemas.py and the route modules)."""
from __future__ import annotations

from apispec import APISpec
from marshmallow import fields, validate

from service.api import schemas as s


def register(spec: APISpec) -> None:
    """Every named component of the document."""
    from service.api import clock as c, desk as d, records as r

    for name in ("CreateGame", "GameCreatedAnswer", "JoinSeat", "SeatAnswer", "CommandAnswer", "EventsPage",
                 "TalkPage", "GameList", "GameState", "LegalActions", "Audit", "ProblemDetail", "ParamSpec"):
        spec.components.schema(name, schema=getattr(s, name))
    spec.components.schema("Command", _command_schemas(spec))
    for name, schema in (("ClockExtend", c.Extend), ("ClockState", c.ClockAnswer),
                         ("JobAccepted", c.JobAccepted), ("JobStatus", c.JobAnswer),
                         ("GameRecord", r.GameRecord), ("ImportAnswer", r.ImportAnswer),
                         ("LogPage", d.LogPage), ("Disputes", s.Disputes)):
        spec.components.schema(name, schema=schema)


def _component(name: str) -> str:
    return "".join(part.title() for part in name.split("_")) + "Command"


def _typed(spec: APISpec, component: str, name: str, schema_cls: type, description: str) -> str:
    typed = type(component, (schema_cls,), {
        "type": fields.String(required=True, validate=validate.OneOf([name]))})
    spec.components.schema(component, {"description": description}, schema=typed)
    return f"#/components/schemas/{component}"


def commands_by_name() -> dict[str, list[tuple[str, type, str]]]:
    """Command type -> [(ruleset, schema, description)]; `say` is the engine's own."""
    from service.rules.registry import rulesets

    by_name = {"say": [("", s.Say, "Table talk, any time; kept in the game's record.")],
               "dispute": [("", s.Dispute, "A seat, while the game runs and until `options.dispute_window` "
                                           "seconds (default 86400) after its end: what happened at event "
                                           "`version` was wrong. Records `dispute_filed`.")],
               "resolve_dispute": [("", s.ResolveDispute, "Organizer: answer a dispute, upheld or rejected; "
                                                          "an upheld one may carry `rulings`, applied in the "
                                                          "same append. Records `dispute_resolved`.")],
               "ruling": [("engine", s.EngineRuling, "Organizer, in every ruleset: forfeit, replace_player "
                                                     "or annul, while the game runs; after the end only "
                                                     "inside resolve_dispute.")]}
    for ruleset in rulesets().values():
        for name, (schema_cls, description) in ruleset.command_schemas.items():
            by_name.setdefault(name, []).append((ruleset.name, schema_cls, description))
    return by_name


def _command_schemas(spec: APISpec) -> dict:
    """One component per command type, each with a `type` constant, and their oneOf.

    A type only one ruleset uses is `<Type>Command`. A type several rulesets share (a `pass`
    in two games) gets one component per ruleset, `<Ruleset><Type>Command`, and
    `<Type>Command` is their anyOf (anyOf: two empty bodies both match) — so a name a
    client already uses stays, and the discriminator still maps each type to one schema.
    """
    mapping = {}
    for name, variants in sorted(commands_by_name().items()):
        component = _component(name)
        if len(variants) == 1:
            _, schema_cls, description = variants[0]
            mapping[name] = _typed(spec, component, name, schema_cls, description)
            continue
        refs = [{"$ref": _typed(spec, _component(f"{rs}_{name}"), name, schema_cls, description)}
                for rs, schema_cls, description in variants]
        spec.components.schema(component, {
            "anyOf": refs, "description": "Per ruleset: " + " ".join(
                f"{rs}: {description}" for rs, _, description in variants)})
        mapping[name] = f"#/components/schemas/{component}"
    return {"oneOf": [{"$ref": ref} for ref in mapping.values()],
            "discriminator": {"propertyName": "type", "mapping": mapping}}


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def refine(document: dict) -> None:
    """What marshmallow cannot say, said in the generated document: references between
    components (a legal action's examples are Commands, its params ParamSpecs or plain
    values; a problem's code a ProblemCode)."""
    schemas = document["components"]["schemas"]
    schemas["Param"] = {
        "description": "One field of a legal action: a ParamSpec, or a value the rules give as context "
                       "(a string, number, boolean or list) that the client may show as it is.",
        "oneOf": [ref("ParamSpec"), {"type": "string"}, {"type": "integer"}, {"type": "boolean"},
                  {"type": "array", "items": {}}]}
    action = schemas["LegalAction"]["properties"]
    action["params"] = {**action["params"], "additionalProperties": ref("Param")}
    action["examples"] = {**action["examples"], "items": ref("Command"), "minItems": 1}
    schemas["ProblemDetail"]["properties"]["code"] = ref("ProblemCode")
