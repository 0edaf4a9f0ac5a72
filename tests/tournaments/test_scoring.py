"""Scoring a tournament (service/tournaments/scoring.py): placement points, score shares, the
standings with their tie-breaks, the incremental accumulator, and openskill ratings."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from service.tournaments.scoring import (EXPLAINED, add_table, new_accumulator, placement_points, rebuild,
                                         rows, score_shares, standings)


def entrants(*ids, dropped=()):
    return [{"entrant": e, "name": e.upper(), "dropped": e in dropped} for e in ids]


def table(seats, places, scores=None, annulled=False, rnd=1, number=1):
    """seats: entrant ids (None: a bot) in seat order; places/scores in the same order."""
    keys = [str(i) for i in range(1, len(seats) + 1)]
    return {"round": rnd, "table": number, "annulled": annulled,
            "seats": dict(zip(keys, seats)), "places": dict(zip(keys, places)),
            "scores": dict(zip(keys, scores or [10] * len(seats)))}


def by_entrant(result):
    return {r["entrant"]: r for r in result}


# -- placement points, score shares ------------------------------------------------------------
def test_placement_points_are_opponents_beaten():
    assert placement_points({"a": 1, "b": 2, "c": 3, "d": 4}) == {"a": 3, "b": 2, "c": 1, "d": 0}


def test_tied_seats_share_the_average_of_the_places_they_cover():
    assert placement_points({"a": 1, "b": 1, "c": 3}) == {"a": 1.5, "b": 1.5, "c": 0}
    assert placement_points({"a": 1, "b": 2, "c": 2, "d": 2, "e": 5}) == {
        "a": 4, "b": 2, "c": 2, "d": 2, "e": 0}
    assert placement_points({"a": 1, "b": 1}) == {"a": 0.5, "b": 0.5}


@given(st.lists(st.integers(1, 6), min_size=1, max_size=8))
def test_placement_points_sum_to_one_per_pair_and_average_the_places_covered(raw):
    n = len(raw)
    places = {str(i): 1 + sum(1 for q in raw if q < p) for i, p in enumerate(raw)}   # 1, 1, 3 form
    got = placement_points(places)
    assert sum(got.values()) == n * (n - 1) / 2
    for s, p in places.items():
        covered = [n - k for k in range(p, p + sum(1 for q in places.values() if q == p))]
        assert got[s] == sum(covered) / len(covered)


def test_score_shares():
    assert score_shares({"1": 30, "2": 10}) == {"1": 0.75, "2": 0.25}
    assert score_shares({"1": 0, "2": 0, "3": 0, "4": 0}) == {s: 0.25 for s in "1234"}
    assert score_shares({"1": -4, "2": 6}) == {"1": 0.0, "2": 1.0}


# -- standings ---------------------------------------------------------------------------------
def test_points_add_up_over_tables_and_bots_count_as_opponents_but_score_nothing():
    tables = [table(["a", "b", None], [1, 2, 3]), table(["b", None, "a"], [1, 2, 3], rnd=2)]
    result = by_entrant(standings(entrants("a", "b"), tables))
    assert result["a"]["points"] == 2 + 0 and result["b"]["points"] == 1 + 2
    assert result["a"]["tables_played"] == result["b"]["tables_played"] == 2
    assert result["b"]["rank"] == 1 and result["a"]["rank"] == 2


def test_opponents_points_are_the_opponents_current_totals():
    # round 1: a beats b; round 2: b wins elsewhere, so a's tie-break grows after its table ended
    acc = new_accumulator()
    add_table(acc, table(["a", "b"], [1, 2]))
    assert by_entrant(rows(acc, entrants("a", "b", "c", "d")))["a"]["tie_breaks"]["opponents_points"] == 0
    add_table(acc, table(["b", "c", None], [1, 2, 3], rnd=2))
    result = by_entrant(rows(acc, entrants("a", "b", "c", "d")))
    assert result["a"]["tie_breaks"]["opponents_points"] == 2        # b's total now
    assert result["b"]["tie_breaks"]["opponents_points"] == 1 + 1    # a (1) + c (1); the bot adds 0


def test_ties_are_broken_by_opponents_points_then_score_share_then_share_a_rank():
    tables = [
        table(["a", "x"], [1, 2], [30, 10]),           # a: 1 point, share .75, opponent x
        table(["b", "y"], [1, 2], [30, 10]),           # b: as a, but y stays on 0
        table(["x", "z"], [1, 2], [10, 10]),           # x: 1 point, opp 1 (a), share (.25 + .5) / 2
        table(["c", "w"], [1, 2], [20, 20]),           # c: 1 point, opp 0, share .5
        table(["d", "v"], [1, 2], [20, 20]),           # d: as c, exactly
    ]
    result = standings(entrants("a", "b", "c", "d", "v", "w", "x", "y", "z"), tables)
    assert [(r["rank"], r["entrant"]) for r in result if r["points"] == 1] == [
        (1, "a"), (2, "x"), (3, "b"), (4, "c"), (4, "d")]
    found = by_entrant(result)
    assert found["a"]["tie_breaks"] == {"opponents_points": 1, "score_share": 0.75}
    assert found["x"]["tie_breaks"] == {"opponents_points": 1, "score_share": 0.375}
    assert found["b"]["tie_breaks"] == {"opponents_points": 0, "score_share": 0.75}
    assert [(r["rank"], r["entrant"]) for r in result if r["points"] == 0] == [
        (6, "v"), (6, "w"), (6, "z"), (9, "y")]     # opp 1 each; shares .5, .5, .5 and .25


def test_share_a_rank_then_list_by_name_then_entrant():
    people = [{"entrant": "2", "name": "Bea", "dropped": False}, {"entrant": "1", "name": "Bea", "dropped": False},
              {"entrant": "3", "name": "Al", "dropped": True}]
    result = standings(people, [])
    assert [(r["rank"], r["entrant"]) for r in result] == [(1, "3"), (1, "1"), (1, "2")]
    assert result[0]["dropped"] is True and result[0]["tables_played"] == 0
    assert result[0]["tie_breaks"] == {"opponents_points": 0, "score_share": 0}


def test_an_annulled_table_scores_nobody_and_is_not_played():
    tables = [table(["a", "b"], [1, 2]), table(["a", "b"], [None, None], annulled=True, rnd=2)]
    result = by_entrant(standings(entrants("a", "b"), tables))
    assert result["a"]["points"] == 1 and result["a"]["tables_played"] == 1
    assert result["a"]["tie_breaks"]["opponents_points"] == 0 and result["b"]["tie_breaks"]["opponents_points"] == 1
    annulled_only = by_entrant(standings(entrants("a", "b"), tables[1:]))
    assert annulled_only["a"]["points"] == 0 and annulled_only["a"]["tables_played"] == 0
    assert annulled_only["a"]["rating"] == by_entrant(standings(entrants("a"), []))["a"]["rating"]


def test_dropped_entrants_stay_in_the_standings():
    result = by_entrant(standings(entrants("a", "b", dropped=("a",)), [table(["a", "b"], [1, 2])]))
    assert result["a"]["dropped"] is True and result["a"]["rank"] == 1


def test_explained_says_the_rule_and_the_tie_breaks():
    assert isinstance(EXPLAINED, str)
    for words in ("opponent", "half a point", "opponents' points", "share", "rating"):
        assert words in EXPLAINED


# -- ratings -----------------------------------------------------------------------------------
def test_ratings_move_the_winner_up_and_the_loser_down_and_never_rank():
    model = PlackettLuce()
    result = by_entrant(standings(entrants("a", "b", "c"), [table(["a", "b", None], [1, 3, 2])]))
    a, b = result["a"]["rating"], result["b"]["rating"]
    assert a["mu"] > model.mu > b["mu"] and a["sigma"] < model.sigma
    assert a["ordinal"] == pytest.approx(model.rating(mu=a["mu"], sigma=a["sigma"]).ordinal())
    assert result["c"]["rating"] == {"mu": model.mu, "sigma": model.sigma,
                                     "ordinal": pytest.approx(model.rating().ordinal())}
    # the same rating update as openskill's own, a bot seat playing as a fresh rating
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 3, 2])
    assert a["mu"] == expected[0][0].mu and b["sigma"] == expected[1][0].sigma


def test_a_rating_never_decides_a_rank():
    acc = new_accumulator()
    add_table(acc, table(["a", "b", "c"], [1, 2, 3]))
    before = rows(acc, entrants("a", "b", "c"))
    acc["entrants"]["c"]["mu"], acc["entrants"]["a"]["mu"] = 99.0, 1.0
    after = rows(acc, entrants("a", "b", "c"))
    assert [(r["rank"], r["entrant"]) for r in after] == [(r["rank"], r["entrant"]) for r in before] == [
        (1, "a"), (2, "b"), (3, "c")]


# -- incremental == from scratch == the definition -----------------------------------------------
def _reference(people, tables):
    """The standings by the definition, computed the slow way."""
    points = {e["entrant"]: 0.0 for e in people}
    played = [t for t in tables if not t["annulled"]]
    shares = {e: [] for e in points}
    for t in played:
        gained, share = placement_points(t["places"]), score_shares(t["scores"])
        for s, e in t["seats"].items():
            if e is not None:
                points[e] += gained[s]
                shares[e].append(share[s])
    opp = {e: 0.0 for e in points}
    for t in played:
        for e in t["seats"].values():
            if e is not None:
                opp[e] += sum(points[o] for o in t["seats"].values() if o is not None and o != e)
    return {e: (points[e], opp[e], round(sum(shares[e]) / len(shares[e]), 6) if shares[e] else 0.0,
                len(shares[e])) for e in points}


@st.composite
def tournaments(draw):
    n = draw(st.integers(2, 12))
    ids = [f"e{i}" for i in range(n)]
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    tables = []
    for r in range(1, draw(st.integers(0, 5)) + 1):
        left = list(ids)
        rnd.shuffle(left)
        number = 0
        while left:
            size = min(len(left), rnd.randint(2, 4))
            seats = [left.pop() for _ in range(size)] + [None] * rnd.randint(0, 1)
            rnd.shuffle(seats)
            raw = [rnd.randint(1, len(seats)) for _ in seats]
            places = [1 + sum(1 for q in raw if q < p) for p in raw]
            number += 1
            tables.append(table(seats, places, [rnd.randint(-2, 40) for _ in seats],
                                annulled=rnd.random() < 0.1, rnd=r, number=number))
    rnd.shuffle(tables)                       # the order they finished in
    return entrants(*ids, dropped=tuple(rnd.sample(ids, rnd.randint(0, 2)))), tables


@settings(max_examples=150, deadline=None)
@given(tournaments())
def test_incremental_equals_rebuild_equals_the_definition(case):
    people, tables = case
    acc = new_accumulator()
    for t in tables:
        acc = json.loads(json.dumps(add_table(acc, t)))      # snapshotted between results
        assert rows(acc, people) == standings(people, tables[:tables.index(t) + 1])
    assert acc == rebuild(people, tables)
    result = rows(acc, people)
    reference = _reference(people, tables)
    for row in result:
        tb = row["tie_breaks"]
        assert (row["points"], tb["opponents_points"], tb["score_share"], row["tables_played"]) == \
            reference[row["entrant"]]
    keys = [(-r["points"], -r["tie_breaks"]["opponents_points"], -r["tie_breaks"]["score_share"]) for r in result]
    assert keys == sorted(keys)
    for i, row in enumerate(result):
        assert row["rank"] == 1 + sum(1 for k in keys if k < keys[i])      # 1, 1, 3


def test_the_accumulator_is_plain_json():
    acc = new_accumulator()
    add_table(acc, table(["a", None, "b"], [2, 1, 3]))
    text = json.dumps(acc, sort_keys=True)
    assert json.loads(text) == acc

    def walk(v):
        if isinstance(v, dict):
            assert all(isinstance(k, str) for k in v)
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        else:
            assert v is None or isinstance(v, (str, int, float, bool))
    walk(acc)
