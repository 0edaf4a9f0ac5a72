"""Checking what a read relies on: the head key, the stream's last entry, the snapshot, the tail.

A read never trusts Redis blindly. It fetches, in one round trip (events/read_head.lua), the
head key, the stream's last entry, the snapshot with the stored event at its version and the
events after it, and checks with the small functions here that they tell one story:

- the head key's version is the version of the stream's last entry and its hash that
  entry's hash (a deleted tail, an entry past the head, a rewritten head key all fail);
- every event folded parses, recomputes to its own hash and links to the one before it;
- the snapshot is used only if its digest holds and its version and head hash are those of
  the stored event at that version (otherwise it is a stale or poisoned cache: rebuilt).

`RecordDamaged` names the first bad version and what is wrong with it. The whole chain from
event 1 is checked only by `/audit` (service/audit.py) and by a rebuild.
"""
from __future__ import annotations

import hashlib
import json

from events.canonical import loads
from events.envelope import event_hash

TAIL_MISSING = "tail_missing"
UNPARSABLE = "unparsable_event"
PAST_HEAD = "entry_past_head"
HEAD_MISMATCH = "head_mismatch"
CHAIN_BREAK = "chain_break"
SNAPSHOT_MISMATCH = "snapshot_mismatch"


class RecordDamaged(Exception):
    """The stored record of a game does not hold together at `version` (`kind`: what)."""

    def __init__(self, game_id: str, version: int, kind: str, detail: str):
        super().__init__(f"game {game_id}: {detail}")
        self.game_id, self.version, self.kind, self.detail = game_id, version, kind, detail


def entry_version(entry_id: bytes | str) -> int:
    text = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
    return int(text.split("-", 1)[0])


def parse_event(game_id: str, version: int, raw: bytes | str | None) -> dict:
    """The stored event at `version`, or RecordDamaged when it is not a readable envelope."""
    if raw is None:
        raise RecordDamaged(game_id, version, TAIL_MISSING, f"event {version} is missing from the stream")
    try:
        event = loads(raw)
    except (ValueError, RecursionError):  # (UnicodeDecodeError is a ValueError)
        raise RecordDamaged(game_id, version, UNPARSABLE, f"event {version} is not valid JSON") from None
    if not isinstance(event, dict) or not isinstance(event.get("payload"), dict) \
            or not isinstance(event.get("prev_hash"), str) or not isinstance(event.get("hash"), str):
        raise RecordDamaged(game_id, version, UNPARSABLE, f"event {version} is not an event envelope")
    if event.get("version") != version or event.get("game_id") != game_id:
        raise RecordDamaged(game_id, version, CHAIN_BREAK,
                            f"event {version} is stored under the wrong position or game")
    return event


def check_event(game_id: str, version: int, raw, prev_hash: str | None) -> dict:
    """`parse_event` + its hash recomputed and (when `prev_hash` is known) its link."""
    event = parse_event(game_id, version, raw)
    try:
        recomputed = event_hash(event)
    except (TypeError, ValueError, AttributeError, RecursionError):
        raise RecordDamaged(game_id, version, UNPARSABLE, f"event {version} cannot be hashed") from None
    if recomputed != event["hash"]:
        raise RecordDamaged(game_id, version, CHAIN_BREAK,
                            f"event {version} does not hash to the hash stored with it (it was edited)")
    if prev_hash is not None and event["prev_hash"] != prev_hash:
        raise RecordDamaged(game_id, version, CHAIN_BREAK,
                            f"event {version} does not link to event {version - 1}")
    return event


def check_head(game_id: str, head_version: int, head_hash: str, last_version: int, last_raw,
               head_missing: bool = False) -> None:
    """The head key (version, hash) against the stream's last entry."""
    if head_missing:
        raise RecordDamaged(game_id, max(last_version, 1), HEAD_MISMATCH,
                            f"the head key is missing while the stream holds events up to {last_version}")
    if last_version < head_version:
        raise RecordDamaged(game_id, last_version + 1, TAIL_MISSING,
                            f"the head says {head_version} events but the stream ends at event {last_version}: "
                            f"event {last_version + 1} and after are missing")
    if last_version > head_version:
        raise RecordDamaged(game_id, head_version + 1, PAST_HEAD,
                            f"the stream holds event {last_version} past the head (version {head_version}): "
                            f"entries after {head_version} were not written by the server")
    if head_version == 0:
        return
    last = check_event(game_id, last_version, last_raw, None)
    if last["hash"] != head_hash:
        raise RecordDamaged(game_id, head_version, HEAD_MISMATCH,
                            f"the head hash does not match the hash of event {head_version}")


def snapshot_digest(body: bytes | str) -> str:
    data = body.encode() if isinstance(body, str) else body
    return hashlib.sha256(data).hexdigest()


def check_snapshot(game_id: str, fields: dict, entry_raw) -> tuple[dict | None, str | None]:
    """(state, None) when the snapshot can be used; (None, why) when it must be rebuilt.

    `fields`: the snapshot hash ({v, s, d}); `entry_raw`: the stored event at version v."""
    body, digest = fields.get("s"), fields.get("d")
    if body is None:
        return None, None
    stored = digest if isinstance(digest, bytes) else str(digest or "").encode()
    if digest is None or snapshot_digest(body).encode() != stored:
        return None, "its digest does not match its content"
    try:
        state = loads(body)
        version = int(fields.get("v"))
    except (ValueError, TypeError, json.JSONDecodeError):
        return None, "it cannot be read"
    if not isinstance(state, dict) or state.get("version") != version:
        return None, "its version is not the one it is stored under"
    try:
        event = check_event(game_id, version, entry_raw, None)
    except RecordDamaged:
        return None, f"the stored event {version} it stands on does not check"
    if state.get("head_hash") != event["hash"]:
        return None, f"its head hash is not the hash of event {version}"
    return state, None
