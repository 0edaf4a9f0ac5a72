"""Canonical JSON: the one byte form of an event that hashes, stores and compares.

Sorted keys, no whitespace, UTF-8 (not ASCII escapes), so two processes that build the
same event produce the same bytes and therefore the same hash.
"""
from __future__ import annotations

import json
from typing import Any


def dumps(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def canonical(obj: Any) -> bytes:
    return dumps(obj).encode("utf-8")


def loads(data: bytes | str) -> Any:
    return json.loads(data)
