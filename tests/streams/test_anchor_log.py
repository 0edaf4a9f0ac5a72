"""The anchor's log and marks (service/streams/anchor_log.py, anchor.py), against a real Redis and
a real archive directory: what the appends mark due, a writer that died between its batch and the
pointer, a log changed in the archive, an anchored head forged in the archive."""
from __future__ import annotations

import time

import pytest

from service.runtime.archive import DirectoryArchive
from service.runtime.secret_key import Sealer, ServerKey
from service.streams import anchor as anchor_mod
from service.streams.anchor import ANCHOR_DUE, Anchored, encode_head, head_name
from service.streams.anchor_log import POINTER, AnchorBroken, AnchorLog, batch_name, sweep
from service.streams.keys import archive_member
from service.streams.verified import noted_damage
from tests.support.anchor import anchor, bearer, make_app


@pytest.fixture
def archive_dir(tmp_path):
    return tmp_path / "archive"


@pytest.fixture
def web(redis_url, redis_client, archive_dir):
    return make_app(redis_url, archive_dir.as_uri())


def toy_game(api, says: int = 0) -> tuple[str, dict, dict]:
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()
    gid, organizer = created["game_id"], bearer(created["organizer_token"])
    seats = [bearer(api.post(f"/v1/games/{gid}/seats", json={"name": n}).get_json()["player_token"]) for n in "ABC"]
    assert api.post(f"/v1/games/{gid}/start", headers=organizer).status_code == 201
    for n in range(says):
        assert api.post(f"/v1/games/{gid}/commands", json={"type": "say", "text": f"{n}"},
                        headers=seats[0]).status_code == 201
    return gid, organizer, seats[0]


def test_the_appends_mark_a_game_due_at_most_every_few_seconds_and_at_once_at_its_end(web, redis_client):
    api = web.test_client()
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()
    gid = created["game_id"]
    assert redis_client.zscore(ANCHOR_DUE, archive_member(gid)) is None  # a lobby is not anchored
    gid, organizer, seat = toy_game(api, says=3)
    due = redis_client.zscore(ANCHOR_DUE, archive_member(gid))
    every = web.extensions["games"].anchors.every
    assert time.time() < due <= time.time() + every  # once, for the next few seconds' appends
    api.post(f"/v1/games/{gid}/commands", json={"type": "roll"}, headers=seat)
    assert api.post(f"/v1/games/{gid}/commands", json={"type": "finish"}, headers=seat).status_code == 201
    assert redis_client.zscore(ANCHOR_DUE, archive_member(gid)) <= time.time()  # its end: now
    assert [outcome for _, outcome in sweep({"game": web.extensions["games"].anchors}, redis_client,
                                            AnchorLog.for_ledger(web.extensions["games"]))] == ["anchored"]
    assert web.extensions["games"].anchors.inspect(gid).anchored.finished is True
    assert redis_client.zcard(ANCHOR_DUE) == 0


def test_a_writer_that_died_before_the_pointer_is_followed_and_a_changed_log_stops_the_writer(web, redis_client,
                                                                                             archive_dir):
    games = web.extensions["games"]
    api = web.test_client()
    first, _, _ = toy_game(api)
    anchor(games)
    store = DirectoryArchive(archive_dir)
    second, _, _ = toy_game(api)
    real_put = DirectoryArchive.put

    def dies_before_the_pointer(self, name, data, exclusive=False):
        if name == POINTER:
            raise SystemExit("killed")
        real_put(self, name, data, exclusive)

    DirectoryArchive.put = dies_before_the_pointer
    try:
        with pytest.raises(SystemExit):
            anchor(games)
    finally:
        DirectoryArchive.put = real_put
    assert store.get(batch_name(2)) and games.anchors.inspect(second).anchored is None
    third, _, _ = toy_game(api)
    games.anchors.mark(second)  # (its next append)
    anchor(games, later=7200)
    log = AnchorLog.for_ledger(games)
    assert [b["seq"] for b in log.batches()] == [1, 2, 3]  # batch 2 followed, not written over
    assert games.anchors.inspect(third).anchored.seq == games.anchors.inspect(second).anchored.seq == 3

    store.put(batch_name(2), store.get(batch_name(2)).replace(b'"version":', b'"version":1', 1))
    with pytest.raises(AnchorBroken):
        log.batches()
    store.delete(POINTER)
    fourth, _, _ = toy_game(api)
    assert [outcome for _, outcome in anchor(games, later=10_000)] == ["unavailable"]  # (warned, no traceback)
    assert redis_client.zscore(ANCHOR_DUE, archive_member(fourth)) is not None, "it waits for the log's mending"


def test_an_anchored_head_forged_in_the_archive_is_not_used_and_is_named(web, redis_client, archive_dir):
    games = web.extensions["games"]
    api = web.test_client()
    gid, organizer, _ = toy_game(api, says=4)
    forger = Sealer("game", ServerKey("the forger's own key, not SECRET_KEY"))
    DirectoryArchive(archive_dir).put(head_name("game", gid), encode_head(forger, "game", gid,
                                                                          Anchored(500, "0" * 64, True, 1)))
    games.cache.clear()
    assert api.get(f"/v1/games/{gid}", headers=organizer).status_code == 200  # its seals in Redis stand
    assert "seal does not check" in noted_damage(redis_client, gid)["anchor"]["detail"]
    report = api.get(f"/v1/games/{gid}/audit", headers=organizer).get_json()
    assert report["chain"]["intact"] is True
    assert {"kind": "anchor", "version": 500, "sealed": False, "matches": None} in report["caches"]
    assert anchor_mod.REFRESH_SECONDS > 0


def test_a_sweep_anchors_only_heads_a_replica_holds(tmp_path):
    """A head anchored and then lost with its master in a failover would refuse its game for good:
    with replicas, the sweep waits (WAIT) until one holds what it read, else tries again later."""
    import threading

    import redis

    from service.runtime.embedded_redis import EmbeddedRedis

    with EmbeddedRedis.ephemeral() as master, EmbeddedRedis.ephemeral() as replica_server:
        web = make_app(master.url, (tmp_path / "archive").as_uri())
        games, api = web.extensions["games"], web.test_client()
        replica = redis.Redis.from_url(replica_server.url)
        host, port = master.url.split("//", 1)[1].split("/", 1)[0].rsplit(":", 1)
        replica.replicaof(host, int(port))
        synced = games.redis.incr("synced?")
        while games.redis.wait(1, 100) < 1 or replica.get("synced?") != str(synced).encode():
            pass  # (the replica's first sync)
        first, _, _ = toy_game(api)
        assert [outcome for _, outcome in anchor(games)] == ["anchored"]

        second, _, _ = toy_game(api)
        asleep = threading.Thread(target=replica.execute_command, args=("DEBUG", "SLEEP", "2.5"))
        asleep.start()
        probe = redis.Redis.from_url(replica_server.url, socket_timeout=0.05)
        try:
            while True:  # until the replica is asleep (a ping it does not answer)
                try:
                    probe.ping()
                except redis.TimeoutError:
                    break
            assert [outcome for _, outcome in anchor(games)] == ["unconfirmed"]
        finally:
            asleep.join()
        assert games.anchors.inspect(second).anchored is None
        assert games.redis.zscore(ANCHOR_DUE, archive_member(second)) is not None, "tried again later"
        assert [outcome for _, outcome in anchor(games, later=7200)] == ["anchored"]
        replica.replicaof("NO", "ONE")
