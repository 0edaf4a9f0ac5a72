"""The `result` hook (service/rules/interface.py): a finished Prohibition game's places and
scores for a tournament: Bankrolls decide and seats level on Bankrolls share the place."""
from __future__ import annotations

import copy

import pytest

from service.rules.prohibition import RULESET

from .situations import move, place, table
from .test_properties import play


def ended_with(bankrolls: dict[int, int], cases: dict[int, int]):
    """A 3-seat game that ends when seat 1 takes the last Culture Bankroll (one more for
    seat 1), with the Bankrolls and Cases given."""
    t = table(seats=3, action=(1, 3))
    for s in t.game["board"]:
        if s["kind"] == "C":
            s["bankrolls"] = 1 if s["space"] == 14 else 0
    for seat, space in ((1, None), (2, 2), (3, 4)):
        if space is not None:
            place(t, seat, space)
        t.player(seat)["bankrolls"], t.player(seat)["cases"] = bankrolls[seat], cases[seat]
    move(t, 1, 1)
    move(t, 1, 3, pawn="fbi")
    assert t.state["status"] == "finished"
    return t


def test_seats_tied_on_bankrolls_share_the_place():
    t = ended_with({1: 12, 2: 40, 3: 40}, {1: 0, 2: 0, 3: 2})
    ended = next(e["payload"] for e in t.events if e["type"] == "game_ended")
    assert ended["winners"] == [2, 3]                     # the game shares the win too
    res = RULESET.result(t.state)
    assert res == {"places": {"2": 1, "3": 1, "1": 3}, "scores": {"1": 13, "2": 40, "3": 40},
                   "score_name": "bankrolls"}


def test_distinct_bankrolls_give_distinct_places():
    t = ended_with({1: 12, 2: 41, 3: 40}, {1: 0, 2: 0, 3: 0})
    assert RULESET.result(t.state)["places"] == {"2": 1, "3": 2, "1": 3}


def test_a_forfeited_seat_goes_after_every_seat_still_in():
    t = ended_with({1: 12, 2: 40, 3: 40}, {1: 0, 2: 0, 3: 2})
    state = copy.deepcopy(t.state)
    state["forfeited"] = [3]
    assert RULESET.result(state)["places"] == {"2": 1, "1": 2, "3": 3}
    state["forfeited"] = [3, 2]
    assert RULESET.result(state)["places"] == {"1": 1, "2": 2, "3": 2}


def test_running_and_annulled_games_have_no_result():
    t = table(seats=3)
    assert RULESET.result(t.state) is None
    done = ended_with({1: 12, 2: 41, 3: 40}, {1: 0, 2: 0, 3: 0})
    state = copy.deepcopy(done.state)
    state["annulled"] = {"reason": "abandoned", "version": state["version"] + 1}
    assert RULESET.result(state) is None


@pytest.mark.parametrize("seats,seed", [(2, 1), (4, 2), (6, 3)])
def test_random_games_place_by_bankrolls(seats, seed):
    t = play(seats, seed)
    res = RULESET.result(t.state)
    money = {str(p["seat"]): p["bankrolls"] for p in t.game["players"]}
    assert res["scores"] == money
    for s, place in res["places"].items():
        assert place == 1 + sum(1 for o in money if money[o] > money[s])
    assert res["places"][str(t.state["winner"])] == 1
