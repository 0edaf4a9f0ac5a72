"""Booze Baron golden playthroughs: complete recorded games replayed with today's code.

A diff here means a rule changed how a recorded game unfolds. If that is on purpose,
re-record with `make golden` and review the diff of the .state.json files.
"""
from __future__ import annotations

from functools import partial

import pytest

from service.streams.rng import commitment, first_unproven_die, seeded_shuffle
from service.rules.booze_baron import data
from service.rules.registry import rulesets
from tests.support import golden

from .golden_record import GAMES, HERE

RULESETS = rulesets()
load_events = partial(golden.load_events, HERE)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_replays_to_the_recorded_state(name):
    golden.assert_replays_to_the_recorded_state(HERE, name, RULESETS, ruleset="booze_baron")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_seed_reproduces_every_die_and_shuffle(name):
    """The revealed seed recomputes every recorded die and the setup shuffles."""
    events = load_events(name)
    seed = bytes.fromhex(next(e for e in events if e["type"] == "seed_revealed")["payload"]["seed"])
    assert commitment(seed) == events[0]["payload"]["seed_commitment"]
    assert first_unproven_die(events, seed) is None
    setup = next(e for e in events if e["type"] == "booze_setup")
    first = next(e["version"] for e in events if e["command_id"] == setup["command_id"])
    decks = {f"booze_{m}": list(data.BOOZE_CARDS[m]) for m in data.MOBS}
    decks["delivery"] = sorted(setup["payload"]["cards"])
    shuffles = [e for e in events if e["type"] == "deck_shuffled"]
    for e in shuffles:
        if e["payload"]["deck"] in decks:
            assert e["payload"]["order"] == seeded_shuffle(seed, first, e["payload"]["deck"],
                                                           decks[e["payload"]["deck"]])
    assert len(shuffles) >= 5


@pytest.mark.parametrize("name", sorted(GAMES)[:1])
def test_a_golden_game_passes_the_import_checks(name, redis_client):
    """What POST /v1/games/import checks (schemas, chain, fold, end, seed) holds for this ruleset."""
    from service.table.games import Games
    from service.desk.records import validate
    state = validate(Games(redis_client, RULESETS), load_events(name))
    assert state["status"] == "finished" and state["ruleset"] == "booze_baron"
