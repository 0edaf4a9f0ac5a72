"""OpenAPI declarations, attached to the routes themselves: one source of truth.

A view says what its operation is with `@api_operation(...)` beside its `@bp.get/post`: the
operation is handed to flask-smorest (`Blueprint.doc`), which writes it into the document
with the route's path and path parameters (service/api/openapi.py), so a route and its
description cannot drift apart. Schemas are referenced by component name
(api_spec/components.py registers them).
"""
from __future__ import annotations

from typing import Callable

from flask_smorest import Blueprint

PROBLEM = {"application/problem+json": {"schema": "ProblemDetail"}}
BEARER = [{"bearer": []}]
#: The document's default: a token is optional (a spectator sends none, a player or the
#: organizer sends theirs and sees more). Operations that need one say BEARER; those that
#: take none say PUBLIC. Generators such as openapi-python-client read only an operation's
#: own `security`, so an operation left on this default takes a plain or an authenticated
#: client (docs/service-decisions.md, "Optional auth in the document").
OPTIONAL_BEARER = [{}, {"bearer": []}]
PUBLIC: list = []

#: Every id a URL carries (a game's, a job's): the schema of its path parameter.
ID_SCHEMA = {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}

#: Response headers, declared once as components and referenced where they are sent.
HEADERS = {
    "Location": {"description": "where the created resource (or the queued job) is", "schema": {"type": "string"}},
    "ETag": {"description": "`\"<version>\"` of the state served: send it back as `If-None-Match`",
             "schema": {"type": "string"}},
    "Idempotent-Replayed": {"description": "`true` when this is the stored answer to an earlier request with the "
                                           "same `Idempotency-Key` (nothing was appended)",
                            "schema": {"type": "string", "enum": ["true"]}},
    "Retry-After": {"description": "seconds to wait before trying again", "schema": {"type": "integer", "minimum": 0}},
    "Vary": {"description": "`Authorization`: the answer depends on the token", "schema": {"type": "string"}},
    "Cache-Control": {"description": "`private, no-cache`: a cache keeps it per token and revalidates",
                      "schema": {"type": "string"}},
}

PINS = [{"name": "If-Match", "in": "header", "schema": {"type": "string"},
         "description": "the version you decided on; refused with 412 version_conflict if stale"},
        {"name": "Idempotency-Key", "in": "header", "schema": {"type": "string", "minLength": 1, "maxLength": 200},
         "description": "a retry with the same key returns the first answer and appends nothing"}]

ERROR_WORDS = {
    400: "malformed request", 401: "missing or unknown token", 403: "not allowed for this caller",
    404: "unknown game", 409: "refused by the rules, or `record_damaged` "
                              "(the game's stored record does not hold together: see its audit)",
    412: "`version_conflict`: the If-Match version is stale; reload and decide again",
    413: "body too large (256 KiB; 4 MiB for an import)",
    415: "a body that is not `Content-Type: application/json`",
    422: "fields missing or wrong, or over their bounds",
    429: "rate limit of your address reached; see `Retry-After`",
    503: "storage unavailable or too busy",
    507: "`store_full`: the game store is full (Redis at its maxmemory); nothing was recorded, see `Retry-After`"}


def headers(*names: str) -> dict:
    return {name: {"$ref": f"#/components/headers/{name}"} for name in names}


def errors(*codes: int) -> dict:
    """Problem answers by status; 429, 503 and 507 carry `Retry-After`."""
    answers = {str(c): {"description": ERROR_WORDS[c], "content": PROBLEM} for c in codes}
    for code in {"429", "503", "507"} & set(answers):
        answers[code]["headers"] = headers("Retry-After")
    return answers


def ok(status: int, schema: str, description: str, sent: tuple[str, ...] = (), then: tuple[str, ...] = ()) -> dict:
    """A success answer; `then`: the operations a client goes on to with the same game (OpenAPI
    links, which schemathesis' stateful tests follow and generators may show)."""
    answer = {"description": description, "content": {"application/json": {"schema": schema}}}
    if sent:
        answer["headers"] = headers(*sent)
    if then:
        game = "$response.body#/game_id" if schema == "GameCreatedAnswer" else "$request.path.game_id"
        answer["links"] = {operation[0].upper() + operation[1:]: {"operationId": operation,
                                                                  "parameters": {"game_id": game}}
                           for operation in then}
    return {str(status): answer}


def body(schema: str) -> dict:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


#: A status at which the rules' own refusals may answer (sendCommand): any code, listed by
#: the rules modules rather than here.
RULES = "*"
#: Problem codes of the common steps a view takes, to combine with `codes(...)`.
TOKEN_OPTIONAL = {401: ("bad_token", "unknown_token")}
TOKEN_REQUIRED = {401: ("bad_token", "token_required", "unknown_token"), 403: ("forbidden", "entrant_dropped")}
A_GAME = {404: ("game_not_found",)}
JSON_BODY = {400: ("malformed_json",), 415: ("unsupported_media_type",), 422: ("invalid_fields",)}
PINNED = {400: ("bad_if_match", "bad_idempotency_key"), 412: ("version_conflict",), 422: ("idempotency_key_reused",),
          503: ("busy",)}
