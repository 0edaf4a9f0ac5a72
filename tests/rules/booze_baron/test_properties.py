"""Property tests: random bots play whole Booze Baron games from legal-action examples only.

3-9 seats, seeded dice and shuffles, some timeouts. Checked along the way: every listed
example is accepted by decide; a command from a seat not awaited is refused with
RuleViolation (never another exception); Delivery cards are conserved (deck + Locations +
players = the whole deck, no card twice) and so are Movement cards (own + collected by
others + boxed = 6 per player); views hide every Unexposed Booze card and sealed move. At
the end: the game ended, folding every event from scratch equals the live state, and the
final Coins match the scoring rule. BOOZE_BARON_GAMES=200 in CI (default 12 here).
"""
from __future__ import annotations

import copy
import os
import random
from collections import Counter

import pytest

from projections.core import empty_state, evolve as core_evolve, fold
from service.rules.booze_baron import RULESET, scoring
from service.rules.errors import RuleViolation

from .harness import Table, ruleset_for

GAMES = int(os.environ.get("BOOZE_BARON_GAMES", "12"))
TAKEN: Counter = Counter()   # Delivery cards taken, by how, over this module's random games


def _check_conservation(t: Table) -> None:
    g = t.game
    held = [c for l in g["locations"] for c in l["cards"]] + list(g["deck"]) + [
        c["id"] for p in g["players"] for c in p["deliveries"]]
    assert Counter(held) == Counter(list(g["cards"])), "a Delivery card was lost or doubled"
    boxed = Counter(e["seat"] for e in g["exposures"] if e["by"] is None)
    for p in g["players"]:
        taken = sum(1 for q in g["players"] for c in q["collected"] if c["from"] == p["seat"])
        assert len(p["movement"]) + taken + boxed[p["seat"]] == 6
        assert len(p["movement"]) == (5 if p["exposed"] else 6)


def _check_views(t: Table) -> None:
    for viewer in [{"kind": "seat", "seat": s} for s in (1, 2)] + [{"kind": "spectator"}]:
        shown = RULESET.view(t.state, viewer)
        for p in shown["players"]:
            if p["seat"] == viewer.get("seat"):
                continue
            assert p["chosen"] is None
            assert p["mob"] is None or p["exposed"] or shown["finished"]
        assert isinstance(shown["deck"], int)


def _check_wrong_seat(t: Table, rnd: random.Random) -> None:
    waiting = t.waiting()
    idle = [p["seat"] for p in t.game["players"] if p["seat"] not in waiting]
    if idle:
        with pytest.raises(RuleViolation):
            t.send(rnd.choice(idle), {"type": "pass_turn"})


def _check_cards_are_taken_where_the_taker_stands(events) -> Counter:
    """"You may only take a Delivery card from your current Location" — by Deliver and by
    every house Event alike: just before each `delivery_taken` the card lies at
    the taker's Location. Returns how many were taken each way."""
    state, how = empty_state(), Counter()
    for e in events:
        if e["type"] == "delivery_taken":
            g, p = state["game"], e["payload"]
            here = next(x for x in g["players"] if x["seat"] == p["seat"])["location"]
            assert p["location"] == here, e
            assert p["card"] in next(l for l in g["locations"] if l["id"] == here)["cards"], e
            how[p["how"]] += 1
        state = core_evolve(state, copy.deepcopy(e), ruleset_for)
    return how


def configs():
    for i in range(GAMES):
        yield pytest.param(3 + i % 7, i, id=f"g{i}-{3 + i % 7}p")


@pytest.mark.parametrize("seats,seed", list(configs()))
def test_random_game_ends_replays_and_conserves(seats, seed):
    rnd = random.Random(seed)
    t = Table(seats, seed=seed.to_bytes(32, "big"))
    for n in range(4000):
        if t.state["status"] == "finished":
            break
        if n % 7 == 0:
            _check_conservation(t)
            _check_views(t)
            _check_wrong_seat(t, rnd)
        if rnd.random() < 0.03:
            t.timeout()
            continue
        seat = rnd.choice(t.waiting())
        actions = t.legal(seat)["actions"]
        assert actions, f"seat {seat} is awaited with nothing to do"
        t.send(seat, rnd.choice(rnd.choice(actions)["examples"]))
    assert t.state["status"] == "finished", "the game did not end"
    _check_conservation(t)
    assert fold(t.events, ruleset_for) == t.state
    TAKEN.update(_check_cards_are_taken_where_the_taker_stands(t.events))
    result = t.game["result"]
    assert result["coins"] == {str(p["seat"]): scoring.coins(t.game, p["seat"]) for p in t.game["players"]}
    assert t.game["winner"] in ("beer", "liquor", "wine") or len(result["winners"]) > 1
    assert sum(1 for p in t.game["players"] if not p["exposed"]) < 2


def test_the_random_games_took_cards_every_way():
    """The Location rule above was checked on cards taken by each way there is (runs after
    the random games, which fill TAKEN; alone, or on a test worker that ran only some of them,
    it plays them all)."""
    ways = {"deliver", "smuggle", "gamble"}
    if not ways <= set(TAKEN):
        for param in configs():
            test_random_game_ends_replays_and_conserves(*param.values)
    assert ways <= set(TAKEN), TAKEN
