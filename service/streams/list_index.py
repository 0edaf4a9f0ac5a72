"""The indexes behind `GET /v1/games`: one sorted set of every game, one per status.

Each set scores a game by its creation time, so a page is one ZREVRANGEBYSCORE from the
cursor on: O(log N + limit), whatever the number of games or the status asked for. A
game moves between the status sets in the same MULTI that rewrites its summary, so a
status page never lists a game under a status its summary no longer has (bar a summary
written by a server older than these indexes: `backfill` runs once to place those).
On a Redis Cluster these few keys live in their own slots, apart from the games': the same
writes go in one non-transactional pipeline instead (docs/service-decisions.md).

Each line is sealed with the server key (`seal`: an HMAC of every field but the version, which
the list reads from the head key): a line that does not check — forged in Redis, or written by
an older server — is never listed as it is: it is rebuilt from the game's checked record and
written again (`checked_lines`), and a game whose record does not check is left out.

The cursor is the (creation time, game id) of the last game of a page, base64url-encoded:
the next page starts strictly after it, in (time, id) descending order, so games created
meanwhile never shift a page and ties in time are broken by id.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import logging
import re
from datetime import datetime

import redis

from events.canonical import dumps, loads
from events.integrity import RecordDamaged
from service.runtime.redis_connect import unless_full
from service.streams.keys import summary_key

log = logging.getLogger(__name__)

ALL = "games:index"
STATUSES = ("lobby", "running", "finished")
BACKFILLED = "games:index:by-status-v1"
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


#: a line's seal: its field, and its kind (events/integrity.py `server_seal`)
SEAL, SEAL_KIND = "seal", "summary"
_SEALS_MAX = 10_000
_seals: dict[tuple, str] = {}


class BadCursor(ValueError):
    pass


def line_seal(sealer, line: dict) -> str:
    """The seal of a list line: every field but `version` (a line is rewritten only when more
    than its version changes) and the seal itself. Remembered: the write loop seals the line
    before and after every append to see whether it changed."""
    fields = dict(line)
    fields.pop("version", None)
    fields.pop(SEAL, None)
    key = (sealer.key.sealing_key(), sealer.ns, tuple(fields.items()))
    found = _seals.get(key)
    if found is None:
        digest = hashlib.sha256(dumps(fields).encode()).hexdigest()
        found = sealer.sign(SEAL_KIND, str(line.get("game_id")), 0, digest)
        if len(_seals) >= _SEALS_MAX:
            _seals.clear()
        _seals[key] = found
    return found


def sealed(sealer, line: dict) -> dict:
    return {**line, SEAL: line_seal(sealer, line)}


def holds(sealer, line) -> bool:
    return isinstance(line, dict) and isinstance(line.get(SEAL), str) and isinstance(line.get("game_id"), str) \
        and hmac.compare_digest(line[SEAL], line_seal(sealer, line))


def checked_lines(ledger, ids: list[str], status: str | None = None) -> list[dict]:
    """The list lines of these games (those there are), each one's seal checked, with its version
    read from its head key; a line that does not check is rebuilt from the game's checked
    record (and written again), and left out when that record does not check (or the game is
    not in `status` after all)."""
    out = []
    for stream_id, raw, version in ledger.stored_lines(ids):
        try:
            line = loads(raw) if raw else None
        except ValueError:
            line = None
        if not holds(ledger.sealer, line) or line["game_id"] != stream_id:
            line = rebuilt(ledger, stream_id, raw)
            if line is None:
                continue
            version = None
        if status is not None and line.get("status") != status:
            continue
        line = {k: v for k, v in line.items() if k != SEAL}
        if version is not None:
            line["version"] = int(version)
        out.append(line)
    return out


def rebuilt(ledger, stream_id: str, was) -> dict | None:
    """The line of a game read from its checked record, written again; None when it cannot be read."""
    try:
        state = ledger.load(stream_id)
    except (RecordDamaged, ledger.not_found) as exc:
        log.warning("%s %s is left out of the list: its line does not check and %s", ledger.NS, stream_id, exc)
        return None
    line = ledger.summary_line(state)
    if was:
        log.warning("the list line of %s %s did not check (forged, or an older server's); rebuilt from its "
                    "record", ledger.NS, stream_id)
    with unless_full(f"the list line of {ledger.NS} {stream_id}"):
        ledger.redis.set(summary_key(stream_id, ledger.NS), dumps(line))
    return line


def by_status(status: str | None, base: str = ALL) -> str:
    """The index of every stream of a list (`base`: games', or tournaments'), or of one status."""
    return base if status is None else f"{base}:{status}"


def score(created_at: str) -> float:
    return datetime.fromisoformat(created_at.replace("Z", "+00:00")).timestamp()


def move(pipe, stream_id: str, created_at: str, old: str | None, new: str, base: str = ALL) -> None:
    """Queue on `pipe` what places a game (new, or whose status changed) in the indexes."""
    at = score(created_at)
    pipe.zadd(base, {stream_id: at})
    if old not in (None, "none"):
        pipe.zrem(by_status(old, base), stream_id)
    pipe.zadd(by_status(new, base), {stream_id: at})


def encode(at: float, stream_id: str) -> str:
    return base64.urlsafe_b64encode(f"{at!r}|{stream_id}".encode()).decode().rstrip("=")


def decode(cursor: str) -> tuple[float, str]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        at, stream_id = raw.split("|", 1)
        value = float(at)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise BadCursor(cursor) from None
    if not _ID.match(stream_id) or value != value:  # NaN
        raise BadCursor(cursor)
    return value, stream_id


def page(client: redis.Redis, status: str | None, limit: int, after: str | None,
         base: str = ALL) -> tuple[list[str], str | None]:
    """Up to `limit` ids after the cursor, newest first, and the next cursor."""
    key = by_status(status, base)
    top, last_id = ("+inf", None) if after is None else decode(after)
    out: list[tuple[str, float]] = []
    offset, batch = 0, limit + 1 + 8
    while len(out) <= limit:
        rows = client.zrevrangebyscore(key, top, "-inf", start=offset, num=batch, withscores=True)
        for member, at in rows:
            stream_id = member.decode() if isinstance(member, bytes) else member
            if last_id is not None and at == top and stream_id >= last_id:
                continue  # same time as the cursor, at or before it in id order
            out.append((stream_id, at))
        if len(rows) < batch:
            break
        offset += batch
    more = len(out) > limit
    out = out[:limit]
    return [g for g, _ in out], (encode(out[-1][1], out[-1][0]) if more and out else None)


def backfill(client: redis.Redis) -> int:
    """Once per database: put games listed before the status indexes existed into them."""
    if not client.set(BACKFILLED, "1", nx=True):
        return 0
    placed, start = 0, 0
    while True:
        ids = client.zrange(ALL, start, start + 499, withscores=True)
        if not ids:
            return placed
        reads = client.pipeline(transaction=False)  # (not MGET: the summaries span cluster slots)
        for member, _ in ids:
            reads.get(summary_key(member.decode()))
        raws = reads.execute()
        pipe = client.pipeline(transaction=False)
        for (member, at), raw in zip(ids, raws):
            if raw:
                pipe.zadd(by_status(loads(raw)["status"]), {member: at})
                placed += 1
        pipe.execute()
        start += 500
