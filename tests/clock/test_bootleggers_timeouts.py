"""Bootleggers on the clock (in-process, frozen time): a game nobody plays ends by timeouts."""
from __future__ import annotations

from collections import Counter

import pytest
from freezegun import freeze_time

from service import clock
from service.clock.fire import sweep
from service.games import Games

try:
    from service.rules.registry import rulesets
    RULESETS = rulesets()
except ModuleNotFoundError:  # the kernel lands separately
    RULESETS = None

pytestmark = pytest.mark.skipif(RULESETS is None, reason="the Bootleggers kernel is not there yet")


def test_a_short_game_that_nobody_plays_ends_by_timeouts(redis_client):
    with freeze_time("2030-01-01T00:00:00Z") as frozen:
        games = Games(redis_client, RULESETS)
        clock.install(games)
        game = games.create("bootleggers", 3, {"rounds": 8, "influence": "phase",
                                               "deadlines": {"default": 30, "deals": 10, "dispatch": 0},
                                               "rng": {"mode": "seeded"}})["game_id"]
        for name in ("A", "B", "C"):
            games.join(game, name)
        games.start(game, {"kind": "organizer"})
        for _ in range(500):
            frozen.tick(31)
            fired = sweep(games)
            state = games.load(game)
            if state["status"] == "finished":
                break
            if not fired:
                break  # a step without deadline (dispatch: 0) waits forever
        assert state["deadline"] is None or state["deadline"]["step"] != "dispatch"
        assert state["game"]["step"] == "dispatch" and state["status"] == "running"
        steps = Counter(t["step"] for t in state["timeouts"])
        assert {"bid", "choose_offer", "place_influence", "deals", "load"} <= set(steps)
        # every timeout batch starts with the engine's record, then the kernel's defaults
        events = games.events(game, after=0, limit=1000)
        for event in events:
            if event["type"] == "deadline_expired":
                defaults = [e for e in events if e["command_id"] == event["command_id"] and e["type"] == "timed_out"]
                assert sorted(e["payload"]["seat"] for e in defaults) == event["payload"]["seats"]
                assert all(e["actor"] == {"kind": "system"} for e in defaults)


def test_a_whole_short_game_ends_by_timeouts(redis_client):
    with freeze_time("2030-01-01T00:00:00Z") as frozen:
        games = Games(redis_client, RULESETS)
        clock.install(games)
        game = games.create("bootleggers", 4, {"rounds": 8, "influence": "phase", "deadlines": {"default": 30},
                                               "rng": {"mode": "seeded"}})["game_id"]
        for name in ("A", "B", "C", "D"):
            games.join(game, name)
        games.start(game, {"kind": "organizer"})
        for _ in range(1000):
            frozen.tick(31)
            if not sweep(games):
                break
        state = games.load(game)
        assert state["status"] == "finished" and state["deadline"] is None
        assert state["game"]["round"] == 8 and state["rng"]["seed"]
        assert len(state["timeouts"]) > 8
