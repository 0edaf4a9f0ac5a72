"""The Prohibition Agent stings the pawn the mover picks among every player pawn on its
landing space, with or without Cases (seed 003, "MOVING THE PROHIBITION AGENT PAWN";
docs/rules.md "Prohibition's Agent"): not only pawns with Cases, and never the mover's own pawn
by force."""
from __future__ import annotations

import pytest

from service.rules.errors import RuleViolation
from service.rules.prohibition import RULESET
from service.rules.prohibition.sentences import SENTENCES
from service.i18n.message import english

from .situations import move, place, table

#: the sentences in English, as the tests read them
SAY = {k: (lambda f: lambda p, names: english(f(p, names)))(f) for k, f in SENTENCES.items()}


def _mover_with_cases_beside_a_poor_pawn():
    """Seat 1 (6 Cases) and seat 2 (no Cases) stand on space 5; the Agent (space 1) is 4 away."""
    t = table(seats=2, action=(4, 6))
    place(t, 1, 5, cases=6)
    place(t, 2, 5, cases=0)
    return t


def _confiscated(t):
    return [e["payload"] for e in t.events if e["type"] == "cases_confiscated"]


def test_the_mover_may_sting_a_pawn_without_cases():
    """"If there are more than one Player Pawns on the space, you pick which one is stung":
    any player pawn — seat 1 stings seat 2, who holds nothing, and keeps its own 6 Cases."""
    t = _mover_with_cases_beside_a_poor_pawn()
    move(t, 1, 4, pawn="agent", target=2)
    assert _confiscated(t) == [{"by": "agent", "space": 5, "seat": 2, "cases": 0, "mover": 1}]
    assert t.player(1)["cases"] == 6
    assert SAY["cases_confiscated"](_confiscated(t)[0], {1: "Alice", 2: "Bob"}) == (
        "The Prohibition Agent stings Bob, who holds no Cases.")


def test_the_mover_picks_and_is_not_stung_by_force():
    """With several pawns on the space the mover names the one stung: no default stings the
    mover's own pawn; it may still name itself."""
    t = _mover_with_cases_beside_a_poor_pawn()
    with pytest.raises(RuleViolation) as err:
        move(t, 1, 4, pawn="agent")
    assert err.value.code == "target_needed"
    assert t.player(1)["cases"] == 6
    move(t, 1, 4, pawn="agent", target=1)
    assert _confiscated(t) == [{"by": "agent", "space": 5, "seat": 1, "cases": 6, "mover": 1}]


def test_every_pawn_on_the_space_is_offered_as_a_target():
    t = _mover_with_cases_beside_a_poor_pawn()
    moves = [ex for a in RULESET.legal_actions(t.state, 1)["actions"] if a["type"] == "move"
             for ex in a["examples"] if ex["pawn"] == "agent" and ex["die"] == 4 and ex["direction"] == "cw"]
    assert sorted(m["target"] for m in moves) == [1, 2]
