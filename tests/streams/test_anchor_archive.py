"""(d) An archived record rewritten in the archive, the stub in Redis made to agree: refused.

The golden game is anchored, then archived (a directory, and a bucket of the session's real S3
server): its record leaves Redis, the stub keeps the head and the record's digest. A writer to
both re-hashes the record (event 2 edited, every hash after it recomputed, the record's end
seal, snapshot and checkpoints dropped), writes it back, and updates the stub (its head hash,
its digest) and deletes the end seal: the record no longer holds the head anchored outside
Redis, so every read is refused and `bootleggers verify --anchor` fails the forgery.
"""
from __future__ import annotations

import hashlib
import json
import time

import pytest

from events.archived import ArchivedStream, decode, encode
from events.canonical import dumps, loads
from events.store import head_key
from service.runtime.archive import records_for
from service.streams import archive
from service.streams.archive import Archiver
from service.streams.verified import end_key
from tests.support.anchor import (ORG, audit_problems, bearer, damaged, export_anchor, import_golden, make_app, rechain,
                                  verify)


@pytest.fixture
def web(redis_url, redis_client, archive_url):
    return make_app(redis_url, archive_url)


@pytest.fixture
def worker(redis_url, web, archive_url):
    return make_app(redis_url, archive_url).extensions["games"]


def test_an_archived_record_rehashed_with_its_stub_updated_is_refused(web, worker, redis_client, archive_url,
                                                                      tmp_path, monkeypatch):
    api = web.test_client()
    gid, head, events = import_golden(api, web, worker)
    assert Archiver(worker, now=lambda: time.time() + 30 * 86400).archive(gid).outcome == archive.ARCHIVED
    records = records_for(archive_url)
    location = redis_client.hget(head_key(gid), "archived").decode()
    honest = api.get(f"/v1/games/{gid}/export").get_data()

    record = decode(records.store.get(location))
    forged = [loads(raw) for raw in record.entries]
    forged[1]["payload"]["name"] = "Somebody Else"  # event 2
    rechain(forged)
    rewritten = ArchivedStream(record.ns, record.stream_id, record.version, forged[-1]["hash"],
                               tuple(dumps(e).encode() for e in forged), record.head_fields, (), (), (), None,
                               record.seed, record.summary)
    blob = encode(rewritten)
    records.store.put(location, blob)
    redis_client.hset(head_key(gid), mapping={"head": forged[-1]["hash"],
                                              "archived_digest": hashlib.sha256(blob).hexdigest()})
    redis_client.delete(end_key(gid))
    web.extensions["games"].cache.clear()
    records.forget()

    for answer in (api.get(f"/v1/games/{gid}", headers=ORG), api.get(f"/v1/games/{gid}"),
                   api.get(f"/v1/games/{gid}?at=500", headers=ORG)):
        body = damaged(answer, "record_rewritten", 2)
        assert "anchor" in body["detail"]
    assert ("record_rewritten", 2) in audit_problems(api, gid, ORG)
    assert redis_client.get(end_key(gid)) is None

    (tmp_path / "anchor.json").write_text(export_anchor(archive_url, monkeypatch))
    (tmp_path / "forged.json").write_text(json.dumps({**json.loads(honest), "events": forged}))
    assert verify(tmp_path / "forged.json").exit_code == 0  # the chain, seed, dice and shuffles hold
    refused = verify(tmp_path / "forged.json", "--anchor", tmp_path / "anchor.json")
    assert refused.exit_code == 1 and "anchor    FAILED" in refused.output, refused.output


def test_the_archiver_anchors_a_records_end_before_it_leaves(web, worker, redis_client):
    """A finished game the sweeper never anchored (it ran with anchoring off): the archiver
    anchors its end first, so the archived record is never without its anchor."""
    api = web.test_client()
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()
    gid, organizer = created["game_id"], bearer(created["organizer_token"])
    seats = [bearer(api.post(f"/v1/games/{gid}/seats", json={"name": n}).get_json()["player_token"]) for n in "ABC"]
    assert api.post(f"/v1/games/{gid}/start", headers=organizer).status_code == 201
    assert api.post(f"/v1/games/{gid}/commands", json={"type": "roll"}, headers=seats[0]).status_code == 201
    finished = api.post(f"/v1/games/{gid}/commands", json={"type": "finish"}, headers=seats[0])
    assert finished.status_code == 201, finished.get_data(as_text=True)
    state = api.get(f"/v1/games/{gid}", headers=organizer).get_json()
    assert state["status"] == "finished" and worker.anchors.inspect(gid).anchored is None
    assert Archiver(worker, now=lambda: time.time() + 30 * 86400).archive(gid).outcome == archive.ARCHIVED
    held = worker.anchors.inspect(gid).anchored
    assert (held.version, held.finished) == (state["version"], True)
