"""The OpenAPI document, generated from the marshmallow schemas the API really uses.

`make openapi` writes it to api_spec/openapi.json; a test fails when the checked-in file
differs from what the code generates, so the contract clients read cannot drift.
"""
from __future__ import annotations

import json
from pathlib import Path

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from api_spec import components

SPEC_PATH = Path(__file__).with_name("openapi.json")
PROBLEM = {"application/problem+json": {"schema": "ProblemDetail"}}
GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}}
BEARER = [{"bearer": []}]
#: The document's default: a token is optional (a spectator sends none, a player or the
#: organizer sends theirs and sees more). Operations that need one say BEARER; those that
#: take none say PUBLIC. Generators such as openapi-python-client read only an operation's
#: own `security`, so an operation left on this default takes a plain or an authenticated
#: client (docs/service-decisions.md, "Optional auth in the document").
OPTIONAL_BEARER = [{}, {"bearer": []}]
PUBLIC: list = []


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


def _headers(*names: str) -> dict:
    return {name: {"$ref": f"#/components/headers/{name}"} for name in names}


def _errors(*codes: int) -> dict:
    words = {400: "malformed request", 401: "missing or unknown token", 403: "not allowed for this caller",
             404: "unknown game", 409: "refused by the rules, or `record_damaged` "
                  "(the game's stored record does not hold together: see its audit)",
             412: "`version_conflict`: the If-Match version is stale; reload and decide again",
             413: "body too large (256 KiB; 4 MiB for an import)",
             415: "a body that is not `Content-Type: application/json`",
             422: "fields missing or wrong, or over their bounds",
             429: "rate limit of your address reached; see `Retry-After`",
             503: "storage unavailable or too busy"}
    answers = {str(c): {"description": words[c], "content": PROBLEM} for c in codes}
    for code in {"429", "503"} & set(answers):
        answers[code]["headers"] = _headers("Retry-After")
    return answers


def _ok(status: int, schema: str, description: str, headers: tuple[str, ...] = ()) -> dict:
    answer = {"description": description, "content": {"application/json": {"schema": schema}}}
    if headers:
        answer["headers"] = _headers(*headers)
    return {str(status): answer}


