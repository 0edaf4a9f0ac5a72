"""Caches nobody can forge: each attack on what the server keeps beside the events, against the
real store.

A writer to Redis who does not hold the server key (SECRET_KEY) edits what the server keeps
beside a game's events — its snapshot, its checkpoints, the end of its stream — and the
server must never serve what he made, and `/audit` must name it:

- a snapshot edited with its SHA-256 recomputed (every bankroll 777) is not used, and named;
- a checkpoint forged the same way (bankrolls of 12,345) is not used by `?at=150`, and named;
- a finished game cut back by 30 events, its head key rewritten to the new end, is
  `record_damaged` naming the missing events (never served as running on a revealed seed);
- an edit at event 26 with every later hash recomputed is bracketed by the server's sealed
  checkpoints: events 2-100 (the creation seal pins event 1), not "700";
- and a game whose caches an older server wrote (no seal) is read as before.

The game is the golden four-seat Bootleggers game (708 events, tests/golden), imported with an
organizer token of ours (event 1 edited and the chain recomputed before the import).
"""
from __future__ import annotations

import hashlib
import zlib
from pathlib import Path

import pytest

from events.canonical import dumps, loads
from events.envelope import event_hash
from events.store import head_key, stream_key
from service.runtime.secret_key import Sealer, ServerKey
from service.streams.checkpoints import CHECKPOINT_EVERY, Checkpoints, checkpoints_key, unpack
from service.streams.ledger import token_hash
from service.streams.snapshots import snapshot_key
from service.streams import record_scan
from service.streams.verified import end_key, noted_damage

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "four_seats_short_game.events.jsonl"
KEY = "a server key for the tests, which Redis never sees"
ORGANIZER = "the organizer of the golden game, for these tests"
ORG = {"Authorization": f"Bearer {ORGANIZER}"}


@pytest.fixture
def sealed_app(redis_url, redis_client):
    from service.app import create_app
    return create_app({"REDIS_URL": redis_url, "TESTING": True, "SECRET_KEY": KEY})


@pytest.fixture
def api(sealed_app):
    return sealed_app.test_client()


@pytest.fixture
def games(sealed_app):
    return sealed_app.extensions["games"]


def rechain(events: list[dict]) -> list[dict]:
    prev = events[0]["prev_hash"]
    for event in events:
        event["prev_hash"] = prev
        event["hash"] = prev = event_hash(event)
    return events


@pytest.fixture
def golden(api, games, redis_client) -> tuple[str, int]:
    """The golden 708-event game, imported and read once past its last checkpoint (which writes
    the checkpoints an import does not): (game id, head version)."""
    events = [loads(line) for line in GOLDEN.read_text().splitlines()]
    events[0]["payload"]["organizer_token_hash"] = token_hash(ORGANIZER)
    rechain(events)
    record = {"format": "bootleggers-game-record", "format_version": 1, "game_id": events[0]["game_id"],
              "ruleset": "bootleggers", "status": "finished", "version": len(events), "complete": True,
              "events": events}
    imported = api.post("/v1/games/import", json=record, headers=ORG)
    assert imported.status_code == 201, imported.get_data(as_text=True)
    gid = imported.get_json()["game_id"]
    head = len(events)
    games.load(gid, at=head - 1)
    assert sorted(int(v) for v in redis_client.hkeys(checkpoints_key(gid))) == list(range(100, 701, 100))
    assert games.checkpoints.creation(gid) == (events[0]["hash"], True)
    assert redis_client.get(end_key(gid)).startswith(f"{head} ".encode())
    return gid, head


def cold(games, gid: str) -> None:
    """Forget this process's copy: the next read is a process that never served the game."""
    games.cache.drop(gid)


def state(api, gid: str, at: int | None = None):
    return api.get(f"/v1/games/{gid}" + ("" if at is None else f"?at={at}"), headers=ORG)


def cash(body: dict) -> list[int]:
    """The bankrolls a state answer shows."""
    return [p["cash"] for p in body["players"]]


def audit(api, gid: str) -> dict:
    answer = api.get(f"/v1/games/{gid}/audit", headers=ORG)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()


def rewrite_stream(redis_client, gid: str, raws: list[bytes]) -> None:
    key = stream_key(gid)
    redis_client.delete(key)
    for version, raw in enumerate(raws, start=1):
        redis_client.xadd(key, {"e": raw}, id=f"{version}-0")


def stored_events(redis_client, gid: str) -> list[dict]:
    return [loads(fields[b"e"]) for _, fields in redis_client.xrange(stream_key(gid))]


