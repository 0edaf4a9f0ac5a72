"""The web viewer: static HTML, CSS and ES modules from service/web/, served as they are
(no CDN, no build step). The page reads the game through the public API with the token the
user types in or gives in the URL fragment, so this module only hands out files."""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, send_from_directory

from service.api.games import games

bp = Blueprint("viewer", __name__)

WEB = Path(__file__).resolve().parent.parent / "web"


@bp.get("/viewer/<game_id>")
def page(game_id: str):
    games().load(game_id)  # an unknown game is a 404 problem, as everywhere else
    response = send_from_directory(WEB, "viewer.html", max_age=0)
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


@bp.get("/viewer/assets/<path:name>")
def assets(name: str):
    return send_from_directory(WEB, name, max_age=0)
