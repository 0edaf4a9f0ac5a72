"""Bootleggers on the clock (in-process, frozen time): a game nobody plays ends by timeouts."""
from __future__ import annotations

from collections import Counter

import pytest
from freezegun import freeze_time

from service.desk import history
from service import clock
from service.clock.fire import sweep
from service.table.games import Games

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
        steps = Counter(t["step"] for t in history.timeouts(games, state["game_id"], state["version"]))
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
        assert len(history.timeouts(games, state["game_id"], state["version"])) > 8
        # a finished game leaves nothing behind in the clock's index
        assert redis_client.zscore("clock:deadlines", game) is None
        assert redis_client.hget("clock:synced", game) is None
        # every step the game opened that waits on someone got its own deadline, in its batch
        events = games.events(game, after=0, limit=5000)
        for event in events:
            if event["type"] == "step_started" and event["payload"]["seats"]:
                batch = [e for e in events if e["command_id"] == event["command_id"]]
                later = [e for e in batch if e["version"] > event["version"]]
                assert any(e["type"] == "deadline_set" for e in later) or any(
                    e["type"] == "step_started" for e in later), event


def test_a_new_step_for_the_same_seats_gets_a_fresh_deadline(redis_client):
    """Two steps alike in name and seats (the next Public-dock question to the same
    player, two thug windows in a row) are two steps: the second starts its own clock."""
    import copy

    from service.clock import deadlines

    with freeze_time("2030-01-01T00:00:00Z"):
        games = Games(redis_client, RULESETS)
        clock.install(games)
        game = games.create("bootleggers", 3, {"deadlines": {"default": 30}, "rng": {"mode": "seeded"}})["game_id"]
        for name in ("A", "B", "C"):
            games.join(game, name)
        games.start(game, {"kind": "organizer"})
        before = games.load(game)
        ruleset = RULESETS["bootleggers"]
        same = copy.deepcopy(before)
        same["version"] += 3
        assert deadlines.closer_drafts(ruleset, before, same, "2030-01-01T00:00:10.000000Z") == []
        reopened = copy.deepcopy(same)
        reopened["game"]["step_since"] = before["version"] + 2
        drafts = deadlines.closer_drafts(ruleset, before, reopened, "2030-01-01T00:00:10.000000Z")
        assert [d["type"] for d in drafts] == ["deadline_set"]
        assert drafts[0]["payload"]["due_at"] == "2030-01-01T00:00:40.000000Z"
