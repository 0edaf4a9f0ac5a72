"""A finished stream as the archive keeps it: every key Redis held for it, byte for byte.

When a finished game's dispute window closes (a tournament's delay after its end), its record
leaves Redis for the archive (service/streams/archive.py) and Redis keeps a stub: the head key
(version, head hash, the creation seal) with `archived` (where the record went) and
`archived_digest` (the SHA-256 of the archived bytes), the end seal, the list line. What went
is here: the events as stored, the snapshot, the checkpoints, the noted damage, the seed, all
exactly as they were, so a read of an archived stream folds, checks and answers exactly what
it did from Redis (events/store.py serves them; service/streams/verified.py checks them as it
checks Redis: the archive is trusted no more than Redis is).

The bytes: zlib of `MAGIC`, a 4-byte big-endian length, a JSON header naming every part and
its length, then the parts' bytes one after the other (no base64: the events are kept as the
very bytes their hashes cover).

`view` is events/read_head.lua over an archived stream: the same answer the script gives for
a stream in Redis, so the checked read above it cannot tell the two apart.
"""
from __future__ import annotations

import json
import struct
import zlib
from dataclasses import dataclass, field
from typing import Iterator

FORMAT = "bootleggers-archived-stream"
FORMAT_VERSION = 1
MAGIC = b"BLGA1\n"
#: a record that does not hold (missing, another stream's, not what the stub's digest names):
#: the read answers `record_damaged` with this kind
ARCHIVE_UNREADABLE = "archive_unreadable"


class BadArchive(ValueError):
    """The bytes are not an archived stream."""


@dataclass(frozen=True)
class ArchivedStream:
    ns: str
    stream_id: str
    #: the head key's version and hash when it was archived
    version: int
    head: str
    #: entries[i] is the stored bytes of event i + 1
    entries: tuple[bytes, ...]
    #: each hash as HGETALL gave it (field, value), in that order
    head_fields: tuple[tuple[bytes, bytes], ...] = ()
    snapshot: tuple[tuple[bytes, bytes], ...] = ()
    checkpoints: tuple[tuple[bytes, bytes], ...] = ()
    damage: tuple[tuple[bytes, bytes], ...] = ()
    end: bytes | None = None
    seed: bytes | None = None
    summary: bytes | None = None
    _sized: list = field(default_factory=list, compare=False, repr=False)

    # ---- what the reads ask -----------------------------------------------------------
    @property
    def last_version(self) -> int:
        return len(self.entries)

    def entry(self, version: int) -> bytes | None:
        return self.entries[version - 1] if 1 <= version <= len(self.entries) else None

    def iter_entries(self, after: int = 0, upto: int | None = None) -> Iterator[tuple[int, bytes]]:
        """(version, stored bytes) after `after` up to `upto` (XRANGE over the stream)."""
        stop = len(self.entries) if upto is None else min(upto, len(self.entries))
        for version in range(max(after, 0) + 1, stop + 1):
            yield version, self.entries[version - 1]

    def snapshot_fields(self, *names: str) -> dict[str, bytes]:
        found = {k.decode(): v for k, v in self.snapshot}
        return {name: found[name] for name in names if name in found}

    def checkpoint(self, version: int) -> bytes | None:
        wanted = str(version).encode()
        return next((raw for f, raw in self.checkpoints if f == wanted), None)

    def view(self, head_version: int, tail_limit: int, cached: int = 0, fold_gap: int = 0,
             sealed: bool = False) -> dict:
        """What events/read_head.lua answers for this stream, given the head key's version:
        {last_version, last, snapshot (v, s, d[, h, m]), at_snapshot, tail, base}."""
        hv = head_version
        snap = self.snapshot_fields("v")
        sv = _int(snap.get("v"))
        base, at_snapshot, snapshot = 0, None, {}
        if cached > 0 and cached <= hv and (hv - cached <= fold_gap or not (sv and cached < sv <= hv)):
            sv, base = None, cached  # the caller's copy is as new: the body is not sent
        elif "v" in snap:
            snapshot = self.snapshot_fields(*(("v", "s", "d", "h", "m") if sealed else ("v", "s", "d")))
            sv = _int(snapshot.get("v"))
        if sv is not None and 1 <= sv <= hv:
            at_snapshot = self.entry(sv)
            base = sv
        tail = []
        if base < hv and tail_limit > 0:
            tail = list(self.iter_entries(base, min(hv, base + tail_limit)))
        return {"last_version": self.last_version, "last": self.entries[-1] if self.entries else None,
                "snapshot": snapshot, "at_snapshot": at_snapshot, "tail": tail, "base": base}

    @property
    def size(self) -> int:
        """About how many bytes it holds (what a cache of records counts)."""
        if not self._sized:
            pairs = (*self.head_fields, *self.snapshot, *self.checkpoints, *self.damage)
            self._sized.append(sum(map(len, self.entries)) + sum(len(k) + len(v) for k, v in pairs)
                               + len(self.end or b"") + len(self.summary or b"") + 64 * len(self.entries))
        return self._sized[0]


def _int(raw) -> int | None:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


_HASHES = ("head_fields", "snapshot", "checkpoints", "damage")
_SINGLES = ("end", "seed", "summary")


def encode(stream: ArchivedStream, level: int = 6) -> bytes:
    """The archived bytes of `stream` (compressed)."""
    parts: list[bytes] = list(stream.entries)
    header: dict = {"format": FORMAT, "format_version": FORMAT_VERSION, "ns": stream.ns, "id": stream.stream_id,
                    "version": stream.version, "head": stream.head, "events": [len(e) for e in stream.entries]}
    for name in _HASHES:
        pairs = getattr(stream, name)
        header[name] = [[len(k), len(v)] for k, v in pairs]
        for k, v in pairs:
            parts += [k, v]
    for name in _SINGLES:
        value = getattr(stream, name)
        header[name] = None if value is None else len(value)
        if value is not None:
            parts.append(value)
    head = json.dumps(header, separators=(",", ":")).encode()
    return zlib.compress(MAGIC + struct.pack(">I", len(head)) + head + b"".join(parts), level)


def decode(blob: bytes) -> ArchivedStream:
    try:
        raw = zlib.decompress(blob)
    except zlib.error as exc:
        raise BadArchive(f"not zlib data ({exc})") from None
    if not raw.startswith(MAGIC) or len(raw) < len(MAGIC) + 4:
        raise BadArchive("not an archived stream")
    at = len(MAGIC)
    (length,) = struct.unpack(">I", raw[at:at + 4])
    at += 4
    try:
        header = json.loads(raw[at:at + length])
    except ValueError:
        raise BadArchive("its header is not JSON") from None
    at += length
    if header.get("format") != FORMAT or header.get("format_version") != FORMAT_VERSION:
        raise BadArchive(f"not {FORMAT} version {FORMAT_VERSION}")

    def take(n: int) -> bytes:
        nonlocal at
        if n < 0 or at + n > len(raw):
            raise BadArchive("it is cut short")
        piece, at = raw[at:at + n], at + n
        return piece

    try:
        entries = tuple(take(n) for n in header["events"])
        hashes = {name: tuple((take(k), take(v)) for k, v in header[name]) for name in _HASHES}
        singles = {name: None if header[name] is None else take(header[name]) for name in _SINGLES}
        stream = ArchivedStream(header["ns"], header["id"], int(header["version"]), header["head"], entries,
                                **hashes, **singles)
    except BadArchive:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise BadArchive(f"its header is not one of an archived stream ({type(exc).__name__})") from None
    if at != len(raw):
        raise BadArchive("it has bytes past its last part")
    return stream
