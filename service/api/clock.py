"""The clock and the replay job over HTTP.

| verb and path | who | what |
|---|---|---|
| `GET /v1/games/{id}/clock` | all | deadline, paused since, who timed out where |
| `POST /v1/games/{id}/clock/pause` | organizer | stop the clock (`clock_paused`; 409 `no_deadlines` for a game without deadlines) |
| `POST /v1/games/{id}/clock/resume` | organizer | restart it; the deadline shifts by the pause (`clock_resumed`) |
| `POST /v1/games/{id}/clock/extend` `{seconds}` | organizer | push the current deadline back, from now if it has passed (`deadline_extended`) |
| `POST /v1/games/{id}/replays` | organizer | 202: enqueue a rebuild + chain check |
| `GET /v1/jobs/{job_id}` | organizer of the job's game | status, progress, result |

The controls take `If-Match` and `Idempotency-Key` like commands, and answer like them.
"""
from __future__ import annotations

import re

from flask import current_app, jsonify
from marshmallow import RAISE, Schema, fields, validate
from rq.exceptions import NoSuchJobError
from rq.job import Job
from rq.serializers import JSONSerializer

from service.api.helpers import command_answer, games
from service.api.problems import Problem
from service.rules.errors import Message
from service.api.requests import pins
from service.api.auth import caller, require
from service.desk import history
from service.clock import controls, deadlines
from service.runtime import timeutil
from service.runtime.queues import REPLAY_QUEUE
from service.api.openapi import ApiBlueprint
from service.api.declare import (
    A_GAME, BEARER, GAME_ARCHIVED, ID_SCHEMA, JSON_BODY, PINNED, PROBLEM, TOKEN_OPTIONAL, TOKEN_REQUIRED, api_operation, codes,
    command_like, errors, headers, ok,
)

bp = ApiBlueprint("clock", __name__, url_prefix="/v1")

REPLAY_JOB = "service.jobs.replay.replay_game"
JOB_ID = re.compile(ID_SCHEMA["pattern"])  # as documented for every id in a URL


class Extend(Schema):
    class Meta:
        unknown = RAISE

    seconds = fields.Integer(strict=True, required=True,
                             validate=validate.Range(1, deadlines.MAX_EXTEND_SECONDS),
                             metadata={"description": "seconds added to the current deadline"})


class ClockAnswer(Schema):
    version = fields.Integer()
    now = fields.String(metadata={"description": "server time (UTC)"})
    deadline = fields.Dict(allow_none=True, metadata={"description": "{step, seats, due_at, step_version, round, paused_at?}"})
    paused_at = fields.String(allow_none=True)
    timeouts = fields.List(fields.Dict(), metadata={"description": "who timed out where: {version, at, step, seats, round, due_at}"})


class JobAccepted(Schema):
    job_id = fields.String()
    status = fields.String()
    location = fields.String()


class JobAnswer(Schema):
    job_id = fields.String()
    kind = fields.String()
    game_id = fields.String()
    status = fields.String(metadata={"description": "queued, started, finished, failed, ..."})
    progress = fields.Dict(metadata={"description": "{done, total} events"})
    result = fields.Dict(allow_none=True, metadata={"description": "{equal: true} or the first version that differs"})
    error = fields.String(allow_none=True)


def _organizer(game_id: str, what: str) -> dict:
    actor = caller(games().load(game_id))
    require(actor, "organizer", what=what)
    return actor

#: What a clock control may answer (service/clock/deadlines.py refuses with these).
CLOCK_CONTROL = codes(TOKEN_REQUIRED, A_GAME, JSON_BODY, PINNED, GAME_ARCHIVED,
                      {409: ("clock_paused", "clock_running", "game_not_running", "no_deadline", "no_deadlines",
                             "record_damaged"),
                       422: ("invalid_seconds",)})
#: How a clock control answers, in its description.
AS_A_COMMAND = ("The answer is like a command's: the event, the new `version` and `Location`; it takes "
                "`If-Match` and `Idempotency-Key` as a command does.")


def clock_control(operation_id: str, summary: str, description: str):
    """A clock control's declaration: the organizer's, answered as a command is."""
    return command_like(operation_id, "clock", CLOCK_CONTROL, "the clock event, as you may see it",
                        summary=summary, description=description + AS_A_COMMAND)


@bp.get("/games/<game_id>/clock")
@api_operation("getClock", "clock",
               problems=codes(TOKEN_OPTIONAL, A_GAME),
               summary="The current deadline, whether the clock is paused, and who timed out where",
               description="Anyone; a token, if sent, must be one of this game's. The server's time now, the "
                           "current step's deadline (the step, the seats it waits for, when it is due, the "
                           "round; null while no step has one), when the organizer paused the clock (null: "
                           "it runs), and every step that timed out so far, with the seats that did.",
               responses={**ok(200, "ClockState", "the clock"), **errors(401, 404, 413)})
def read_clock(game_id: str):
    state = games().load(game_id)
    caller(state)  # a bad token is refused even here
    return jsonify(version=state["version"], now=timeutil.iso(timeutil.now()), deadline=state.get("deadline"),
                   paused_at=state.get("clock_paused_at"),
                   timeouts=history.timeouts(games(), game_id, state["version"]))


