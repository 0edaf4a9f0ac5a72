"""The anchor's public log over HTTP: `GET /v1/anchor?from=&to=`.

The heads of the games and tournaments, sealed outside Redis in batches that chain by hash (service/table/
anchor_log.py; format in docs/verification.md, "The anchor"). Published so that anyone can keep
a copy and hold a record against it (`bootleggers verify RECORD --anchor URL`): a rollback or a
rewrite the server's copy would hide shows against a copy kept elsewhere. Paged: the log grows by
a batch a second while games are played.
"""
from __future__ import annotations

from flask import current_app, jsonify, request

from service.api.declare import PUBLIC, api_operation, errors
from service.api.openapi import ApiBlueprint
from service.api.problems import Problem
from service.streams.anchor_log import AnchorBroken, AnchorLog

bp = ApiBlueprint("anchor", __name__, url_prefix="/v1")

#: batches in one answer at most
PAGE = 500


def _int_arg(name: str, default: int | None) -> int | None:
    raw = request.args.get(name)
    if raw is None:
        return default
    if not raw.isdigit() or int(raw) < 1:
        raise Problem(422, "invalid_fields", f"`{name}` is a batch number: a whole number from 1",
                      errors={name: ["a whole number from 1"]})
    return int(raw)


@bp.get("/anchor")
@api_operation("getAnchor", "ops", problems={409: ("anchor_broken",), 422: ("invalid_fields",)}, security=PUBLIC,
               summary="The anchor's public log: sealed heads of games and tournaments, in batches that chain by hash",
               description="Anyone: the batches `from`..`to` (default: from 1, at most 500 an answer) of the log "
                           "of the heads of games and tournaments the server anchors outside Redis, each batch linked to the one before "
                           "by its SHA-256 and sealed. `last` is the newest batch, `next` the link to the page "
                           "after (null at the end). A head publishes its stream's receipt of it, never its hash. "
                           "Keep copies: `bootleggers verify RECORD --anchor URL` holds a record against them "
                           "(docs/verification.md, \"The anchor\"). 409 `anchor_broken` when the server's own "
                           "log does not check.",
               responses={"200": {"description": '{"format", "format_version", "batches": [...], "last", "next"}'},
                          **errors(409, 413, 422)})
def anchor_log():
    first = _int_arg("from", 1)
    log = AnchorLog.for_ledger(current_app.extensions["games"])
    try:
        top, _ = log.pointer(log.store_of())
        last = min(_int_arg("to", top) or top, top, first + PAGE - 1)
        doc = log.export(first, last) if first <= last else log.export(top + 1, top)
    except AnchorBroken as exc:
        raise Problem(409, "anchor_broken", str(exc)) from None
    more = last < top and first <= last
    return jsonify(**doc, last=top, next=f"/v1/anchor?from={last + 1}" if more else None)
