"""Declare-then-resolve Thug windows (docs/rules.md "Priority conflicts").

Rulebook, "35 Thug cards": "Priority conflicts between Thug cards (i.e., timing resolution
when two Mobsters wish to play conflicting Thug cards simultaneously) are always resolved in
favor of the Mobster wielding the highest Muscle." Over REST that must not mean whoever's
request arrives first: in a `thug_window` plays are declared and resolve in Muscle order.
Seat 1 has the most Muscle (situations.hands), then 2, 3, 4.
"""
from __future__ import annotations

import pytest

from service.rules.bootleggers import RULESET
from service.rules.errors import RuleViolation

from .situations import give_thug, pass_step, play, set_influence, table, top_bids, types

MANY = [1] * 400


def window_with_two_hits(**more):
    """The window after Phase 1's choices; seats 2 and 4 each hold a Hit (and `more`:
    seat -> card), and seat 1 has a single marker at Mother's."""
    t = table(4, MANY)
    top_bids(t)
    set_influence(t, "mothers", {1: 1, 3: 4})
    give_thug(t, 2, "thug:hit#1")
    give_thug(t, 4, "thug:hit#2")
    for seat, card in more.items():
        give_thug(t, int(seat[1:]), card)
    pass_step(t)
    assert t.game["window"] == "after_choices"
    return t


def test_conflicting_plays_resolve_by_muscle_not_by_arrival():
    """Seat 4's Hit arrives first, seat 2's second: seat 2 "wielding the highest Muscle"
    resolves first; seat 4's Hit has lost its target and goes back to seat 4's hand."""
    t = window_with_two_hits()
    n = len(t.events)
    assert types(play(t, 4, "thug:hit#2", speakeasy="mothers", seat=1)) == ["thug_declared"]
    assert t.game["step"] == "thug_window" and t.waiting()["seats"] == [2]
    play(t, 2, "thug:hit#1", speakeasy="mothers", seat=1)
    settled = [(e["type"], e["payload"]["seat"]) for e in t.since(n)
               if e["type"] in ("thug_revealed", "thug_resolved", "thug_returned")]
    assert settled == [("thug_revealed", 2), ("thug_resolved", 2), ("thug_returned", 4)]
    returned = next(e["payload"] for e in t.since(n) if e["type"] == "thug_returned")
    assert returned["card"] == "thug:hit#2" and "seat 1 has no influence marker" in returned["reason"]
    assert t.speakeasy("mothers")["influence"] == {"3": 4}
    assert t.player(4)["thug_cards"] == ["thug:hit#2"] and t.game["declared"] == []
    assert t.waiting() == {"step": "thug_window", "seats": [4]}    # the window asks again


def test_a_declared_card_stays_hidden_from_the_others_until_it_resolves():
    t = window_with_two_hits()
    declared = play(t, 4, "thug:hit#2", speakeasy="mothers", seat=1)[0]
    for viewer in ({"kind": "seat", "seat": 2}, {"kind": "spectator"}):
        seen = RULESET.redact_event({"type": declared["type"], "payload": declared["payload"]},
                                    viewer)["payload"]
        assert seen == {"seat": 4, "card": None, "kind": None, "targets": None}
        assert RULESET.view(t.state, viewer)["declared"] == [
            {"seat": 4, "card": None, "kind": None, "targets": None}]
    own = RULESET.view(t.state, {"kind": "seat", "seat": 4})["declared"]
    assert own[0]["card"] == "thug:hit#2"
    assert RULESET.view(t.state, {"kind": "organizer"})["declared"][0]["card"] == "thug:hit#2"


def test_a_declared_card_that_goes_back_to_the_hand_stays_unnamed_to_the_others():
    t = window_with_two_hits()
    play(t, 4, "thug:hit#2", speakeasy="mothers", seat=1)
    play(t, 2, "thug:hit#1", speakeasy="mothers", seat=1)
    back = next(e for e in t.events if e["type"] == "thug_returned")
    seen = RULESET.redact_event(back, {"kind": "seat", "seat": 1})["payload"]
    assert seen == {"seat": 4, "card": None, "kind": None, "reason": None}
    assert RULESET.redact_event(back, {"kind": "seat", "seat": 4})["payload"]["card"] == "thug:hit#2"


def test_a_declaration_is_the_seats_answer_until_the_window_asks_again():
    t = window_with_two_hits(s4="thug:moll#1")
    play(t, 4, "thug:hit#2", speakeasy="mothers", seat=1)
    with pytest.raises(RuleViolation) as err:
        play(t, 4, "thug:moll#1", seat=2)
    assert err.value.code == "already_answered" and "Muscle order" in err.value.detail
    with pytest.raises(RuleViolation):
        t.send(4, {"type": "pass"})
    assert not any(a["type"] == "play_thug" for a in RULESET.legal_actions(t.state, 4)["actions"])
    plays = next(a for a in RULESET.legal_actions(t.state, 2)["actions"] if a["type"] == "play_thug")
    assert {"type": "play_thug", "card": "thug:hit#1", "speakeasy": "mothers", "seat": 1} in plays["examples"]


