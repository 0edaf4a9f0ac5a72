"""flask-smorest is the API's router and documentation engine: one source of truth.

Every API route lives on an `ApiBlueprint` (flask-smorest's Blueprint) and says what its
operation is with `@api_operation` (service/api/declare.py, flask-smorest's `Blueprint.doc`);
request bodies and queries with a schema are parsed by `@bp.arguments` (service/api/parsing.py,
service/api/queries.py): the schema that reads a request is the one the document shows.
`install` registers the blueprints through a flask-smorest `Api`, which writes each route's
operation, path and path parameters into its APISpec: api_spec/generate.py completes that
spec with the components and checks it in as api_spec/openapi.json.

Why flask-smorest rather than APIFlask: it is a thin layer over the marshmallow + apispec the
service already uses (the installed marshmallow 4 and apispec 6), it leaves error bodies to
the application (the referee answers problem+json with its own codes) and it adds no routing
or response model of its own beyond the decorators (docs/service-decisions.md).
"""
from __future__ import annotations

from typing import Callable

from apispec import APISpec
from flask import Flask
from flask_smorest import Api, Blueprint
from flask_smorest.spec.plugins import FlaskPlugin
from werkzeug.routing import UnicodeConverter

from service.api.declare import ID_SCHEMA, OPTIONAL_BEARER
from service.api.parsing import RefereeParser

#: What every client library reads first; the version is the contract's (docs/api.md).
#: The server is the one that serves the document (`/`: its paths are relative to it, wherever
#: it is deployed); the contact is the API's own docs page. The repository states no license,
#: so the document says "Proprietary" (its url, which the linters ask for, is that docs page,
#: where the terms would be told): change both here if the project adopts a license.
SPEC = {"title": "Bootleggers referee", "version": "1.0.0", "openapi_version": "3.0.3",
        "security": OPTIONAL_BEARER,
        "servers": [{"url": "/", "description": "the server this document is served by (GET /openapi.json)"}],
        "info": {"description": "Event-sourced referee server for Bootleggers, Prohibition and Booze Baron. "
                                "Errors are application/problem+json with a stable `code`.",
                 "contact": {"name": "Bootleggers referee: the API's docs page", "url": "/docs"},
                 "license": {"name": "Proprietary", "url": "/docs"}}}


class ApiBlueprint(Blueprint):
    """flask-smorest's Blueprint, with the referee's parser (service/api/parsing.py).

    A view's docstring stays a note for developers: the words clients read are the ones its
    `@api_operation` gives. The parameters it declares there (headers, a query value the
    view reads itself) join those of its `@bp.arguments` schemas rather than replace them,
    and the 422 of a parsed request is the operation's own (with its problem codes), not
    flask-smorest's stock answer.
    """

    ARGUMENTS_PARSER = RefereeParser()

    def _store_endpoint_docs(self, endpoint, obj, parameters, tags, **options):
        super()._store_endpoint_docs(endpoint, obj, parameters, tags, **options)
        for method, doc in self._docs[endpoint].items():
            if method == "parameters":
                continue
            doc["docstring"] = {}
            declared, parsed = doc.get("manual_doc", {}), doc.get("arguments")
            if parsed is not None:
                parsed.pop("responses", None)
                parsed["parameters"] = parsed["parameters"] + declared.pop("parameters", [])


class OperationPathParameters(FlaskPlugin):
    """flask-smorest's Flask plugin, writing a route's path parameters on each of its
    operations (where they were before it, and where schemathesis' links look for them)."""

    def path_helper(self, rule, operations, parameters, **kwargs):
        path = super().path_helper(rule, operations, parameters, **kwargs)
        if parameters:
            for operation in operations.values():
                operation["parameters"] = [*parameters, *operation.get("parameters", [])]
            parameters.clear()
        return path


class RefereeApi(Api):
    """flask-smorest's Api without its error handlers and error schema: every error is
    answered as application/problem+json (service/api/problems.py), and each operation
    declares its own error answers with their codes (service/api/declare.py)."""

    DEFAULT_ERROR_RESPONSE_NAME = None

    def _register_error_handlers(self) -> None:
        pass

    # Its stock components (an `Error` body per status, pagination and ETag headers of its own
    # decorators, which the API does not use) would sit in the document unreferenced.
    def _register_responses(self) -> None:
        pass

    def _register_pagination_header(self) -> None:
        pass

    def _register_etag_headers(self) -> None:
        pass


def install(app: Flask, blueprints: tuple[ApiBlueprint, ...],
            components: Callable[[APISpec], None] | None = None) -> RefereeApi:
    """Register the API's blueprints on `app` and in the document flask-smorest keeps;
    `components` first registers the schemas the operations name (api_spec/generate.py)."""
    api = RefereeApi(app, spec_kwargs={**SPEC, "flask_plugin": OperationPathParameters()})
    # Every id a URL carries (a game's, a job's) is one of the service's ids.
    api.register_converter(UnicodeConverter, lambda converter: dict(ID_SCHEMA))
    if components is not None:
        components(api.spec)
    for blueprint in blueprints:
        api.register_blueprint(blueprint)
    return api
