"""Checkpoints for time travel: the state every CHECKPOINT_EVERY events, so `?at=N` folds
at most that many events instead of all of them from event 1.

All of a stream's checkpoints live in one Redis hash (`game:{id}:checkpoints:<projection>`,
the stream's hash tag): field = the version, value = `S1`, the seal (service/runtime/
secret_key.py: HMAC-SHA256 under the server key of the version, head hash and digest), the
head hash, the SHA-256 (hex) of the state's canonical JSON, then that JSON zlib-compressed.
Like the snapshot, a checkpoint is only a cache: it is used when its digest and seal hold
and its head hash is the stored event's at its version (events.integrity.check_cache),
otherwise the state is folded from an earlier point and the checkpoint written again. A
checkpoint written by an older server (the digest and the body only, no seal) is simply
not trusted. One whose seal holds but whose stored event is another is the server's own
word that the record was rewritten: it brackets where (service/streams/verified.py).

They are written by the write loop when its events land on a multiple (it has the state in
hand) and by a time-travel read for every multiple it folds past (games older than the
checkpoints, or a write that raced). A game shorter than CHECKPOINT_EVERY events has none.
A stream that left for the archive took its checkpoints along: they are read from its
archived record (`store`, events/store.py) when Redis has none.

Beside them, the **creation seal**: the hash of event 1 (the game's creation: its seed
commitment, its organizer), sealed, in the stream's head hash (fields `created` and
`created_seal`, written with the first append; append.lua sets only `version` and `head`). It is no state,
only the server's word on event 1, so that a rewrite bracketed below the first checkpoint
starts at event 2, and one of event 1 itself is named exactly.
"""
from __future__ import annotations

import zlib

import redis

from events.canonical import dumps
from events.integrity import snapshot_digest
from events.store import GAMES, head_key, stream_key
from service.runtime.secret_key import Sealer
from service.streams.snapshots import PROJECTION_VERSION

#: measured with bench/time_travel.py (6-seat game of 8,660 events, `?at=head-40` ÷ `?at=20`):
#: none 71x, K=500 2.0x, 200 1.2x, 100 1.0-1.6x, 50 1.0x; each checkpoint ~2.5 kB of Redis
#: (~25 bytes per event, a few percent of the events themselves). 100: the issue's goal
#: (<= 2) with room to spare, and a game shorter than 100 events (a started 3-seat game has
#: ~26) costs only the checkpoint of its creation (a few hundred bytes).
CHECKPOINT_EVERY = 100
DIGEST_LENGTH = 64
SEALED = b"S1"
KIND = "checkpoint"
#: the creation seal (see above): its version, its seal's kind, its field in the head hash
CREATION = 1
CREATION_KIND = "creation"
CREATION_FIELD = "created"
#: (two fields of 64 characters rather than one of 129: a hash whose values are all at most
#: 64 bytes stays a compact listpack, hash-max-listpack-value)
CREATION_SEAL_FIELD = "created_seal"
_HEAD = len(SEALED) + DIGEST_LENGTH  # where the head hash starts
_DIGEST = _HEAD + DIGEST_LENGTH
_BODY = _DIGEST + DIGEST_LENGTH


def checkpoints_key(stream_id: str, ns: str = GAMES) -> str:
    return f"{ns}:{{{stream_id}}}:checkpoints:{PROJECTION_VERSION}"


def due(version: int) -> bool:
    """Whether the state after event `version` is kept as a checkpoint."""
    return version % CHECKPOINT_EVERY == 0


def unpack(version: int, raw: bytes) -> dict:
    """The {v, s, d[, h, m]} fields check_cache reads (a body that does not inflate fails its
    digest); an older server's checkpoint has no seal (`m`) and no head hash (`h`)."""
    if raw.startswith(SEALED):
        mac, head, digest, packed = raw[2:_HEAD], raw[_HEAD:_DIGEST], raw[_DIGEST:_BODY], raw[_BODY:]
        fields = {"v": version, "d": digest, "h": head, "m": mac}
    else:
        digest, packed = raw[:DIGEST_LENGTH], raw[DIGEST_LENGTH:]
        fields = {"v": version, "d": digest}
    try:
        fields["s"] = zlib.decompress(packed)
    except zlib.error:
        fields["s"] = packed
    return fields


def below(version: int) -> int:
    """The checkpoint a fold up to `version` starts from (0: none)."""
    return version // CHECKPOINT_EVERY * CHECKPOINT_EVERY


