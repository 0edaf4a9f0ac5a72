"""Hypothesis: influence levels follow the rulebook's definitions for any placement."""
from __future__ import annotations

from hypothesis import given, strategies as st

from service.rules.bootleggers.model import compute_levels

counts = st.dictionaries(st.sampled_from(["1", "2", "3", "4", "5", "6"]),
                         st.integers(min_value=0, max_value=9), max_size=6)
muscles = st.permutations(list(range(1, 73))).map(lambda p: {s: p[s] for s in range(1, 7)})


@given(counts, muscles)
def test_levels_match_definitions(influence, muscle):
    levels = compute_levels(influence, muscle.get)
    holders = {s: n for s, n in influence.items() if n > 0}
    assert set(levels) == set(holders)
    leaders = [s for s, lv in levels.items() if lv != "minority"]
    assert len(leaders) <= 1
    total = sum(holders.values())
    for s, lv in levels.items():
        others = total - holders[s]
        if lv == "controlling":
            assert holders[s] >= others
        if lv == "majority":
            assert holders[s] < others
            assert all(holders[s] > n for o, n in holders.items() if o != s)
    if holders and not leaders:
        best = max(holders.values())
        assert sum(1 for n in holders.values() if n == best) > 1
        assert best < total - best
    # a player at least as strong as everyone else combined, alone at the top, controls
    for s, n in holders.items():
        if n > total - n:
            assert levels[s] == "controlling"
