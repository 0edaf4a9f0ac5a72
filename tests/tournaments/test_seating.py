"""Seating a tournament round (service/tournaments/seating.py): the plan of tables, Swiss
seating checked against exhaustive search on small fields, and the organizer's fixed tables."""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.tournaments.seating import check_fixed, met_from, plan_tables, repeats, seat_round


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


# -- seat_round against exhaustive search ------------------------------------------------------
def _ranked(order, points):
    at = {e: i for i, e in enumerate(order)}
    return sorted(order, key=lambda e: (-points.get(e, 0), at[e]))


def _exhaustive(order, sizes, points, met):
    """Every seating of these table sizes: the fewest repeats, then the one closest to the
    standings (each table's standings positions ascending, read table by table, smallest)."""
    ranked = _ranked(order, points)
    best = None

    def rec(t, left, acc):
        nonlocal best
        if t == len(sizes):
            tables = [[ranked[i] for i in table] for table in acc]
            key = (repeats(tables, met), [i for table in acc for i in table])
            if best is None or key < best[0]:
                best = (key, tables)
            return
        for chosen in itertools.combinations(left, sizes[t]):
            rec(t + 1, [x for x in left if x not in chosen], acc + [list(chosen)])

    rec(0, list(range(len(order))), [])
    return best


def _random_met(rnd, people, density):
    met = {e: set() for e in people}
    for a, b in itertools.combinations(people, 2):
        if rnd.random() < density:
            met[a].add(b)
            met[b].add(a)
    return met


def _case(rnd, n, sizes=None):
    order = [f"p{i}" for i in range(n)]
    rnd.shuffle(order)
    if sizes is None:
        low = rnd.randint(2, 4)
        sizes = [e for e, _ in plan_tables(n, low, rnd.randint(low, 5))]
    points = {e: rnd.choice([0, 0.5, 1, 2, 2, 3, 4.5]) for e in order}
    return order, sizes, points, _random_met(rnd, order, rnd.uniform(0.1, 0.85))


def test_seat_round_matches_exhaustive_search_on_small_fields():
    rnd = random.Random(20240607)
    forced = 0
    for _ in range(300):
        order, sizes, points, met = _case(rnd, rnd.randint(1, 9))
        (fewest, _), best = _exhaustive(order, sizes, points, met)
        got = seat_round(order, sizes, points, met)
        assert repeats(got, met) == fewest, (order, sizes, points, met)
        assert got == best, (order, sizes, points, met)
        forced += fewest > 0
    assert forced > 50          # the cases do force repeats often enough to test the minimum


def test_seat_round_is_exact_for_any_table_sizes():
    rnd = random.Random(7)
    for _ in range(120):
        n = rnd.randint(2, 9)
        cuts = sorted(rnd.sample(range(1, n), rnd.randint(0, min(3, n - 1))))
        sizes = [b - a for a, b in zip([0] + cuts, cuts + [n])]
        order, sizes, points, met = _case(rnd, n, sizes)
        (fewest, _), best = _exhaustive(order, sizes, points, met)
        got = seat_round(order, sizes, points, met)
        assert [len(t) for t in got] == sizes and repeats(got, met) == fewest and got == best


# -- the Swiss order -----------------------------------------------------------------------
def test_round_one_is_the_shuffled_order_cut_into_tables():
    order = [f"p{i}" for i in (4, 1, 7, 0, 3, 8, 6, 2, 5)]
    assert seat_round(order, [5, 4], {}, {}) == [order[:5], order[5:]]


def test_with_no_repeat_forced_the_top_table_holds_the_top_scorers():
    rnd = random.Random(3)
    order = [f"p{i}" for i in range(20)]
    rnd.shuffle(order)
    points = {e: float(rnd.randint(0, 8)) for e in order}
    ranked = _ranked(order, points)
    met = met_from([ranked[i::5] for i in range(5)])   # earlier tables far apart in the standings
    got = seat_round(order, [4] * 5, points, met)
    assert got == [ranked[i:i + 4] for i in range(0, 20, 4)]


def test_ties_in_points_follow_the_order_and_seats_follow_the_standings():
    order = ["d", "b", "a", "c", "f", "e"]
    points = {"a": 3, "b": 1, "c": 3, "d": 1, "e": 0, "f": 5}
    assert seat_round(order, [3, 3], points, {}) == [["f", "a", "c"], ["d", "b", "e"]]


def test_a_met_pair_is_split_and_the_best_ranked_stays_on_top():
    order = list("abcdefgh")
    points = {e: 8 - i for i, e in enumerate(order)}
    met = {"a": {"b"}, "b": {"a"}}
    assert seat_round(order, [4, 4], points, met) == [list("acde"), list("bfgh")]


def test_a_meeting_recorded_on_one_side_only_still_counts():
    order = list("abcdef")
    assert seat_round(order, [3, 3], {}, {"a": {"b"}}) == [list("acd"), list("bef")]


def test_when_everyone_has_met_the_repeats_are_the_unavoidable_ones():
    order = [f"p{i}" for i in range(8)]
    met = {e: set(order) - {e} for e in order}
    got = seat_round(order, [4, 4], {}, met)
    assert got == [order[:4], order[4:]] and repeats(got, met) == 12


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 60), st.integers(0, 2 ** 32 - 1))
def test_every_entrant_is_seated_once_at_the_sizes_asked_and_the_seating_is_deterministic(n, seed):
    rnd = random.Random(seed)
    order, sizes, points, met = _case(rnd, n)
    got = seat_round(order, sizes, points, met)
    assert [len(t) for t in got] == sizes
    assert sorted(e for t in got for e in t) == sorted(order)
    # same inputs, built in another insertion order: same seating
    met_again = {e: set(sorted(met[e], reverse=True)) for e in reversed(order)}
    points_again = dict(reversed(list(points.items())))
    assert seat_round(list(order), list(sizes), points_again, met_again) == got


def test_an_exhausted_budget_falls_back_to_a_repaired_seating():
    rnd = random.Random(11)
    for _ in range(40):
        order, sizes, points, met = _case(rnd, rnd.randint(2, 9))
        (fewest, _), _ = _exhaustive(order, sizes, points, met)
        got = seat_round(order, sizes, points, met, budget=1)
        assert [len(t) for t in got] == sizes and sorted(sum(got, [])) == sorted(order)
        assert repeats(got, met) >= fewest
    # a field the fallback seats without repeats: it finds none
    order = [f"p{i}" for i in range(40)]
    met = met_from([order[i:i + 4] for i in range(0, 40, 4)])
    assert repeats(seat_round(order, [4] * 10, {}, met, budget=1), met) == 0


def test_seat_round_refuses_inconsistent_input():
    with pytest.raises(ValueError):
        seat_round(["a", "b", "a"], [3], {}, {})
    with pytest.raises(ValueError):
        seat_round(["a", "b", "c"], [2, 2], {}, {})
    assert seat_round([], [], {}, {}) == []


def test_met_from_and_repeats():
    met = met_from([["a", "b", None], ["c", "d"]])
    assert met == {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}
    assert repeats([["a", "b", "c"], ["d"]], met) == 1


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