# ---- a forged snapshot -----------------------------------------------------------------------
@pytest.mark.parametrize("seal", ["kept", "stripped"])
def test_a_snapshot_edited_with_its_sha256_recomputed_is_not_served_and_the_audit_names_it(
        api, games, golden, redis_client, seal):
    """Every bankroll 777, the digest recomputed; the forger keeps the server's seal fields
    (which no longer check) or strips them (to look like an older server's snapshot)."""
    gid, head = golden
    truth = state(api, gid).get_json()
    forged = loads(redis_client.hget(snapshot_key(gid), "s"))
    for player in forged["game"]["players"]:
        player["cash"] = 777
    body = dumps(forged)
    redis_client.hset(snapshot_key(gid), mapping={"s": body, "d": hashlib.sha256(body.encode()).hexdigest()})
    if seal == "stripped":
        redis_client.hdel(snapshot_key(gid), "h", "m")

    found = record_scan.scan(games.reads, gid)  # the audit's refold, before any read repairs it
    assert [(p["kind"], p["version"]) for p in found.problems] == [("snapshot_mismatch", head)]
    assert {"kind": "snapshot", "version": head, "sealed": False if seal == "kept" else None,
            "matches": False} in found.caches

    cold(games, gid)
    served = state(api, gid)
    assert served.status_code == 200 and 777 not in cash(served.get_json())
    assert served.get_json() == truth
    assert noted_damage(redis_client, gid)["snapshot"]["version"] == head
    report = audit(api, gid)  # the repair is remembered: named, and the chain is intact
    assert report["chain"] == {"intact": True, "first_break": None}
    assert [(p["kind"], p["version"], p.get("repaired")) for p in report["problems"]] == \
        [("snapshot_mismatch", head, True)]
    assert loads(redis_client.hget(snapshot_key(gid), "s")) == games.rebuild(gid)  # replaced, sealed
    assert redis_client.hget(snapshot_key(gid), "m")


def test_a_snapshot_sealed_under_another_key_is_not_served(api, games, golden, redis_client):
    """A forger who knows the format but not the key seals his snapshot with a key of his own."""
    from service.streams.snapshots import Snapshots

    gid, head = golden
    truth = games.rebuild(gid)
    forged = loads(dumps(truth))
    for player in forged["game"]["players"]:
        player["cash"] = 777
    Snapshots(redis_client, sealer=Sealer("game", ServerKey("the forger's own key, not SECRET_KEY"))).save(
        gid, forged, replace=True)
    cold(games, gid)
    assert dumps(games.load(gid)) == dumps(truth)
    assert "its seal does not check" in noted_damage(redis_client, gid)["snapshot"]["detail"]


# ---- a forged checkpoint ---------------------------------------------------------------------
def test_a_forged_checkpoint_is_not_served_at_150_and_the_audit_names_it(api, games, golden, redis_client):
    gid, head = golden
    truth = state(api, gid, at=150).get_json()
    good = redis_client.hget(checkpoints_key(gid), "100")
    fields = unpack(100, good)
    forged = loads(fields["s"])
    for player in forged["game"]["players"]:
        player["cash"] = 12_345
    body = dumps(forged).encode()
    # the server's seal and head kept, the digest recomputed, the body replaced
    redis_client.hset(checkpoints_key(gid), "100", good[:130] + hashlib.sha256(body).hexdigest().encode()
                      + zlib.compress(body, 6))

    found = record_scan.scan(games.reads, gid)
    assert [(p["kind"], p["version"]) for p in found.problems] == [("checkpoint_mismatch", 100)]
    assert found.first_bad is None  # a cache, not the record

    cold(games, gid)
    served = state(api, gid, at=150)
    assert served.status_code == 200 and 12_345 not in cash(served.get_json())
    assert served.get_json() == truth
    assert redis_client.hget(checkpoints_key(gid), "100") == good  # rewritten from the events
    report = audit(api, gid)
    assert report["chain"]["intact"] is True
    assert ("checkpoint_mismatch", 100, True) in [(p["kind"], p["version"], p.get("repaired"))
                                                   for p in report["problems"]]


def test_a_checkpoint_forged_under_another_key_is_not_served(api, games, golden, redis_client):
    gid, head = golden
    truth = state(api, gid, at=150).get_json()
    forged = loads(unpack(100, redis_client.hget(checkpoints_key(gid), "100"))["s"])
    for player in forged["game"]["players"]:
        player["cash"] = 12_345
    forger = Checkpoints(redis_client, sealer=Sealer("game", ServerKey("the forger's own key, not SECRET_KEY")))
    redis_client.hset(checkpoints_key(gid), "100", forger.pack(gid, forged))
    assert state(api, gid, at=150).get_json() == truth
    assert noted_damage(redis_client, gid)["checkpoint"]["version"] == 100


