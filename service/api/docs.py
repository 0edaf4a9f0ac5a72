"""The OpenAPI document and a human docs page (Swagger UI from the installed
swagger-ui-bundle package: the machines have no internet, so no CDN)."""
from __future__ import annotations

from functools import lru_cache

from flask import Blueprint, Response, jsonify, send_from_directory
from swagger_ui_bundle import swagger_ui_path

bp = Blueprint("docs", __name__)

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Bootleggers referee — API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({url: "/openapi.json", dom_id: "#ui"});</script>
</body></html>"""


@lru_cache(maxsize=1)
def spec() -> dict:
    from api_spec.generate import build_spec
    return build_spec()


@bp.get("/openapi.json")
def openapi():
    return jsonify(spec())


@bp.get("/docs")
def page():
    return Response(PAGE, mimetype="text/html")


@bp.get("/docs/assets/<path:name>")
def assets(name: str):
    return send_from_directory(swagger_ui_path, name)
