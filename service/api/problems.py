"""RFC 9457 problem+json for every error the API gives, and nothing else.

Every refusal carries `code` (a stable machine word) and `detail` (a sentence a player
understands). Handlers here cover our own exceptions, marshmallow validation, werkzeug's
HTTP errors and, as a last resort, anything unexpected — which is logged and answered
without a stack trace. `title` and `detail` are in the reader's language (`?lang=`,
Accept-Language: service/api/problem_text.py), and so are a 422's per-field sentences in
`errors` (service/api/field_errors.py); `code`, field names and the other fields never change.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Callable

from flask import Flask, Response, has_request_context, json
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

from events.integrity import RecordDamaged
from events.store import StreamArchived, VersionConflict
from service.rules.errors import Message, RuleViolation
from service.runtime.archive import ArchiveUnavailable
from service.runtime.redis_connect import NotConfirmed
from service.streams.errors import Busy
from service.table.games import GameNotFound
from service.tournaments.ledger import TournamentNotFound

from . import field_errors, problem_text

log = logging.getLogger(__name__)
PROBLEM = "application/problem+json"


class Problem(Exception):
    """`detail` is a Message (rendered in the reader's language; `.detail` is its English) or,
    for a text that comes from elsewhere, a sentence as it is."""

    def __init__(self, status: int, code: str, detail: str | Message, title: str | None = None, *,
                 message: Message | None = None, **extra):
        if isinstance(detail, Message):
            message, detail = detail, problem_text.english(detail)
        self.message = message
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
          500: "Internal Server Error", 503: "Service Unavailable", 507: "Insufficient Storage"}


def problem_response(status: int, code: str, detail: str | Message, title: str | None = None, *,
                     message: Message | None = None, **extra) -> Response:
    """The problem+json answer, its `title` and `detail` in the reader's language: `detail` (or
    `message`, beside an English `detail`) as a Message, else matched by `code`."""
    if isinstance(detail, Message):
        message, detail = detail, problem_text.english(detail)
    lang = _reader_language()
    if "errors" in extra:  # the per-field sentences too; their keys and shape stay
        extra = {**extra, "errors": field_errors.translate(lang, extra["errors"])}
    default = TITLES.get(status, "Error")
    body = {"type": f"https://bootleggers.example/problems/{code}",
            "title": problem_text.title(lang, status, title, default), "status": status,
            "detail": problem_text.detail(lang, code, detail, message), "code": code, **extra}
    return Response(json.dumps(body), status=status, mimetype=PROBLEM)


def _reader_language() -> str:
    """The reader's language inside a request (Vary/Content-Language follow), else English."""
    if not has_request_context():
        return "en"
    from service.api.language import reader_language
    return reader_language()


#: seconds a client waits before trying again while the store is unreachable (a restarted
#: embedded Redis answers within a second or two: service/runtime/supervise.py)
STORE_RETRY_AFTER = 1


def store_unreachable(err: BaseException) -> BaseException | None:
    """The store's "unreachable" error that `err` is, or was raised from (its __cause__ or
    __context__), else None: whatever wrapped it, the answer is a 503, never a 500."""
    from service.runtime.redis_connect import UNAVAILABLE
    seen: set[int] = set()
    current: BaseException | None = err
    while current is not None and id(current) not in seen:
        if isinstance(current, UNAVAILABLE):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


def store_unavailable(detail: str | Message, **extra) -> Response:
    """503 `storage_unavailable` with `Retry-After`: Redis does not answer (down, restarting,
    loading its append-only file, a cluster failing over). A store that refuses the connection
    applied nothing; one that died while answering may have applied the write, which a retry
    with the same Idempotency-Key finds (docs/api.md "Conventions")."""
    response = problem_response(503, "storage_unavailable", detail, **extra)
    response.headers["Retry-After"] = str(STORE_RETRY_AFTER)
    return response


def unconfirmed_detail(err: NotConfirmed) -> str:
    if err.gone:
        return ("your request was lost in a failover of the game store before a replica held it, so it was "
                "not recorded; send it again")
    return (f"your request reached the game store, but no replica confirmed it within {err.waited_ms} ms, so it "
            "is not acknowledged yet; send it again with the same Idempotency-Key: you get its answer once a "
            "replica holds it, or it is recorded once if a failover lost it")


#: seconds a client waits before trying a write again when Redis is full (finished games leave
#: for the archive as their dispute windows close, and free it)
STORE_FULL_RETRY_AFTER = 60