# ---- a finished game cut back ----------------------------------------------------------------
@pytest.mark.parametrize("tidy", [False, True], ids=["caches left", "caches above the cut deleted"])
def test_a_finished_game_cut_back_is_never_served_as_running_again(api, games, golden, redis_client, tidy):
    """The last 30 events (the end and the seed's reveal with them) cut, the head key rewritten
    to the new end; `tidy`: the snapshot and the checkpoints above the cut deleted too."""
    gid, head = golden
    assert state(api, gid).get_json()["status"] == "finished"
    cut = head - 30
    raws = [fields[b"e"] for _, fields in redis_client.xrange(stream_key(gid))][:cut]
    rewrite_stream(redis_client, gid, raws)
    redis_client.hset(head_key(gid), mapping={"version": cut, "head": loads(raws[-1])["hash"]})
    if tidy:
        redis_client.delete(snapshot_key(gid))
        redis_client.hdel(checkpoints_key(gid), "700")
    assert games.rebuild(gid)["status"] == "running"  # what the cut record folds to

    cold(games, gid)
    for answer in (state(api, gid), api.get(f"/v1/games/{gid}"), state(api, gid, at=cut),
                   api.get(f"/v1/games/{gid}/legal-actions", headers=ORG)):
        assert answer.status_code == 409, answer.get_data(as_text=True)
        body = answer.get_json()
        assert (body["code"], body["damage"], body["first_bad_version"]) == ("record_damaged", "tail_missing", cut + 1)
        assert f"{cut + 1}-{head} are missing" in body["detail"]
    report = audit(api, gid)
    assert report["chain"] == {"intact": False, "first_break": cut + 1}
    assert any(p["kind"] == "tail_missing" and p["version"] == cut + 1 for p in report["problems"])
    assert report["seed"] is None  # what the organizer can read: the record before the damage
    events = api.get(f"/v1/games/{gid}/events?limit=1000", headers=ORG).get_json()
    assert events["record_damaged"] == {"first_bad_version": cut + 1, "damage": "tail_missing"}


def test_a_cut_game_whose_end_seal_is_forged_is_still_refused_by_the_snapshot(api, games, golden, redis_client):
    """The end seal replaced by the forger's: noted and dropped; the sealed snapshot past the
    new head still names the cut."""
    gid, head = golden
    cut = head - 30
    raws = [fields[b"e"] for _, fields in redis_client.xrange(stream_key(gid))][:cut]
    rewrite_stream(redis_client, gid, raws)
    redis_client.hset(head_key(gid), mapping={"version": cut, "head": loads(raws[-1])["hash"]})
    redis_client.set(end_key(gid), f"{cut} {loads(raws[-1])['hash']} {'0' * 64}")
    cold(games, gid)
    body = state(api, gid).get_json()
    assert (body["damage"], body["first_bad_version"]) == ("tail_missing", cut + 1)
    assert noted_damage(redis_client, gid)["end_seal"]["version"] == cut


# ---- a re-chained edit -----------------------------------------------------------------------
@pytest.mark.parametrize("tidy", [False, True], ids=["caches left", "snapshot and end seal deleted"])
def test_an_edit_at_26_with_every_hash_after_recomputed_is_bracketed_by_the_checkpoints(
        api, games, golden, redis_client, tidy):
    gid, head = golden
    events = stored_events(redis_client, gid)
    events[25]["recorded_at"] = "2020-01-01T00:00:00.000000Z"  # event 26
    rechain(events)
    rewrite_stream(redis_client, gid, [dumps(e).encode() for e in events])
    redis_client.hset(head_key(gid), "head", events[-1]["hash"])
    if tidy:
        redis_client.delete(snapshot_key(gid), end_key(gid))
    assert games.rebuild(gid)["version"] == head  # the chain alone holds: every hash was recomputed

    cold(games, gid)
    for answer in (state(api, gid), state(api, gid, at=150), state(api, gid, at=650)):
        assert answer.status_code == 409, answer.get_data(as_text=True)
        body = answer.get_json()
        assert (body["damage"], body["first_bad_version"]) == ("record_rewritten", 2)
        assert "events 2-100 were rewritten" in body["detail"]
    report = audit(api, gid)
    assert report["chain"] == {"intact": False, "first_break": 2}
    rewritten = [p for p in report["problems"] if p["kind"] == "record_rewritten"]
    assert [(p["version"], p["window"]) for p in rewritten] == [(2, [2, CHECKPOINT_EVERY])]
    compared = {(c["kind"], c["version"]): c["matches"] for c in report["caches"]}
    assert compared[("creation", 1)] is True and compared[("checkpoint", 100)] is False
    # reading the damaged game rewrote none of the server's seals
    assert games.checkpoints.sealed_heads(gid)[100] != events[99]["hash"]


