"""Every blueprint the web process serves, in one place.

`API_BLUEPRINTS` are flask-smorest's (each route declares its operation, service/api/openapi.py):
api_spec/generate.py builds the document from them. `PAGES` are for people, not part of the
API: the docs page, the desk (viewer) and the lobby and seat pages (with the favicon and
the HTML error pages browsers get). Importing this module registers every route (desk,
disputes, records, stream and ending add theirs to the games blueprint, service/api/helpers.py,
after the lobby and play routes of games.py).
"""
from __future__ import annotations

from service.api import games as games_api  # first: its routes lead the games blueprint's
from service.api import clock as clock_api, desk, disputes, docs, ops, records, stream  # noqa: F401
from service.api import anchor as anchor_api
from service.api import ending  # noqa: F401  (the result and the rematch, on the games blueprint)
from service.api import pages, tournaments as tournaments_api, viewer as viewer_api
from service.api import tournament_desk  # noqa: F401  (adds its report to the tournaments blueprint)
from service.api import tournament_exports  # noqa: F401  (adds the CSV exports to the tournaments blueprint)
from service.api import tournament_stream  # noqa: F401  (registers on the tournaments blueprint)
from service.api import tournament_audit  # noqa: F401  (adds the audit to the tournaments blueprint)

API_BLUEPRINTS = (games_api.bp, ops.bp, clock_api.bp, tournaments_api.bp, anchor_api.bp)
PAGES = (docs.bp, viewer_api.bp, pages.bp)
BLUEPRINTS = API_BLUEPRINTS + PAGES
