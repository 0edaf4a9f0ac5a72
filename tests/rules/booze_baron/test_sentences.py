"""Every event type of the ruleset has a log sentence, and a sentence of a redacted event
names nothing hidden (sentences.py)."""
from __future__ import annotations

import random

from service.rules.booze_baron import RULESET
from service.i18n.message import english
from service.rules.booze_baron.sentences import SENTENCES

from .harness import Table, random_play


def sentence(event, who) -> str:
    return english(SENTENCES[event["type"]](event["payload"], who))


def test_every_event_type_has_a_sentence():
    assert set(SENTENCES) == set(RULESET.event_schemas)


def test_sentences_of_a_whole_game_for_every_viewer():
    t = random_play(Table(6, seed=b"\x05" * 32), random.Random(8), timeouts=0.05)
    who = lambda s: f"seat {s}"
    seen = set()
    for viewer in ({"kind": "organizer"}, {"kind": "seat", "seat": 2}, {"kind": "spectator"}):
        for e in t.events:
            if e["type"] in SENTENCES:
                shown = RULESET.redact_event(e, viewer)
                line = sentence(shown, who)
                assert line.endswith(".") and "None" not in line, (e["type"], line)
                seen.add(e["type"])
    hidden = next(e for e in t.events if e["type"] == "booze_dealt" and e["payload"]["seat"] == 1)
    assert hidden["payload"]["booze"] in sentence(hidden, who)
    assert hidden["payload"]["booze"] not in sentence(RULESET.redact_event(hidden, {"kind": "spectator"}), who)
    assert {"booze_dealt", "movements_revealed", "booze_game_ended"} <= seen