def store_full() -> Response:
    """507 `store_full`: Redis refused the write at its maxmemory (noeviction). The append is
    one script that is refused before it writes anything: nothing of the request was recorded."""
    response = problem_response(507, "store_full", Message("problem-api-store-full"))
    response.headers["Retry-After"] = str(STORE_FULL_RETRY_AFTER)
    return response


def _problem(err: Problem):
    response = problem_response(err.status, err.code, err.detail, err.title, message=err.message, **err.extra)
    if "retry_after" in err.extra:  # 429, 503: when to try again, for any HTTP client
        response.headers["Retry-After"] = str(err.extra["retry_after"])
    return response


def _rule(err: RuleViolation):
    return problem_response(err.status, err.code, err.detail, message=err.message, **err.extra)


def _invalid(err: ValidationError):
    return problem_response(422, "invalid_fields", Message("problem-api-invalid-fields"), errors=err.messages)


def _conflict(err: VersionConflict):
    # RFC 9110: a failed If-Match precondition is 412 (docs/api.md "Conventions").
    return problem_response(412, "version_conflict",
                            Message("problem-api-version-conflict", sent=str(err.expected), now=str(err.current)),
                            current_version=err.current)


def _missing(err: GameNotFound):
    return problem_response(404, "game_not_found", Message("problem-api-game-not-found", game=str(err.args[0])))


def _no_tournament(err: TournamentNotFound):
    return problem_response(404, "tournament_not_found",
                            Message("problem-api-tournament-not-found", tournament=str(err.args[0])))


def _damaged(err: RecordDamaged):
    # 409, not 5xx: the server is fine and retrying will not help; this game's stored
    # record conflicts with itself until an operator restores it (docs/service-decisions.md).
    return problem_response(409, "record_damaged",
                            Message("problem-api-record-damaged", version=str(err.version), damage=err.kind,
                                    why=err.detail, game=str(err.game_id)),
                            title="Record Damaged", first_bad_version=err.version, damage=err.kind)


def _archived(err: StreamArchived):
    # Nothing can be appended once the dispute window (a tournament's delay) has closed; the
    # record is read from the archive, exactly as before.
    if err.ns == "tournament":
        return problem_response(409, "tournament_archived",
                                Message("problem-api-tournament-archived", tournament=str(err.stream_id)))
    return problem_response(409, "game_archived", Message("problem-api-game-archived", game=str(err.stream_id)))


def _archive_down(err: ArchiveUnavailable):
    log.warning("the archive is unavailable: %s", err)
    return store_unavailable(Message("problem-api-archive-unreachable"))


def _busy(err: Busy):
    return problem_response(503, "busy", Message("problem-api-busy"))


def _unconfirmed(err: NotConfirmed):
    # DURABILITY=replica: on the primary, not yet on a replica, so not acknowledged
    # (docs/api.md "Durability")
    log.warning("not acknowledged: %s", err)
    return store_unavailable(unconfirmed_detail(err))


def _http(err: HTTPException):
    code = HTTP_ERROR_CODES.get(err.code or 500, "http_error")
    response = problem_response(err.code or 500, code, err.description or err.name)
    if err.code == 405 and getattr(err, "valid_methods", None):
        response.headers["Allow"] = ", ".join(err.valid_methods)
    return response


def _unexpected(err: Exception):
    from service.runtime.redis_connect import is_full
    if is_full(err):  # Redis at its maxmemory refused the write (noeviction)
        log.warning("game store full: %s", err)
        return store_full()
    cause = store_unreachable(err)
    if cause is not None:  # down, restarting, or a cluster failing over: nothing to fix in the request
        log.warning("game store unavailable: %r", cause)
        return store_unavailable(Message("problem-api-store-unreachable"))
    log.exception("unexpected error")
    # Never "nothing was recorded": the failure may come after a write (an import, the
    # hooks after an append). The caller can look: the events and the state say.
    return problem_response(500, "internal_error", Message("problem-api-internal-error"))


#: every error the API answers, with its answer; Flask picks the handler of the most
#: specific class an error is an instance of, whatever the order here
HANDLERS: tuple[tuple[type[BaseException], Callable[..., Response]], ...] = (
    (Problem, _problem), (RuleViolation, _rule), (ValidationError, _invalid), (VersionConflict, _conflict),
    (GameNotFound, _missing), (TournamentNotFound, _no_tournament), (RecordDamaged, _damaged),
    (StreamArchived, _archived), (ArchiveUnavailable, _archive_down), (Busy, _busy),
    (NotConfirmed, _unconfirmed), (HTTPException, _http), (Exception, _unexpected),
)


def install(app: Flask) -> None:
    for error, handler in HANDLERS:
        app.register_error_handler(error, handler)
