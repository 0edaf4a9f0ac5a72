"""What every page for people shares: where its static files live (service/web/, served as
they are: no CDN, no build step), how one is handed out, and the short HTML error page a
browser gets instead of the API's problem+json. Below both service/api/viewer.py (the desk)
and service/api/pages.py (the lobby, the seat's page), so neither imports the other."""
from __future__ import annotations

from html import escape
from pathlib import Path

from flask import Response, request, send_from_directory

from service.api.language import reader_language, say

WEB = Path(__file__).resolve().parent.parent / "web"


def static_page(name: str) -> Response:
    """An HTML page from service/web/. `no-referrer`: a token in the fragment never leaves
    the page, and neither does the page's address."""
    response = send_from_directory(WEB, name, max_age=0)
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def wants_html() -> bool:
    """A browser's navigation: it prefers text/html to any JSON (API clients never do)."""
    accept = request.accept_mimetypes
    return accept.quality("text/html") > max(accept.quality("application/json"),
                                             accept.quality("application/problem+json"))


def html_error(status: int, title_id: str, detail_id: str, **params) -> Response:
    """A plain page, CSP-safe (no script), that says what went wrong and links to the lobby, in
    the reader's language (`?lang=`, Accept-Language: the catalog's `pages-…` messages)."""
    title, detail = say(title_id), say(detail_id, **params)
    body = (f"<!doctype html><html lang=\"{escape(reader_language())}\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title)}</title><link rel=\"icon\" href=\"/favicon.ico\">"
            f"<link rel=\"stylesheet\" href=\"/viewer/assets/pages.css\"></head>"
            f"<body class=\"error-page\" data-status=\"{status}\"><header><h1>{escape(title)}</h1></header>"
            f"<main><section><p id=\"detail\">{escape(detail)}</p>"
            f"<p><a href=\"/\">{escape(say('pages-back-to-lobby'))}</a>{escape(say('pages-back-to-lobby-rest'))}</p>"
            f"</section></main></body></html>")
    response = Response(body, status=status, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response
