"""The OpenAPI document: checked in, served, one schema per command, and a docs page that
works without internet (Swagger UI from the installed swagger-ui-bundle package)."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from api_spec.problem_codes import operations_of
from tests.api.conftest import kernel_rulesets


@pytest.fixture
def spec() -> dict:
    kernel_rulesets()  # skip while the Bootleggers kernel is absent: the document includes its commands
    from api_spec.generate import build_spec
    return build_spec()


def test_checked_in_document_is_what_the_code_generates(spec):
    from api_spec.generate import SPEC_PATH, render
    assert SPEC_PATH.exists(), "api_spec/openapi.json is missing: run `make openapi`"
    assert SPEC_PATH.read_text() == render(), "api_spec/openapi.json is stale: run `make openapi`"


def test_served_document_is_the_generated_one(spec, client):
    r = client.get("/openapi.json")
    assert r.status_code == 200 and r.mimetype == "application/json"
    assert r.get_json() == spec


def test_document_is_valid_openapi_for_schemathesis(spec):
    import schemathesis
    schema = schemathesis.openapi.from_dict(spec)
    labels = {op.ok().label for op in schema.get_all_operations()}
    assert {"POST /v1/games", "GET /v1/games", "POST /v1/games/{game_id}/seats", "POST /v1/games/{game_id}/start",
            "GET /v1/games/{game_id}", "POST /v1/games/{game_id}/commands", "GET /v1/games/{game_id}/legal-actions",
            "GET /v1/games/{game_id}/events", "GET /v1/games/{game_id}/events/stream",
            "GET /v1/games/{game_id}/audit", "GET /healthz", "GET /metrics"} <= labels


def test_every_command_type_is_its_own_schema_in_a_one_of_with_a_type_discriminator(spec):
    schemas = spec["components"]["schemas"]
    command = schemas["Command"]
    mapping = command["discriminator"]["mapping"]
    assert command["discriminator"]["propertyName"] == "type"
    assert sorted(r["$ref"] for r in command["oneOf"]) == sorted(mapping.values())
    expected = {"say", "dispute", "resolve_dispute", "ruling"}  # the engine's own, in every ruleset
    for ruleset in kernel_rulesets().values():
        expected |= set(ruleset.command_schemas)
    assert set(mapping) == expected
    assert len(set(mapping.values())) == len(mapping), "two command types share one schema"
    for name, ref in mapping.items():
        component = schemas[ref.rsplit("/", 1)[1]]
        assert component.get("description"), f"{name}: say when the command is legal"
        variants = [schemas[r["$ref"].rsplit("/", 1)[1]] for r in component.get("anyOf", [])] or [component]
        for variant in variants:  # a type several rulesets share (`ruling`) is an anyOf of each one's
            assert variant["properties"]["type"]["enum"] == [name], name
            assert "type" in variant["required"], name
    body = spec["paths"]["/v1/games/{game_id}/commands"]["post"]["requestBody"]["content"]["application/json"]
    assert body["schema"] == {"$ref": "#/components/schemas/Command"}


def test_bootleggers_vocabulary_of_api_md_is_in_the_document(spec):
    mapping = spec["components"]["schemas"]["Command"]["discriminator"]["mapping"]
    for name in ("bid", "take_offer", "pass", "say"):
        assert name in mapping, f"{name} (docs/api.md) is not in the OpenAPI document"


def test_answers_admit_added_fields(spec):
    """docs/api.md: fields may be added — a client validating answers must not choke on them."""
    for name in ("GameState", "EventOut", "EventsPage", "CommandAnswer", "GameSummary", "LegalActions",
                 "Audit", "ProblemDetail", "GameCreatedAnswer", "SeatAnswer"):
        assert spec["components"]["schemas"][name].get("additionalProperties", True) is not False, name


def test_error_answers_are_problem_json_with_a_code(spec):
    problem = spec["components"]["schemas"]["ProblemDetail"]["properties"]
    assert {"type", "title", "status", "detail", "code"} <= set(problem)
    for path, operations in spec["paths"].items():
        for verb, operation in operations.items():
            if verb == "parameters":
                continue
            for status, response in operation["responses"].items():
                if int(status) >= 400:
                    assert list(response["content"]) == ["application/problem+json"], (verb, path, status)


class _Assets(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and attrs.get("src"):
            self.urls.append(attrs["src"])
        if tag == "link" and attrs.get("href"):
            self.urls.append(attrs["href"])


def test_docs_page_serves_its_assets_itself(api):
    page = api.get("/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert not re.search(r"(https?:)?//", html), "the docs page must not load anything from another host (no CDN)"
    parser = _Assets()
    parser.feed(html)
    assert any(u.endswith(".js") for u in parser.urls) and any(u.endswith(".css") for u in parser.urls)
    for url in parser.urls:
        assert url.startswith("/docs/"), url
        asset = api.get(url)
        assert asset.status_code == 200, url
        assert len(asset.get_data()) > (1000 if url.startswith("/docs/assets/") else 10), url
    assert "/openapi.json" in api.get("/docs/init.js").get_data(as_text=True)  # started from a file: no inline script


def test_docs_assets_outside_the_bundle_are_problems(api):
    from tests.api.conftest import problem
    problem(api.get("/docs/assets/no-such-file.js"), 404)
    problem(api.get("/docs/assets/../../__init__.py"), 404)


def test_every_operation_has_a_stable_operation_id_and_a_tag(spec):
    """Generated clients name their functions and modules after these: they must not change."""
    ids = [op["operationId"] for path in spec["paths"].values() for op in operations_of(path)]
    assert len(ids) == len(set(ids)), "two operations share an operationId"
    assert all(op.get("tags") for path in spec["paths"].values() for op in operations_of(path))
    ops = {(m, p): op for p, path in spec["paths"].items() for m, op in path.items() if m != "parameters"}
    assert ops["post", "/v1/games/{game_id}/commands"]["operationId"] == "sendCommand"
    assert ops["get", "/v1/games/{game_id}"]["operationId"] == "getState"


def test_headers_sent_are_declared(spec):
    ops = {(m, p): op for p, path in spec["paths"].items() for m, op in path.items() if m != "parameters"}
    assert "Location" in ops["post", "/v1/games"]["responses"]["201"]["headers"]
    assert {"ETag", "Vary"} <= set(ops["get", "/v1/games/{game_id}"]["responses"]["200"]["headers"])
    assert "Idempotent-Replayed" in ops["post", "/v1/games/{game_id}/commands"]["responses"]["201"]["headers"]
    assert "Retry-After" in ops["post", "/v1/games"]["responses"]["429"]["headers"]


def test_every_api_route_declares_its_operation_and_the_document_has_no_other_path(spec):
    """The routes are the source of truth (service/api/declare.py): none undocumented, none invented."""
    from service.api.routes import BLUEPRINTS
    from flask import Flask
    app = Flask(__name__)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    api_rules = {r.rule for r in app.url_map.iter_rules()
                 if r.rule.startswith("/v1/") or r.rule in ("/healthz", "/metrics")}
    undeclared = sorted(r.rule for r in app.url_map.iter_rules()
                        if r.rule in api_rules and not hasattr(app.view_functions[r.endpoint], "openapi"))
    assert not undeclared, f"routes without @api_operation: {undeclared}"
    as_paths = {re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule) for rule in api_rules}
    assert set(spec["paths"]) == as_paths


def test_problem_code_is_an_enum_of_every_code_the_source_raises(spec):
    """The rules' refusals (through their helpers too), the API's own, werkzeug's and every
    code a route declares; tests/conftest.py checks each code answered in a run is listed."""
    from api_spec.problem_codes import source_codes
    enum = spec["components"]["schemas"]["ProblemCode"]["enum"]
    assert enum == sorted(set(enum))
    assert spec["components"]["schemas"]["ProblemDetail"]["properties"]["code"] == {
        "$ref": "#/components/schemas/ProblemCode"}
    assert source_codes() <= set(enum)
    assert {"already", "ruling_inconsistent", "not_your_turn", "record_damaged", "version_conflict", "not_found",
            "method_not_allowed", "storage_unavailable", "rate_limited", "invalid_fields"} <= set(enum)
    for operations in spec["paths"].values():
        for operation in operations_of(operations):
            for answer in operation["responses"].values():
                assert set(answer.get("x-problem-codes", ())) <= set(enum)


def test_a_route_declares_its_operation_and_flask_smorest_writes_it_into_the_document():
    """service/api/openapi.py: a view on an ApiBlueprint with @api_operation is in flask-smorest's
    spec with its path parameter typed as an id, its docstring kept out, errors its own."""
    from flask import Flask

    from service.api.declare import A_GAME, PUBLIC, api_operation, errors, ok
    from service.api.openapi import ApiBlueprint, install
    from service.api.routes import API_BLUEPRINTS

    assert all(isinstance(bp, ApiBlueprint) for bp in API_BLUEPRINTS)
    bp = ApiBlueprint("probe", __name__, url_prefix="/v1")

    @bp.get("/probes/<game_id>")
    @api_operation("getProbe", "play", problems=A_GAME, summary="A probe", security=PUBLIC,
                   responses={**ok(200, "GameState", "the probe"), **errors(404)})
    def probe(game_id: str):
        """A note for developers only."""
        return {"game_id": game_id}

    app = Flask(__name__)
    document = install(app, (bp,)).spec.to_dict()
    path = document["paths"]["/v1/probes/{game_id}"]
    operation = path["get"]
    assert operation["parameters"] == [{"in": "path", "name": "game_id", "required": True,
                                        "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}}]
    assert operation["operationId"] == "getProbe" and operation["tags"] == ["play"]
    assert operation["summary"] == "A probe" and "description" not in operation
    # a store-touching route: 503 (Redis down) and 507 (Redis full); no stock `default` error of flask-smorest
    assert set(operation["responses"]) == {"200", "404", "503", "507"}
    assert operation["responses"]["507"]["x-problem-codes"] == ["store_full"]
    assert operation["responses"]["404"]["x-problem-codes"] == ["game_not_found"]
    assert "responses" not in document.get("components", {})
    assert app.test_client().get("/v1/probes/g1").get_json() == {"game_id": "g1"}