def test_an_edit_in_a_later_window_is_bracketed_there(api, games, golden, redis_client):
    gid, head = golden
    events = stored_events(redis_client, gid)
    events[449]["recorded_at"] = "2020-01-01T00:00:00.000000Z"  # event 450
    rechain(events)
    rewrite_stream(redis_client, gid, [dumps(e).encode() for e in events])
    redis_client.hset(head_key(gid), "head", events[-1]["hash"])
    cold(games, gid)
    body = state(api, gid).get_json()
    assert (body["damage"], body["first_bad_version"]) == ("record_rewritten", 401)
    problems = record_scan.scan(games.reads, gid).problems
    assert [p["window"] for p in problems if p["kind"] == "record_rewritten"] == [[401, 500]]
    # before the window the record stands: the organizer reads (and exports) those events
    events = api.get(f"/v1/games/{gid}/events?limit=1000", headers=ORG).get_json()
    assert [e["version"] for e in events["events"]] == list(range(1, 401))
    assert events["record_damaged"] == {"first_bad_version": 401, "damage": "record_rewritten"}


# ---- an older server's caches ----------------------------------------------------------------
def test_a_game_whose_caches_an_older_server_wrote_reads_as_before_and_is_sealed(api, games, golden, redis_client):
    gid, head = golden
    truth, past = state(api, gid).get_json(), state(api, gid, at=150).get_json()
    redis_client.hdel(snapshot_key(gid), "h", "m")  # the snapshot as the server before the seals wrote it
    for version, raw in redis_client.hgetall(checkpoints_key(gid)).items():
        fields = unpack(int(version), raw)
        redis_client.hset(checkpoints_key(gid), version, fields["d"] + zlib.compress(fields["s"], 6))
    redis_client.delete(end_key(gid))
    redis_client.hdel(head_key(gid), "created", "created_seal")
    assert record_scan.scan(games.reads, gid).problems == []  # unsealed, and each the state the events fold to

    cold(games, gid)
    assert state(api, gid).get_json() == truth
    assert state(api, gid, at=150).get_json() == past
    assert noted_damage(redis_client, gid) == {}
    report = audit(api, gid)
    assert report["chain"]["intact"] is True and report["problems"] == []
    # sealed again as they were read
    assert redis_client.hget(snapshot_key(gid), "m") and redis_client.get(end_key(gid))
    assert set(games.checkpoints.sealed_heads(gid)) >= {100}


def test_an_intact_game_audits_every_cache_sealed_and_matching(api, golden):
    gid, head = golden
    report = audit(api, gid)
    assert report["problems"] == [] and report["chain"]["intact"] is True
    assert all(c["sealed"] is True and c["matches"] is True for c in report["caches"])
    assert sorted((c["kind"], c["version"]) for c in report["caches"]) == sorted(
        [("snapshot", head), ("end", head), ("creation", 1)] + [("checkpoint", v) for v in range(100, 701, 100)])


def test_another_server_key_trusts_none_of_the_seals(golden, redis_url, redis_client):
    """A process given another key (a worker started without the web's SECRET_KEY) rebuilds
    every cache and says so, and never serves anything else."""
    import redis as redis_py

    from service.rules.registry import rulesets
    from service.table.games import Games

    gid, head = golden
    other = Games(redis_py.Redis.from_url(redis_url), rulesets())
    other.use_server_key("another deployment's key, not ours")
    truth = other.rebuild(gid)
    assert dumps(other.load(gid)) == dumps(truth)
    assert "its seal does not check" in noted_damage(redis_client, gid)["snapshot"]["detail"]


def test_a_rewritten_creation_is_named_exactly(api, games, golden, redis_client):
    """Event 1 (the seed commitment, the organizer) replaced and every hash after it recomputed:
    the creation seal names event 1 itself."""
    gid, head = golden
    events = stored_events(redis_client, gid)
    events[0]["payload"]["seed_commitment"] = hashlib.sha256(b"a seed the forger chose").hexdigest()
    rechain(events)
    rewrite_stream(redis_client, gid, [dumps(e).encode() for e in events])
    redis_client.hset(head_key(gid), "head", events[-1]["hash"])
    redis_client.delete(snapshot_key(gid), end_key(gid), checkpoints_key(gid))  # every cache but the creation seal
    cold(games, gid)
    body = state(api, gid, at=head - 1).get_json()
    assert (body["damage"], body["first_bad_version"]) == ("record_rewritten", 1)
    assert [p["window"] for p in record_scan.scan(games.reads, gid).problems if p["kind"] == "record_rewritten"] == [[1, 1]]
