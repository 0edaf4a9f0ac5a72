"""What the anchor's tests share (tests/streams/test_anchor*.py): two apps on one real Redis and one
real archive (a directory, or a bucket of the session's S3 server): `worker` anchors as the
worker's thread does, `web` serves; the golden game imported and anchored; the rewrites."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from events.canonical import dumps, loads
from events.envelope import event_hash
from events.store import head_key, stream_key
from service.streams.anchor_log import AnchorLog, sweep
from service.streams.checkpoints import checkpoints_key
from service.streams.ledger import token_hash
from service.streams.snapshots import snapshot_key

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "four_seats_short_game.events.jsonl"
KEY = "the anchor tests' server key, which Redis never sees"
ORGANIZER = "the organizer of the golden game, for the anchor's tests"
ORG = {"Authorization": f"Bearer {ORGANIZER}"}


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def make_app(redis_url: str, archive_url: str):
    from service.app import create_app
    from service.rules.registry import rulesets
    from tests.streams.toy import TOY
    return create_app({"REDIS_URL": redis_url, "TESTING": True, "SECRET_KEY": KEY, "ARCHIVE_URL": archive_url,
                       "RULESETS": {**rulesets(), "toy": TOY}})


def anchor(games, later: float = 3600, tournaments=None) -> list:
    """The worker's anchor sweep, `later` seconds on (every game marked by then is due; and every
    tournament, given its ledger)."""
    anchors = {ledger.NS: ledger.anchors for ledger in (games, tournaments) if ledger is not None}
    return sweep(anchors, games.redis, AnchorLog.for_ledger(games), now=time.time() + later)


def cold(app) -> None:
    """The web process forgets its copies (as a process that never served the game)."""
    app.extensions["games"].cache.clear()


def rechain(events: list[dict]) -> list[dict]:
    prev = events[0]["prev_hash"]
    for event in events:
        event["prev_hash"] = prev
        event["hash"] = prev = event_hash(event)
    return events


def stored(redis_client, gid: str, ns: str = "game") -> list[tuple[bytes, bytes]]:
    return [(entry_id, fields[b"e"]) for entry_id, fields in redis_client.xrange(stream_key(gid, ns))]


def cut_back(redis_client, gid: str, count: int, ns: str = "game") -> int:
    """The last `count` events deleted (XDEL: the stream keeps its last id), the head key moved back
    to the new end, the snapshot and every checkpoint deleted. The new head version."""
    entries = stored(redis_client, gid, ns)
    cut = len(entries) - count
    redis_client.xdel(stream_key(gid, ns), *[entry_id for entry_id, _ in entries[cut:]])
    redis_client.hset(head_key(gid, ns), mapping={"version": cut, "head": loads(entries[cut - 1][1])["hash"]})
    redis_client.delete(snapshot_key(gid, ns), checkpoints_key(gid, ns))
    return cut


def rewrite(redis_client, gid: str, edit, ns: str = "game") -> list[dict]:
    """The stored events edited (`edit(events)`), every hash after recomputed, stream and head
    rewritten; the end seal, snapshot and checkpoints deleted. The forged events."""
    from service.streams.verified import end_key
    forged = [loads(raw) for _, raw in stored(redis_client, gid, ns)]
    edit(forged)
    rechain(forged)
    redis_client.delete(stream_key(gid, ns), snapshot_key(gid, ns), checkpoints_key(gid, ns), end_key(gid, ns))
    for event in forged:
        redis_client.xadd(stream_key(gid, ns), {"e": dumps(event).encode()}, id=f"{event['version']}-0")
    redis_client.hset(head_key(gid, ns), mapping={"version": len(forged), "head": forged[-1]["hash"]})
    return forged


def damaged(answer, kind: str, first: int) -> dict:
    assert answer.status_code == 409, answer.get_data(as_text=True)
    body = answer.get_json()
    assert (body["code"], body["damage"], body["first_bad_version"]) == ("record_damaged", kind, first), body
    return body


def audit_problems(api, gid: str, headers: dict) -> list[tuple[str, int]]:
    answer = api.get(f"/v1/games/{gid}/audit", headers=headers)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return [(p["kind"], p["version"]) for p in answer.get_json()["problems"]]


def golden_record() -> dict:
    """The golden 708-event game's record, with an organizer token of ours."""
    events = [loads(line) for line in GOLDEN.read_text().splitlines()]
    events[0]["payload"]["organizer_token_hash"] = token_hash(ORGANIZER)
    rechain(events)
    return {"format": "bootleggers-game-record", "format_version": 1, "game_id": events[0]["game_id"],
            "ruleset": "bootleggers", "status": "finished", "version": len(events), "complete": True,
            "events": events}


def import_golden(api, web, worker) -> tuple[str, int, list[dict]]:
    """The golden game imported, read once past its last checkpoint, and anchored by the worker:
    (game id, head version, its events)."""
    record = golden_record()
    events = record["events"]
    imported = api.post("/v1/games/import", json=record, headers=ORG)
    assert imported.status_code == 201, imported.get_data(as_text=True)
    gid = imported.get_json()["game_id"]
    web.extensions["games"].load(gid, at=len(events) - 1)  # (writes the checkpoints an import does not)
    assert [outcome for _, outcome in anchor(worker)] == ["anchored"]
    held = worker.anchors.inspect(gid).anchored
    assert (held.version, held.head, held.finished) == (len(events), events[-1]["hash"], True)
    return gid, len(events), events


def verify(*args):
    """`bootleggers verify ARGS` (Click's runner)."""
    from click.testing import CliRunner

    from service.cli import main
    return CliRunner().invoke(main, ["verify", *map(str, args)])


def export_anchor(archive_url: str, monkeypatch) -> str:
    """`bootleggers anchor export` where the server runs (its key, its archive): the JSON printed."""
    from click.testing import CliRunner

    from service.cli import main
    monkeypatch.setenv("SECRET_KEY", KEY)
    exported = CliRunner().invoke(main, ["anchor", "export", "--archive", archive_url])
    assert exported.exit_code == 0, exported.output
    return exported.output


# ---- fixtures the anchor's test modules import: a directory archive and the web app on it -----
@pytest.fixture
def archive_url(tmp_path) -> str:
    return (tmp_path / "archive").as_uri()


@pytest.fixture
def web(redis_url, redis_client, archive_url):
    return make_app(redis_url, archive_url)
