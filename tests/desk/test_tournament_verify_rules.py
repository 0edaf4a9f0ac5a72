"""The independent verifier of tournament records (service/desk/tournament_verify.py), written
from docs/verification.md ("# Verifying a tournament") alone: its pieces.

- it stands apart from the server's seating, scoring and RNG;
- its pieces against the document's own examples and test vectors (the shuffle, the table
  plan, the byes, game ids, the points of each scoring method);
- its exact search against a brute-force enumeration of every seating of small random
  fields, and the procedure beyond twelve seats.

Hand-made records: test_tournament_verify_records.py; the server's own tournaments:
test_tournament_verify_server.py.
"""
from __future__ import annotations

import ast
import hashlib
import itertools
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from service.desk import tournament_rule as rule
from service.desk import tournament_verify as tv
from tests.desk.tournament_record import TID, gid

MODULES = (Path(tv.__file__), Path(rule.__file__))


# ---- the module stands apart from the server's code -------------------------------------------
def test_the_module_imports_nothing_of_the_servers_seating_scoring_or_rng():
    imported = set()
    for node in (n for module in MODULES for n in ast.walk(ast.parse(module.read_text()))):
        if isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
            imported.update(f"{node.module}.{a.name}" for a in node.names)
    assert not [m for m in imported if m.startswith(("service.tournaments", "service.table", "service.streams"))], imported
    allowed = ("service.desk.verification", "service.desk.tournament_rule", "events.")
    assert all(not m.startswith(("service", "events", "projections")) or m.startswith(allowed) for m in imported), \
        imported


# ---- the document's examples and vectors ---------------------------------------------------------
def test_the_shuffle_is_the_documents_test_vector_and_the_golden_games_deal():
    golden = Path(__file__).parents[1] / "golden" / "four_seats_short_game.events.jsonl"
    events = [json.loads(line) for line in golden.read_text().splitlines() if line.strip()]
    seed = bytes.fromhex(next(e for e in events if e["type"] == "seed_revealed")["payload"]["seed"])
    assert seed.hex() == "a632915bf6ab1d0a97237bc5747296c02703fac22cdd9172111d8271bd08b3cd"
    assert rule._hmac_int(seed, "6:shuffle:muscle_q1:17") % 18 == 12  # docs: shuffle j = 12
    assert f"{rule._hmac_int(seed, '6:shuffle:muscle_q1:17'):064x}" == \
        "a5967d43588764911dc03e7fd813fc81ea3302c839da1e2ca1d9d7f9f34e5b34"
    dealt = next(e for e in events if e["type"] == "deck_shuffled" and e["payload"]["deck"] == "muscle_q1")
    # (the document says event 7; in the golden record event 7 is game_setup and the shuffle is
    # event 8, of the same batch, which begins at event 6: the message's <v>)
    assert next(e for e in events if e["command_id"] == dealt["command_id"])["version"] == 6
    assert rule.shuffle(seed, 6, "muscle_q1", list(range(1, 19))) == dealt["payload"]["order"]


def test_the_table_plan_is_the_documents():
    assert rule.plan_tables(9, 4, 5) == [(5, 0), (4, 0)]
    assert rule.plan_tables(6, 4, 4) == [(4, 0), (2, 2)]
    assert rule.plan_tables(2, 3, 6) == [(2, 1)]
    assert rule.plan_tables(13, 4, 5) == [(5, 0), (4, 0), (4, 0)]
    assert rule.plan_tables(7, 3, 3) == [(3, 0), (2, 1), (2, 1)]   # 2 bots, at most 1 a table, the last first
    assert rule.plan_tables(10, 4, 4) == [(4, 0), (4, 0), (2, 2)]   # 2 bots, at most 2 a table
    assert rule.plan_tables(5, 5, 5) == [(5, 0)] and rule.plan_tables(0, 3, 5) == []


def test_the_fewest_byes():
    assert rule.bye_count(9, 4, 5) == 0
    assert rule.bye_count(7, 3, 3) == 1 and rule.bye_count(11, 3, 3) == 2
    assert rule.bye_count(10, 4, 4) == 2 and rule.bye_count(11, 4, 4) == 3
    assert rule.bye_count(2, 3, 6) == 2   # nobody can sit at a table of at least 3


