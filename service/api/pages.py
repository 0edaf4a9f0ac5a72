"""Pages for people (docs/api.md "Pages for people"): the lobby at `/`, a seat at the table at
`/play/{id}` (the token stays in the URL fragment: the server never sees it here), the
favicon, and HTML error pages for browsers.

Static files from service/web/ (service/api/web_files.py, shared with the desk). A browser
that asks for HTML (`Accept: text/html` preferred to JSON) and names a game, a tournament or
a path that is not there gets a short HTML page that says so, with a way back to the lobby;
every other client keeps the API's problem+json.
"""
from __future__ import annotations

from flask import Blueprint, request, send_from_directory
from werkzeug.exceptions import NotFound

from service.api.helpers import games
from service.api.problems import HTTP_ERROR_CODES, problem_response
from service.api.web_files import WEB, html_error, static_page, wants_html
from service.table.games import GameNotFound

bp = Blueprint("pages", __name__)


@bp.get("/")
def lobby():
    return static_page("lobby.html")


@bp.get("/play/<game_id>")
def play(game_id: str):
    try:
        games().load(game_id)
    except GameNotFound:
        if wants_html():
            return html_error(404, "pages-no-game-title", "pages-no-game-detail", game=repr(game_id))
        raise  # an API client: the 404 problem, as everywhere else
    return static_page("play.html")


@bp.get("/favicon.ico")
def favicon():
    return send_from_directory(WEB, "favicon.ico", max_age=86400, mimetype="image/vnd.microsoft.icon")


@bp.app_errorhandler(404)
def not_found(err: NotFound):
    """A browser lost on this server gets a page; an API client (and any /v1 path) the
    problem+json the API's own handler would have answered."""
    if wants_html() and not request.path.startswith("/v1/"):
        return html_error(404, "pages-not-found-title", "pages-not-found-detail", path=request.path)
    return problem_response(404, HTTP_ERROR_CODES.get(404, "not_found"), err.description or "Not Found")
