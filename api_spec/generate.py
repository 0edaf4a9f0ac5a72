"""The OpenAPI document, generated from the routes and the marshmallow schemas the API really uses.

Each route declares its operation beside itself (`@api_operation`, service/api/declare.py);
flask-smorest writes the paths, with their path parameters from the URL rules, as the API's
blueprints are registered (service/api/openapi.py); the components are added here.
`make openapi` writes the document to api_spec/openapi.json; a test fails when the checked-in
file differs from what the code generates, so the contract clients read cannot drift.
"""
from __future__ import annotations

import json
from pathlib import Path

from flask import Flask

from api_spec import components
from api_spec.problem_codes import all_codes, operations_of
from service.api import openapi
from service.api.declare import HEADERS
from service.api.routes import API_BLUEPRINTS

SPEC_PATH = Path(__file__).with_name("openapi.json")
#: The tags operations are grouped under, in the order a reader meets them.
TAGS = {"games": "Create, list and join games; start one (organizer)",
        "play": "A game's state, its legal actions and commands",
        "events": "The game's events, as pages or as a stream, and table talk",
        "disputes": "Disputes raised at the table and the organizer's rulings",
        "desk": "The organizer's desk: the game told as sentences, and its printable report",
        "records": "Audit, export, import and replays of a game's record; queued jobs",
        "clock": "Deadlines and the game clock",
        "tournaments": "Tournaments: entrants, Swiss or fixed rounds of tables, standings and their record",
        "ops": "Liveness and metrics"}


def register_components(spec) -> None:
    """The schemas, headers and security scheme the operations refer to by name."""
    spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    components.register(spec)
    for name, header in HEADERS.items():
        spec.components.header(name, header)


def build_spec() -> dict:
    """The APISpec flask-smorest writes while the API's blueprints are registered as the
    service registers them (service/api/openapi.py), completed with the problem codes."""
    spec = openapi.install(Flask(__name__), API_BLUEPRINTS, register_components).spec
    spec.components.schema("ProblemCode", {
        "type": "string", "enum": all_codes(spec.to_dict()["paths"]),
        "description": "Every `code` a problem answer may carry; each error answer of an operation lists "
                       "those it answers (`x-problem-codes`, and in its description)."})
    document = spec.to_dict()
    used = {tag for path_item in document["paths"].values() for op in operations_of(path_item) for tag in op["tags"]}
    if used - set(TAGS):
        raise ValueError(f"operations tagged {sorted(used - set(TAGS))}: describe the tag in api_spec/generate.py TAGS")
    document["tags"] = [{"name": name, "description": words} for name, words in TAGS.items() if name in used]
    components.refine(document)
    undescribed = sorted(op["operationId"] for path_item in document["paths"].values()
                         for op in operations_of(path_item) if not op.get("description"))
    if undescribed:
        raise ValueError(f"operations {undescribed} have no description: say what each does, who may call it "
                         "and what it answers (`@api_operation(description=...)`)")
    untyped = list(_nullable_without_type(document))
    if untyped:
        raise ValueError(f"`nullable` without a `type` beside it (OpenAPI 3.0 ignores it there): {untyped[:5]}")
    return document


def _nullable_without_type(node, where: str = "#"):
    """Where a schema says `nullable` with no `type`: OpenAPI 3.0 gives it no meaning there
    (a `$ref` or a union cannot be nullable), so the generators and the linters disagree."""
    if isinstance(node, dict):
        if isinstance(node.get("nullable"), bool) and "type" not in node:
            yield where
        for key, value in node.items():
            yield from _nullable_without_type(value, f"{where}/{key}")
    elif isinstance(node, list):
        for n, value in enumerate(node):
            yield from _nullable_without_type(value, f"{where}/{n}")


def render() -> str:
    return json.dumps(build_spec(), indent=2, sort_keys=True) + "\n"


def main() -> None:
    SPEC_PATH.write_text(render())
    print(f"wrote {SPEC_PATH}")


if __name__ == "__main__":
    main()
