"""An archived stream's bytes (events/archived.py): every part comes back exactly, and bytes that
are not one (not zlib, another format, cut short, trailing bytes, a header that lies) are
refused with `BadArchive`, never read as a record."""
from __future__ import annotations

import json
import struct
import zlib

import pytest

from events.archived import MAGIC, ArchivedStream, BadArchive, decode, encode


def record() -> ArchivedStream:
    entries = tuple(json.dumps({"version": n, "text": "é" * n}).encode() for n in range(1, 6))
    return ArchivedStream("game", "g1", 5, "ab" * 32, entries,
                          head_fields=((b"version", b"5"), (b"head", b"ab" * 32)),
                          snapshot=((b"v", b"4"), (b"s", b"{}"), (b"d", b"\x00\xff binary")),
                          checkpoints=((b"100", b"\x01\x02"),), damage=(), end=b"5 sealed", seed=b"00ff", summary=None)


def test_a_record_comes_back_byte_for_byte():
    original = record()
    back = decode(encode(original))
    assert back == original
    assert back.entry(1) == original.entries[0] and back.entry(6) is None and back.entry(0) is None
    assert list(back.iter_entries(2, 4)) == [(3, original.entries[2]), (4, original.entries[3])]
    assert back.checkpoint(100) == b"\x01\x02" and back.checkpoint(200) is None


def test_the_view_is_the_head_scripts_answer():
    view = record().view(head_version=5, tail_limit=10)
    assert view["base"] == 4 and view["at_snapshot"] == record().entries[3]
    assert view["snapshot"] == {"v": b"4", "s": b"{}", "d": b"\x00\xff binary"}
    assert view["tail"] == [(5, record().entries[4])] and view["last_version"] == 5
    # the caller's cached copy is as new as the snapshot: no body, the tail after its version
    cached = record().view(head_version=5, tail_limit=10, cached=5)
    assert cached["snapshot"] == {} and cached["base"] == 5 and cached["tail"] == []


def frame(header: dict, body: bytes = b"") -> bytes:
    head = json.dumps(header).encode()
    return zlib.compress(MAGIC + struct.pack(">I", len(head)) + head + body)


@pytest.mark.parametrize("blob, why", [
    (b"plain bytes", "not zlib"),
    (zlib.compress(b"BLGA9\n...."), "not an archived stream"),
    (zlib.compress(MAGIC + struct.pack(">I", 3) + b"{x}"), "not JSON"),
    (frame({"format": "another", "format_version": 1}), "not bootleggers-archived-stream"),
    (encode(record())[:-1], "not zlib"),
    (zlib.compress(zlib.decompress(encode(record()))[:-3]), "cut short"),
    (zlib.compress(zlib.decompress(encode(record())) + b"!"), "past its last part"),
    (frame({"format": "bootleggers-archived-stream", "format_version": 1, "events": [4]}, b"abcd"),
     "not one of an archived stream"),
])
def test_bytes_that_are_not_a_record_are_refused(blob, why):
    with pytest.raises(BadArchive, match=why):
        decode(blob)
