"""Finished games leave for the archive (service/streams/archive.py) and read exactly as before.

Against the directory store and a real S3 server process (moto's `moto_server`, started by the
session): a game played to its end by the server's bot, with talk and a dispute, is read at
every endpoint for every caller — state, `?at=` at every version, `as=`, events, log, talk,
report, export, audit, disputes, clock, legal-actions, the event stream — then archived, and
every answer is the same, status, headers and bytes. Its export still verifies, with the
players' receipts; the replay job gives the same answer. An archived game refuses writes (409
`game_archived`, nothing created in Redis); a crash between the archive's write and the stub
is finished by the next sweep; a record missing or changed in the archive is a damaged record,
an archive that does not answer a 503.
"""
from __future__ import annotations

import json
import time

import pytest
from click.testing import CliRunner

from events.store import StreamArchived, head_key
from service.app import create_app
from service.jobs.replay import replay
from service.runtime.archive import ArchiveUnavailable, records_for
from service.streams import archive
from service.streams.archive import Archiver
from service.streams.keys import ARCHIVE_DUE, archive_member, summary_key
from tests.api.conftest import kernel_rulesets, problem
from tests.support.archive import bearer, differences, finished_bot_game, read_game

DAY = 86400


def later(seconds: float = 2 * DAY):
    """A clock `seconds` ahead: every dispute window of the test has closed by then."""
    return lambda: time.time() + seconds


@pytest.fixture
def archive_app(redis_url, redis_client, archive_url):
    return create_app({"REDIS_URL": redis_url, "TESTING": True, "ARCHIVE_URL": archive_url,
                       "RULESETS": kernel_rulesets()})


def keys_of(client, game_id: str) -> list[str]:
    return sorted(k.decode() for k in client.scan_iter(f"game:{{{game_id}}}:*"))


def game_bytes(client, game_id: str) -> int:
    return sum(client.memory_usage(k) or 0 for k in client.scan_iter(f"game:{{{game_id}}}:*"))


#: a long Bootleggers game (~1,000 events: ten checkpoints) on the directory, a Booze Baron game on S3
RULESET_OF = {"file": "bootleggers", "s3": "booze_baron"}


def test_every_read_of_an_archived_game_is_byte_identical(archive_app, archive_url, redis_client, tmp_path):
    games, client = archive_app.extensions["games"], archive_app.test_client()
    played = finished_bot_game(games, RULESET_OF[archive_url.split(":", 1)[0]], 3)
    gid = played.game_id
    before = read_game(client, played)
    replayed = replay(games, gid)
    used = game_bytes(redis_client, gid)

    result = Archiver(games, now=later()).archive(gid)
    assert result.outcome == archive.ARCHIVED, result
    assert keys_of(redis_client, gid) == [f"game:{{{gid}}}:{k}" for k in ("end", "head", "summary")]
    assert game_bytes(redis_client, gid) < 0.05 * used, (game_bytes(redis_client, gid), used)

    # cold: this process's copies of the state and of the record forgotten, as in a new process
    games.cache.clear()
    records_for(archive_url).forget()
    after = read_game(client, played)
    assert not differences(before, after), differences(before, after)[:5]
    assert replay(games, gid) == replayed
    assert keys_of(redis_client, gid) == [f"game:{{{gid}}}:{k}" for k in ("end", "head", "summary")], \
        "reading an archived game wrote nothing back into Redis"

    # its export verifies offline, with the receipts its players kept
    from service.cli import main
    exported = client.get(f"/v1/games/{gid}/export")
    assert exported.status_code == 200, exported.get_data()[:300]
    (tmp_path / "record.json").write_bytes(exported.get_data())
    (tmp_path / "receipts.json").write_text(json.dumps(played.receipts))
    verified = CliRunner().invoke(main, ["verify", str(tmp_path / "record.json"),
                                         "--receipts", str(tmp_path / "receipts.json")])
    assert verified.exit_code == 0, verified.output
    assert "receipt" in verified.output


