"""Canonical JSON: the one byte form of an event that hashes, stores and compares.

Sorted keys, no whitespace, UTF-8 (not ASCII escapes), so two processes that build the
same event produce the same bytes and therefore the same hash.
"""
from __future__ import annotations

import json
import marshal
from typing import Any


def dumps(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def canonical(obj: Any) -> bytes:
    return dumps(obj).encode("utf-8")


def loads(data: bytes | str) -> Any:
    return json.loads(data)


def copy_value(obj: Any) -> Any:
    """A deep copy of a JSON-like value (dicts, lists, scalars) — the states and events
    folded and redacted on every request. marshal's C round trip gives what copy.deepcopy
    gives here at a sixth of the cost; anything else in a state is a bug and raises."""
    return marshal.loads(marshal.dumps(obj))
