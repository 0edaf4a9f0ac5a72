"""Tied Mobsters share the win (docs/rules.md "Prohibition, ties"), and a game that
ended before that rule keeps the one winner its stored `game_ended` names: events are
forever, so the new `winners` is an optional field of `game_ended` and an event without it
folds exactly as it always did."""
from __future__ import annotations

import copy
import json

from marshmallow import RAISE

from projections.core import fold
from service.rules.prohibition import RULESET
from service.rules.prohibition.sentences import SENTENCES
from service.i18n.message import english

from .harness import ruleset_for
from .situations import table
from .test_result import ended_with

#: the sentences in English, as the tests read them
SAY = {k: (lambda f: lambda p, names: english(f(p, names)))(f) for k, f in SENTENCES.items()}

NAMES = {1: "Alice", 2: "Bob", 3: "Charlie"}


def _old_style(t):
    """The record as the code before shared wins wrote it: the tie on 40 Bankrolls broken by
    seat 3's 2 Cases, no `winners`."""
    events = copy.deepcopy(t.events)
    end = events[-1]
    assert end["type"] == "game_ended"
    del end["payload"]["winners"]
    end["payload"].update(winner=3, ranking=[3, 2, 1], tied_on_bankrolls=[3, 2])
    return events


def test_a_tie_on_bankrolls_is_a_shared_win_in_the_event_the_state_and_the_log():
    t = ended_with({1: 12, 2: 40, 3: 40}, {1: 0, 2: 0, 3: 2})
    end = t.events[-1]["payload"]
    assert end["winners"] == [2, 3] and end["winner"] is None
    assert t.game["winners"] == [2, 3] and t.state["winner"] is None
    assert SAY["game_ended"](end, NAMES) == (
        "The game ends: the last Culture Bankroll is taken. Bob and Charlie share the win with "
        "40 Bankrolls each. Bankrolls: Bob 40, Charlie 40, Alice 13.")


def test_a_single_winner_is_also_listed_in_winners():
    t = ended_with({1: 12, 2: 41, 3: 40}, {1: 0, 2: 0, 3: 0})
    assert t.events[-1]["payload"]["winners"] == [2] and t.state["winner"] == 2
    assert SAY["game_ended"](t.events[-1]["payload"], NAMES).endswith(
        "Bob wins. Bankrolls: Bob 41, Charlie 40, Alice 13.")


def test_a_game_ended_before_shared_wins_folds_as_it_always_did():
    t = ended_with({1: 12, 2: 40, 3: 40}, {1: 0, 2: 0, 3: 2})
    events = _old_style(t)
    schema, _ = RULESET.event_schemas["game_ended"]
    schema(unknown=RAISE).load(events[-1]["payload"])        # an old payload is still valid
    state = fold(events, ruleset_for)
    g = state["game"]
    assert state["winner"] == 3 and g["winner"] == 3 and g["ranking"] == [3, 2, 1]
    assert "winners" not in g                                # the stored state has no new key
    new = json.loads(json.dumps(fold(copy.deepcopy(t.events), ruleset_for)))
    del new["game"]["winners"]
    new["winner"] = new["game"]["winner"] = 3
    new["game"]["ranking"] = [3, 2, 1]
    assert json.dumps(state, sort_keys=True) == json.dumps(new, sort_keys=True)
    # what it shows: the one winner it named, in `winners` too
    assert RULESET.view(state, {"kind": "spectator"})["winners"] == [3]
    assert SAY["game_ended"](events[-1]["payload"], NAMES).split(". ")[1] == "Charlie wins"


def test_winners_is_null_while_the_game_runs():
    t = table(seats=3)
    assert "winners" not in t.game
    assert RULESET.view(t.state, {"kind": "seat", "seat": 1})["winners"] is None
