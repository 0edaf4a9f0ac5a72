"""The OpenAPI document and a human docs page (Swagger UI from the installed
swagger-ui-bundle package: the machines have no internet, so no CDN)."""
from __future__ import annotations

from typing import Callable

from flask import Blueprint, Flask, Response, current_app, jsonify, send_from_directory
from swagger_ui_bundle import swagger_ui_path

bp = Blueprint("docs", __name__)

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Bootleggers referee — API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body></html>"""


def install(app: Flask, build: Callable[[], dict]) -> None:
    """`build()`: the document (api_spec/generate.py, handed in by the app factory, which sits
    above both), built on the first request for it and kept."""
    app.extensions["openapi_document"] = {"build": build}


def spec() -> dict:
    holder = current_app.extensions["openapi_document"]
    if "document" not in holder:
        holder["document"] = holder["build"]()
    return holder["document"]


@bp.get("/openapi.json")
def openapi():
    return jsonify(spec())


@bp.get("/docs")
def page():
    return Response(PAGE, mimetype="text/html")


#: Swagger UI started from a file, not an inline script: the page's CSP allows scripts from
#: this server only (service/api/frontdoor.py)
INIT = 'window.ui = SwaggerUIBundle({url: "/openapi.json", dom_id: "#ui"});\n'


@bp.get("/docs/init.js")
def init():
    return Response(INIT, mimetype="text/javascript")


@bp.get("/docs/assets/<path:name>")
def assets(name: str):
    return send_from_directory(swagger_ui_path, name)
