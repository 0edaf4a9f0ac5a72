"""Checking what a read relies on: the head key, the stream's last entry, the snapshot, the tail.

A read never trusts Redis blindly. It fetches, in one round trip (events/read_head.lua), the
head key, the stream's last entry, the snapshot with the stored event at its version and the
events after it, and checks with the small functions here that they tell one story:

- the head key's version is the version of the stream's last entry and its hash that
  entry's hash (a deleted tail, an entry past the head, a rewritten head key all fail);
- every event folded parses, recomputes to its own hash and links to the one before it;
- the snapshot (and a checkpoint) is used only if its digest holds, its **seal** holds (an
  HMAC-SHA256 under the server key, which Redis does not hold: `server_seal`) and its version and
  head hash are those of the stored event at that version. A cache without a seal (an older
  server's) or whose seal does not check is rebuilt from the events; one whose seal holds
  but whose stored event is another is evidence that the record was rewritten
  (`RECORD_REWRITTEN`), never a cache to rebuild.

`RecordDamaged` names the first bad version and what is wrong with it. The whole chain from
event 1 is checked only by `/audit` (service/streams/record_scan.py `scan`) and by a rebuild.
"""
from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass

from events.canonical import loads
from events.envelope import event_hash

TAIL_MISSING = "tail_missing"
UNPARSABLE = "unparsable_event"
PAST_HEAD = "entry_past_head"
HEAD_MISMATCH = "head_mismatch"
CHAIN_BREAK = "chain_break"
SNAPSHOT_MISMATCH = "snapshot_mismatch"
CHECKPOINT_MISMATCH = "checkpoint_mismatch"
END_SEAL_MISMATCH = "end_seal_mismatch"
CREATION_SEAL_MISMATCH = "creation_seal_mismatch"
#: a seal of the server's (snapshot, checkpoint, end) names a hash the stored event at its
#: version no longer has: the record was rewritten, its hashes re-chained (`window`)
RECORD_REWRITTEN = "record_rewritten"
#: findings about caches only (rebuilt from the events): never the record's first bad version
CACHE_KINDS = frozenset({SNAPSHOT_MISMATCH, CHECKPOINT_MISMATCH, END_SEAL_MISMATCH, CREATION_SEAL_MISMATCH})
#: the seal's format; a change of it makes every older seal simply not trusted
SEAL_FORMAT = "bootleggers-seal-1"


class RecordDamaged(Exception):
    """The stored record of a stream does not hold together at `version` (`kind`: what);
    `game_id` names the stream (a game's or a tournament's), as its events' envelope does."""

    def __init__(self, stream_id: str, version: int, kind: str, detail: str,
                 window: tuple[int, int] | None = None):
        super().__init__(f"game {stream_id}: {detail}")
        self.game_id, self.version, self.kind, self.detail = stream_id, version, kind, detail
        #: a rewrite: the versions it lies within (`version` is the first of them)
        self.window = window


def entry_version(entry_id: bytes | str) -> int:
    text = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
    return int(text.split("-", 1)[0])


def parse_event(stream_id: str, version: int, raw: bytes | str | None) -> dict:
    """The stored event at `version`, or RecordDamaged when it is not a readable envelope."""
    if raw is None:
        raise RecordDamaged(stream_id, version, TAIL_MISSING, f"event {version} is missing from the stream")
    try:
        event = loads(raw)
    except (ValueError, RecursionError):  # (UnicodeDecodeError is a ValueError)
        raise RecordDamaged(stream_id, version, UNPARSABLE, f"event {version} is not valid JSON") from None
    if not isinstance(event, dict) or not isinstance(event.get("payload"), dict) \
            or not isinstance(event.get("prev_hash"), str) or not isinstance(event.get("hash"), str):
        raise RecordDamaged(stream_id, version, UNPARSABLE, f"event {version} is not an event envelope")
    if event.get("version") != version or event.get("game_id") != stream_id:
        raise RecordDamaged(stream_id, version, CHAIN_BREAK,
                            f"event {version} is stored under the wrong position or game")
    return event


def check_event(stream_id: str, version: int, raw, prev_hash: str | None) -> dict:
    """`parse_event` + its hash recomputed and (when `prev_hash` is known) its link."""
    event = parse_event(stream_id, version, raw)
    try:
        recomputed = event_hash(event)
    except (TypeError, ValueError, AttributeError, RecursionError):
        raise RecordDamaged(stream_id, version, UNPARSABLE, f"event {version} cannot be hashed") from None
    if recomputed != event["hash"]:
        raise RecordDamaged(stream_id, version, CHAIN_BREAK,
                            f"event {version} does not hash to the hash stored with it (it was edited)")
    if prev_hash is not None and event["prev_hash"] != prev_hash:
        raise RecordDamaged(stream_id, version, CHAIN_BREAK,
                            f"event {version} does not link to event {version - 1}")
    return event


