"""House Location Events never override a printed rule (docs/rules.md): "You may only
take a Delivery card from your current Location", so an Event that gains a card takes it
from the current Location, and a card it draws from the deck is placed there first.

The Docks' smuggle used to hand over the deck's top card, and the Casino's gamble took a
named card from any Location. Now: smuggle looks at the top card in secret and, if it shows
your Booze type, places it at the Docks and you take it there (else it goes to the bottom
unseen); gamble rolls one die and on 4-6 smuggles twice at the Casino — the same half a
card in expectation as a smuggle (house deck), with more spread (docs/rules-decisions.md).
"""
from __future__ import annotations

import pytest

from service.rules.booze_baron import RULESET
from service.rules.booze_baron.sentences import SENTENCES
from service.i18n.message import english
from service.rules.errors import RuleViolation

from .harness import Table, booze_script
from .situations import BEER, LIQUOR, WINE, scripted, to_actions, until_turn

#: the sentences in English, as the tests read them
SAY = {k: (lambda f: lambda p, names: english(f(p, names)))(f) for k, f in SENTENCES.items()}

#: nine setup cards, all at the Police Station and the Warehouse
SETUP = [f"d{n:02d}" for n in (13, 14, 15, 16, 17, 18, 20, 21, 22)]
SEAT = lambda n: {"kind": "seat", "seat": n}
MOBS = ["beer", "liquor", "wine"]


def _at(t, loc: str) -> list[str]:
    return next(l for l in t.game["locations"] if l["id"] == loc)["cards"]


def payloads(t, kind, since=0):
    return [e["payload"] for e in t.events[since:] if e["type"] == kind]


def test_smuggle_places_the_top_card_at_the_docks_and_takes_it_there():
    t = scripted(MOBS, top=SETUP + [BEER["casino"]])
    to_actions(t, {1: "docks", 2: "casino", 3: "train_yard"})
    n = len(t.events)
    t.send(1, {"type": "trigger_event"})
    assert t.types(n) == ["event_triggered", "deck_peeked", "delivery_drawn", "delivery_taken"]
    assert payloads(t, "delivery_drawn", n) == [{"card": BEER["casino"], "location": "docks"}]
    assert payloads(t, "delivery_taken", n) == [
        {"seat": 1, "card": BEER["casino"], "location": "docks", "how": "smuggle"}]
    assert t.p(1)["deliveries"] == [{"id": BEER["casino"], "face_up": True}]
    assert BEER["casino"] not in t.game["deck"] + _at(t, "docks") + _at(t, "casino")
    peek = next(e for e in t.events[n:] if e["type"] == "deck_peeked")
    assert RULESET.redact_event(peek, SEAT(2))["payload"]["card"] is None   # the look is secret


def test_gamble_names_no_card_at_another_location_any_more():
    t = scripted(MOBS, top=SETUP + [LIQUOR["docks"]], dice=[6])
    to_actions(t, {1: "docks", 2: "casino", 3: "train_yard"})
    until_turn(t, 2)
    far = LIQUOR["police_station"]
    assert far in _at(t, "police_station")
    with pytest.raises(RuleViolation) as refused:
        t.send(2, {"type": "trigger_event", "card": far})
    assert refused.value.code == "unexpected_fields"
    gamble = next(a for a in t.legal(2)["actions"] if a["type"] == "trigger_event")
    assert gamble["examples"] == [{"type": "trigger_event"}] and "card" not in gamble["params"]
    assert far in _at(t, "police_station") and t.p(2)["deliveries"] == []


def test_a_won_gamble_smuggles_twice_at_the_casino():
    """Die 5: the top card (liquor, at the Docks by print) is placed at the Casino and taken;
    the next (wine) goes to the bottom unseen."""
    t = scripted(MOBS, top=SETUP + [LIQUOR["docks"], WINE["docks"], BEER["docks"]], dice=[5])
    to_actions(t, {1: "docks", 2: "casino", 3: "train_yard"})
    until_turn(t, 2)
    n = len(t.events)
    t.send(2, {"type": "trigger_event"})
    assert t.types(n) == ["event_triggered", "dice_rolled", "deck_peeked", "delivery_drawn",
                          "delivery_taken", "deck_peeked", "delivery_discarded"]
    assert payloads(t, "delivery_taken", n) == [
        {"seat": 2, "card": LIQUOR["docks"], "location": "casino", "how": "gamble"}]
    assert t.p(2)["deliveries"] == [{"id": LIQUOR["docks"], "face_up": True}]
    assert t.game["deck"][0] == BEER["docks"] and t.game["deck"][-1] == WINE["docks"]
    assert t.waiting() == [3]


def test_a_won_gamble_may_take_two_cards():
    t = scripted(MOBS, top=SETUP + [LIQUOR["docks"], LIQUOR["river_caves"]], dice=[4])
    to_actions(t, {1: "docks", 2: "casino", 3: "train_yard"})
    until_turn(t, 2)
    t.send(2, {"type": "trigger_event"})
    assert [c["id"] for c in t.p(2)["deliveries"]] == [LIQUOR["docks"], LIQUOR["river_caves"]]
    assert [e["location"] for e in payloads(t, "delivery_taken")] == ["casino", "casino"]


def test_a_lost_gamble_takes_and_moves_nothing():
    t = scripted(MOBS, top=SETUP + [LIQUOR["docks"]], dice=[3])
    to_actions(t, {1: "docks", 2: "casino", 3: "train_yard"})
    until_turn(t, 2)
    deck = list(t.game["deck"])
    t.send(2, {"type": "trigger_event"})
    lost = t.events[-1]
    assert lost["type"] == "gamble_lost" and lost["payload"] == {"seat": 2, "card": None, "roll": 3}
    assert t.game["deck"] == deck and t.p(2)["deliveries"] == [] and t.waiting() == [3]
    assert SAY["gamble_lost"](lost["payload"], lambda s: f"seat {s}") == (
        "seat 2 rolls 3 and loses the gamble.")


def test_a_gamble_with_one_card_left_looks_at_it_once_and_needs_a_deck():
    """Ten cards: nine are placed at setup, one is left for the gamble."""
    deck = [{"location": "casino", "booze": ["liquor"]}] * 10
    t = Table(3, options={"delivery_deck": deck}, script={"decks": booze_script(MOBS), "dice": [6]})
    assert len(t.game["deck"]) == 1
    to_actions(t, {1: "docks", 2: "casino", 3: "casino"})
    until_turn(t, 2)
    t.send(2, {"type": "trigger_event"})
    assert t.types().count("deck_peeked") == 1 and len(t.p(2)["deliveries"]) == 1
    assert t.game["deck"] == [] and t.waiting() == [3]
    assert all(a["type"] != "trigger_event" for a in t.legal(3)["actions"])
    with pytest.raises(RuleViolation) as refused:
        t.send(3, {"type": "trigger_event"})
    assert refused.value.code == "deck_empty"
