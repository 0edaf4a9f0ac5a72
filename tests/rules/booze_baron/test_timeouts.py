"""Booze Baron on the clock (in-process, frozen time, a real Redis): every step has a
deadline from the game's options; when it passes, the documented default applies (steps.py:
move -> the first Location in table order the player may visit; action -> pass_turn;
follow_up -> drop_tail), recorded as `booze_timed_out` plus the ordinary events. A game
nobody plays ends by timeouts (the deck runs dry, then the empty-deck exposures)."""
from __future__ import annotations

from collections import Counter

from service.desk import history
from service.rules.booze_baron.legal import default_command
from tests.support.timeouts import play_out_by_timeouts

from .situations import scripted, to_actions


def test_a_game_nobody_plays_ends_by_timeouts(redis_client):
    games, game, state = play_out_by_timeouts(redis_client, "booze_baron", 3,
                                              {"default": 30, "move": 20}, sweeps=300)
    assert state["status"] == "finished"
    steps = Counter(t["step"] for t in history.timeouts(games, game, state["version"]))
    assert {"move", "action"} <= set(steps)
    events = games.events(game, after=0, limit=1000)
    for event in events:
        if event["type"] == "deadline_expired":
            defaults = [e for e in events if e["command_id"] == event["command_id"]
                        and e["type"] == "booze_timed_out"]
            assert sorted(e["payload"]["seat"] for e in defaults) == event["payload"]["seats"]


def test_the_defaults_per_step():
    t = scripted(["beer", "liquor", "wine"])
    assert default_command(t.game, 1) == {"type": "choose_move", "location": "river_caves"}
    to_actions(t, {1: "river_caves", 2: "casino", 3: "casino"})
    t.send(1, {"type": "pass_turn"})
    assert default_command(t.game, 2) == {"type": "pass_turn"}
    t.send(2, {"type": "tail", "seat": 3})
    assert default_command(t.game, 2) == {"type": "drop_tail"}
    t.timeout()
    assert t.types()[-2:] == ["booze_timed_out", "tail_dropped"] and t.waiting() == [3]
    t.send(3, {"type": "pass_turn"})
    assert default_command(t.game, 1) == {"type": "choose_move", "location": "docks"}   # not last round's
    t.timeout()
    moved = [e for e in t.events if e["type"] == "movements_revealed"][-1]["payload"]["moves"]
    assert moved == {"1": "docks", "2": "river_caves", "3": "river_caves"}
