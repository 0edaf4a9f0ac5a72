"""A finished game leaves for the archive on a real 3-master Redis Cluster (its keys share the
game's slot, the due set is a key of its own) and reads exactly as before."""
from __future__ import annotations

import time

import pytest

from service.streams import archive
from service.streams.archive import Archiver
from service.streams.keys import ARCHIVE_DUE, archive_member
from tests.support.archive import differences, finished_bot_game, read_game

pytestmark = pytest.mark.slow

DAY = 86400


def test_a_finished_game_leaves_for_the_archive_and_reads_the_same_on_the_cluster(make_app, redis_client, tmp_path,
                                                                                   monkeypatch):
    monkeypatch.setenv("ARCHIVE_URL", (tmp_path / "archive").as_uri())
    app = make_app()
    games, api = app.extensions["games"], app.test_client()
    played = finished_bot_game(games, "booze_baron", 3)
    gid = played.game_id
    assert redis_client.zscore(ARCHIVE_DUE, archive_member(gid)) is not None, "the end scheduled it"
    before = read_game(api, played, every_version=False)

    done = archive.sweep({"game": Archiver(games, now=lambda: time.time() + 2 * DAY)}, redis_client,
                         now=time.time() + 2 * DAY)
    assert [(m, r.outcome) for m, r in done] == [(archive_member(gid), archive.ARCHIVED)]
    assert sorted(k.decode() for k in redis_client.scan_iter(f"game:{{{gid}}}:*")) == \
        [f"game:{{{gid}}}:{k}" for k in ("end", "head", "summary")]
    games.cache.clear()
    games.store.archive.forget()
    assert not differences(before, read_game(api, played, every_version=False))