def test_the_window_deadline_passes_for_the_silent_and_the_declared_cards_resolve():
    t = window_with_two_hits()
    play(t, 4, "thug:hit#2", speakeasy="mothers", seat=1)
    events = t.timeout()                            # seat 2 passes; seat 4's Hit is revealed
    assert [e["payload"]["seat"] for e in events if e["type"] == "timed_out"] == [2]
    assert types(events)[-1] == "thug_revealed" and t.game["step"] == "reaction"
    events = t.timeout()                            # nobody answers it: it resolves
    assert "thug_resolved" in types(events)
    assert t.speakeasy("mothers")["influence"] == {"3": 4}


def test_investigation_answers_a_revealed_card_in_its_own_reaction_window():
    """G-Men—Investigation: "Play on a Thug card that has just been played": a declared card
    is played when it is revealed; its reaction window waits for the other holders."""
    t = window_with_two_hits(s3="thug:g_men_investigation#1")
    assert t.waiting()["seats"] == [2, 3, 4]
    play(t, 2, "thug:hit#1", speakeasy="mothers", seat=1)
    t.send(3, {"type": "pass"})
    t.send(4, {"type": "pass"})
    assert t.game["step"] == "reaction" and t.game["pending_thug"]["card"] == "thug:hit#1"
    play(t, 3, "thug:g_men_investigation#1", target="pending")
    assert t.speakeasy("mothers")["influence"] == {"1": 1, "3": 4}
    assert t.waiting() == {"step": "thug_window", "seats": [4]}


# --- simultaneous placements under "anytime influence" --------------------------------------------
def anytime_window():
    """An anytime-influence game at the window before production; Texas Lil's {3: 3} has 2
    free circles; seat 2 has 2 back-room markers, seat 4 has 3; seats 1 and 3 none."""
    t = table(4, MANY, options={"influence": "anytime"})
    top_bids(t)
    set_influence(t, "texas_lils", {3: 3})
    for seat, n in ((1, 0), (2, 2), (3, 0), (4, 3)):
        t.player(seat)["back_room"]["influence"] = n
    pass_step(t)
    assert t.game["window"] == "before_production" and t.waiting()["seats"] == [2, 4]
    return t


def test_simultaneous_placements_settle_in_muscle_order_and_a_pre_emption_stands():
    """Optional rules: "If two Mobsters wish to place Influence markers in the same place at
    the same time, the Mobster with more Muscle has priority ... A pre-emption can not be
    'taken back' ... If a Mobster pre-empts and is not preempted themselves, they are
    obligated to play at least one Influence marker." Seat 4 asks first, seat 2 (more
    Muscle) takes a circle first; seat 4 places what still fits, in the order it named."""
    t = anytime_window()
    n = len(t.events)
    t.send(4, {"type": "place_influence", "placements": {"texas_lils": 2, "mothers": 1}})
    assert t.speakeasy("texas_lils")["influence"] == {"3": 3}        # declared, not placed
    seen = RULESET.view(t.state, {"kind": "seat", "seat": 2})["declared"]
    assert seen == [{"seat": 4, "placements": None}]
    with pytest.raises(RuleViolation) as err:
        t.send(4, {"type": "place_influence", "placements": {"mothers": 1}})
    assert err.value.code == "already_answered"
    t.send(2, {"type": "place_influence", "placements": {"texas_lils": 1}})
    revealed = [(e["payload"]["seat"], e["payload"]["placed"]) for e in t.since(n)
                if e["type"] == "influence_revealed"]
    assert revealed == [(2, {"texas_lils": 1}), (4, {"texas_lils": 1, "mothers": 1})]
    assert t.speakeasy("texas_lils")["influence"] == {"2": 1, "3": 3, "4": 1}
    assert t.player(4)["back_room"]["influence"] == 1
    assert t.waiting() == {"step": "thug_window", "seats": [2, 4]}   # asked again


def test_a_pre_empted_placement_that_no_longer_fits_places_nothing():
    t = anytime_window()
    t.send(4, {"type": "place_influence", "placements": {"texas_lils": 2}})
    t.send(2, {"type": "place_influence", "placements": {"texas_lils": 2}})
    assert t.speakeasy("texas_lils")["influence"] == {"2": 2, "3": 3}
    assert t.player(4)["back_room"]["influence"] == 3
    last = [e["payload"] for e in t.events if e["type"] == "influence_revealed"][-1]
    assert last == {"seat": 4, "placements": {"texas_lils": 2}, "placed": {}}
