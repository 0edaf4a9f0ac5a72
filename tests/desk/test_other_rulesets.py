"""Disputes, their answers and the annul ruling work in every ruleset the server hosts."""
from __future__ import annotations

import pytest

from tests.api.conftest import problem
from tests.desk.helpers import listing, ok, organizer, rebuilt_equals_live, seat
from tests.support.bots import open_table


@pytest.mark.parametrize("ruleset,seats", [("prohibition", 2), ("booze_baron", 3)])
def test_file_resolve_and_annul(client, app, ruleset, seats):
    table = open_table(client, seats, ruleset=ruleset)
    ok(seat(table, 1, {"type": "dispute", "version": 2, "text": "that die was not a 6"}))
    ok(seat(table, 2, {"type": "dispute", "version": 3, "text": "I was skipped"}))
    problem(organizer(table, {"type": "ruling", "kind": "set_cash", "seat": 1, "cash": 3, "reason": "x"}), 422)
    problem(organizer(table, {"type": "ruling", "kind": "forfeit", "seat": 2, "reason": "x"}), 409,
            "forfeit_unsupported")
    ok(organizer(table, {"type": "resolve_dispute", "dispute": 1, "decision": "rejected", "text": "it was"}))
    answer = ok(organizer(table, {"type": "resolve_dispute", "dispute": 2, "decision": "upheld", "text": "yes",
                                  "rulings": [{"kind": "replace_player", "seat": 2, "reason": "new player"},
                                              {"kind": "annul", "reason": "replay it tomorrow"}]}))
    assert [e["type"] for e in answer["events"]][:3] == ["dispute_resolved", "seat_replaced", "game_annulled"]
    assert set(answer["player_tokens"]) == {"2"}
    state = table.state()
    assert state["status"] == "finished" and state["winner"] is None
    assert [d["state"] for d in listing(table, None).get_json()["disputes"]] == ["rejected", "upheld"]
    rebuilt_equals_live(app, table.game_id)
