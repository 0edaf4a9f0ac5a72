"""The clock worker's archive thread (service/jobs/sweepers.py `ArchiveSweeper`) moves a finished
game to the archive by itself once its dispute window closes, and the web still reads it."""
from __future__ import annotations

import pytest

from service.runtime.archive import records_for
from tests.clock.test_worker import wait_for
from tests.conftest import bearer

pytestmark = pytest.mark.slow


def test_the_worker_archives_a_game_when_its_dispute_window_closes(api, new_game, games, start_worker, tmp_path,
                                                                    monkeypatch, redis_client):
    url = (tmp_path / "archive").as_uri()
    monkeypatch.setenv("ARCHIVE_URL", url)  # the web's (this process's) archive: the worker's
    start_worker(env={"ARCHIVE_URL": url, "ARCHIVE_SWEEP_SECONDS": "0.2"})
    game, _, tokens = new_game(dispute_window=1)
    while (state := games.load(game))["status"] != "finished":
        (seat,) = state["deadline"]["seats"] if state.get("deadline") else \
            games.ruleset_for("toy").waiting(state)["seats"][:1]
        answer = api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(tokens[seat - 1]))
        assert answer.status_code == 201, answer.get_data(as_text=True)
    before = api.get(f"/v1/games/{game}/export").get_data()
    assert wait_for(lambda: games.store.is_archived(game), timeout=10), "not archived within 10 s"
    assert sorted(k.decode().rsplit(":", 1)[1] for k in redis_client.scan_iter(f"game:{{{game}}}:*")) == \
        ["end", "head", "summary"]
    games.cache.clear()
    records_for(url).forget()
    assert api.get(f"/v1/games/{game}/export").get_data() == before
