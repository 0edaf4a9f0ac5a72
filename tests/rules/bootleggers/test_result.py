"""The `result` hook (service/rules/interface.py): a finished Bootleggers game's places and
scores for a tournament: the final cash ranking (ties by Muscle), forfeited seats last."""
from __future__ import annotations

import copy

from service.rules.bootleggers import RULESET
from tests.support.kernel_table import ORGANIZER

from .situations import pass_step, table, to_step


def finished(cash: dict[int, int]):
    """A 4-seat game played to its end in the last round, with the cash given."""
    t = table(4, dice=[1] * 50)
    to_step(t, "deals")
    t.game["round"] = 12
    for p in t.game["players"]:
        p["crates"], p["cash"] = 0, cash[p["seat"]]
    while not t.game["finished"]:
        pass_step(t)
    return t


def ended(t) -> dict:
    return next(e["payload"] for e in t.events if e["type"] == "game_ended")


def forfeit(t, seat: int) -> list[dict]:
    """The organizer's forfeit ruling as service/table/disputes.py appends it."""
    t.apply([{"type": "seat_forfeited", "payload": {"seat": seat, "reason": "cheating", "dispute": 1}}], ORGANIZER)
    more = RULESET.forfeit(t.state, seat, t.oracle())
    for d in more:
        d["payload"] = {**d["payload"], "reason": "cheating", "dispute": 1}
    return t.apply(more, ORGANIZER)


def test_places_follow_the_final_cash_ranking_and_scores_are_cash():
    t = finished({1: 30, 2: 55, 3: 10, 4: 41})
    res = RULESET.result(t.state)
    assert res["score_name"] == "cash"
    assert res["places"] == {"2": 1, "4": 2, "1": 3, "3": 4}
    assert res["scores"] == {"1": 30, "2": 55, "3": 10, "4": 41}
    assert [int(s) for s, _ in sorted(res["places"].items(), key=lambda kv: kv[1])] == ended(t)["ranking"]


def test_a_cash_tie_is_broken_by_muscle_so_no_place_is_shared():
    t = finished({1: 20, 2: 20, 3: 20, 4: 20})
    res = RULESET.result(t.state)
    assert sorted(res["places"].values()) == [1, 2, 3, 4]
    order = sorted(res["places"], key=res["places"].get)
    assert [int(s) for s in order] == ended(t)["ranking"]
    muscle = ended(t)["muscle"]
    assert [muscle[s] for s in order] == sorted(muscle.values(), reverse=True)


def test_a_running_game_has_no_result():
    t = table(4, dice=[1] * 50)
    to_step(t, "deals")
    assert RULESET.result(t.state) is None


def test_an_annulled_game_has_no_result():
    t = finished({1: 30, 2: 55, 3: 10, 4: 41})
    state = copy.deepcopy(t.state)
    state["annulled"] = {"reason": "abandoned", "version": state["version"] + 1}
    assert RULESET.result(state) is None


def test_a_winner_forfeited_after_the_end_goes_last_and_the_others_move_up():
    t = finished({1: 30, 2: 55, 3: 10, 4: 41})
    drafts = forfeit(t, 2)
    assert drafts[-1]["type"] == "result_amended" and t.state["winner"] == 4
    res = RULESET.result(t.state)
    assert res["places"] == {"4": 1, "1": 2, "3": 3, "2": 4}
    assert res["scores"]["2"] == 55                       # the cash stands; only the place moves


def test_forfeited_seats_share_the_last_place():
    t = finished({1: 30, 2: 55, 3: 10, 4: 41})
    forfeit(t, 2)
    forfeit(t, 3)
    assert RULESET.result(t.state)["places"] == {"4": 1, "1": 2, "2": 3, "3": 3}
