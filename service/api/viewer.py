"""The web viewer and the tournament desk: static HTML, CSS and ES modules from service/web/,
served as they are (no CDN, no build step). The pages read the game (or the tournament)
through the public API with the token the user types in or gives in the URL fragment, so this
module only hands out files, after checking the id names something: a 404 problem otherwise,
or for a browser asking for HTML a page that says so (service/api/web_files.py; the lobby
and the seat's page are service/api/pages.py's)."""
from __future__ import annotations

from flask import Blueprint, send_from_directory

from service.api.helpers import games, tournaments
from service.api.web_files import WEB, html_error, static_page, wants_html
from service.table.games import GameNotFound
from service.tournaments.ledger import TournamentNotFound

bp = Blueprint("viewer", __name__)


@bp.get("/viewer/<game_id>")
def page(game_id: str):
    try:
        games().load(game_id)
    except GameNotFound:
        if wants_html():
            return html_error(404, "pages-no-game-title", "pages-no-game-desk-detail", game=repr(game_id))
        raise  # an API client: the 404 problem, as everywhere else
    return static_page("viewer.html")


@bp.get("/viewer/tournaments/<tournament_id>")
def tournamentstatic_page(tournament_id: str):
    """The organizer's (and spectators') desk of a tournament: standings, rounds, tables live."""
    try:
        tournaments().load(tournament_id)
    except TournamentNotFound:
        if wants_html():
            return html_error(404, "pages-no-tournament-title", "pages-no-tournament-detail",
                              tournament=repr(tournament_id))
        raise
    return static_page("tournament.html")


@bp.get("/viewer/assets/<path:name>")
def assets(name: str):
    return send_from_directory(WEB, name, max_age=0)
