"""Property: any sequence of disputes, answers and seat rulings is answered (201 or a
problem, never a 500), a refusal appends nothing, and the rebuilt state equals the live one."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from tests.desk.helpers import organizer, seat
from tests.support.bots import open_table

RULINGS = st.one_of(
    st.builds(lambda s: {"kind": "forfeit", "seat": s, "reason": "r"}, st.integers(1, 4)),
    st.builds(lambda s: {"kind": "replace_player", "seat": s, "reason": "r"}, st.integers(1, 4)),
    st.just({"kind": "annul", "reason": "r"}),
    st.builds(lambda s, c: {"kind": "set_cash", "seat": s, "cash": c, "reason": "r"}, st.integers(1, 3),
              st.integers(0, 60)))
STEPS = st.lists(st.one_of(
    st.tuples(st.just("file"), st.integers(1, 3), st.integers(1, 40)),
    st.tuples(st.just("resolve"), st.integers(1, 3), st.sampled_from(["upheld", "rejected"]),
              st.lists(RULINGS, max_size=2)),
    st.tuples(st.just("rule"), RULINGS)), min_size=1, max_size=8)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_any_sequence_keeps_replay_equal_to_live(app, client, steps):
    table = open_table(client, 3)
    games = app.extensions["games"]
    for step in steps:
        before = games.load(table.game_id)["version"]
        if step[0] == "file":
            r = seat(table, step[1], {"type": "dispute", "version": step[2], "text": "t"})
        elif step[0] == "resolve":
            r = organizer(table, {"type": "resolve_dispute", "dispute": step[1], "decision": step[2],
                                  "text": "t", "rulings": step[3]})
        else:
            r = organizer(table, {"type": "ruling", **step[1]})
        assert r.status_code in (201, 401, 403, 409, 422), r.get_data(as_text=True)
        if r.status_code == 201:
            for new_seat, token in (r.get_json().get("player_tokens") or {}).items():
                table.tokens[int(new_seat)] = token
        else:
            assert games.load(table.game_id)["version"] == before
    assert games.rebuild(table.game_id) == games.load(table.game_id)
