"""Every way to damage a record, one by one: tamper with the real Redis, then call the API.

Every damaged game answers 409 `record_damaged` naming the first bad version (never a 500,
never the damaged state, never an endless 503), and the organizer can still audit it,
export it and read its events up to the damage.
"""
from __future__ import annotations

from events.canonical import dumps, loads
from events.envelope import event_hash
from events.store import head_key, stream_key
from service.streams.snapshots import snapshot_key
from tests.api.conftest import bearer, new_game, problem


def played(api, rolls: int = 4) -> dict:
    game = new_game(api)
    for n in range(rolls):
        r = api.post(f"/v1/games/{game['id']}/commands", json={"type": "roll"},
                     headers=bearer(game["players"][n % 3]))
        assert r.status_code == 201, r.get_data(as_text=True)
    return game


def head(redis_client, game_id: str) -> int:
    return int(redis_client.hget(head_key(game_id), "version"))


def raw_event(redis_client, game_id: str, version: int) -> dict:
    return loads(redis_client.xrange(stream_key(game_id), f"{version}-0", f"{version}-0")[0][1][b"e"])


def cold(api, game_id: str) -> None:
    """Forget this process's copy of the game (service/streams/state_cache.py): the next read is
    what a process that never served it does. Damage below a cached state, like damage
    below the snapshot, is the audit's to find, and a cold process's."""
    api.application.extensions["games"].cache.drop(game_id)


def assert_damaged(api, game: dict, version: int, kind: str) -> None:
    """Reads and writes refuse with record_damaged; the organizer's audit names it."""
    gid, org = game["id"], bearer(game["organizer"])
    cold(api, gid)
    for response in (api.get(f"/v1/games/{gid}"), api.get(f"/v1/games/{gid}", headers=org),
                     api.post(f"/v1/games/{gid}/commands", json={"type": "roll"},
                              headers=bearer(game["players"][0])),
                     api.get(f"/v1/games/{gid}/legal-actions", headers=bearer(game["players"][0]))):
        body = problem(response, 409, "record_damaged")
        assert body["first_bad_version"] == version and body["damage"] == kind, body
    audit = api.get(f"/v1/games/{gid}/audit", headers=org)
    assert audit.status_code == 200, audit.get_data(as_text=True)
    audit = audit.get_json()
    assert audit["chain"]["intact"] is False and audit["chain"]["first_break"] == version, audit
    assert any(p["version"] == version and p["kind"] == kind and p["detail"] for p in audit["problems"]), audit
    events = api.get(f"/v1/games/{gid}/events?limit=1000", headers=org).get_json()
    assert [e["version"] for e in events["events"]] == list(range(1, version))
    assert events["record_damaged"]["first_bad_version"] == version
    export = api.get(f"/v1/games/{gid}/export", headers=org).get_json()
    assert export["complete"] is False and len(export["events"]) == version - 1
    assert export["record_damaged"]["first_bad_version"] == version


def test_an_intact_game_audits_intact_with_no_problems(api):
    game = played(api)
    audit = api.get(f"/v1/games/{game['id']}/audit", headers=bearer(game["organizer"])).get_json()
    assert audit["chain"] == {"intact": True, "first_break": None} and audit["problems"] == []


def test_xdel_of_the_last_event_is_a_tail_deletion(api, redis_client):
    game = played(api)
    last = head(redis_client, game["id"])
    redis_client.xdel(stream_key(game["id"]), f"{last}-0")
    assert_damaged(api, game, last, "tail_missing")


def test_xdel_of_an_event_in_the_middle_is_named(api, redis_client):
    game = played(api)
    redis_client.xdel(stream_key(game["id"]), "3-0")
    audit = api.get(f"/v1/games/{game['id']}/audit", headers=bearer(game["organizer"])).get_json()
    assert audit["chain"]["first_break"] == 3 and audit["problems"][0]["kind"] == "event_missing"


