"""A reason the server itself records in an event (a seat handed to the tournament's bot, a
rematch's bots, a no-show, the lobby page's bots) reads in the reader's language; a reason an organizer typed reads
as typed; and the payload is never touched (events are forever: English as recorded)."""
from __future__ import annotations

import ast
import copy
import re
from pathlib import Path

from service.desk import sentences
from service.desk.sentences import SERVER_REASONS

ROOT = Path(__file__).resolve().parents[2]
#: where the server writes a reason of its own into an event or a ruling
PRODUCERS = [ROOT / "service" / "table", ROOT / "service" / "streams", ROOT / "service" / "tournaments"]
#: the server's own pages, which send a ruling with a fixed reason (the lobby's bots)
PAGES = ROOT / "service" / "web"


def names(seat: int) -> str:
    return {1: "Ada", 2: "Bix"}[seat]


def recorded_reasons() -> dict[str, str]:
    """Every sentence the producers put under a "reason" key (a word with no space is a code)."""
    found = {}
    for root in PRODUCERS:
        for path in sorted(root.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Dict):
                    for key, value in zip(node.keys, node.values):
                        if isinstance(key, ast.Constant) and key.value == "reason" and isinstance(value, ast.Constant) \
                                and isinstance(value.value, str) and " " in value.value:
                            found[value.value] = f"{path.relative_to(ROOT)}:{node.lineno}"
    for path in sorted(PAGES.glob("*.js")):
        for sent in re.finditer(r'\breason: "([^"]* [^"]*)"', path.read_text(encoding="utf-8")):
            found[sent.group(1)] = str(path.relative_to(ROOT))
    return found


def test_every_reason_the_server_records_has_its_words():
    found = recorded_reasons()
    assert "the tournament's bot plays this seat" in found and len(found) >= 4
    assert "a seat the organizer gave to the server's bot in the lobby" in found  # the lobby page's
    assert sorted(set(found) - set(SERVER_REASONS)) == []


def test_a_recorded_reason_reads_in_german_and_english_as_before():
    event = {"type": "seat_given_to_bot", "actor": {"kind": "system"},
             "payload": {"seat": 2, "strategy": "greedy", "reason": "the tournament's bot plays this seat",
                         "dispute": None}}
    kept = copy.deepcopy(event)
    assert sentences.text("en", event, None, names) == (
        "The organizer hands Bix's seat to the server's greedy bot. Reason: the tournament's bot plays this seat.")
    german = sentences.text("de", event, None, names)
    assert german.endswith("Begründung: der Bot des Turniers spielt diesen Platz.") and "tournament" not in german
    assert sentences.text("xx", event, None, names).count("⟦") >= 3
    assert event == kept

    forfeit = {"type": "seat_forfeited", "actor": {"kind": "organizer"},
               "payload": {"seat": 1, "reason": "the entrant did not play (the tournament's no-show rule)",
                           "dispute": 3}}
    assert sentences.text("de", forfeit, None, names).endswith(
        "Begründung: der Teilnehmende hat nicht gespielt (die Abwesenheitsregel des Turniers), "
        "als Antwort auf Einspruch 3.")


def test_a_typed_reason_reads_as_typed():
    typed = {"type": "seat_forfeited", "actor": {"kind": "organizer"},
             "payload": {"seat": 1, "reason": "left the club early", "dispute": None}}
    assert sentences.text("de", typed, None, names).endswith("Begründung: left the club early.")