def test_game_ids_are_the_documents():
    assert rule.game_id_for(TID, 2, 3) == gid(TID, 2, 3) == \
        hashlib.sha256(b"tournament:t0123456789abcdef:2:3").hexdigest()[:16]


def settings(**over) -> rule.Settings:
    base = dict(tournament_id=TID, table_size=(4, 4), format="swiss", uneven="bots", method="beaten",
                annulled="nothing", bye_points=Fraction(0), legacy=False, bot_strategy="random",
                organizer_token_hash=None)
    return rule.Settings(**{**base, **over})


def seats(*entrants) -> list[dict]:
    return [{"seat": k, "entrant": e, "bot": None if e else "random"} for k, e in enumerate(entrants, start=1)]


def test_points_beaten_placement_bots_legacy_and_annulled():
    four = seats(11, 12, 13, 14)
    places = {"places": {"1": 1, "2": 2, "3": 2, "4": 4}, "annulled": False}
    assert rule.table_points(settings(), four, places) == {11: 3, 12: Fraction(3, 2), 13: Fraction(3, 2), 14: 0}
    assert rule.table_points(settings(method="placement"), four, places) == \
        {11: 1, 12: Fraction(1, 2), 13: Fraction(1, 2), 14: 0}
    # two entrants and two filler bots: the bots are left out ...
    mixed = seats(21, 22, None, None)
    result = {"places": {"1": 3, "2": 1, "3": 2, "4": 4}, "annulled": False}
    assert rule.table_points(settings(), mixed, result) == {21: 0, 22: 1}
    assert rule.table_points(settings(method="placement"), mixed, result) == {21: 0, 22: 1}
    # ... except in a version-1 record, where they were opponents (beaten)
    assert rule.table_points(settings(legacy=True), mixed, result) == {21: 1, 22: 3}
    # a table of one entrant scores 1/2 under placement
    alone = seats(31, None)
    assert rule.table_points(settings(method="placement"), alone, {"places": {"1": 2, "2": 1}, "annulled": False}) \
        == {31: Fraction(1, 2)}
    annulled = {"places": {}, "annulled": True}
    assert rule.table_points(settings(annulled="average"), four, annulled) == {e: Fraction(3, 2) for e in (11, 12, 13, 14)}
    assert rule.table_points(settings(annulled="average", method="placement"), four, annulled) == \
        {e: Fraction(1, 2) for e in (11, 12, 13, 14)}
    assert rule.table_points(settings(annulled="average"), mixed, annulled) == {21: Fraction(1, 2), 22: Fraction(1, 2)}
    for kind in ("nothing", "replay"):
        assert rule.table_points(settings(annulled=kind), four, annulled) == {e: 0 for e in (11, 12, 13, 14)}
    assert rule.table_points(settings(legacy=True, annulled="average"), four, annulled) == {e: 0 for e in (11, 12, 13, 14)}
    with pytest.raises(ValueError, match="seat 4 has no place"):
        rule.table_points(settings(), four, {"places": {"1": 1, "2": 2, "3": 3}, "annulled": False})


# ---- (e) the exact search is a brute-force enumeration's answer --------------------------------
def brute_force(sizes: list[int], w) -> tuple[int, list[list[int]]]:
    """Every way to fill the tables in plan order (no symmetry cut at all): the least cost,
    then the lexicographically smallest sequence of tables (each ascending)."""
    n = len(w)
    best = None

    def fill(t: int, left: tuple, tables: list):
        nonlocal best
        if t == len(sizes):
            key = (rule.seating_cost(tables, w), tables)
            if best is None or key < best:
                best = (key[0], [list(x) for x in tables])
            return
        for members in itertools.combinations(left, sizes[t]):
            fill(t + 1, tuple(x for x in left if x not in members), tables + [list(members)])

    fill(0, tuple(range(n)), [])
    return best


def random_field(rng: random.Random):
    n = rng.randint(1, 9)
    low = rng.randint(1, 5)
    high = rng.randint(low, 6)
    sizes = [size for size, _ in rule.plan_tables(n, low, high)]
    m = [[0] * n for _ in range(n)]
    density = rng.random()
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                m[a][b] = m[b][a] = rng.choice([1, 1, 1, 2, 2, 3])
    return sizes, [[k * k for k in row] for row in m]