def test_an_event_replaced_by_text_that_is_not_json(api, redis_client):
    game = played(api)
    target = head(redis_client, game["id"]) - 2
    rewrite(redis_client, game["id"], {target: b"not json{"})
    # without the snapshot the read folds from event 1 and meets it; with the snapshot at
    # the head it is the audit (next test) that finds it
    redis_client.delete(snapshot_key(game["id"]))
    assert_damaged(api, game, target, "unparsable_event")
    problem(api.get(f"/v1/games/{game['id']}?at={target + 1}", headers=bearer(game["organizer"])),
            409, "record_damaged")


def test_an_unparsable_event_under_the_snapshot_is_found_by_the_audit(api, redis_client):
    game = played(api)
    target = 3
    rewrite(redis_client, game["id"], {target: b"\x00garbage"})
    audit = api.get(f"/v1/games/{game['id']}/audit", headers=bearer(game["organizer"])).get_json()
    assert audit["chain"]["first_break"] == target and audit["problems"][0]["kind"] == "unparsable_event"
    page = api.get(f"/v1/games/{game['id']}/events?after=2", headers=bearer(game["organizer"]))
    problem(page, 409, "record_damaged")
    assert len(api.get(f"/v1/games/{game['id']}/events?after=0&limit=10").get_json()["events"]) == 2


def test_a_forged_entry_past_the_head_is_never_folded_and_does_not_wedge(api, redis_client):
    game = played(api)
    last = head(redis_client, game["id"])
    prior = raw_event(redis_client, game["id"], last)
    forged = {**prior, "version": last + 1, "prev_hash": prior["hash"], "payload": prior["payload"]}
    forged["hash"] = event_hash(forged)
    redis_client.xadd(stream_key(game["id"]), {"e": dumps(forged)}, id=f"{last + 1}-0")
    assert_damaged(api, game, last + 1, "entry_past_head")
    # the store's own script refuses too (a writer that skipped the read)
    assert redis_client.xlen(stream_key(game["id"])) == last + 1


def test_a_poisoned_snapshot_is_not_served_and_is_named_by_the_audit(api, redis_client):
    game = played(api)
    gid = game["id"]
    truth = api.get(f"/v1/games/{gid}", headers=bearer(game["organizer"])).get_json()
    snapshot = loads(redis_client.hget(snapshot_key(gid), "s"))
    poisoned = {**snapshot, "winner": 2, "seats": [{**s, "name": "Mallory"} for s in snapshot["seats"]]}
    redis_client.hset(snapshot_key(gid), "s", dumps(poisoned))
    version = snapshot["version"]
    audit = api.get(f"/v1/games/{gid}/audit", headers=bearer(game["organizer"])).get_json()
    assert any(p["kind"] == "snapshot_mismatch" and p["version"] == version for p in audit["problems"])
    cold(api, gid)
    served = api.get(f"/v1/games/{gid}", headers=bearer(game["organizer"])).get_json()
    assert served == truth  # rebuilt from the events, never the poisoned copy
    # and commands append onto the true state
    r = api.post(f"/v1/games/{gid}/commands", json={"type": "roll"}, headers=bearer(game["players"][1]))
    assert r.status_code == 201
    audit = api.get(f"/v1/games/{gid}/audit", headers=bearer(game["organizer"])).get_json()
    repaired = [p for p in audit["problems"] if p["kind"] == "snapshot_mismatch"]
    assert repaired and repaired[0]["repaired"] is True and repaired[0]["version"] == version
    assert audit["chain"]["intact"] is True  # the record itself is fine; the cache was rebuilt


def test_a_snapshot_with_its_digest_recomputed_but_another_head_hash_is_not_used(api, toy_app, redis_client):
    from service.runtime.secret_key import Sealer, ServerKey
    from service.streams.snapshots import Snapshots

    game = played(api)
    gid = game["id"]
    games = toy_app.extensions["games"]
    truth = games.rebuild(gid)
    forger = Snapshots(redis_client, sealer=Sealer("game", ServerKey("a key that is not the server's")))
    forger.save(gid, {**truth, "winner": 3, "head_hash": "ab" * 32}, replace=True)
    games.cache.drop(gid)
    assert dumps(games.load(gid)) == dumps(truth)


def test_a_head_hash_that_is_not_the_last_events(api, redis_client):
    game = played(api)
    last = head(redis_client, game["id"])
    redis_client.hset(head_key(game["id"]), "head", "f" * 64)
    assert_damaged(api, game, last, "head_mismatch")


