"""The log as a live page reads it: each read asks for what follows the last one, and the
state the last read ended on is folded on (service/desk/game_log.py `FOLDED`) instead of
loaded again from a checkpoint. Whatever the reads' cut, the entries are those of one read of
the whole log, for every reader."""
from __future__ import annotations

import random

from service.desk import game_log
from tests.support.bots import bearer, open_table


def _read(api, table, token, after: int, limit: int = 500) -> dict:
    r = api.get(f"/v1/games/{table.game_id}/log?after={after}&limit={limit}", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()


def test_a_followed_log_reads_as_the_whole_log(app):
    api = app.test_client()
    table = open_table(api, 3, {"rounds": 8})
    rng = random.Random(9)
    readers = {"organizer": table.organizer, "seat 2": table.tokens[2], "spectator": None}
    followed = {name: [] for name in readers}
    after = dict.fromkeys(readers, 0)
    for _ in range(60):  # a move, then every reader reads what is new (a cut of 1-7 events)
        state = table.state()
        if state["status"] == "finished":
            break
        seat = rng.choice(state["waiting_for"])
        legal = table.legal(seat)
        actions = [a for a in legal["actions"] if a["type"] != "say" and a["examples"]]
        assert table.send(seat, rng.choice(rng.choice(actions)["examples"]), version=legal["version"]).status_code == 201
        for name, token in readers.items():
            page = _read(api, table, token, after[name])
            followed[name] += page["entries"]
            after[name] = page["next_after"]
    assert any(key[0] == table.game_id for key in game_log.FOLDED)
    for name, token in readers.items():
        game_log.FOLDED.clear()
        assert followed[name] == _read(api, table, token, 0, 1000)["entries"], name
    head = table.state()["version"]
    assert _read(api, table, None, head) == {"version": head, "entries": [], "next_after": head}
