"""Canonical JSON is the standard library's byte form, whichever encoder writes it
(events/canonical.py): every stored golden event re-encodes to its stored bytes and hash,
and orjson's fast path never writes or reads a value differently from the standard library."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from events.canonical import canonical, dumps, loads
from events.envelope import event_hash

GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden").glob("*.events.jsonl"))


def std(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_every_golden_event_re_encodes_to_its_stored_bytes_and_hash(path):
    lines = [line for line in path.read_bytes().splitlines() if line.strip()]
    assert lines
    for line in lines:
        event = loads(line)
        assert event == json.loads(line)
        assert canonical(event) == std(event)
        if line == std(json.loads(line)):  # stored canonical: then byte for byte
            assert canonical(event) == line
        assert event_hash(event) == event["hash"], event["version"]


finite = st.floats(allow_nan=False, allow_infinity=False)
scalars = st.none() | st.booleans() | st.integers() | finite | st.text()
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=25)


@settings(max_examples=600, deadline=None)
@given(values)
def test_the_fast_path_writes_and_reads_what_the_standard_library_does(value):
    try:
        expected = std(value)
    except UnicodeEncodeError:  # a lone surrogate: no text, refused by both
        with pytest.raises(UnicodeEncodeError):
            canonical(value)
        return
    assert canonical(value) == expected
    assert dumps(value) == expected.decode("utf-8")
    back = loads(expected)
    assert back == json.loads(expected) and std(back) == expected


@pytest.mark.parametrize("number", [1e-05, 2.5e-05, 1e-07, 5e-324, 1e16, 1e22, 1.7976931348623157e308, -0.0,
                                    0.0001, 10.00001, 2 ** 63, 2 ** 64, -(2 ** 70), 10 ** 30])
def test_numbers_at_the_edges(number):
    assert canonical({"n": number}) == std({"n": number})
    back = loads(canonical({"n": number}))["n"]
    assert back == number and type(back) is type(number)


def test_non_string_keys_are_written_as_the_standard_library_does():
    assert canonical({2: "a", 10: "b"}) == std({2: "a", 10: "b"})


def test_nan_literals_read_as_the_standard_library_reads_them():
    assert math.isnan(loads('{"x": NaN}')["x"])