def test_the_exact_search_is_the_brute_force_answer_on_random_small_fields():
    rng = random.Random(20261128)
    seen_sizes = set()
    for _ in range(400):
        sizes, w = random_field(rng)
        seen_sizes.add(tuple(sizes))
        cost, tables = brute_force(sizes, w)
        found = rule.exact_seating(sizes, w)
        assert (rule.seating_cost(found, w), found) == (cost, tables), (sizes, w)
    assert len(seen_sizes) > 15  # unequal tables, equal ones, bot-filled ones, one table


def test_the_exact_search_is_the_brute_force_answer_on_repeat_heavy_fields():
    """Fields where everyone has met most of the others (later rounds of a small field)."""
    rng = random.Random(7)
    for _ in range(60):
        n = rng.randint(6, 9)
        sizes = [size for size, _ in rule.plan_tables(n, 3, 4)]
        w = [[0 if a == b else rng.choice([0, 1, 4, 9]) for b in range(n)] for a in range(n)]
        w = [[max(w[a][b], w[b][a]) for b in range(n)] for a in range(n)]
        assert brute_force(sizes, w) == (rule.seating_cost(rule.exact_seating(sizes, w), w), rule.exact_seating(sizes, w))


def test_the_procedure_beyond_twelve_seats_everyone_once_and_never_worse_than_greedy():
    rng = random.Random(3)
    for _ in range(20):
        n = rng.randint(13, 30)
        sizes = [size for size, _ in rule.plan_tables(n, 4, 5)]
        w = [[0] * n for _ in range(n)]
        for a in range(n):
            for b in range(a + 1, n):
                if rng.random() < 0.3:
                    w[a][b] = w[b][a] = rng.choice([1, 4])
        first = rule.greedy(sizes, w)
        assert [t[0] for t in first] == sorted(t[0] for t in first)  # each opened by the lowest left
        improved = rule.improve([list(t) for t in first], w)
        # what improve leaves: no swap of a member x with a cost at its table lowers the cost
        cost = rule.seating_cost(improved, w)
        for a, b in itertools.permutations(range(len(improved)), 2):
            for x in improved[a]:
                if rule._cost_at(x, improved[a], w) == 0:
                    continue
                for y in improved[b]:
                    swapped = [list(t) for t in improved]
                    swapped[a][swapped[a].index(x)], swapped[b][swapped[b].index(y)] = y, x
                    assert rule.seating_cost(swapped, w) >= cost
        tables = rule.heuristic_seating(sizes, w)
        assert [len(t) for t in tables] == sizes
        assert sorted(x for t in tables for x in t) == list(range(n))
        assert all(t == sorted(t) for t in tables)
        assert rule.seating_cost(tables, w) <= cost <= rule.seating_cost(first, w)
    # with nobody met, the procedure is the standings cut into tables
    assert rule.heuristic_seating([5, 4, 4], [[0] * 13 for _ in range(13)]) == \
        [[0, 1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]


def test_greedy_then_improve_then_polish_by_hand():
    """13 at tables of 5, 4, 4 where 9 has met 10, and 11 has met 12. Greedy cuts the standings
    into [0-4] [5-8] [9-12] (cost 2); improve swaps 9 with 5 (table 2's nearest table first),
    then 11 with 6: [0-4] [7 8 9 11] [5 6 10 12], cost 0; polish then moves the better-ranked
    up wherever that costs nothing: 8 with 5, then 7 with 6. Here that is the exact answer too."""
    n = 13
    w = [[0] * n for _ in range(n)]
    for a, b in ((9, 10), (11, 12)):
        w[a][b] = w[b][a] = 1
    sizes = [5, 4, 4]
    assert [sorted(t) for t in rule.greedy(sizes, w)] == [[0, 1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    improved = rule.improve(rule.greedy(sizes, w), w)
    assert [sorted(t) for t in improved] == [[0, 1, 2, 3, 4], [7, 8, 9, 11], [5, 6, 10, 12]]
    assert rule.heuristic_seating(sizes, w) == [[0, 1, 2, 3, 4], [5, 6, 9, 11], [7, 8, 10, 12]]
    assert rule.exact_seating(sizes, w) == rule.heuristic_seating(sizes, w)
