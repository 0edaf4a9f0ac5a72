"""Receipts: what a player keeps of each answer, to check the public record after the end.

`receipt = HMAC-SHA256(key=seed, message="receipt:<stream_id>:<version>:<head_hash>")`, hex,
where `stream_id` is the game's (or tournament's) id, as its events' `game_id` name it,
`head_hash` is the hash of event `version` (which commits to every event before it)
and `seed` is the game's secret 32-byte seed, committed at creation and revealed at the end.

While the game runs nobody but the server holds the seed, so a receipt is a random-looking
string: it cannot be used to test guesses of a sealed bid against the chain the way a bare
head hash could (one of 72 cards). Once the seed is out anyone recomputes it from the
public record; a record rewritten at or before `version` gives another value. See
docs/verification.md for what a receipt proves and what it does not.
"""
from __future__ import annotations

import hashlib
import hmac


def receipt(seed: bytes, stream_id: str, version: int, head_hash: str) -> str:
    message = f"receipt:{stream_id}:{version}:{head_hash}".encode("utf-8")
    return hmac.new(seed, message, hashlib.sha256).hexdigest()


def matches(seed: bytes, stream_id: str, version: int, head_hash: str, claimed: str) -> bool:
    return hmac.compare_digest(receipt(seed, stream_id, version, head_hash), str(claimed))
