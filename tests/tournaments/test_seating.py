"""Seating a tournament round (service/tournaments/seating.py): the plan of tables, Swiss
seating (rule 2: weighted meetings, standings order, seat 1 rotated) checked against exhaustive
search on small fields and against single swaps on large ones, byes, and the organizer's fixed tables."""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.tournaments.seating import (EXACT_MAX, bye_count, check_fixed, choose_byes, cost, meetings_from,
                                         plan_tables, ranked, seat_round)


# -- plan_tables ---------------------------------------------------------------------------
@pytest.mark.parametrize("n,low,high,plan", [
    (24, 4, 4, [(4, 0)] * 6),
    (9, 4, 5, [(5, 0), (4, 0)]),
    (6, 4, 4, [(4, 0), (2, 2)]),
    (2, 3, 6, [(2, 1)]),
    (1, 3, 6, [(1, 2)]),
    (5, 4, 4, [(3, 1), (2, 2)]),        # bots at the last tables, at most half a table each
    (12, 3, 6, [(6, 0), (6, 0)]),       # the fewest tables: as large as allowed
    (13, 3, 6, [(5, 0), (4, 0), (4, 0)]),
    (1000, 4, 5, [(5, 0)] * 200),
    (997, 4, 5, [(5, 0)] * 197 + [(4, 0)] * 3),
])
def test_plan_tables_examples(n, low, high, plan):
    assert plan_tables(n, low, high) == plan


@pytest.mark.parametrize("args", [(0, 3, 6), (5, 0, 3), (5, 4, 3)])
def test_plan_tables_refuses_no_entrants_and_no_range(args):
    with pytest.raises(ValueError):
        plan_tables(*args)


def _fits(total: int, low: int, high: int) -> bool:
    return any(t * low <= total <= t * high for t in range(1, total + 1))


@settings(max_examples=400, deadline=None)
@given(st.integers(1, 400), st.integers(1, 8), st.integers(0, 5))
def test_plan_tables_properties(n, low, extra):
    high = low + extra
    plan = plan_tables(n, low, high)
    totals = [e + b for e, b in plan]
    bots = [b for _, b in plan]
    assert sum(e for e, _ in plan) == n
    assert all(low <= t <= high for t in totals)
    assert max(totals) - min(totals) <= 1 and totals == sorted(totals, reverse=True)
    assert all(e >= 1 for e, _ in plan)
    # as few bots as possible: no smaller number of bots fills legal tables
    assert not any(_fits(n + b, low, high) for b in range(sum(bots)))
    # then the fewest tables
    assert not any(t * low <= n + sum(bots) <= t * high for t in range(1, len(plan)))
    # bots at the last tables, never more than half a table unless one table holds everyone
    assert bots == sorted(bots)
    assert len(plan) == 1 or all(2 * b <= e + b for e, b in plan)


# -- seat_round: rule 2 ------------------------------------------------------------------------
def _exhaustive(ids, sizes, met):
    """Every seating of these table sizes: the least weighted cost, then the lexicographically
    smallest (tables in order, each as its standings positions ascending)."""
    best = None

    def rec(t, left, acc):
        nonlocal best
        if t == len(sizes):
            key = (cost([[ids[i] for i in table] for table in acc], met), [i for table in acc for i in table])
            if best is None or key < best[0]:
                best = (key, [sorted(table) for table in acc])
            return
        for chosen in itertools.combinations(left, sizes[t]):
            rec(t + 1, [x for x in left if x not in chosen], acc + [list(chosen)])

    rec(0, list(range(len(ids))), [])
    return best


def _random_meetings(rnd, people, density, most=3):
    met = {}
    for a, b in itertools.combinations(people, 2):
        if rnd.random() < density:
            k = rnd.randint(1, most)
            met.setdefault(a, {})[b] = k
            met.setdefault(b, {})[a] = k
    return met


def _members(ids, tables):
    """Each table's members as standings positions, ascending (seat order forgotten)."""
    at = {e: i for i, e in enumerate(ids)}
    return [sorted(at[e] for e in table) for table in tables]


def test_seat_round_matches_exhaustive_search_on_small_fields():
    rnd = random.Random(7)
    for _ in range(120):
        n = rnd.randint(3, 9)
        low = rnd.randint(2, 4)
        sizes = [e for e, _ in plan_tables(n, low, rnd.randint(low, 5))]
        ids = list(range(100, 100 + n))
        met = _random_meetings(rnd, ids, rnd.uniform(0.1, 0.9))
        got = seat_round(ids, sizes, met)
        (best, _), tables = _exhaustive(ids, sizes, met)
        assert cost(got, met) == best
        assert _members(ids, got) == tables


