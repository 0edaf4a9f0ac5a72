"""Canonical JSON: the one byte form of an event that hashes, stores and compares.

Sorted keys, no whitespace, UTF-8 (not ASCII escapes), so two processes that build the
same event produce the same bytes and therefore the same hash. The form is the standard
library's (`json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)`); orjson
writes the same bytes several times faster, so it writes them whenever it provably can:

- a float below 1e-4 is `1e-05` in Python and `0.00001` or `1e-5` in orjson: any output
  holding `0.0000` or an `e-` exponent is written again by the standard library;
- non-string keys, integers beyond 64 bits, anything orjson refuses: the standard library;
- NaN and infinity are not JSON: the standard library refuses them (allow_nan=False) and
  orjson writes `null`. The rules never make one and every float field refuses them at the
  door (marshmallow's default), so neither ever reaches here.

Reading: orjson, except where it would read differently (an integer of 19+ digits, which it
turns into a float; NaN literals, lone surrogates, which it refuses): the standard library.
tests/events/test_canonical.py holds both to the same bytes and values, on every golden
event and on generated values.
"""
from __future__ import annotations

import json
import marshal
import re
from typing import Any

import orjson

_SORTED = orjson.OPT_SORT_KEYS
_EXPONENT = re.compile(rb"\de-")
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_NINETEEN_DIGITS = b"0" * 19  # a run of 19 digits, found by translate + find (a regex is 8x slower)


def _std(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def canonical(obj: Any) -> bytes:
    try:
        out = orjson.dumps(obj, option=_SORTED)
    except (TypeError, orjson.JSONEncodeError):
        return _std(obj).encode("utf-8")
    if b"0.0000" in out or (b"e-" in out and _EXPONENT.search(out)):  # memchr-fast first
        return _std(obj).encode("utf-8")
    return out


def dumps(obj: Any) -> str:
    return canonical(obj).decode("utf-8")


def loads(data: bytes | str) -> Any:
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if _NINETEEN_DIGITS not in raw.translate(_DIGITS_AS_ZERO):
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    return json.loads(data)


def copy_value(obj: Any) -> Any:
    """A deep copy of a JSON-like value (dicts, lists, scalars) — the states and events
    folded and redacted on every request. marshal's C round trip gives what copy.deepcopy
    gives here at a sixth of the cost; anything else in a state is a bug and raises."""
    return marshal.loads(marshal.dumps(obj))
