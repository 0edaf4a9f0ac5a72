"""Every Prohibition event type has a log sentence, and each sentence reads every event a
real game produces without failing (the log endpoint reads them)."""
from __future__ import annotations

from service.rules.prohibition import RULESET
from service.rules.prohibition.schemas import EVENT_SPECS
from service.rules.prohibition.sentences import SENTENCES
from service.i18n.message import english

from .test_properties import play

#: the sentences in English, as the tests read them
SAY = {k: (lambda f: lambda p, names: english(f(p, names)))(f) for k, f in SENTENCES.items()}

NAMES = {1: "Alice", 2: "Bob", 3: "Charlie"}


def test_every_event_type_has_a_sentence():
    assert sorted(set(EVENT_SPECS) - set(SENTENCES)) == []
    assert sorted(set(SENTENCES) - set(EVENT_SPECS)) == []
    assert set(RULESET.event_schemas) == set(SENTENCES)


def test_sentences_read_a_whole_game():
    t = play(3, 1)
    seen = set()
    for e in t.events:
        if e["type"] in SENTENCES:
            line = SAY[e["type"]](e["payload"], NAMES)
            assert isinstance(line, str) and line.endswith(".") and "None" not in line
            seen.add(e["type"])
    assert {"pawn_moved", "turn_started", "game_ended", "dice_rolled"} <= seen


def test_a_few_sentences_word_for_word():
    assert SAY["pawn_moved"]({"seat": 1, "pawn": "agent", "die": 4, "direction": "cw",
                                    "from": 1, "to": 5}, NAMES) == (
        "Alice uses a 4 to move the Prohibition Agent clockwise from Casino (1) to Dance Hall (5).")
    assert SAY["cases_stolen"]({"seat": 2, "from": 1, "roll": 4, "cases": 3}, NAMES) == (
        "Bob robs Alice: a 4 takes 3 Cases.")
    assert SAY["cases_confiscated"]({"by": "fbi", "space": 3, "cases": 11, "mover": 1},
                                          NAMES) == "The FBI Agent confiscates 11 Cases from Black Market (3)."
