"""Check a game's or a tournament's record against the server's published anchor: `verify RECORD
--anchor FILE|URL`.

Written from docs/verification.md ("The anchor") alone, with the standard library only: it
imports nothing of the server's anchor (service/streams/anchor*.py), so that a mistake there is
not repeated here. The anchor is a log of batches, each naming the hash of the one before; a
batch lists heads of games as the server anchored them, each with the game's receipt of that
head. Once the game's seed is revealed, each receipt is recomputed from the record: a record cut
before an anchored head, or rewritten at or before one, does not give it.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

LOG_FORMAT = "bootleggers-anchor-log"
BATCH_FORMAT = "bootleggers-anchor-batch"
ZERO = "0" * 64


class UnreadableAnchor(ValueError):
    """Not a published anchor (`bootleggers anchor export`)."""


@dataclass
class Result:
    """What the anchor says of one record: `ok` (None: nothing to check), why, the first bad version."""
    ok: bool | None
    detail: str
    first_bad: int | None = None


def canonical(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def read_anchor(source: str) -> dict:
    """The published anchor at a path or an http(s) URL; a paged answer (the server's
    `GET /v1/anchor`, whose `next` links the page after) is read to its end."""
    doc = _read_one(source)
    pages = 1
    while isinstance(doc.get("next"), str) and source.startswith(("http://", "https://")):
        if pages >= MAX_PAGES:
            raise UnreadableAnchor(f"{source} has more than {MAX_PAGES} pages")
        following = _read_one(urllib.parse.urljoin(source, doc["next"]))
        doc = {**following, "batches": doc["batches"] + following["batches"]}
        pages += 1
    return doc


#: pages of a paged anchor read at most (500 batches each: a year of batches a minute)
MAX_PAGES = 1200


def _read_one(source: str) -> dict:
    try:
        if source.startswith(("http://", "https://")):
            with urllib.request.urlopen(source, timeout=60) as answer:
                raw = answer.read()
        else:
            with open(source, "rb") as found:
                raw = found.read()
        doc = json.loads(raw)
    except (OSError, urllib.error.URLError, ValueError) as exc:
        raise UnreadableAnchor(f"cannot read the anchor {source}: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != LOG_FORMAT or not isinstance(doc.get("batches"), list):
        raise UnreadableAnchor(f"{source} is not a published anchor (format {LOG_FORMAT})")
    return doc


def check_log(batches: list) -> Result:
    """The batches, in order: consecutive numbers, each naming the SHA-256 of the one before it
    (batch 1 names 64 zeros)."""
    prev_hash = None
    for n, batch in enumerate(batches):
        if not isinstance(batch, dict) or batch.get("format") != BATCH_FORMAT or type(batch.get("seq")) is not int \
                or not isinstance(batch.get("heads"), list):
            return Result(False, f"entry {n + 1} of the anchor is not a batch")
        seq = batch["seq"]
        if n and seq != batches[n - 1]["seq"] + 1:
            return Result(False, f"the anchor's batch {seq} follows batch {batches[n - 1]['seq']}: batches are missing")
        expected = ZERO if seq == 1 else prev_hash
        if expected is not None and batch.get("prev") != expected:
            return Result(False, f"the anchor's batch {seq} does not name the hash of batch {seq - 1}: the log "
                                 "was changed after it was published")
        prev_hash = hashlib.sha256(canonical(batch)).hexdigest()
    return Result(True, "linked")


def check_anchor(events: list[dict], seed: bytes | None, doc: dict, ns: str = "game") -> Result:
    """The record (its events, its revealed seed) against every head the anchor holds of its
    stream: a game's (`ns` "game"), or a tournament's own ("tournament": its receipts are keyed
    by its seed and its id, as a game's)."""
    noun = "game" if ns == "game" else ns
    batches = doc.get("batches") or []
    if not batches:
        return Result(None, "the anchor holds no batch")
    span = f"batches {batches[0].get('seq')}-{batches[-1].get('seq')}" if len(batches) > 1 else \
        f"batch {batches[0].get('seq')}"
    linked = check_log(batches)
    if linked.ok is not True:
        return linked
    game_id = events[0].get("game_id")
    heads = [(b["seq"], h) for b in batches for h in b["heads"]
             if isinstance(h, dict) and h.get("ns") == ns and h.get("id") == game_id]
    if not heads:
        return Result(None, f"the anchor ({span}) holds no head of this {noun}")
    if seed is None:
        return Result(None, f"this {noun} has no seed: the anchor's heads of it carry no receipt to check")
    revealed = next((e["version"] for e in events if e.get("type") == "seed_revealed"), None)
    wrong, last, finished = [], 0, None
    for seq, head in heads:
        version, kept, status = head.get("version"), head.get("receipt"), head.get("status")
        if type(version) is not int or version < 1 or not isinstance(kept, str) \
                or status not in ("running", "finished"):
            return Result(False, f"batch {seq} holds a head of this {noun} that is not one: {head!r}")
        if version < last or (finished is not None and status != "finished"):
            wrong.append((version, f"batch {seq} anchors it at event {version} {status}, after the anchor had it "
                                   f"at event {last}{' finished' if finished else ''}: the log contradicts itself"))
        last = max(last, version)
        if status == "finished" and finished is None:
            finished = version
        if version > len(events):
            wrong.append((version, f"the record ends at event {len(events)}, before the head the server anchored "
                                   f"(batch {seq}): it was cut"))
            continue
        message = f"receipt:{game_id}:{version}:{events[version - 1].get('hash')}".encode("utf-8")
        if not hmac.compare_digest(hmac.new(seed, message, hashlib.sha256).hexdigest(), kept):
            wrong.append((version, f"the record up to event {version} is not the history the server anchored "
                                   f"(batch {seq}): it was rewritten at or before it"))
        elif status == "finished" and (revealed is None or revealed > version):
            wrong.append((version, f"the anchor says the {noun} had ended by event {version} (batch {seq}); the "
                                   "record does not"))
    if wrong:
        version, why = min(wrong)
        return Result(False, f"{len(wrong)} of {len(heads)} anchored heads do not match the record; the first is "
                             f"at event {version}: {why}", min(version, len(events) + 1))
    how = f"finished at event {finished}" if finished is not None else "running"
    return Result(True, f"{len(heads)} heads of this {noun} in the anchor's {span} (linked), the last at event "
                        f"{last} ({how}), each the record's")
