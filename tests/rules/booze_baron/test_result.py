"""The `result` hook (service/rules/interface.py): a finished Booze Baron game's places and
scores for a tournament. A Mob wins, so every member shares its Mob's place
(docs/rules-decisions.md, "Tournaments: a Mob's result as placements")."""
from __future__ import annotations

import copy
import random

import pytest

from service.rules.booze_baron import RULESET

from .harness import Table, random_play
from .situations import scripted, to_actions


def three_mobs_of_one():
    """Seats 1 (beer) and 2 (liquor) expose each other; seat 3 (wine) stands last."""
    t = scripted(["beer", "liquor", "wine"])
    to_actions(t, {1: "casino", 2: "casino", 3: "docks"})
    t.send(1, {"type": "tail", "seat": 2})
    t.send(1, {"type": "expose", "booze": "liquor"})
    t.send(2, {"type": "tail", "seat": 1})
    t.send(2, {"type": "expose", "booze": "beer"})
    t.send(3, {"type": "pass_turn"})
    assert t.state["status"] == "finished"
    return t


def test_places_follow_the_mobs_and_scores_are_each_seats_coins():
    t = three_mobs_of_one()
    res = t.game["result"]
    got = RULESET.result(t.state)
    assert got["score_name"] == "coins"
    assert got["scores"] == res["coins"]
    winners = [s for s, m in res["mobs"].items() if m in res["winners"]]
    assert all(got["places"][s] == 1 for s in winners)
    for s, m in res["mobs"].items():
        if m not in res["winners"]:
            better = [o for o, n in res["mobs"].items()
                      if n in res["winners"] or res["mob_coins"][n] > res["mob_coins"][m]]
            assert got["places"][s] == 1 + len(better)


@pytest.mark.parametrize("seats,seed", [(6, 1), (6, 2), (7, 3), (9, 4), (4, 5)])
def test_mob_mates_share_their_mobs_place(seats, seed):
    t = random_play(Table(seats, seed=seed.to_bytes(32, "big")), random.Random(seed))
    res, got = t.game["result"], RULESET.result(t.state)
    places, mobs = got["places"], res["mobs"]
    assert set(places) == set(mobs) and got["scores"] == res["coins"]
    for s in mobs:
        assert all(places[o] == places[s] for o in mobs if mobs[o] == mobs[s])
        assert (places[s] == 1) == (mobs[s] in res["winners"])
        ahead = sum(1 for o in mobs if places[o] < places[s])
        assert places[s] == 1 + ahead                      # 1, 1, 3, 3, 5, 5: places count seats
    losers = sorted({m for m in mobs.values() if m not in res["winners"]}, key=lambda m: -res["mob_coins"][m])
    for better, worse in zip(losers, losers[1:]):
        pb = next(places[s] for s in mobs if mobs[s] == better)
        pw = next(places[s] for s in mobs if mobs[s] == worse)
        assert pb < pw or res["mob_coins"][better] == res["mob_coins"][worse] and pb == pw


def test_a_forfeited_seat_goes_last_and_its_mob_mates_keep_the_mobs_place():
    t = random_play(Table(6, seed=(11).to_bytes(32, "big")), random.Random(11))
    state = copy.deepcopy(t.state)
    before = RULESET.result(state)["places"]
    mobs = t.game["result"]["mobs"]
    gone = min(before, key=lambda s: (before[s], int(s)))           # a seat of a winning Mob
    state["forfeited"] = [int(gone)]
    after = RULESET.result(state)["places"]
    assert after[gone] == 6 and max(v for s, v in after.items() if s != gone) < 6
    mate = next(s for s in mobs if mobs[s] == mobs[gone] and s != gone)
    assert after[mate] == 1


def test_running_and_annulled_games_have_no_result():
    t = scripted(["beer", "liquor", "wine"])
    assert RULESET.result(t.state) is None
    state = copy.deepcopy(three_mobs_of_one().state)
    state["annulled"] = {"reason": "abandoned", "version": state["version"] + 1}
    assert RULESET.result(state) is None