def test_an_edit_with_the_hashes_recomputed_passes_the_bare_chain(api, toy_app, redis_client):
    """Expected: a bare chain proves nothing against whoever can rewrite all of it (receipts
    do). The events, re-chained, check; the state they give is served."""
    game = played(api)
    gid = game["id"]
    events = [raw_event(redis_client, gid, v) for v in range(1, head(redis_client, gid) + 1)]
    prev = events[0]["prev_hash"]
    for event in events:
        if event["type"] == "said" or event["version"] == 2:
            event["recorded_at"] = "2020-01-01T00:00:00.000000Z"
        event["prev_hash"] = prev
        event["hash"] = prev = event_hash(event)
    rewrite(redis_client, gid, {e["version"]: dumps(e).encode() for e in events})
    redis_client.hset(head_key(gid), "head", prev)
    redis_client.delete(snapshot_key(gid))
    audit = api.get(f"/v1/games/{gid}/audit", headers=bearer(game["organizer"])).get_json()
    assert audit["chain"]["intact"] is True


def rewrite(redis_client, game_id: str, replace: dict[int, bytes]) -> None:
    """Rebuild the stream with some entries replaced (XADD cannot overwrite an id)."""
    key = stream_key(game_id)
    entries = [(int(i.split(b"-")[0]), f[b"e"]) for i, f in redis_client.xrange(key)]
    redis_client.delete(key)
    for version, raw in entries:
        redis_client.xadd(key, {"e": replace.get(version, raw)}, id=f"{version}-0")


def test_the_event_stream_stops_at_a_damaged_event_and_says_so(api, redis_client):
    from tests.api.test_stream import stream

    game = played(api)
    rewrite(redis_client, game["id"], {3: b"not json"})
    messages = stream(api, game["id"], bearer(game["organizer"]))
    assert [m["id"] for m in messages[:-1]] == ["1", "2"]
    assert messages[-1]["event"] == "record_damaged" and messages[-1]["data"]["first_bad_version"] == 3


def test_a_deleted_head_key_is_damage_not_an_unknown_game(api, redis_client):
    game = played(api)
    last = head(redis_client, game["id"])
    redis_client.delete(head_key(game["id"]))
    assert_damaged(api, game, last, "head_mismatch")


def test_a_damaged_game_does_not_stop_the_clock_of_the_others(toy_app, api, redis_client):
    from service.clock.fire import sweep
    from service.clock import shards

    game = played(api)
    index_key = shards.keys_for(redis_client, game["id"])[0]  # (one per slot on a Redis Cluster)
    shards.register(redis_client, game["id"])
    redis_client.zadd(index_key, {game["id"]: 1.0})
    redis_client.hset(head_key(game["id"]), "head", "f" * 64)
    results = sweep(toy_app.extensions["games"])
    assert [(r.outcome, r.game_id) for r in results] == [("damaged", game["id"])]
    assert redis_client.zscore(index_key, game["id"]) > 1.0  # postponed, not dropped


def test_an_export_stops_before_an_event_damaged_under_the_snapshot(api, redis_client):
    game = played(api)
    rewrite(redis_client, game["id"], {4: b"{}"})
    export = api.get(f"/v1/games/{game['id']}/export", headers=bearer(game["organizer"])).get_json()
    assert [e["version"] for e in export["events"]] == [1, 2, 3] and export["complete"] is False
    assert export["record_damaged"] == {"first_bad_version": 4, "damage": "unparsable_event"}


def test_a_forged_event_re_hashed_that_the_rules_cannot_apply_is_damage_not_a_500(api, redis_client):
    game = played(api)
    last = head(redis_client, game["id"])
    forged = raw_event(redis_client, game["id"], last)
    assert forged["type"] == "dice_rolled"
    forged["payload"]["seat"] = 99  # no such seat: the fold cannot apply it
    forged["hash"] = event_hash(forged)
    rewrite(redis_client, game["id"], {last: dumps(forged).encode()})
    redis_client.hset(head_key(game["id"]), "head", forged["hash"])
    assert_damaged(api, game, last, "unfoldable_event")