@bp.post("/games/<game_id>/clock/pause")
@clock_control("pauseClock",
                summary="Pause the clock (organizer): nothing times out until it is resumed",
                description="The organizer only, while the game runs (409 `game_not_running` otherwise). Stops "
                            "the game's clock (`clock_paused`): no deadline expires until it is resumed. 409 "
                            "`no_deadlines` for a game created without deadlines, `clock_paused` if it is "
                            "paused already. ")
def pause(game_id: str):
    actor = _organizer(game_id, "pause the clock")
    return command_answer(controls.pause(games(), game_id, actor, **pins()), actor)


@bp.post("/games/<game_id>/clock/resume")
@clock_control("resumeClock",
                summary="Resume the clock (organizer): the deadline shifts by the time it was paused",
                description="The organizer only, while the game runs. Restarts the paused clock "
                            "(`clock_resumed`): the current deadline, if any, moves later by as long as the clock "
                            "was paused. 409 `clock_running` if it is not paused, `no_deadlines` for a game "
                            "created without deadlines. ")
def resume(game_id: str):
    actor = _organizer(game_id, "resume the clock")
    return command_answer(controls.resume(games(), game_id, actor, **pins()), actor)


@bp.post("/games/<game_id>/clock/extend")
@clock_control("extendClock",
                summary="Extend the current deadline by `seconds` (organizer)",
                description="The organizer only, while the game runs. Gives the seats awaited by the current "
                            "step `seconds` more (`deadline_extended`): added to the deadline, or counted from "
                            "now if it has passed already and not yet fired. 409 `no_deadline` while no step "
                            f"has a deadline; `seconds` is 1 to {deadlines.MAX_EXTEND_SECONDS}. ")
@bp.arguments(Extend())
def extend(body: dict, game_id: str):
    actor = _organizer(game_id, "extend a deadline")
    return command_answer(controls.extend(games(), game_id, actor, body["seconds"], **pins()), actor)


@bp.post("/games/<game_id>/replays")
@api_operation("startReplay", "records",
               problems=codes(TOKEN_REQUIRED, A_GAME),
               security=BEARER,
               summary="Rebuild the game from event 1 and verify its hash chain, as a job (organizer)",
               description="The organizer only. Queues a job that folds the game again from event 1 with this "
                           "server's rules, checks every event's hash and link, and compares the result with "
                           "the state the server holds. Answers 202 at once with the job's id; `Location` (GET "
                           "/v1/jobs/{job_id}) tells its progress and, once it is done, its result.",
               responses={"202": {"description": "queued; poll the Location", "headers": headers("Location"),
                                  "content": {"application/json": {"schema": "JobAccepted"}}},
                          **errors(401, 403, 404, 413)})
def start_replay(game_id: str):
    _organizer(game_id, "replay the game")
    from rq import Queue

    queue = Queue(REPLAY_QUEUE, connection=games().queue_redis, serializer=JSONSerializer)
    job = queue.enqueue(REPLAY_JOB, game_id, job_timeout=1800, result_ttl=7 * 24 * 3600,
                        failure_ttl=7 * 24 * 3600, meta={"kind": "replay", "game_id": game_id, "done": 0, "total": None},
                        description=f"replay {game_id}")
    location = f"/v1/jobs/{job.id}"
    response = jsonify(job_id=job.id, status="queued", location=location)
    response.status_code = 202
    response.headers["Location"] = location
    return response


@bp.get("/jobs/<job_id>")
@api_operation("getJob", "records",
               problems=codes(TOKEN_REQUIRED, {404: ("job_not_found",)}),
               security=BEARER,
               summary="A replay job: status, progress (events done / total) and result (organizer of its game)",
               description="The organizer of the job's game only. The replay job's status (queued, started, "
                           "finished, failed...), its progress in events done of the total, and once it has "
                           "finished its result: `equal: true`, or the first version that differs. A job is "
                           "kept a week after it ends; an unknown or expired one is 404 `job_not_found`.",
               responses={**ok(200, "JobStatus", "status, progress and, once finished, the result"),
                          "404": {"description": "unknown job", "content": PROBLEM}, **errors(401, 403, 413)})
def read_job(job_id: str):
    job = _fetch_job(job_id)
    game_id = job.meta["game_id"]
    _organizer(game_id, "read this job")
    status = job.get_status(refresh=False)
    status = getattr(status, "value", status)
    answer = {"job_id": job.id, "kind": job.meta.get("kind"), "game_id": game_id, "status": status,
              "progress": {"done": job.meta.get("done", 0), "total": job.meta.get("total")},
              "result": None, "error": None}
    if status == "finished":
        answer["result"] = job.return_value()
    elif status == "failed":
        answer["error"] = "the replay failed; see the worker's log"
    return jsonify(answer)


def _fetch_job(job_id: str) -> Job:
    missing = Problem(404, "job_not_found", Message("problem-api-job-not-found", job=str(job_id)))
    if not JOB_ID.match(job_id):
        raise missing
    try:
        job = Job.fetch(job_id, connection=games().queue_redis, serializer=JSONSerializer)
    except NoSuchJobError:
        raise missing from None
    except Exception:  # a job we did not write (another serializer): not ours to show
        current_app.logger.warning("job %s could not be read", job_id, exc_info=True)
        raise missing from None
    if not isinstance(job.meta, dict) or job.meta.get("kind") != "replay" or "game_id" not in job.meta:
        raise missing
    return job