#: A write to a game (or a tournament) whose record has left for the archive (service/streams/archive.py).
GAME_ARCHIVED = {409: ("game_archived",)}
TOURNAMENT_ARCHIVED = {409: ("tournament_archived",)}
#: Problem codes any operation may answer: the store unreachable or full, a body over the limit.
EVERYWHERE = {503: ("storage_unavailable",), 507: ("store_full",), 413: ("body_too_large",), 429: ("rate_limited",),
              415: ("unsupported_media_type",)}


def codes(*parts: dict[int, tuple[str, ...]]) -> dict[int, tuple[str, ...]]:
    """Union of problem-code tables, by status."""
    joined: dict[int, set[str]] = {}
    for part in parts:
        for status, named in part.items():
            joined.setdefault(status, set()).update(named)
    return {status: tuple(sorted(named)) for status, named in joined.items()}


def api_operation(operation_id: str, tag: str, problems: dict[int, tuple[str, ...]] | None = None,
                  store: bool = True, **fields) -> Callable:
    """Attach the view's OpenAPI operation (`operationId`, one tag, the rest as OpenAPI spells it).

    `problems` names the `code`s the view answers, by status; each error answer's description
    lists them (tests/api checks every code the suite sees a route answer is declared for it).
    A view that reads the store (`store`) may answer 503 when it is unreachable, and 507 when it
    is full (a write refused at Redis's maxmemory; a read may write a lease or a counter).
    """
    def attach(view: Callable) -> Callable:
        operation = {"operationId": operation_id, "tags": [tag], **fields}
        statuses = set(problems or {}) | ({503, 507} if store else set())
        responses = {**errors(*sorted(s for s in statuses if str(s) not in operation.get("responses", {}))),
                     **operation.get("responses", {})}
        by_status = {status: sorted({*(problems or {}).get(status, ()), *EVERYWHERE.get(status, ())})
                     for status in {int(s) for s in responses if s[0] in "45"}}
        for status, named in by_status.items():
            listed = [f"`{c}`" for c in named if c != RULES] + (["the rules' own refusals"] if RULES in named else [])
            if listed:
                answer = dict(responses[str(status)])
                answer["description"] += " (`code`: " + ", ".join(listed) + ")"
                answer["x-problem-codes"] = [c for c in named if c != RULES]  # machine-readable, for tools
                responses = {**responses, str(status): answer}
        operation["responses"] = responses
        view.openapi = operation  # type: ignore[attr-defined]
        view.problem_codes = {(s, c) for s, named in by_status.items() for c in named}  # type: ignore[attr-defined]
        return Blueprint.doc(**operation)(view)  # (functools.wraps keeps the two marks above)
    return attach


#: The headers of an answer like a command's.
WRITTEN = ("Location", "Idempotent-Replayed")


def command_like(operation_id: str, tag: str, problems: dict[int, tuple[str, ...]], answer: str, *,
                 then: tuple[str, ...] = (), others: dict | None = None, **fields) -> Callable:
    """A write answered as a command is (201 `CommandAnswer`: the events as the caller may see
    them, the new `version`, `Location`), with a token, taking `If-Match` and `Idempotency-Key`:
    a game's commands and start, the clock's controls, a tournament's commands. `answer`
    describes the 201; `others`, any other success answer. The error answers of `problems`'
    statuses come with them (api_operation); 413 and 429 any request may meet."""
    return api_operation(operation_id, tag, problems=problems, parameters=PINS, security=BEARER,
                         responses={**ok(201, "CommandAnswer", answer, WRITTEN, then=then), **(others or {}),
                                    **errors(413, 429)}, **fields)


def creation(operation_id: str, tag: str, answer_schema: str, then: tuple[str, ...] = (), **fields) -> Callable:
    """Creating a game or a tournament: anyone, no token; the 201 holds the organizer token."""
    return api_operation(operation_id, tag, problems=codes(JSON_BODY, {422: ("invalid_options", "unknown_ruleset")}),
                         security=PUBLIC,
                         responses={**ok(201, answer_schema, "created; keep the organizer token", ("Location",),
                                         then=then), **errors(413, 429)}, **fields)


def sse_operation(operation_id: str, tag: str, problems: dict[int, tuple[str, ...]], item_schema: str,
                 frames: str, **fields) -> Callable:
    """A stream's live events (Server-Sent Events), resumable with `Last-Event-ID`: one frame per
    event, its `data` an `item_schema` as JSON (OpenAPI 3.2's itemSchema, as `x-item-schema`;
    schemathesis checks each frame against it). `frames` describes the 200."""
    article = "an" if item_schema[0] in "AEIOU" else "a"
    frame = {"type": "object", "required": ["data"],
             "properties": {"id": {"type": "string", "description": "the event's version"},
                            "event": {"type": "string", "description": "the event's type, or `record_damaged`"},
                            "data": {"type": "string",
                                     "description": f"{article} {item_schema} (`x-item-schema`) as JSON text",
                                     "x-item-schema": {"$ref": f"#/components/schemas/{item_schema}"}},
                            "retry": {"type": "integer"}}}
    return api_operation(operation_id, tag,
                         problems=codes(TOKEN_OPTIONAL, problems, {400: ("bad_last_event_id",),
                                                                   409: ("record_damaged",), 422: ("invalid_fields",)}),
                         parameters=[{"name": "Last-Event-ID", "in": "header", "schema": {"type": "string"}}],
                         responses={"200": {"description": frames, "content": {"text/event-stream": {"schema": frame}}},
                                    **errors(413, 429)}, **fields)
