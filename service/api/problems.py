"""RFC 9457 problem+json for every error the API gives, and nothing else.

Every refusal carries `code` (a stable machine word) and `detail` (a sentence a player
understands). Handlers here cover our own exceptions, marshmallow validation, werkzeug's
HTTP errors and, as a last resort, anything unexpected — which is logged and answered
without a stack trace.
"""
from __future__ import annotations

import logging
import re

from flask import Flask, Response, json
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

from events.integrity import RecordDamaged
from events.store import VersionConflict
from service.games import Busy, GameNotFound
from service.rules.errors import RuleViolation

log = logging.getLogger(__name__)
PROBLEM = "application/problem+json"


class Problem(Exception):
    def __init__(self, status: int, code: str, detail: str, title: str | None = None, **extra):
        super().__init__(detail)
        self.status, self.code, self.detail, self.extra = status, code, detail, extra
        self.title = title or TITLES.get(status, "Error")


#: werkzeug's own errors that routing and request parsing raise (an unknown URL, a wrong
#: method, a body or header over a limit), by status: their name as a code; any other
#: HTTP error is `http_error`
HTTP_ERROR_CODES = {status: re.sub(r"[^a-z]+", "_", HTTP_STATUS_CODES[status].lower()).strip("_")
                    for status in (400, 404, 405, 411, 413, 414, 415, 431)}

TITLES = {400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
          405: "Method Not Allowed", 409: "Conflict", 412: "Precondition Failed",
          415: "Unsupported Media Type", 422: "Unprocessable Content", 428: "Precondition Required",
          500: "Internal Server Error", 503: "Service Unavailable"}


def problem_response(status: int, code: str, detail: str, title: str | None = None, **extra) -> Response:
    body = {"type": f"https://bootleggers.example/problems/{code}", "title": title or TITLES.get(status, "Error"),
            "status": status, "detail": detail, "code": code, **extra}
    return Response(json.dumps(body), status=status, mimetype=PROBLEM)


def install(app: Flask) -> None:
    @app.errorhandler(Problem)
    def _problem(err: Problem):
        return problem_response(err.status, err.code, err.detail, err.title, **err.extra)

    @app.errorhandler(RuleViolation)
    def _rule(err: RuleViolation):
        return problem_response(err.status, err.code, err.detail, **err.extra)

    @app.errorhandler(ValidationError)
    def _invalid(err: ValidationError):
        return problem_response(422, "invalid_fields", "some fields are missing or wrong; see `errors`",
                                errors=err.messages)

    @app.errorhandler(VersionConflict)
    def _conflict(err: VersionConflict):
        # RFC 9110: a failed If-Match precondition is 412 (API.md).
        return problem_response(412, "version_conflict",
                                f"the game moved on: you sent version {err.expected}, it is now at "
                                f"version {err.current}; reload and decide again",
                                current_version=err.current)

    @app.errorhandler(GameNotFound)
    def _missing(err: GameNotFound):
        return problem_response(404, "game_not_found", f"there is no game {err.args[0]!r}")

    @app.errorhandler(RecordDamaged)
    def _damaged(err: RecordDamaged):
        # 409, not 5xx: the server is fine and retrying will not help; this game's stored
        # record conflicts with itself until an operator restores it (docs/service-decisions.md).
        return problem_response(409, "record_damaged",
                                f"the stored record of this game is damaged at event {err.version}: {err.detail}. "
                                "Nothing can be read or played from it until the organizer's audit "
                                f"(GET /v1/games/{err.game_id}/audit) is resolved; events before the damage can still be "
                                "read and exported", title="Record Damaged", first_bad_version=err.version,
                                damage=err.kind)

    @app.errorhandler(Busy)
    def _busy(err: Busy):
        return problem_response(503, "busy", "too many commands reached this game at once; retry shortly")

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException):
        code = HTTP_ERROR_CODES.get(err.code or 500, "http_error")
        response = problem_response(err.code or 500, code, err.description or err.name)
        if err.code == 405 and getattr(err, "valid_methods", None):
            response.headers["Allow"] = ", ".join(err.valid_methods)
        return response

    @app.errorhandler(Exception)
    def _unexpected(err: Exception):
        from service.redis_connect import UNAVAILABLE
        if isinstance(err, UNAVAILABLE):  # down, or a cluster failing over: nothing to fix in the request
            log.warning("game store unavailable: %r", err)
            response = problem_response(503, "storage_unavailable", "the game store is unreachable; try again shortly")
            response.headers["Retry-After"] = "1"
            return response
        log.exception("unexpected error")
        # Never "nothing was recorded": the failure may come after a write (an import, the
        # hooks after an append). The caller can look: the events and the state say.
        return problem_response(500, "internal_error", "something went wrong on our side; reload the game "
                                "to see whether your request was recorded before retrying it")
