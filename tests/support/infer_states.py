"""Infer the state's JSON Schema of each ruleset from real games: `make state-shapes`.

The state a client reads is built by each ruleset's projection and view code (not by a
marshmallow schema), so its shape is read from what that code serves: random bots play
games of every ruleset and seat count through the API, and the state is read at many
points as the organizer, every seat and a spectator. Each field's type is the union of the
types seen (null making it nullable); an object whose keys vary from game to game (seat
numbers, speakeasy or truck ids) is a map; a field present in every sample is required.
A seat's player entry is split into the shape its own seat (or the organizer) sees and the
one others see, when they differ.

The result, api_spec/state_shapes.json, is checked in and reviewed like code; the document
takes it with the descriptions of api_spec/state_descriptions.py, and tests/contract
validates every state of fresh random games against it with every object closed.
"""
from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "api_spec" / "state_shapes.json"
#: (ruleset, seats, options) played to collect samples
CLOCK = {"deadlines": {"default": 600}}
SEATS = {"bootleggers": (3, 6), "prohibition": (2, 5), "booze_baron": (3, 6)}
GAMES_EACH = 10
#: (ruleset, seats, options, seed) played to collect samples: every seat count, short and
#: long games, both influence modes, both cash options, deadlines (a paused clock) in every other game
TABLES = [(ruleset, low + n % (high - low + 1),
           {**({"rounds": 8} if ruleset == "bootleggers" and n % 3 == 0 else {}),
            **({"influence": "anytime"} if ruleset == "bootleggers" and n % 4 == 1 else {}),
            **({"cash": "open"} if ruleset == "bootleggers" and n % 5 == 2 else {}),
            **(CLOCK if n % 2 else {})}, n)
          for ruleset, (low, high) in SEATS.items() for n in range(GAMES_EACH)]
EVERY = 4  # moves between two reads of the state


def json_type(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def is_map(samples: list[dict]) -> bool:
    """Keys that are data, not field names: all numbers, or many that come and go."""
    keys = Counter(k for s in samples for k in s)
    if not keys or any(not s for s in samples):  # a record of fields is never empty; a map may be
        return True
    if all(k.isdigit() for k in keys):
        return True
    return len(keys) > 8 and max(keys.values()) < len(samples)


def infer(samples: list) -> dict:
    by_type: dict[str, list] = {}
    for value in samples:
        by_type.setdefault(json_type(value), []).append(value)
    nullable = by_type.pop("null", None) is not None
    if "number" in by_type and "integer" in by_type:
        by_type["number"] += by_type.pop("integer")
    variants = [_infer_typed(kind, values) for kind, values in sorted(by_type.items())]
    if not variants:
        schema: dict = {"nullable": True, "enum": [None]}
        return schema
    schema = variants[0] if len(variants) == 1 else {"oneOf": variants}
    return {**schema, "nullable": True} if nullable else schema


def _infer_typed(kind: str, values: list) -> dict:
    if kind == "array":
        items = [item for value in values for item in value]
        return {"type": "array", "items": infer(items) if items else {}}
    if kind == "object":
        if is_map(values):
            inner = [v for value in values for v in value.values()]
            return {"type": "object", "additionalProperties": infer(inner) if inner else {}}
        keys = sorted({k for value in values for k in value})
        required = [k for k in keys if all(k in value for value in values)]
        schema = {"type": "object", "properties": {k: infer([v[k] for v in values if k in v]) for k in keys}}
        return {**schema, "required": required} if required else schema
    return {"type": kind}


def collect() -> dict[str, dict[str, list]]:
    """{ruleset: {"state": [...], "own_player": [...], "other_player": [...]}} from real games."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    import logging

    from service.app import create_app
    from service.runtime.embedded_redis import EmbeddedRedis
    from tests.support import bots

    logging.disable(logging.WARNING)
    found: dict[str, dict[str, list]] = {}
    with EmbeddedRedis.ephemeral() as server:
        client = create_app({"REDIS_URL": server.url, "RATE_LIMITS": "off"}).test_client()
        for ruleset, seats, options, seed in TABLES:
            bucket = found.setdefault(ruleset, {"lobby": [], "state": [], "own_player": [], "other_player": []})
            lobby = client.post("/v1/games", json={"ruleset": ruleset, "seats": seats, "options": options}).get_json()
            _read(client, lobby["game_id"], [lobby["organizer_token"], None], bucket)
            joined = client.post(f"/v1/games/{lobby['game_id']}/seats", json={"name": "Early"}).get_json()
            _read(client, lobby["game_id"], [lobby["organizer_token"], None, joined["player_token"]], bucket)
            table = bots.open_table(client, seats, options, ruleset=ruleset)
            readers = [table.organizer, None, *table.tokens.values()]
            rng, moves = random.Random(seed), 0
            while True:
                if moves % EVERY == 0:
                    _read(client, table.game_id, readers, bucket)
                if moves == 40 and options.get("deadlines"):  # a paused clock, read, resumed
                    clock = f"/v1/games/{table.game_id}/clock"
                    client.post(f"{clock}/pause", headers=bots.bearer(table.organizer))
                    _read(client, table.game_id, readers, bucket)
                    client.post(f"{clock}/resume", headers=bots.bearer(table.organizer))
                if bots.move(table, rng, talk=0.02) is not None:
                    break
                moves += 1
            _read(client, table.game_id, readers, bucket)
    return found


def _read(client, game_id: str, readers: list, bucket: dict) -> None:
    for token in readers:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        state = client.get(f"/v1/games/{game_id}", headers=headers).get_json()
        viewer = state["viewer"]
        if state["status"] == "lobby":
            bucket["lobby"].append(state)
            continue
        bucket["state"].append(state)
        for player in state.get("players") or ():
            own = viewer.get("kind") == "organizer" or viewer.get("seat") == player.get("seat")
            bucket["own_player" if own else "other_player"].append(player)


def shapes(found: dict[str, dict[str, list]]) -> dict[str, dict]:
    out = {}
    for ruleset, bucket in sorted(found.items()):
        own, other = infer(bucket["own_player"]), infer(bucket["other_player"])
        other = fill_null_only(other, own)
        out[ruleset] = {"lobby": infer(bucket["lobby"]), "state": infer(bucket["state"]),
                        "own_player": own, "other_player": other if other != own else None}
    return out


def fill_null_only(schema: dict, sibling: dict) -> dict:
    """A field only ever seen null in one shape takes the other shape's type, nullable (a
    card others see displayed in one game and not in another must not be typed `null`)."""
    props = dict(schema.get("properties", {}))
    for name, field in props.items():
        if field.get("enum") == [None] and name in sibling.get("properties", {}):
            props[name] = {**sibling["properties"][name], "nullable": True}
    return {**schema, "properties": props} if props else schema


def main() -> None:
    OUT.write_text(json.dumps(shapes(collect()), indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
