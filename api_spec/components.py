"""The OpenAPI components: every schema the paths refer to by name, from the marshmallow
schemas the API really uses (service/api/schemas.py and the route modules)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

from apispec import APISpec
from marshmallow import fields, validate

from api_spec import state_descriptions as described
from service.api import schemas as s


def register(spec: APISpec) -> None:
    """Every named component of the document."""
    from api_spec import events
    from service.api import clock as c, desk as d, ending as e, records as r, tournament_schemas as ts

    events.register(spec)
    for name in ("CreateGame", "GameCreatedAnswer", "JoinSeat", "SeatAnswer", "CommandAnswer", "EventsPage",
                 "TalkPage", "GameList", "LegalActions", "Audit", "ProblemDetail", "ParamSpec"):
        spec.components.schema(name, schema=getattr(s, name))
    spec.components.schema("Command", _command_schemas(spec))
    for name, schema in (("ClockExtend", c.Extend), ("ClockState", c.ClockAnswer),
                         ("JobAccepted", c.JobAccepted), ("JobStatus", c.JobAnswer),
                         ("GameRecord", r.GameRecord), ("ImportAnswer", r.ImportAnswer),
                         ("LogPage", d.LogPage), ("Disputes", s.Disputes), ("GameResult", e.GameResult),
                         ("RematchLinks", e.RematchLinks), ("RematchMade", e.RematchMade)):
        spec.components.schema(name, schema=schema)
    for name in ("CreateTournament", "TournamentCreatedAnswer", "Register", "EntrantAnswer", "TournamentCommand",
                 "Tournament", "TournamentList", "Standings", "Me", "TournamentDisputes", "TournamentRecord",
                 "TournamentImported", "TournamentEventsPage"):
        spec.components.schema(name, schema=getattr(ts, name))


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
        spec.components.schema(component, {  # an object (TypeScript generators map only objects)
            "type": "object", "anyOf": refs, "description": "Per ruleset: " + " ".join(
                f"{rs}: {description}" for rs, _, description in variants)})
        mapping[name] = f"#/components/schemas/{component}"
    return {"oneOf": [{"$ref": ref} for ref in mapping.values()],
            "discriminator": {"propertyName": "type", "mapping": mapping}}


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


#: A phase: Bootleggers numbers its phases (1-6, 0 while it deals), the other rulesets name
#: theirs; null outside a running game. (OpenAPI 3.0 has no null type: `nullable` sits beside
#: a `type`, here the integer's.)
PHASE = {"anyOf": [{"type": "integer", "nullable": True}, {"type": "string"}]}
#: A round: a number, or null before the game has one.
ROUND = {"type": "integer", "nullable": True}


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
    for name in ("LegalActions", "LogEntry"):  # marshmallow has no "an integer, a string or null"
        phase = schemas[name]["properties"]["phase"]
        schemas[name]["properties"]["phase"] = {**{k: v for k, v in phase.items() if k != "nullable"}, **PHASE}
    from api_spec import events
    events.refine(document)
    states = state_components()
    schemas.update(states)
    schemas["GameState"] = {
        "description": "The state as the caller may see it: one variant per ruleset, in the lobby or in "
                       "play (`ruleset` and `status` tell which), or, for `?at=N` inside the start's own "
                       "batch of events, a game in its setup. Fields may be added (docs/api.md).",
        "anyOf": [ref(name) for name in sorted(states) if name.endswith(("Lobby", "Game"))] + [ref("GameInSetup")]}


RULESETS = {"bootleggers": "Bootleggers", "prohibition": "Prohibition", "booze_baron": "BoozeBaron"}


def state_components() -> dict[str, dict]:
    """`<Ruleset>Lobby`, `<Ruleset>Game` and its player schemas, from the inferred shapes
    (api_spec/state_shapes.json) with api_spec/state_descriptions.py."""
    shapes = json.loads(Path(__file__).with_name("state_shapes.json").read_text())
    out = {"SeatTaken": {"type": "object", "description": "a seat taken in the lobby",
                         "properties": {"seat": {"type": "integer"}, "name": {"type": "string"}},
                         "required": ["name", "seat"]}}
    for ruleset, name in RULESETS.items():
        shape = copy.deepcopy(shapes[ruleset])
        player_ref = _player_components(ruleset, name, shape, out)
        for part, statuses in (("lobby", ["lobby"]), ("state", ["running", "finished"])):
            kind = "Lobby" if part == "lobby" else "Game"
            out[f"{name}{kind}"] = _state_component(ruleset, name, part, shape[part], statuses, player_ref)
        _type_nulls(out[f"{name}Lobby"], out[f"{name}Game"], f"{name}Lobby")
    out["GameInSetup"] = _setup_component(shapes["bootleggers"]["lobby"], out["BootleggersLobby"])
    return out


def _player_components(ruleset: str, name: str, shape: dict, out: dict) -> dict:
    """Add a ruleset's player schemas to `out`: one `<Ruleset>Player` when every seat looks
    the same to all, else `<Ruleset>OwnPlayer` and `<Ruleset>OtherPlayer`; answer how its
    state's `players` refer to them."""
    players = {"Own": shape["own_player"], "Other": shape["other_player"]}
    for schema in filter(None, players.values()):
        schema["properties"].update(copy.deepcopy(described.PLAYER_OVERRIDES.get(ruleset, {})))
    if players["Other"] is None:
        out[f"{name}Player"] = _described(players["Own"], described.PLAYER.get(ruleset, {}))
        return ref(f"{name}Player")
    for who, schema in players.items():
        out[f"{name}{who}Player"] = {**_described(schema, described.PLAYER.get(ruleset, {})), "description": (
            "a seat as it sees itself (or as the organizer sees it)" if who == "Own"
            else "another seat, as the others see it: its hidden things as counts or null")}
    return {"anyOf": [ref(f"{name}OwnPlayer"), ref(f"{name}OtherPlayer")]}