def build_spec() -> dict:
    spec = APISpec(title="Bootleggers referee", version="1.0.0", openapi_version="3.0.3",
                   plugins=[MarshmallowPlugin()], security=OPTIONAL_BEARER,
                   info={"description": "Event-sourced referee server for Bootleggers and Prohibition. Errors are "
                                        "application/problem+json with a stable `code`."})
    spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    components.register(spec)
    for name, header in HEADERS.items():
        spec.components.header(name, header)
    at = {"name": "at", "in": "query", "schema": {"type": "integer", "minimum": 1},
          "description": "time travel: the state as it stood after event N"}
    page = [{"name": "after", "in": "query", "schema": {"type": "integer", "minimum": 0}},
            {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 1000}}]
    pins = [{"name": "If-Match", "in": "header", "schema": {"type": "string"},
             "description": "the version you decided on; refused with 412 version_conflict if stale"},
            {"name": "Idempotency-Key", "in": "header", "schema": {"type": "string", "minLength": 1, "maxLength": 200},
             "description": "a retry with the same key returns the first answer and appends nothing"}]
    spec.path("/v1/games", operations={
        "post": {"operationId": "createGame", "security": PUBLIC, "tags": ["games"],
        "summary": "Create a game", "requestBody": {"required": True, "content": {"application/json": {"schema": "CreateGame"}}},
                 "responses": {**_ok(201, "GameCreatedAnswer", "created; keep the organizer token", ("Location",)),
                               **_errors(400, 413, 415, 422, 429)}},
        "get": {"operationId": "listGames", "security": PUBLIC, "tags": ["games"],
        "summary": "List games, newest first, a page at a time", "parameters": [
                    {"name": "status", "in": "query", "schema": {"type": "string", "enum": ["lobby", "running", "finished"]}},
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 1000}},
                    {"name": "after", "in": "query", "schema": {"type": "string", "maxLength": 200},
                     "description": "the `next` of the previous page"}],
                "responses": {**_ok(200, "GameList", "public fields of each game, and `next`"), **_errors(422)}}})
    spec.path("/v1/games/{game_id}/seats", operations={"post": {
        "operationId": "joinGame", "security": PUBLIC, "tags": ["games"],
        "summary": "Join a seat", "parameters": [GAME_ID],
        "requestBody": {"required": True, "content": {"application/json": {"schema": "JoinSeat"}}},
        "responses": {**_ok(201, "SeatAnswer", "your seat and player token; `Location` is the state right after "
                                             "you sat down", ("Location",)),
                      **_errors(400, 404, 409, 413, 415, 422, 429)}}})
    spec.path("/v1/games/{game_id}/start", operations={"post": {
        "operationId": "startGame", "tags": ["games"],
        "summary": "Deal and begin round 1 (organizer)", "parameters": [GAME_ID, *pins], "security": BEARER,
        "responses": {**_ok(201, "CommandAnswer", "the setup events, as you may see them; `Location` is the state "
                                                 "right after them", ("Location", "Idempotent-Replayed")),
                      **_errors(400, 401, 403, 404, 409, 412)}}})
    seen_as = {"name": "as", "in": "query", "schema": {"type": "string", "pattern": "^(spectator|seat:[0-9]+)$"},
               "description": "see as anyone (organizer): `seat:K` or `spectator`, byte for byte what that "
                              "viewer was served at that version; a player may ask only `seat:<own>`. 409 "
                              "`hidden` for a seat's view holding a bid still sealed from the organizer"}
    if_none_match = {"name": "If-None-Match", "in": "header", "schema": {"type": "string"},
                     "description": "the ETag (`\"<version>\"`) of the state you hold: 304 if the game has not moved "
                                    "(current state only, not `at`)"}
    spec.path("/v1/games/{game_id}", operations={"get": {
        "operationId": "getState", "tags": ["play"],
        "summary": "The game as the caller may see it", "parameters": [GAME_ID, at, seen_as, if_none_match],
        "responses": {**_ok(200, "GameState", "state, redacted for the caller (or the `as` viewer); "
                                              "`ETag: \"<version>\"`", ("ETag", "Vary", "Cache-Control")),
                      "304": {"description": "not modified: still the version of `If-None-Match`",
                              "headers": _headers("ETag", "Vary", "Cache-Control")},
                      **_errors(401, 403, 404, 409, 422)}}})
    spec.path("/v1/games/{game_id}/commands", operations={"post": {
        "operationId": "sendCommand", "tags": ["play"],
        "summary": "Send a command", "parameters": [GAME_ID, *pins], "security": BEARER,
        "description": "Each command type's schema says when it is legal; see also legal-actions.",
        "requestBody": {"required": True, "content": {"application/json": {"schema": "Command"}}},
        "responses": {**_ok(201, "CommandAnswer", "the events it caused, as you may see them; `Location` is "
                                                 "the state right after them", ("Location", "Idempotent-Replayed")),
                      **_errors(400, 401, 403, 404, 409, 412, 413, 415, 422, 503)}}})
    spec.path("/v1/games/{game_id}/legal-actions", operations={"get": {
        "operationId": "getLegalActions", "tags": ["play"],
        "summary": "Every command your seat may send now, with examples", "parameters": [GAME_ID], "security": BEARER,
        "responses": {**_ok(200, "LegalActions", "actions with params and examples"), **_errors(401, 403, 404, 409)}}})
    spec.path("/v1/games/{game_id}/events", operations={"get": {
        "operationId": "listEvents", "tags": ["events"],
        "summary": "Events, redacted for the caller while the game runs; after the end every event as stored, "
                   "hashes included, for anyone", "parameters": [GAME_ID, *page],
        "responses": {**_ok(200, "EventsPage", "a page of events"), **_errors(401, 404, 409, 422)}}})
    spec.path("/v1/games/{game_id}/talk", operations={"get": {
        "operationId": "listTalk", "tags": ["events"],
        "summary": "Table talk (`say`), a page at a time; talk is not part of the state",
        "parameters": [GAME_ID, *page],
        "responses": {**_ok(200, "TalkPage", "lines of talk, oldest first, and `next_after`"),
                      **_errors(401, 404, 409, 422)}}})
    spec.path("/v1/games/{game_id}/events/stream", operations={"get": {
        "operationId": "streamEvents", "tags": ["events"],
        "summary": "Live events (Server-Sent Events), resumable with Last-Event-ID",
        "description": "The game's events after `after` (or `Last-Event-ID`), then each new one as it is appended. "
                       "The stream ends only when you disconnect, at `timeout`, or when the game is over (a finished "
                       "game's stream closes right after its last event); reconnect with `Last-Event-ID` to resume.",
        "parameters": [GAME_ID, page[0],
                       {"name": "timeout", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 604800},
                        "description": "Close the stream after this many seconds. Without it the stream stays open "
                                       "(a keep-alive comment every 15 s) until you disconnect or the game ends."},
                       {"name": "Last-Event-ID", "in": "header", "schema": {"type": "string"}}],
        "responses": {"200": {"description": "text/event-stream; `id` is the event version",
                              "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                      **_errors(400, 401, 404, 409, 422, 429)}}})
    spec.path("/v1/games/{game_id}/audit", operations={"get": {
        "operationId": "getAudit", "tags": ["records"],
        "summary": "Chain check, checkpoints and (after the end) the seed", "parameters": [GAME_ID],
        "responses": {**_ok(200, "Audit", "the audit"), **_errors(401, 403, 404)}}})
    _clock_paths(spec, pins)
    _dispute_paths(spec)
    _record_paths(spec)
    _desk_paths(spec, page)
    spec.path("/healthz", operations={"get": {
        "operationId": "getHealth", "security": PUBLIC, "tags": ["ops"],
        "summary": "Liveness (pings Redis), and whether a clock worker swept within the last minute",
        "responses": {"200": {"description": '{"status": "ok", "clock_worker": {"seen", "within_seconds", '
                                             '"last_seen_seconds_ago"}}'}, **_errors(503)}}})
    spec.path("/metrics", operations={"get": {"operationId": "getMetrics", "security": PUBLIC, "tags": ["ops"],
        "summary": "Prometheus metrics", "responses": {
        "200": {"description": "Prometheus text format", "content": {"text/plain": {"schema": {"type": "string"}}}}}}})
    return spec.to_dict()


# ---- the clock and the replay job (service/api/clock.py) --------------------------------
def _clock_paths(spec: APISpec, pins: list[dict]) -> None:
    """Deadlines, the organizer's clock controls, and the replay job with its status."""
    spec.path("/v1/games/{game_id}/clock", operations={"get": {
        "operationId": "getClock", "tags": ["clock"],
        "summary": "The current deadline, whether the clock is paused, and who timed out where",
        "parameters": [GAME_ID],
        "responses": {**_ok(200, "ClockState", "the clock"), **_errors(401, 404)}}})
    controls = {
        "pause": ("Pause the clock (organizer): nothing times out until it is resumed", None),
        "resume": ("Resume the clock (organizer): the deadline shifts by the time it was paused", None),
        "extend": ("Extend the current deadline by `seconds` (organizer)", "ClockExtend"),
    }
    for verb, (summary, body) in controls.items():
        operation = {"operationId": f"{verb}Clock", "tags": ["clock"], "summary": summary,
                     "parameters": [GAME_ID, *pins], "security": BEARER,
                     "responses": {**_ok(201, "CommandAnswer", "the clock event, as you may see it",
                                                     ("Location", "Idempotent-Replayed")),
                                   **_errors(400, 401, 403, 404, 409, 412, 413, 415, 422, 503)}}
        if body:
            operation["requestBody"] = {"required": True, "content": {"application/json": {"schema": body}}}
        spec.path(f"/v1/games/{{game_id}}/clock/{verb}", operations={"post": operation})
    spec.path("/v1/games/{game_id}/replays", operations={"post": {
        "operationId": "startReplay", "tags": ["records"],
        "summary": "Rebuild the game from event 1 and verify its hash chain, as a job (organizer)",
        "parameters": [GAME_ID], "security": BEARER,
        "responses": {"202": {"description": "queued; poll the Location",
                              "headers": _headers("Location"),
                              "content": {"application/json": {"schema": "JobAccepted"}}},
                      **_errors(401, 403, 404)}}})
    spec.path("/v1/jobs/{job_id}", operations={"get": {
        "operationId": "getJob", "tags": ["records"],
        "summary": "A replay job: status, progress (events done / total) and result (organizer of its game)",
        "parameters": [{"name": "job_id", "in": "path", "required": True,
                        "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}}],
        "security": BEARER,
        "responses": {**_ok(200, "JobStatus", "status, progress and, once finished, the result"),
                      "404": {"description": "unknown job", "content": PROBLEM}, **_errors(401, 403)}}})


# ---- portable records (service/api/records.py) -----------------------------------------
def _record_paths(spec: APISpec) -> None:
    spec.path("/v1/games/{game_id}/export", operations={"get": {
        "operationId": "exportGame", "tags": ["records"],
        "summary": "The game's portable record (organizer; anyone once the game has ended); complete, "
                   "importable and verifiable (`bootleggers verify`) once the game has ended",
        "parameters": [GAME_ID],
        "responses": {**_ok(200, "GameRecord", "the record"), **_errors(401, 403, 404)}}})
    spec.path("/v1/games/import", operations={"post": {
        "operationId": "importGame", "tags": ["records"],
        "summary": "Import a finished game's record (its organizer's token); every event is re-validated",
        "description": "Schemas, hash chain, the fold with this server's rules, the end of the game, "
                       "and a seeded game's seed against its commitment, every die and every shuffle. The game keeps "
                       "its id and tokens. 422 `invalid_record` names the first bad event "
                       "(`event_version`); 409 `game_exists` if the server holds it already.",
        "security": BEARER,
        "requestBody": {"required": True, "content": {"application/json": {"schema": "GameRecord"}}},
        "responses": {"201": {"description": "imported", "headers": _headers("Location"),
                              "content": {"application/json": {"schema": "ImportAnswer"}}},
                      **_errors(400, 401, 403, 409, 413, 415, 422)}}})


# ---- the organizer's desk (service/api/desk.py) -----------------------------------------
def _desk_paths(spec: APISpec, page: list[dict]) -> None:
    spec.path("/v1/games/{game_id}/log", operations={"get": {
        "operationId": "getLog", "tags": ["desk"],
        "summary": "The game as sentences, redacted for the caller, grouped by round and phase, paged",
        "description": "One entry per event (`after`/`next_after` page as on /events); each text begins "
                       "with its round and phase (\"Round 3, Phase 1: Bix bid 28.\"); a sealed bid reads "
                       "\"Bix bid (sealed).\" to all but Bix.",
        "parameters": [GAME_ID, *page],
        "responses": {**_ok(200, "LogPage", "a page of the log"), **_errors(401, 404, 422)}}})
    spec.path("/v1/games/{game_id}/report", operations={"get": {
        "operationId": "getReport", "tags": ["desk"],
        "summary": "One self-contained printable HTML page: result, a table per round, rulings, "
                   "disputes, verification (organizer; anyone after the end)",
        "parameters": [GAME_ID],
        "responses": {"200": {"description": "the report", "content": {"text/html": {"schema": {"type": "string"}}}},
                      **_errors(401, 403, 404)}}})


# ---- disputes (service/api/disputes.py) ---------------------------------------------------
def _dispute_paths(spec: APISpec) -> None:
    spec.path("/v1/games/{game_id}/disputes", operations={"get": {
        "operationId": "listDisputes", "tags": ["disputes"],
        "summary": "Disputes with their state and resolution: a seat its own, the organizer all; "
                   "everyone once the game is over",
        "description": "Filing (`dispute`) and answering (`resolve_dispute`) are commands.",
        "parameters": [GAME_ID],
        "responses": {**_ok(200, "Disputes", "the disputes"), **_errors(401, 404)}}})


def render() -> str:
    return json.dumps(build_spec(), indent=2, sort_keys=True) + "\n"


def main() -> None:
    SPEC_PATH.write_text(render())
    print(f"wrote {SPEC_PATH}")


if __name__ == "__main__":
    main()
