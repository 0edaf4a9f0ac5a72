"""A tournament's audit over HTTP: `GET /v1/tournaments/{id}/audit`.

The game's audit (service/api/games.py) for the tournament's own stream: the stored record walked
whole from event 1 (service/streams/record_scan.py), its chain, its head key, and the snapshot,
checkpoints, creation and end seals and the head anchored outside Redis compared with a refold —
so a tournament refused as damaged (409 `record_damaged`) is named here, where and what. Public:
a tournament's events carry their hashes for anyone (its `/events`), and nothing here is more
than those hashes and the seals' versions. Registered on the tournaments blueprint.
"""
from __future__ import annotations

from flask import jsonify

from service.api.declare import PUBLIC, api_operation, codes, errors, ok
from service.api.helpers import A_TOURNAMENT, tournament_bp as bp, tournaments
from service.streams import record_scan
from service.streams.checkpoints import CHECKPOINT_EVERY


@bp.get("/tournaments/<tournament_id>/audit")
@api_operation("getTournamentAudit", "tournaments", problems=codes(A_TOURNAMENT), security=PUBLIC,
               summary="The tournament's chain check, checkpoints, the server's caches and (after the end) the seed",
               description="Anyone, also while its record is damaged: the tournament's stored hash chain checked "
                           "event by event (whether it is intact, where it first breaks and what is wrong there), "
                           "checkpoints (a version and its hash every 100 events, and the last), the head hash and "
                           "the seed commitment; the seed once it has finished. The events are folded again and "
                           "the server's snapshot, checkpoints, creation and end seals and the head anchored "
                           "outside Redis are compared with that refold (`caches`): a tournament cut back or "
                           "rewritten is named in `problems` (`tail_missing`, `record_rewritten` with its "
                           "`window`) (docs/verification.md).",
               responses={**ok(200, "Audit", "the audit"), **errors(404, 413)})
def audit(tournament_id: str):
    ledger = tournaments()
    found = record_scan.scan(ledger.reads, tournament_id)
    events = [e for e in found.events if found.first_bad is None or e["version"] < found.first_bad]
    state = ledger.reads.fold(events) if events else {}
    rng = state.get("rng") or {}
    whole = found.first_bad is None
    return jsonify(version=state.get("version", 0),
                   head_hash=events[-1]["hash"] if events and whole else None,
                   chain={"intact": whole, "first_break": found.first_bad},
                   problems=found.problems, chain_withheld_from=None, caches=found.caches,
                   checkpoints=[{"version": e["version"], "hash": e["hash"]} for e in events
                                if e["version"] % CHECKPOINT_EVERY == 0 or e is events[-1]],
                   seed_commitment=rng.get("seed_commitment"),
                   seed=rng.get("seed") if state.get("status") == "finished" else None)
