"""The RNG module: seeded outcomes are recomputable from the revealed seed; scripted ones
are the organizer's, in order."""
from __future__ import annotations

import hashlib
import hmac

import pytest
from hypothesis import given, strategies as st

from service.streams import rng
from service.rules.errors import RuleViolation


def test_a_die_is_the_documented_hmac_formula():
    seed = bytes(range(32))
    digest = hmac.new(seed, b"17:production:seat2:0", hashlib.sha256).digest()
    assert rng.seeded_die(seed, 17, "production:seat2", 0) == int.from_bytes(digest, "big") % 6 + 1


def test_seeded_oracle_counts_dice_per_purpose_within_a_batch():
    seed = rng.new_seed()
    oracle = rng.SeededOracle(seed, 40)
    first, more = oracle.dice("demand", 2), oracle.dice("demand", 1)
    assert first + more == [rng.seeded_die(seed, 40, "demand", n) for n in range(3)]
    assert rng.commitment(seed) == hashlib.sha256(seed).hexdigest()


@given(st.binary(min_size=32, max_size=32), st.integers(1, 10_000), st.lists(st.integers(), max_size=40))
def test_a_seeded_shuffle_is_a_reproducible_permutation(seed, version, items):
    once = rng.seeded_shuffle(seed, version, "deck", items)
    assert sorted(once) == sorted(items)
    assert once == rng.seeded_shuffle(seed, version, "deck", items)


def test_seeded_dice_are_fair_enough():
    seed = b"\x07" * 32
    rolls = [rng.seeded_die(seed, 1, "fairness", n) for n in range(6000)]
    assert all(850 < rolls.count(face) < 1150 for face in range(1, 7))


def test_scripted_dice_continue_from_what_the_game_used():
    oracle = rng.ScriptedOracle({"dice": [1, 2, 3, 4, 5]}, used=2)
    assert oracle.dice("x", 2) == [3, 4]
    assert oracle.dice("y", 1) == [5]
    with pytest.raises(RuleViolation) as err:
        oracle.dice("z", 1)
    assert err.value.code == "scripted_dice_exhausted"


def test_a_scripted_order_applies_to_its_own_cards_only():
    oracle = rng.ScriptedOracle({"decks": {"trucks": ["L", "S", "M"]}}, used=0)
    assert oracle.shuffle("trucks", ["S", "M", "L"]) == ["L", "S", "M"]
    assert oracle.shuffle("other", [3, 1, 2]) == [3, 1, 2]
    assert oracle.shuffle("trucks", ["S", "L"]) == ["S", "L"]   # a reshuffled discard pile
    assert oracle.scripted_decks() == {"trucks": ["L", "S", "M"]}
