"""Every problem `code` a route answers while the API tests run must be declared on the
route (`@api_operation(problems=...)`, service/api/declare.py), so the document lists it.

tests/conftest.py connects `record` to Flask's `request_finished`, tests/api/conftest.py turns
recording of (endpoint, status, code) on while each API test runs, and at the end of the
session tests/conftest.py fails the run with the pairs no route declares (`findings`).
"""
from __future__ import annotations

import json

from flask import Flask, request

SEEN: set[tuple[str, int, str]] = set()
#: every code answered in the whole session, by any suite: each must be in the document's
#: ProblemCode enum (api_spec/problem_codes.py reads them from the source; this catches one
#: passed through a variable)
CODES: set[str] = set()
#: Recording only while a test of tests/api runs: other suites in the same session (a whole
#: `make test`) provoke failures of their own on purpose, outside this check's scope.
ACTIVE = False


def record(sender, response, **extra) -> None:
    if response.mimetype != "application/problem+json" or response.is_streamed:
        return
    code = json.loads(response.get_data())["code"]
    CODES.add(code)
    if ACTIVE and request.endpoint:
        SEEN.add((request.endpoint, response.status_code, code))


def outside_enum() -> list[str]:
    """Codes answered during the session that the checked-in document does not list (the
    test-only rulesets' own refusals, tests/streams/toy.py..., aside)."""
    from pathlib import Path

    from api_spec.generate import SPEC_PATH
    from api_spec.problem_codes import source_codes
    listed = set(json.loads(SPEC_PATH.read_text())["components"]["schemas"]["ProblemCode"]["enum"])
    return sorted(CODES - listed - source_codes(Path(__file__).resolve().parents[1]))


def undeclared() -> list[str]:
    """`endpoint: status code` for every answer seen that its route does not declare."""
    from service.api.routes import BLUEPRINTS
    app = Flask(__name__)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    missing = []
    for endpoint, status, code in sorted(SEEN):
        view = app.view_functions.get(endpoint)
        declared = getattr(view, "problem_codes", None)
        if declared is None or status == 500:  # not an API route; 500 is a bug its own tests catch
            continue
        if (status, code) not in declared and (status, "*") not in declared:  # "*": the rules' own (declare.RULES)
            missing.append(f"{endpoint}: {status} {code}")
    return missing


def findings() -> dict[str, list[str]]:
    """What this process saw that the document or a route does not declare."""
    return {"unlisted": outside_enum(), "undeclared": undeclared()}