def test_an_archived_game_refuses_writes_and_creates_nothing(archive_app, redis_client):
    games, client = archive_app.extensions["games"], archive_app.test_client()
    played = finished_bot_game(games, "booze_baron", 3, dispute="open")
    gid = played.game_id
    # an open dispute holds it in Redis, however late
    held = Archiver(games, now=later()).archive(gid)
    assert held.outcome == archive.HELD and "dispute" in held.detail
    # (forced: an operator's, or a test's; never a running game)
    assert Archiver(games).archive(gid, force=True).outcome == archive.ARCHIVED
    left = keys_of(redis_client, gid)
    head = redis_client.hgetall(head_key(gid))

    resolve = {"type": "resolve_dispute", "dispute": 1, "decision": "upheld", "text": "so ruled",
               "rulings": [{"kind": "annul", "reason": "loaded dice"}]}
    body = problem(client.post(f"/v1/games/{gid}/commands", json=resolve, headers=bearer(played.organizer)),
                   409, "game_archived")
    assert "archive" in body["detail"]
    dispute = {"type": "dispute", "version": 2, "text": "and another thing"}
    problem(client.post(f"/v1/games/{gid}/commands", json=dispute, headers=bearer(played.tokens[2])),
            409, "game_archived")
    # the rules' own refusals come first, as before
    problem(client.post(f"/v1/games/{gid}/commands", json={"type": "say", "text": "hi"},
                        headers=bearer(played.tokens[1])), 409, "game_finished")
    with pytest.raises(StreamArchived):
        state = games.load(gid)
        games.store.append(gid, state["version"], [{"game_id": gid, "version": state["version"] + 1,
                                                    "prev_hash": state["head_hash"], "hash": "0" * 64}])
    # its record cannot be imported over it
    export = client.get(f"/v1/games/{gid}/export").get_json()
    problem(client.post("/v1/games/import", json=export, headers=bearer(played.organizer)), 409, "game_exists")
    assert keys_of(redis_client, gid) == left and redis_client.hgetall(head_key(gid)) == head
    assert games.load(gid)["disputes"][0]["state"] == "open"


def test_a_crash_between_the_archive_and_the_stub_is_finished_by_the_next_sweep(archive_app, archive_url,
                                                                                   redis_client):
    games, client = archive_app.extensions["games"], archive_app.test_client()
    played = finished_bot_game(games, "booze_baron", 3, options={"dispute_window": 60})
    gid = played.game_id
    due = redis_client.zscore(ARCHIVE_DUE, archive_member(gid))
    assert due is not None, "the append that finished it scheduled it"
    before = read_game(client, played, every_version=False)

    class Crash(BaseException):
        pass

    crashing = Archiver(games, now=later(120))

    def crash(stream_id):
        raise Crash()

    crashing.before_stub = crash
    with pytest.raises(Crash):
        archive.sweep({"game": crashing}, redis_client, now=time.time() + 120)
    # the record is in the archive, Redis still holds the whole game, the due set still has it
    assert len(keys_of(redis_client, gid)) > 3 and not games.store.is_archived(gid)
    assert redis_client.zscore(ARCHIVE_DUE, archive_member(gid)) == due
    assert read_game(client, played, every_version=False) == before

    # the next sweep (a new process) finishes: the same record, written again, and the stub
    done = archive.sweep({"game": Archiver(games, now=later(120))}, redis_client, now=time.time() + 120)
    assert [(m, r.outcome) for m, r in done] == [(archive_member(gid), archive.ARCHIVED)]
    assert redis_client.zscore(ARCHIVE_DUE, archive_member(gid)) is None
    games.cache.clear()
    records_for(archive_url).forget()
    assert not differences(before, read_game(client, played, every_version=False))
    # a crash after the stub, before the due set let go: the next sweep only lets go
    redis_client.zadd(ARCHIVE_DUE, {archive_member(gid): 1})
    done = archive.sweep({"game": Archiver(games)}, redis_client)
    assert [r.outcome for _, r in done] == [archive.ALREADY]
    assert redis_client.zscore(ARCHIVE_DUE, archive_member(gid)) is None


