"""The audit's walk of a whole stream (`scan`): every event checked and folded again from
event 1, and the snapshot, every checkpoint, the end seal and the head anchored outside Redis
(service/streams/anchor.py) compared with that refold — a
forged cache is named, a sealed one naming another history brackets a rewrite, a sealed one
past the head names a cut tail. Also the state of a damaged game up to its damage
(`damaged_prefix_state`). Reads go through the checked reads (service/streams/verified.py)."""
from __future__ import annotations

from dataclasses import dataclass, field

from events.canonical import dumps
from events.envelope import GENESIS_HASH
from events.integrity import (CACHE_KINDS, CHECKPOINT_MISMATCH, CREATION_SEAL_MISMATCH, END_SEAL_MISMATCH,
                              RECORD_REWRITTEN, SNAPSHOT_MISMATCH, TAIL_MISSING, RecordDamaged, check_head,
                              parse_end, snapshot_digest)
from projections.core import empty_state
from service.streams import checkpoints
from service.streams.verified import (END, CheckedReads, SealedView, as_text, checked_run, noted_damage,
                                    rewrite_detail, snapshot_version, unfoldable)

#: the head anchored outside Redis (service/streams/anchor.py), as the audit names it
ANCHOR, ANCHOR_MISMATCH = "anchor", "anchor_mismatch"
MISMATCH_KIND = {"snapshot": SNAPSHOT_MISMATCH, "checkpoint": CHECKPOINT_MISMATCH, END: END_SEAL_MISMATCH,
                 checkpoints.CREATION_KIND: CREATION_SEAL_MISMATCH, ANCHOR: ANCHOR_MISMATCH}
SEAL_NAMES = {END: "the end seal", checkpoints.CREATION_KIND: "the creation seal",
              ANCHOR: "the head anchored outside Redis"}
#: findings about what stands beside the record, never the record's own first bad version
NOT_THE_RECORD = CACHE_KINDS | {ANCHOR_MISMATCH}


@dataclass
class Scan:
    """A whole stream walked from event 1: the events that check, and what is wrong after."""
    head_version: int
    head_hash: str
    events: list[dict] = field(default_factory=list)
    problems: list[dict] = field(default_factory=list)

    #: each cache compared with the refold: {kind, version, sealed (true, false: its seal does
    #: not check, null: an older server's, unsealed), matches (null: not compared)}
    caches: list[dict] = field(default_factory=list)

    @property
    def first_bad(self) -> int | None:
        """The first damaged version of the record itself (snapshots, checkpoints and end seals
        are only caches)."""
        return min((p["version"] for p in self.problems if p["kind"] not in NOT_THE_RECORD), default=None)


def _problem(bad: RecordDamaged) -> dict:
    found = {"version": bad.version, "kind": bad.kind, "detail": bad.detail}
    if bad.window is not None:
        found["window"] = list(bad.window)
    return found


@dataclass
class _Cache:
    """One snapshot, checkpoint or end seal as the audit judges it."""
    kind: str
    version: int
    head: str | None
    digest: str | None
    sealed: bool | None  # None: no seal at all (an older server's)
    readable: bool = True  # its body matches its digest

    def entry(self, matches: bool | None) -> dict:
        return {"kind": self.kind, "version": self.version, "sealed": self.sealed, "matches": matches}


def scan(reads: CheckedReads, stream_id: str) -> Scan:
    """Every finding about a stream's stored record: chain, head key, and the snapshot,
    every checkpoint and the end seal compared with a refold of the events (the audit)."""
    view = reads.head_view(stream_id, tail_limit=0)
    if view is None:
        raise reads.not_found(stream_id)
    result = Scan(view.version, view.head)
    caches = _caches(reads, stream_id, view)
    wanted = {c.version for c in caches}
    refold: dict[int, tuple[str, str]] = {}  # version -> (the chain's hash, the refold's digest)
    try:
        state = empty_state()
        for event in checked_run(stream_id, reads.store.iter_entries(stream_id, 0, None), 0, GENESIS_HASH):
            if event["version"] > view.version and not view.head_missing:
                break
            try:
                state = reads.fold([event], state)
            except Exception as exc:
                raise unfoldable(stream_id, event["version"], exc) from None
            result.events.append(event)
            if event["version"] in wanted:
                refold[event["version"]] = (event["hash"], snapshot_digest(dumps(state)))
    except RecordDamaged as bad:
        result.problems.append(_problem(bad))
    try:
        check_head(stream_id, view.version, view.head, view.last_version, view.last, view.head_missing)
    except RecordDamaged as bad:
        if not any(p["version"] == bad.version and p["kind"] == bad.kind for p in result.problems):
            result.problems.append(_problem(bad))
    _compare(reads, view, caches, refold, result)
    archived = reads.store.archived(stream_id) if view.archived else None
    for what, note in noted_damage(reads.redis, stream_id, reads.store.ns, archived).items():
        result.problems.append({"version": note["version"], "kind": f"{what}_mismatch", "repaired": True,
                                "detail": note["detail"], "found_at": note["found_at"]})
    result.problems.sort(key=lambda p: p["version"])
    return result