def test_a_third_meeting_costs_more_than_a_second():
    # a and b met twice, c and d once: only one pair can be split at two tables of two
    ids = ["a", "c", "b", "d"]
    met = meetings_from([["a", "b"], ["a", "b"], ["c", "d"]])
    tables = seat_round(ids, [2, 2], met)
    assert {frozenset(t) for t in tables} in ({frozenset("ac"), frozenset("bd")}, {frozenset("ad"), frozenset("bc")})
    met = meetings_from([["a", "b"], ["a", "b"], ["a", "c"], ["b", "d"], ["c", "d"]])
    # pairings: ab|cd costs 4+1, ac|bd costs 1+1, ad|bc costs 0: the third meeting is never chosen
    assert cost(seat_round(ids, [2, 2], met), met) == 0


def test_four_third_meetings_become_two_when_they_can():
    """A field as reported: repeats are counted as meetings, so the search prefers two third
    meetings plus second ones to four third meetings."""
    rnd = random.Random(3)
    ids = list(range(1, 13))
    history = []
    for _ in range(2):
        history += seat_round(ids, [4, 4, 4], meetings_from(history))
        rnd.shuffle(ids)
    met = meetings_from(history)
    got = seat_round(ids, [4, 4, 4], met)
    (best, _), _ = _exhaustive(ids, [4, 4, 4], met)
    assert cost(got, met) == best


def test_with_no_repeat_forced_the_leaders_sit_together():
    ids = list(range(1, 10))
    assert _members(ids, seat_round(ids, [5, 4], {})) == [[0, 1, 2, 3, 4], [5, 6, 7, 8]]
    big = list(range(1, 41))
    assert _members(big, seat_round(big, [4] * 10, {})) == [list(range(k, k + 4)) for k in range(0, 40, 4)]


def test_ranked_is_points_then_the_shuffle():
    assert ranked([3, 1, 2, 4], {1: 2.0, 4: 2.0, 2: 0.5}) == [1, 4, 2, 3]


def test_seat_one_goes_to_whoever_had_it_least():
    ids = [1, 2, 3, 4]
    assert seat_round(ids, [4], {}, {1: 1, 2: 0, 3: 1, 4: 0}) == [[2, 4, 1, 3]]
    assert seat_round(ids, [4], {}, {}) == [[1, 2, 3, 4]]


def _local_optimum(tables, met):
    """No swap of two entrants of different tables lowers the cost."""
    total = cost(tables, met)
    for a, b in itertools.combinations(range(len(tables)), 2):
        for i, x in enumerate(tables[a]):
            for j, y in enumerate(tables[b]):
                ta, tb = list(tables[a]), list(tables[b])
                ta[i], tb[j] = y, x
                trial = [ta if k == a else tb if k == b else t for k, t in enumerate(tables)]
                if cost(trial, met) < total:
                    return False
    return True


@settings(max_examples=40, deadline=None)
@given(st.integers(EXACT_MAX + 1, 80), st.integers(0, 2 ** 32 - 1))
def test_large_fields_are_swap_optimal_and_deterministic(n, seed):
    rnd = random.Random(seed)
    ids = list(range(1, n + 1))
    low = rnd.randint(3, 4)
    sizes = [e for e, _ in plan_tables(n, low, low + 1)]
    met = _random_meetings(rnd, ids, rnd.uniform(0.02, 0.2))
    got = seat_round(ids, sizes, met)
    assert sorted(e for t in got for e in t) == ids and [len(t) for t in got] == sizes
    assert _local_optimum(got, met)
    assert seat_round(ids, sizes, met) == got


def test_byes_go_to_the_lowest_ranked_who_sat_out_least():
    assert bye_count(9, 4, 4) == 1 and bye_count(8, 4, 4) == 0 and bye_count(7, 3, 3) == 1
    assert bye_count(2, 3, 6) == 2
    assert choose_byes([5, 4, 3, 2, 1], {}, 2) == [1, 2]
    assert choose_byes([5, 4, 3, 2, 1], {1: 1}, 2) == [2, 3]


def test_seat_round_refuses_inconsistent_input():
    with pytest.raises(ValueError):
        seat_round(["a", "b", "a"], [3], {})
    with pytest.raises(ValueError):
        seat_round(["a", "b", "c"], [2, 2], {})
    assert seat_round([], [], {}) == []


def test_meetings_are_counted_per_table():
    met = meetings_from([["a", "b", None], ["c", "d"], ["a", "b"]])
    assert met == {"a": {"b": 2}, "b": {"a": 2}, "c": {"d": 1}, "d": {"c": 1}}
    assert cost([["a", "b", "c"], ["d"]], met) == 4


# -- fixed seating -----------------------------------------------------------------------------
def test_check_fixed_accepts_a_legal_seating():
    assert check_fixed([["a", "b", "c"], ["d", "e", "f"]], set("abcdef"), 3, 4) == []


def test_check_fixed_names_every_problem():
    problems = check_fixed([["a", "b", "x"], ["c", "a"]], {"a", "b", "c", "d"}, 3, 4)
    assert problems == [
        "table 1: 'x' is not an active entrant (unknown or dropped)",
        "table 2 seats 2; a table seats 3 to 4",
        "table 2: 'a' is already seated at another table",
        "not seated: 'd'",
    ]