def test_the_sweeper_takes_what_is_due_and_its_safety_net_what_was_missed(archive_app, redis_client):
    games = archive_app.extensions["games"]
    due = finished_bot_game(games, "booze_baron", 3, options={"dispute_window": 60}, talk=False, dispute=None)
    held = finished_bot_game(games, "booze_baron", 3, options={"dispute_window": 60}, talk=False, dispute="open")
    late = finished_bot_game(games, "booze_baron", 3, options={"dispute_window": 3600}, talk=False, dispute=None)
    archivers = {"game": Archiver(games, now=later(120))}
    assert archive.sweep(archivers, redis_client) == []  # nothing due yet
    done = dict((m, r.outcome) for m, r in archive.sweep(archivers, redis_client, now=time.time() + 120))
    assert done == {archive_member(due.game_id): archive.ARCHIVED, archive_member(held.game_id): archive.HELD}
    assert games.store.is_archived(due.game_id) and not games.store.is_archived(held.game_id)
    assert redis_client.zscore(ARCHIVE_DUE, archive_member(held.game_id)) > time.time() + 3000  # an hour on
    assert not games.store.is_archived(late.game_id)

    # the safety net: a finished game the due set lost is put back; a game whose status list
    # is not the one its line says (a crash, or a full Redis, between the append and the move)
    # is moved, and a line that went missing written again
    redis_client.zrem(ARCHIVE_DUE, archive_member(late.game_id))
    assert archive.schedule_missed(games, "games:index") == 1
    assert redis_client.zscore(ARCHIVE_DUE, archive_member(late.game_id)) is not None
    line = json.loads(redis_client.get(summary_key(late.game_id)))
    redis_client.delete(summary_key(late.game_id))
    redis_client.zrem("games:index:finished", late.game_id)
    redis_client.zadd("games:index:running", {late.game_id: 1.0})
    assert archive.repair_lists(games, "games:index") == 1
    assert json.loads(redis_client.get(summary_key(late.game_id))) == line
    assert redis_client.zscore("games:index:finished", late.game_id) is not None
    assert redis_client.zscore("games:index:running", late.game_id) is None


def test_a_record_missing_or_changed_in_the_archive_is_damage_and_an_archive_down_is_a_503(archive_app,
                                                                                            archive_url):
    games, client = archive_app.extensions["games"], archive_app.test_client()
    played = finished_bot_game(games, "booze_baron", 3, talk=False, dispute=None)
    gid = played.game_id
    assert Archiver(games, now=later()).archive(gid).outcome == archive.ARCHIVED
    records = records_for(archive_url)
    location = games.redis.hget(head_key(gid), "archived").decode()
    blob = records.store.get(location)

    def cold_state():
        games.cache.clear()
        records.forget()
        return client.get(f"/v1/games/{gid}")

    assert cold_state().status_code == 200
    original_get = records.store.get
    try:
        records.store.get = lambda name: (_ for _ in ()).throw(ArchiveUnavailable("the bucket does not answer"))
        down = cold_state()
        problem(down, 503, "storage_unavailable")
        assert down.headers["Retry-After"]
    finally:
        records.store.get = original_get
    records.store.put(location, blob[:-10] + b"0123456789")
    body = problem(cold_state(), 409, "record_damaged")
    assert body["damage"] == "archive_unreadable"
    records.store.delete(location)
    body = problem(cold_state(), 409, "record_damaged")
    assert body["damage"] == "archive_unreadable" and "not in the archive" in body["detail"]
    records.store.put(location, blob)
    assert cold_state().status_code == 200
    # a Redis writer points the stub outside the archive: damage, never a file read elsewhere
    games.redis.hset(head_key(gid), "archived", "../../../etc/passwd")
    body = problem(cold_state(), 409, "record_damaged")
    assert body["damage"] == "archive_unreadable" and "not a record's name" in body["detail"]
    games.redis.hset(head_key(gid), "archived", location)
    assert cold_state().status_code == 200


def test_an_archived_game_is_still_listed_and_its_stub_keeps_refusing_a_rollback(archive_app, redis_client):
    games, client = archive_app.extensions["games"], archive_app.test_client()
    played = finished_bot_game(games, "booze_baron", 3, talk=False, dispute=None)
    gid = played.game_id
    assert Archiver(games, now=later()).archive(gid).outcome == archive.ARCHIVED
    listed = client.get("/v1/games?status=finished").get_json()["games"]
    assert [g["game_id"] for g in listed] == [gid]
    # a Redis writer cuts the stub's head back (the record in the archive untouched): refused
    version = int(redis_client.hget(head_key(gid), "version"))
    redis_client.hset(head_key(gid), "version", version - 5)
    games.cache.clear()
    problem(client.get(f"/v1/games/{gid}"), 409, "record_damaged")
    redis_client.hset(head_key(gid), "version", version)
    games.cache.clear()
    assert client.get(f"/v1/games/{gid}").status_code == 200
    assert games.receipt(gid, 1, games.events(gid, 0, 1, stored=True)[0]["hash"]) is not None, \
        "the seed is read from the record"
