"""`bootleggers verify RECORD --anchor FILE|URL` (service/desk/anchor_verify.py): a record held
against the server's published anchor, by a verifier written from docs/verification.md alone.

The golden game is imported and anchored by the server (real Redis, a real archive directory),
its anchor exported with `bootleggers anchor export`; then the record and the anchor are each
changed the ways a forger would, and each is named.
"""
from __future__ import annotations

import ast
import copy
import functools
import hashlib
import hmac
import http.server
import json
import threading
from pathlib import Path

import pytest

from service.desk import anchor_verify
from tests.support.anchor import export_anchor, import_golden, make_app, verify

MODULE = Path(anchor_verify.__file__)


@pytest.fixture
def published(redis_url, redis_client, tmp_path, monkeypatch):
    """(the golden game's exported record, the anchor as published): parsed."""
    archive_url = (tmp_path / "archive").as_uri()
    web = make_app(redis_url, archive_url)
    api = web.test_client()
    gid, head, events = import_golden(api, web, make_app(redis_url, archive_url).extensions["games"])
    record = api.get(f"/v1/games/{gid}/export").get_json()
    return record, json.loads(export_anchor(archive_url, monkeypatch))


def check(tmp_path, record: dict, anchor: dict):
    (tmp_path / "r.json").write_text(json.dumps(record))
    (tmp_path / "a.json").write_text(json.dumps(anchor))
    return verify(tmp_path / "r.json", "--anchor", tmp_path / "a.json")


def test_the_verifier_imports_nothing_of_the_server():
    imported = set()
    for node in ast.walk(ast.parse(MODULE.read_text())):
        if isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
    assert not [m for m in imported if m.split(".")[0] in ("service", "events", "projections")], imported