def _state_component(ruleset: str, name: str, part: str, schema: dict, statuses: list[str],
                     player_ref: dict) -> dict:
    """A ruleset's lobby (`part` "lobby") or game ("state"): the inferred shape with the
    overrides and descriptions, and the engine's fields typed exactly."""
    for (where, which, path), override in described.OVERRIDES.items():
        if where in ("*", ruleset) and which == part:
            _put(schema, path, override, optional=path in described.ONLY_ONCE_HAPPENED)
    for field in described.ONLY_ONCE_HAPPENED & set(schema.get("required", ())):
        schema["required"].remove(field)
    props = schema["properties"]
    props["ruleset"] = {"type": "string", "enum": [ruleset]}
    props["status"] = {"type": "string", "enum": statuses}
    props["rng"]["properties"]["dice_used"] = described.RNG_DICE_USED
    props["options"] = {**ref("GameOptions")}
    props["players"] = {"type": "array", "items": player_ref if part == "state" else ref("SeatTaken")}
    return {**_described(schema, {**described.COMMON, **described.BY_RULESET.get(ruleset, {})}),
            "description": f"{name}: " + ("a game in its lobby" if part == "lobby" else "a game running or finished")}


def _setup_component(lobby: dict, described_lobby: dict) -> dict:
    """`GameInSetup`: the engine's fields a lobby always has (as `described_lobby` gives
    them), for any ruleset while its setup runs."""
    engine = [name for name in described.COMMON if name in lobby["properties"] and name in lobby.get("required", ())]
    setup = {
        "type": "object", "additionalProperties": True, "required": engine, "x-open": True,
        "description": "A game between its `game_started` event and the last event of its setup (the deal), "
                       "only ever served for `?at=N` inside that batch: the engine's fields, and the "
                       "ruleset's as far as the setup has come.",
        "properties": {name: copy.deepcopy(described_lobby["properties"][name])
                       for name in engine if name not in ("ruleset", "status", "phase", "round")}}
    setup["properties"].update({
        "status": {"type": "string", "enum": ["running"]},
        "players": {"type": "array", "description": "one entry per seat, in seat order", "items": SETUP_PLAYER},
        "ruleset": {"type": "string", "enum": list(RULESETS)},
        "phase": {**PHASE, "description": "null at `game_started`, then the ruleset's own while it sets up "
                                          "(Bootleggers 0, Prohibition `setup`; Booze Baron stays null)"},
        "round": {**ROUND, "description": "null at `game_started`, then 0 while the game is set up (1 once "
                                          "its round 1 is dealt)"},
        "deadline": {"type": "object", "nullable": True}, "clock_paused_at": {"type": "string", "nullable": True}})
    return setup


#: A seat while the game sets up: the lobby's seat and name from `game_started` on, and the
#: ruleset's own fields for the seat as its setup writes them (open: which ones depends on
#: the ruleset and on how far the setup has come; once it is done, the ruleset's player schema).
SETUP_PLAYER = {
    "type": "object", "additionalProperties": True, "x-open": True, "required": ["name", "seat"],
    "description": "a seat taken: its number and name, and the ruleset's fields for it as far as the setup has "
                   "come (seen as in play: a seat sees its own hidden things, the others counts or null)",
    "properties": {"seat": {"type": "integer"}, "name": {"type": "string"}}}


def _type_nulls(lobby: dict, game: dict, where: str) -> None:
    """A lobby field the inference only ever saw null (`enum: [null]`, the phase before any
    is played) gets the type the field has in play: OpenAPI 3.0 has no null type, and its
    `nullable` needs a `type` beside it. The value stays null only."""
    for name, field in lobby.get("properties", {}).items():
        played = game.get("properties", {}).get(name, {})
        if field.get("enum") == [None] and "type" not in field:
            if not isinstance(played.get("type"), str):
                raise ValueError(f"{where}.{name} is only ever null and its game-state counterpart has no "
                                 "type: say its schema in api_spec/state_descriptions.py OVERRIDES")
            field["type"] = played["type"]
        elif field.get("type") == "object":
            _type_nulls(field, played, f"{where}.{name}")


def _put(schema: dict, path: str, value: dict, optional: bool) -> None:
    """Set the schema of the field at dotted `path` (`name[]`: into a list's items; not
    required when `optional`)."""
    *parents, last = path.split(".")
    for part in parents:
        schema = schema["properties"][part.removesuffix("[]")]
        schema = schema["items"] if part.endswith("[]") else schema
    schema.setdefault("properties", {})[last] = value
    if optional and last in schema.get("required", ()):
        schema["required"].remove(last)


def _described(schema: dict, descriptions: dict) -> dict:
    for name, field in schema.get("properties", {}).items():
        if name in descriptions and "$ref" not in field:
            field["description"] = descriptions[name]
    return schema