class Checkpoints:
    def __init__(self, client: redis.Redis, ns: str = GAMES, sealer: Sealer | None = None, store=None):
        self.redis = client
        self.ns = ns
        self.sealer = sealer or Sealer(ns)
        #: the stream store (events/store.py), which serves an archived stream's record
        self.store = store

    def _archived(self, stream_id: str):
        return self.store.archived(stream_id) if self.store is not None else None

    def pack(self, stream_id: str, state: dict) -> bytes:
        """The state as a sealed checkpoint of stream `stream_id`."""
        body = dumps(state).encode()
        digest, head = snapshot_digest(body), state.get("head_hash") or ""
        mac = self.sealer.sign(KIND, stream_id, state["version"], head, digest)
        return SEALED + mac.encode() + head.encode() + digest.encode() + zlib.compress(body, 6)

    def holds(self, stream_id: str):
        """`holds(version, head, digest, mac)` for check_cache: whether a seal is the server's."""
        return lambda version, head, digest, mac: self.sealer.holds(KIND, stream_id, version, head, digest, mac)

    def save(self, stream_id: str, packed: dict[int, bytes], pipe=None) -> None:
        """Store the packed checkpoints (on `pipe`, queued, when given)."""
        if packed:
            (pipe or self.redis).hset(checkpoints_key(stream_id, self.ns), mapping={str(v): raw for v, raw in packed.items()})

    def fetch(self, stream_id: str, version: int) -> tuple[dict | None, bytes | None]:
        """The checkpoint at `version` ({v, s, d, h, m} or None) and the stored event there, in
        one round trip."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hget(checkpoints_key(stream_id, self.ns), str(version))
        pipe.xrange(stream_key(stream_id, self.ns), min=f"{version}-0", max=f"{version}-0", count=1)
        raw, rows = pipe.execute()
        if raw is None and not rows:
            record = self._archived(stream_id)
            if record is not None:
                raw = record.checkpoint(version)
                return (None, None) if raw is None else (unpack(version, raw), record.entry(version))
        if raw is None:
            return None, None
        return unpack(version, raw), (rows[0][1].get(b"e") if rows else None)

    def stored(self, stream_id: str) -> dict[int, bytes]:
        """Every stored checkpoint, packed, by version (fields that are not a version left out)."""
        out = {}
        stored = self.redis.hgetall(checkpoints_key(stream_id, self.ns))
        record = self._archived(stream_id) if not stored else None
        for field, raw in (record.checkpoints if record is not None else stored.items()):
            try:
                out[int(field)] = raw
            except ValueError:
                continue
        return out

    def save_creation(self, stream_id: str, head: str, pipe=None) -> None:
        """Seal the hash of event 1 (on `pipe`, queued, when given)."""
        seal = self.sealer.sign(CREATION_KIND, stream_id, CREATION, head)
        (pipe or self.redis).hset(head_key(stream_id, self.ns), mapping={CREATION_FIELD: head,
                                                                          CREATION_SEAL_FIELD: seal})

    def creation(self, stream_id: str, fields=None) -> tuple[str | None, bool] | None:
        """(the hash of event 1 as sealed, whether the seal holds), or None when there is none.
        `fields`: the head hash's two fields, when already read."""
        if fields is None:
            fields = self.redis.hmget(head_key(stream_id, self.ns), CREATION_FIELD, CREATION_SEAL_FIELD)
        head, mac = fields
        if head is None and mac is None:
            return None
        head = head.decode(errors="replace") if isinstance(head, bytes) else head
        return head, bool(head) and self.sealer.holds(CREATION_KIND, stream_id, CREATION, head, "", mac)

    def sealed_heads(self, stream_id: str, whole: bool = False) -> dict[int, str]:
        """version -> head hash of every checkpoint whose seal holds, and of event 1 when its
        creation seal holds: what the server vouches each of those events hashed to (read
        without inflating a body, unless `whole`: only checkpoints whose body is intact too)."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hgetall(checkpoints_key(stream_id, self.ns))
        pipe.hmget(head_key(stream_id, self.ns), CREATION_FIELD, CREATION_SEAL_FIELD)
        stored, created = pipe.execute()
        if not stored:
            record = self._archived(stream_id)
            stored = dict(record.checkpoints) if record is not None else stored
        heads = {}
        creation = self.creation(stream_id, created)
        if creation is not None and creation[1]:
            heads[CREATION] = creation[0]
        for field, raw in stored.items():
            try:
                version = int(field)
            except ValueError:
                continue
            if not raw.startswith(SEALED):
                continue
            mac, head, digest = raw[2:_HEAD], raw[_HEAD:_DIGEST], raw[_DIGEST:_BODY]
            if whole and snapshot_digest(unpack(version, raw)["s"]).encode() != digest:
                continue
            if self.sealer.holds(KIND, stream_id, version, head, digest, mac):
                heads[version] = head.decode()
        return heads