def test_the_published_batches_are_their_canonical_json_each_naming_the_hash_of_the_one_before(published):
    """What docs/verification.md promises an independent verifier, on the server's own output."""
    record, anchor = published
    assert anchor["format"] == "bootleggers-anchor-log" and anchor["batches"][0]["seq"] == 1
    assert anchor["batches"][0]["prev"] == "0" * 64
    for before, batch in zip(anchor["batches"], anchor["batches"][1:]):
        raw = json.dumps(before, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
        assert batch["prev"] == hashlib.sha256(raw).hexdigest()
    heads = [h for b in anchor["batches"] for h in b["heads"] if h["id"] == record["game_id"]]
    assert heads[-1]["version"] == record["version"] and heads[-1]["status"] == "finished"
    assert set(heads[-1]) == {"ns", "id", "version", "status", "receipt"}  # never a head hash


def test_an_honest_record_verifies_with_the_anchor_from_a_file_and_from_a_url(published, tmp_path):
    record, anchor = published
    answer = check(tmp_path, record, anchor)
    assert answer.exit_code == 0 and "anchor    ok" in answer.output, answer.output
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/a.json"
        answer = verify(tmp_path / "r.json", "--anchor", url)
        assert answer.exit_code == 0 and "anchor    ok" in answer.output, answer.output
    finally:
        server.shutdown()


def test_a_cut_record_a_changed_anchor_and_an_anchor_without_the_game_are_each_named(published, tmp_path):
    record, anchor = published
    # cut short: the seed's reveal goes with the end (NOT VERIFIED), and the anchor says where
    answer = check(tmp_path, {**record, "events": record["events"][:-5]}, anchor)
    assert answer.exit_code == 1 and "NOT VERIFIED" in answer.output, answer.output
    seed = bytes.fromhex(record["events"][-1]["payload"]["seed"])
    found = anchor_verify.check_anchor(record["events"][:-5], seed, anchor)
    assert found.ok is False and "it was cut" in found.detail and found.first_bad == len(record["events"]) - 4

    # a later batch (as the server writes them) names the hash of the one before: an edit shows
    last = anchor["batches"][-1]
    raw = json.dumps(last, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    longer = {**anchor, "batches": anchor["batches"] + [{**last, "seq": last["seq"] + 1, "heads": [],
                                                         "prev": hashlib.sha256(raw).hexdigest()}]}
    assert check(tmp_path, record, longer).exit_code == 0
    changed = copy.deepcopy(longer)
    changed["batches"][-2]["at"] = "2020-01-01T00:00:00.000000Z"
    answer = check(tmp_path, record, changed)
    assert answer.exit_code == 1 and "changed after it was published" in answer.output, answer.output
    changed = copy.deepcopy(anchor)
    changed["batches"] = [{**b, "heads": [{**h, "receipt": "0" * 64} for h in b["heads"]]} for b in changed["batches"]]
    answer = check(tmp_path, record, changed)
    assert answer.exit_code == 1 and "not the history the server anchored" in answer.output, answer.output

    other = copy.deepcopy(anchor)
    other["batches"] = [{**b, "heads": [{**h, "id": "someone-else"} for h in b["heads"]]} for b in other["batches"]]
    answer = check(tmp_path, record, other)
    assert answer.exit_code == 1 and "anchor    NOT CHECKED" in answer.output, answer.output

    answer = verify(tmp_path / "r.json", "--anchor", tmp_path / "no-such-anchor.json")
    assert answer.exit_code == 2 and "cannot read" in answer.output


def test_a_record_that_ended_later_than_the_anchor_says_is_named():
    """An anchored head `finished` at a version where the record's seed is not yet revealed."""
    seed = bytes(range(32))
    events = [{"game_id": "g", "version": v, "type": "x", "hash": f"{v:064x}"} for v in range(1, 6)]
    events[4]["type"] = "seed_revealed"
    receipt = hmac.new(seed, f"receipt:g:3:{events[2]['hash']}".encode(), hashlib.sha256).hexdigest()
    batch = {"format": "bootleggers-anchor-batch", "format_version": 1, "seq": 1, "prev": "0" * 64,
             "at": "2026-11-30T00:00:00.000000Z", "seal": "ab",
             "heads": [{"ns": "game", "id": "g", "version": 3, "status": "finished", "receipt": receipt}]}
    found = anchor_verify.check_anchor(events, seed, {"format": "bootleggers-anchor-log", "batches": [batch]})
    assert found.ok is False and "had ended by event 3" in found.detail
    batch["heads"][0]["status"] = "running"
    assert anchor_verify.check_anchor(events, seed, {"batches": [batch]}).ok is True
    third = {**batch, "seq": 3, "heads": []}  # batch 2 left out
    found = anchor_verify.check_anchor(events, seed, {"batches": [batch, third]})
    assert found.ok is False and "batches are missing" in found.detail


def test_the_server_publishes_its_anchor_paged_and_verify_reads_every_page(redis_url, redis_client, tmp_path,
                                                                             monkeypatch):
    """`GET /v1/anchor` over real HTTP, one batch a page: verify follows `next` to the end."""
    from werkzeug.serving import make_server

    from service.api import anchor as anchor_api
    from service.streams.anchor_log import AnchorLog

    archive_url = (tmp_path / "archive").as_uri()
    web = make_app(redis_url, archive_url)
    api = web.test_client()
    gid, head, events = import_golden(api, web, make_app(redis_url, archive_url).extensions["games"])
    games = web.extensions["games"]
    ping = AnchorLog.for_ledger(games)
    ping.append([{"ns": "game", "id": "not-a-game", "version": 1, "head": "0" * 64, "status": "running",
                  "receipt": "x"}], {"game": games.anchors})  # a second batch, so there are two pages
    monkeypatch.setattr(anchor_api, "PAGE", 1)
    first = api.get("/v1/anchor").get_json()
    assert (len(first["batches"]), first["last"], first["next"]) == (1, 2, "/v1/anchor?from=2")
    assert api.get("/v1/anchor?from=2").get_json()["next"] is None
    assert api.get("/v1/anchor?from=0").status_code == 422
    record = api.get(f"/v1/games/{gid}/export").get_json()
    (tmp_path / "r.json").write_text(json.dumps(record))
    server = make_server("127.0.0.1", 0, web, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        answer = verify(tmp_path / "r.json", "--anchor", f"http://127.0.0.1:{server.server_port}/v1/anchor")
        assert answer.exit_code == 0 and "anchor    ok" in answer.output, answer.output
    finally:
        server.shutdown()
