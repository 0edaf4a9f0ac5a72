"""`bootleggers verify` on the Booze Baron golden records: every shuffle (the three Mob
piles, the 4/7-seat rest, the dealt pile, the Delivery deck) is checked from its documented
starting order (docs/verification.md, "Booze Baron decks"), and a tampered order fails
naming its version."""
from __future__ import annotations

from functools import partial

import pytest

from events.envelope import event_hash
from service.desk import verification
from service.rules.registry import rulesets
from tests.support import golden

from .golden_record import GAMES, HERE

RULESETS = rulesets()
load_events = partial(golden.load_events, HERE)


def rechain(events: list[dict], start: int) -> None:
    """Recompute every hash from event `start` on: a forger who holds the store."""
    for event in events[start - 1:]:
        if event["version"] > 1:
            event["prev_hash"] = events[event["version"] - 2]["hash"]
        event["hash"] = event_hash(event)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_booze_baron_golden_record_verifies_with_every_check_ok(name):
    report = verification.verify(load_events(name), RULESETS.get)
    assert [(c.name, c.ok) for c in report.checks] == [
        ("chain", True), ("seed", True), ("dice", True), ("shuffles", True)], verification.render(report)
    assert report.ok and report.first_bad is None


def test_the_four_seat_record_shuffles_the_rest_and_checks_it():
    decks = [e["payload"]["deck"] for e in load_events("booze_four_seats_extra_card")
             if e["type"] == "deck_shuffled"]
    assert decks == ["booze_beer", "booze_liquor", "booze_wine", "booze_rest", "booze_pile", "delivery"]


@pytest.mark.parametrize("deck", ["booze_liquor", "booze_rest", "booze_pile", "delivery"])
def test_a_tampered_shuffle_fails_naming_its_version(deck):
    events = load_events("booze_four_seats_extra_card")
    event = next(e for e in events if e["type"] == "deck_shuffled" and e["payload"]["deck"] == deck)
    order = event["payload"]["order"]
    order[0], order[-1] = order[-1], order[0]
    rechain(events, event["version"])
    report = verification.verify(events, RULESETS.get)
    assert not report.ok and report.first_bad == event["version"], verification.render(report)
    assert [c.name for c in report.checks if c.ok is False] == ["shuffles"]
    assert f"event {event['version']} records a {deck} order" in verification.render(report)


def test_a_shuffle_of_an_unknown_deck_has_no_starting_order():
    shuffle_start = RULESETS["booze_baron"].shuffle_start
    assert shuffle_start({"deck": "muscle_q1", "order": [1, 2]}, []) is None