def _caches(reads: CheckedReads, stream_id: str, view: SealedView) -> list[_Cache]:
    """The snapshot, every checkpoint and the end seal, each with whether its seal holds."""
    found = []
    for kind, fields, holds in ([("snapshot", view.snapshot, reads.snapshots.holds(stream_id))] if view.snapshot else []) + [
            ("checkpoint", checkpoints.unpack(v, raw), reads.checkpoints.holds(stream_id))
            for v, raw in sorted(reads.checkpoints.stored(stream_id).items())]:
        version = snapshot_version(fields)
        digest, body = as_text(fields.get("d")), fields.get("s")
        readable = body is not None and digest == snapshot_digest(body)
        sealed = None if not fields.get("m") else readable and holds(version, fields.get("h"), digest,
                                                                     fields.get("m"))
        found.append(_Cache(kind, version, as_text(fields.get("h")), digest, sealed, readable))
    creation = reads.checkpoints.creation(stream_id)
    if creation is not None:
        found.append(_Cache(checkpoints.CREATION_KIND, checkpoints.CREATION, creation[0], None, creation[1]))
    if view.end is not None:
        parsed = parse_end(view.end)
        sealed = parsed is not None and reads.sealer.holds(END, stream_id, parsed[0], parsed[1], "", parsed[2])
        found.append(_Cache(END, parsed[0] if parsed else 0, parsed[1] if parsed else None, None, sealed))
    anchored = reads.anchors.inspect(stream_id) if reads.anchors is not None else None
    if anchored is not None and anchored.anchored is not None:
        found.append(_Cache(ANCHOR, anchored.anchored.version, anchored.anchored.head, None, True))
    elif anchored is not None and anchored.problem is not None:
        found.append(_Cache(ANCHOR, anchored.version, None, None, False))
    return found


def _compare(reads: CheckedReads, view: SealedView, caches: list[_Cache],
             refold: dict[int, tuple[str, str]], result: Scan) -> None:
    """Each cache against the refold: a forged one is named; a sealed one that names another
    hash than the chain's brackets a rewrite; a sealed one past the head names a cut tail."""
    reach = result.events[-1]["version"] if result.events else 0
    whole = reach == view.version and not result.problems  # the stream checks up to its head
    anchors: list[tuple[int, str, bool]] = []  # (version, what, matches the chain)
    cut = None
    for cache in caches:
        what = SEAL_NAMES.get(cache.kind) or f"the {cache.kind} sealed at event {cache.version}"
        if cache.version not in refold:
            result.caches.append(cache.entry(None))
            if cache.version > view.version and whole:
                if cache.sealed:
                    cut = max(cut or 0, cache.version)
                else:
                    result.problems.append(_cache_problem(cache, f"it is past the head (event "
                                                                      f"{view.version}) and its seal does not hold"))
            continue
        chain_hash, digest = refold[cache.version]
        same_state = cache.kind in SEAL_NAMES or (cache.readable and cache.digest == digest)  # (no state)
        if cache.sealed:
            anchors.append((cache.version, what, cache.head == chain_hash))
            if cache.head == chain_hash and not same_state:
                result.problems.append(_cache_problem(
                    cache, "it is sealed with the server key, yet it is not the state the events up to it "
                    "fold to (the key has leaked, or the fold changed without a new projection version)"))
            result.caches.append(cache.entry(cache.head == chain_hash and same_state))
            continue
        result.caches.append(cache.entry(same_state))
        if cache.kind in SEAL_NAMES:
            result.problems.append(_cache_problem(cache, "its seal does not check (forged, or written "
                                                              "under another SECRET_KEY)"))
        elif not same_state:
            why = "it has no seal (as an older server wrote them)" if cache.sealed is None else \
                "its seal does not check (forged, or written under another SECRET_KEY)"
            result.problems.append(_cache_problem(cache, f"{why} and it is not the state the events "
                                                              f"up to it fold to: forged"))
    anchors.sort()
    bad = next((a for a in anchors if not a[2]), None)
    if bad is not None:
        good = max((v for v, _, ok in anchors if ok and v < bad[0]), default=0)
        result.problems.append({"version": good + 1, "kind": RECORD_REWRITTEN, "window": [good + 1, bad[0]],
                                "detail": rewrite_detail(good + 1, bad[0], bad[1])})
    if cut is not None:
        missing = {"version": view.version + 1, "kind": TAIL_MISSING,
                   "detail": f"the server sealed this {reads.noun} at event {cut}, but the stream ends at "
                             f"event {view.version}: events {view.version + 1}-{cut} are missing (cut, and "
                             "the head key rewritten)"}
        if not any(p["version"] == missing["version"] and p["kind"] == TAIL_MISSING for p in result.problems):
            result.problems.append(missing)


def _cache_problem(cache: _Cache, why: str) -> dict:
    name = SEAL_NAMES.get(cache.kind) or f"the {cache.kind}"
    return {"version": cache.version, "kind": MISMATCH_KIND[cache.kind], "cache": cache.kind,
            "detail": f"{name} at version {cache.version}: {why}"}


def damaged_prefix_state(reads: CheckedReads, stream_id: str) -> tuple[dict, Scan]:
    """The state folded from the events before the first damage (who may audit a damaged
    game: its auth table), with the scan that found it."""
    found = scan(reads, stream_id)
    good = [e for e in found.events if found.first_bad is None or e["version"] < found.first_bad]
    return reads.fold(good), found
