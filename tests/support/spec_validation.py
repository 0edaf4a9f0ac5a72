"""Validate real answers against the checked-in OpenAPI document, strictly.

The document's answer schemas are open (docs/api.md: clients accept fields added later); here
every object schema that names its properties is closed (`additionalProperties: false`), so
a field the server sends but the document does not describe fails the test (but for a schema
marked `x-open`: GameInSetup, a game halfway through its setup). OpenAPI 3.0's
`nullable` becomes a JSON Schema `null` alternative; the validator is jsonschema-rs."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import jsonschema_rs

SPEC_PATH = Path(__file__).resolve().parents[2] / "api_spec" / "openapi.json"


def closed(schema):
    """`schema` as strict JSON Schema (see the module's docstring)."""
    if isinstance(schema, list):
        return [closed(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: closed(v) for k, v in schema.items() if k not in ("nullable", "discriminator", "example")
           and not k.startswith("x-")}
    if "properties" in out and out.get("additionalProperties", True) is True and not schema.get("x-open"):
        out["additionalProperties"] = False
    if schema.get("nullable"):
        out = {"anyOf": [out, {"type": "null"}]}
    return out


@lru_cache(maxsize=None)
def _components() -> dict:
    spec = json.loads(SPEC_PATH.read_text())
    return {name: closed(schema) for name, schema in spec["components"]["schemas"].items()}


@lru_cache(maxsize=None)
def validator(component: str):
    root = {"$ref": f"#/components/schemas/{component}", "components": {"schemas": _components()}}
    return jsonschema_rs.Draft7Validator(root)


def problems(component: str, instance) -> list[str]:
    """Why `instance` is not a strict `component` (empty: it is). A GameState is also checked
    against its own variant, whose errors name the field (a oneOf's only say "none matched")."""
    found = [f"{'/'.join(map(str, e.instance_path))}: {e.message}"[:400]
             for e in validator(component).iter_errors(instance)][:5]
    if found and component == "GameState" and isinstance(instance, dict):
        variant = state_variant(instance)
        if variant in _components():
            found = [f"({variant}) {p}" for p in problems(variant, instance)] or found
    return found


def state_variant(state: dict) -> str:
    name = "".join(part.title() for part in str(state.get("ruleset")).split("_"))
    return name + ("Lobby" if state.get("status") == "lobby" else "Game")