def check_head(stream_id: str, head_version: int, head_hash: str, last_version: int, last_raw,
               head_missing: bool = False) -> None:
    """The head key (version, hash) against the stream's last entry."""
    if head_missing:
        raise RecordDamaged(stream_id, max(last_version, 1), HEAD_MISMATCH,
                            f"the head key is missing while the stream holds events up to {last_version}")
    if last_version < head_version:
        raise RecordDamaged(stream_id, last_version + 1, TAIL_MISSING,
                            f"the head says {head_version} events but the stream ends at event {last_version}: "
                            f"event {last_version + 1} and after are missing")
    if last_version > head_version:
        raise RecordDamaged(stream_id, head_version + 1, PAST_HEAD,
                            f"the stream holds event {last_version} past the head (version {head_version}): "
                            f"entries after {head_version} were not written by the server")
    if head_version == 0:
        return
    last = check_event(stream_id, last_version, last_raw, None)
    if last["hash"] != head_hash:
        raise RecordDamaged(stream_id, head_version, HEAD_MISMATCH,
                            f"the head hash does not match the hash of event {head_version}")


def snapshot_digest(body: bytes | str) -> str:
    data = body.encode() if isinstance(body, str) else body
    return hashlib.sha256(data).hexdigest()


def _text(value) -> str:
    return value.decode(errors="replace") if isinstance(value, bytes) else str(value)


def server_seal(key: bytes, kind: str, ns: str, stream_id: str, version: int, head_hash: str, digest: str = "") -> str:
    """HMAC-SHA256 (hex) under the server's sealing key of what the server vouches for: that in
    stream `ns`/`stream_id` the event at `version` had hash `head_hash` and (for a snapshot or
    checkpoint, `kind`) the state folded up to it has the SHA-256 `digest`. The body itself
    is covered through its digest (computed anyway): one HMAC of ~200 bytes per seal."""
    message = f"{SEAL_FORMAT}\n{kind}\n{ns}\n{stream_id}\n{version}\n{head_hash}\n{digest}"
    return hmac.new(key, message.encode(), hashlib.sha256).hexdigest()


def server_seal_holds(key: bytes, kind: str, ns: str, stream_id: str, version: int, head_hash, digest, mac) -> bool:
    if not mac or not head_hash:
        return False
    expected = server_seal(key, kind, ns, stream_id, version, _text(head_hash), _text(digest or ""))
    return hmac.compare_digest(expected.encode(), mac if isinstance(mac, bytes) else str(mac).encode())


def parse_end(raw) -> tuple[int, str, str] | None:
    """A stream's end seal `"<version> <head hash> <seal>"` (None when it is not one)."""
    try:
        version, head, mac = _text(raw).split(" ")
        return int(version), head, mac
    except (ValueError, TypeError):
        return None


@dataclass(frozen=True)
class CacheCheck:
    """What a snapshot or checkpoint is worth: `state` when it can be used; otherwise `why`
    (to note for the audit: forged or broken), `unsealed` (an older server's, without a
    seal: simply rebuilt) or `rewritten` (its seal holds, so the server wrote it, but the
    stored event at its version hashes otherwise: the record was rewritten)."""
    state: dict | None
    why: str | None = None
    sealed: bool = False
    unsealed: bool = False
    rewritten: bool = False


def check_cache(stream_id: str, fields: dict, entry_raw, holds=None) -> CacheCheck:
    """A snapshot or checkpoint ({v, s, d, h, m}: version, canonical JSON, its SHA-256, the
    head hash, the seal) against the stored event at its version (`entry_raw`).
    `holds(version, head_hash, digest, mac)`: whether the seal is the server's (None: seals
    are not checked)."""
    body, digest = fields.get("s"), fields.get("d")
    if body is None:
        return CacheCheck(None)
    try:
        version = int(fields.get("v"))
    except (ValueError, TypeError):
        return CacheCheck(None, "it cannot be read")
    mac, head = fields.get("m"), fields.get("h")
    if holds is not None and not mac:
        return CacheCheck(None, unsealed=True)
    stored = digest if isinstance(digest, bytes) else str(digest or "").encode()
    if digest is None or snapshot_digest(body).encode() != stored:
        return CacheCheck(None, "its digest does not match its content")
    if holds is not None and not holds(version, head, digest, mac):
        return CacheCheck(None, "its seal does not check: the server did not write it (or wrote it under "
                                "another SECRET_KEY)")
    try:
        state = loads(body)
    except (ValueError, TypeError, RecursionError):
        return CacheCheck(None, "it cannot be read")
    if not isinstance(state, dict) or state.get("version") != version:
        return CacheCheck(None, "its version is not the one it is stored under")
    if head is not None and state.get("head_hash") != _text(head):
        return CacheCheck(None, "its head hash is not the one its seal covers")
    try:
        event = check_event(stream_id, version, entry_raw, None)
    except RecordDamaged:
        return CacheCheck(None, f"the stored event {version} it stands on does not check")
    if state.get("head_hash") != event["hash"]:
        if holds is not None:
            # (no hash in the words: while a bid is sealed even the organizer may not see them)
            return CacheCheck(None, f"the server sealed another hash for event {version} than the stored "
                                    "one", sealed=True, rewritten=True)
        return CacheCheck(None, f"its head hash is not the hash of event {version}")
    return CacheCheck(state, sealed=holds is not None)


def check_snapshot(stream_id: str, fields: dict, entry_raw) -> tuple[dict | None, str | None]:
    """(state, None) when the snapshot can be used; (None, why) when it must be rebuilt
    (its digest and head hash only: `check_cache` checks its seal too)."""
    found = check_cache(stream_id, fields, entry_raw)
    return found.state, found.why
