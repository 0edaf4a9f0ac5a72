"""The event envelope and its hash chain.

Every stored event is `{type, schema_version, game_id, version, recorded_at, actor,
command_id, payload, prev_hash, hash}`. `hash = sha256(prev_hash || canonical(event without
hash))`, so each event commits to the whole history before it: editing any stored event
breaks the chain at that version, and a checkpoint (version, head hash) handed to players
proves later that nothing before it was rewritten.
"""
from __future__ import annotations

import hashlib
from typing import Any, Iterable, Iterator

from events.canonical import canonical

GENESIS_HASH = "0" * 64
ENVELOPE_FIELDS = ("type", "schema_version", "game_id", "version", "recorded_at", "actor",
                   "command_id", "payload", "prev_hash", "hash")


def event_hash(event: dict[str, Any]) -> str:
    body = {k: v for k, v in event.items() if k != "hash"}
    return hashlib.sha256(event["prev_hash"].encode("ascii") + canonical(body)).hexdigest()


def as_actor(actor: Any) -> Any:
    """Actors are objects (`{"kind": "system"}`); a draft may name one by its kind alone."""
    return {"kind": actor} if isinstance(actor, str) else actor


def seal(drafts: Iterable[dict], *, game_id: str, first_version: int, prev_hash: str,
         recorded_at: str, actor: Any, command_id: str | None,
         schema_version_of) -> list[dict]:
    """Turn drafts (`{type, payload, actor?}`) into chained envelopes."""
    sealed = []
    for offset, draft in enumerate(drafts):
        event = {
            "type": draft["type"],
            "schema_version": schema_version_of(draft["type"]),
            "game_id": game_id,
            "version": first_version + offset,
            "recorded_at": recorded_at,
            "actor": as_actor(draft.get("actor", actor)),
            "command_id": command_id,
            "payload": draft["payload"],
            "prev_hash": prev_hash,
        }
        event["hash"] = prev_hash = event_hash(event)
        sealed.append(event)
    return sealed


def first_break(events: Iterable[dict], prev_hash: str = GENESIS_HASH, start: int = 1) -> int | None:
    """The version of the first event whose position, link or hash is wrong; None if intact."""
    for expected_version, event in enumerate(events, start):
        if (event.get("version") != expected_version or event.get("prev_hash") != prev_hash
                or event_hash(event) != event.get("hash")):
            return expected_version
        prev_hash = event["hash"]
    return None


def iter_chain(events: Iterable[dict]) -> Iterator[tuple[int, str]]:
    """(version, hash) checkpoints of a stream."""
    for event in events:
        yield event["version"], event["hash"]
