"""The OpenAPI document, generated from the routes and the marshmallow schemas the API really uses.

Each route declares its operation beside itself (`@api_operation`, service/api/declare.py); the
paths here are the app's URL map walked, their path parameters taken from the URL rules.
`make openapi` writes the document to api_spec/openapi.json; a test fails when the checked-in
file differs from what the code generates, so the contract clients read cannot drift.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Flask

from api_spec import components
from api_spec.problem_codes import all_codes
from service.api.declare import HEADERS, OPTIONAL_BEARER, PATH_PARAMETERS

SPEC_PATH = Path(__file__).with_name("openapi.json")
IGNORED_METHODS = {"HEAD", "OPTIONS"}


def declared_operations() -> dict[str, dict[str, dict]]:
    """{OpenAPI path: {method: operation}} of every route that declares one, from the URL map."""
    from service.app import BLUEPRINTS  # lazy: the whole app
    app = Flask(__name__)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    paths: dict[str, dict[str, dict]] = {}
    for rule in app.url_map.iter_rules():
        declared = getattr(app.view_functions[rule.endpoint], "openapi", None)
        if declared is None:
            continue  # not part of the API: the docs page, the viewer, static assets
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        parameters = [PATH_PARAMETERS[name] for name in re.findall(r"{([a-z_]+)}", path)]
        for method in sorted(rule.methods - IGNORED_METHODS):
            operation = dict(declared)
            if parameters or "parameters" in operation:
                operation["parameters"] = parameters + list(operation.get("parameters", ()))
            paths.setdefault(path, {})[method.lower()] = operation
    return paths


def build_spec() -> dict:
    spec = APISpec(title="Bootleggers referee", version="1.0.0", openapi_version="3.0.3",
                   plugins=[MarshmallowPlugin()], security=OPTIONAL_BEARER,
                   info={"description": "Event-sourced referee server for Bootleggers and Prohibition. Errors are "
                                        "application/problem+json with a stable `code`."})
    spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    components.register(spec)
    for name, header in HEADERS.items():
        spec.components.header(name, header)
    declared = declared_operations()
    spec.components.schema("ProblemCode", {
        "type": "string", "enum": all_codes(declared),
        "description": "Every `code` a problem answer may carry; each error answer of an operation lists "
                       "those it answers (`x-problem-codes`, and in its description)."})
    for path, operations in sorted(declared.items()):
        spec.path(path, operations=operations)
    document = spec.to_dict()
    components.refine(document)
    return document


def render() -> str:
    return json.dumps(build_spec(), indent=2, sort_keys=True) + "\n"


def main() -> None:
    SPEC_PATH.write_text(render())
    print(f"wrote {SPEC_PATH}")


if __name__ == "__main__":
    main()
