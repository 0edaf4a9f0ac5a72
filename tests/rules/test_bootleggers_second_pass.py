"""Issue 13, the rules' second pass: the Public-dock leader, Hijack before dispatch, Windfall
draws, and cards on a speakeasy that is selling. Each test cites the rulebook sentence it
holds the kernel to (RULES.md "Thug cards and deals", "Who answers the Public dock question").
Seat 1 has the most Muscle (situations.hands), then 2, 3, 4.
"""
from __future__ import annotations

import pytest

from service.rules.bootleggers import RULESET
from service.rules.errors import RuleViolation

from .situations import give_thug, play, table, to_step, types

MANY = [1] * 400


def _draw_next(t, prefix):
    """Put the next card of this kind on top of the Men of Action deck."""
    draw = t.game["decks"]["men_of_action"]["draw"]
    card = next(c for c in draw if c.startswith(prefix))
    draw.remove(card)
    draw.insert(0, card)
    return card


# --- 4. Windfall ------------------------------------------------------------------------------------
def test_a_windfall_influence_draw_is_played_at_once_not_kept():
    """Windfall: "The card drawn is played according to its usual rules." Influence cards
    "must be played immediately": the marker goes to the back room at once and no card is
    held for a later round."""
    t = table(4, MANY)
    to_step(t, "choose_offer")
    card = _draw_next(t, "single_influence")
    before = t.player(2)["back_room"]["influence"]
    events = play(t, 2, give_thug(t, 2, "thug:windfall#1"))
    assert types(events)[-4:-1] == ["windfall_drawn", "windfall_used", "influence_gained"]
    assert t.player(2)["back_room"]["influence"] == before + 1
    assert t.player(2)["windfall"] == [] and t.player(2)["thug_cards"] == []
    assert card in t.game["decks"]["men_of_action"]["discard"]
    assert not any(a["type"] == "play_thug" for a in RULESET.legal_actions(t.state, 2)["actions"])


def test_a_windfall_double_still_improvement_takes_the_choice_named_on_the_windfall():
    """Double Still Improvement: "the Mobster takes either two dice ... or starts a new Remote
    Still" — played at once, so the choice comes with the Windfall (dice unless asked)."""
    t = table(4, MANY)
    to_step(t, "choose_offer")
    _draw_next(t, "double_still_improvement")
    play(t, 2, give_thug(t, 2, "thug:windfall#1"), choice="remote_still")
    assert [s["id"] for s in t.player(2)["stills"]] == ["family", "remote_1"]
    _draw_next(t, "double_still_improvement")
    dice = t.player(3)["back_room"]["dice"]
    play(t, 3, give_thug(t, 3, "thug:windfall#2"))
    assert t.player(3)["back_room"]["dice"] == dice + 2


def test_a_windfall_thug_draw_joins_the_hand():
    """Thug cards "may be played immediately or held for later use": a drawn one is kept."""
    t = table(4, MANY)
    to_step(t, "choose_offer")
    hit = _draw_next(t, "thug:hit")
    play(t, 2, give_thug(t, 2, "thug:windfall#1"))
    assert t.player(2)["thug_cards"] == [hit] and t.player(2)["windfall"] == []
