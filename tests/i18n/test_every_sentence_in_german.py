"""Every event of the golden games reads as a whole sentence in every language: no message
missing (its id would show), no parameter missing (Fluent shows `{$name}`), nothing English
left in the German (a word the catalogs did not translate)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from projections.views import view_event
from service.desk import sentences
from service.desk.game_log import Names, heading
from service.rules.booze_baron import data as booze
from service.rules.registry import rulesets

TESTS = Path(__file__).resolve().parents[1]
GOLDEN = sorted([*(TESTS / "golden").glob("*.events.jsonl"),
                 *(TESTS / "rules" / "booze_baron" / "golden").glob("*.events.jsonl")])
NAMES = Names({1: "Ada", 2: "Bix", 3: "Cora", 4: "Dee", 5: "Eli", 6: "Flo", 7: "Gus", 8: "Hal", 9: "Ivy"})
VIEWERS = [{"kind": "organizer"}, {"kind": "seat", "seat": 2}]
#: what only an English sentence says (words of the English catalog the German must not keep)
ENGLISH = re.compile(r"\b(the|and|of|at|to|for|from|with|takes|crates?|wins|rolls|passes|deck|round|Round|"
                     r"marker|seat|cash)\b")
#: what a player typed, quoted in both languages (talk, a deal's promise), and the names that
#: stay English (the Booze cards): not the catalog's words
TYPED = re.compile(r"[“„\"][^”“\"]*[”“\"]|" + "|".join(re.escape(card) for card in booze.MOB_OF))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_every_golden_event_reads_in_german_and_in_the_pseudo_locale(path):
    events = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    ruleset = rulesets()[events[0]["payload"]["ruleset"]]
    for event in events:
        for viewer in VIEWERS:
            shown = view_event(event, viewer, ruleset)
            for lang in ("de", "xx"):
                line = sentences.text(lang, shown, ruleset, NAMES)
                assert "{" not in line and not re.search(r"\b(log|report|cli)-[a-z]", line), (lang, event, line)
            german = TYPED.sub("", sentences.text("de", shown, ruleset, NAMES))
            assert not ENGLISH.search(german), (event["type"], german)


def test_the_headings_in_german():
    assert heading(3, 1, lang="de") == "Runde 3, Phase I – Bieten und Fahrerbestechung: "
    assert heading(12, None, over=True, lang="de") == "Runde 12, Spielende: "
    assert heading(0, None, lang="de") == "Spielaufbau: "
    assert heading(2, "action", lang="de") == "Runde 2, Aktionen: "
    assert heading(3, 1) == "Round 3, Phase 1: " and heading(None, None) == ""
