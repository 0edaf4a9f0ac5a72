"""Two servers with different server keys given one archive directory: the second cannot continue
the anchor's log the first began (its pointer and batches are sealed under the other key). That is
an operator's matter, said in one clear warning line — which key sealed the log, which key this
server has — never a traceback per sweep; its games wait (due again), and its archiver keeps a
finished record in Redis (one line per attempt, no traceback) rather than archive it unanchored."""
from __future__ import annotations

import logging
import time

import pytest

from service.runtime.secret_key import ServerKey
from service.streams import archive
from service.streams.anchor import ANCHOR_DUE
from service.streams.anchor_log import AnchorLog, key_id, sweep
from service.streams.keys import archive_member
from service.tournaments.archive import archivers_for
from tests.support.anchor import KEY, anchor, bearer, make_app

OTHER_KEY = "the second server's own key, not the first one's"
#: a tournament nobody enters: its organizer may finish it at once
EMPTY_TOURNAMENT = {"name": "Nobody came", "ruleset": "bootleggers", "rounds": 1, "table_size": {"min": 3, "max": 4},
                    "bot_strategy": "random"}


def toy_game(api, finish: bool = False) -> str:
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()
    gid, organizer = created["game_id"], bearer(created["organizer_token"])
    seats = [bearer(api.post(f"/v1/games/{gid}/seats", json={"name": n}).get_json()["player_token"]) for n in "ABC"]
    assert api.post(f"/v1/games/{gid}/start", headers=organizer).status_code == 201
    if finish:
        api.post(f"/v1/games/{gid}/commands", json={"type": "roll"}, headers=seats[0])
        assert api.post(f"/v1/games/{gid}/commands", json={"type": "finish"}, headers=seats[0]).status_code == 201
    return gid


@pytest.fixture
def first(redis_url, redis_client, tmp_path):
    return make_app(redis_url, (tmp_path / "archive").as_uri())


@pytest.fixture
def second(redis_url, first, tmp_path):
    from service.app import create_app
    from service.rules.registry import rulesets
    from tests.streams.toy import TOY
    return create_app({"REDIS_URL": redis_url, "TESTING": True, "SECRET_KEY": OTHER_KEY,
                       "ARCHIVE_URL": (tmp_path / "archive").as_uri(), "RULESETS": {**rulesets(), "toy": TOY}})


def test_a_log_sealed_under_another_key_is_one_warning_line_never_a_traceback_per_sweep(first, second, caplog):
    begun = toy_game(first.test_client())
    assert [outcome for _, outcome in anchor(first.extensions["games"])] == ["anchored"]  # the log begins
    games = second.extensions["games"]
    gid = toy_game(second.test_client(), finish=True)
    writer = AnchorLog.for_ledger(games)  # (the worker's sweeper keeps one)
    caplog.set_level(logging.WARNING)
    for n in range(3):  # three sweeps, each finding the game due again
        done = sweep({"game": games.anchors}, games.redis, writer, now=time.time() + 3600 * (n + 1))
        assert done == [(archive_member(gid), "unavailable")]
        assert games.redis.zscore(ANCHOR_DUE, archive_member(gid)) is not None, "it waits, due again"
    assert games.anchors.inspect(gid).anchored is None
    assert not [r for r in caplog.records if r.exc_info], "no traceback"
    said = [r.getMessage() for r in caplog.records if "anchor's log cannot be continued" in r.getMessage()]
    assert len(said) == 1, said
    mine, theirs = key_id(ServerKey(OTHER_KEY)), key_id(ServerKey(KEY))
    assert mine != theirs and f"key {mine}" in said[0] and f"the key {theirs}" in said[0], said[0]
    assert "head.json" in said[0]

    # its archiver: a finished record stays in Redis (the archive "unavailable" to it), no traceback
    made = second.test_client().post("/v1/tournaments", json=EMPTY_TOURNAMENT)
    assert made.status_code == 201, made.get_data(as_text=True)
    made = made.get_json()
    tid, org = made["tournament_id"], bearer(made["organizer_token"])
    assert second.test_client().post(f"/v1/tournaments/{tid}/commands", json={"type": "finish"},
                                     headers=org).status_code == 201
    tournaments = second.extensions["tournaments"]
    caplog.clear()
    archivers = archivers_for(games, tournaments, now=lambda: time.time() + 30 * 86400)
    for n in range(2):  # (each try puts it back a minute on)
        outcomes = dict(archive.sweep(archivers, games.redis, now=time.time() + 30 * 86400 + 120 * n))
        assert outcomes[archive_member(tid, "tournament")].outcome == archive.UNAVAILABLE, outcomes
    assert not tournaments.store.is_archived(tid)
    assert not [r for r in caplog.records if r.exc_info], "no traceback"
    assert any("anchor's log cannot be continued" in r.getMessage() for r in caplog.records)
    assert first.extensions["games"].anchors.inspect(begun).anchored is not None  # the first's log stands
