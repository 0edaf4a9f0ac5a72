"""A seat's page reads in words (/play/{id}): its moves, their facts, the step's sentence, the
status line, its hand and its deals name players, speakeasies, Locations, spaces, trucks and
cards — never an id, never "seat 3", never "1 crates" or a raw step name (`check_words`, which
tests/web/test_seat_keyboard.py runs at every kind of step of a Bootleggers and a Booze Baron
round; here Prohibition's). The page's copy of the Thug cards' windows is the rules' own."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

from service.rules.bootleggers import data
from service.rules.bootleggers.thugs.windows import WINDOWS
from tests.rules.bootleggers.situations import hands
from tests.support.bots import open_table
from tests.web.conftest import play_url
from tests.web.helpers import api_legal, api_state, shows
from tests.web.test_play import NAMES, choose

WEB = Path(__file__).resolve().parents[2] / "service" / "web"
#: what must never be read on the page: ids (small_2, real_mccoy, thug:hit#1, d07), seat numbers
#: for players, a single thing with a plural, a step's raw name
IDS = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|thug:|#\d|\bseat \d+\b|\bd\d\d\b|\bstep [a-z]")
PLURAL_ONE = re.compile(r"(?<![\d.])\b1 (?:crates|dice|markers|Cases|cards|Coins|Bankrolls|times|influence markers)\b")

WORDS = """() => {
  const parts = [];
  for (const s of ['#controls', '#about', '#status', '#hand', '#deals ul', '#turn', '#clock']) {
    const root = document.querySelector(s);
    if (root) parts.push(root.innerText);
  }
  for (const o of document.querySelectorAll('#controls option, #deals option')) parts.push(o.textContent);
  for (const b of document.querySelectorAll('#controls [aria-label], #deals [aria-label]')) parts.push(b.getAttribute('aria-label'));
  return parts.join('\\n');
}"""


def words_on(page) -> str:
    return page.evaluate(WORDS)


def check_words(page, where: str) -> None:
    text = words_on(page)
    for pattern in (IDS, PLURAL_ONE):
        found = pattern.findall(text)
        assert not found, f"{where}: {found} in {text!r}"


def test_the_pages_thug_windows_are_the_rules_own():
    source = (WEB / "thug-cards.js").read_text()
    listed = {m.group(1): [json.loads(m.group(2)), json.loads(m.group(3))]
              for m in re.finditer(r"^  (\w+): \[(\".*?\"), (\".*?\")\],$", source, re.MULTILINE)}
    assert listed == {k: list(v) for k, v in WINDOWS.items()}


def hit_first() -> dict:
    """The scripted round (tests/web/test_play.py) with a Hit card as the first offer."""
    decks = data.starting_decks()
    men = [c for c in decks["men_of_action"] if c != "thug:hit#1"]
    return {"rounds": 8, "rng": {"mode": "scripted", "dice": [3] * 200, "hands": hands(3, 2),
                                 "decks": {"men_of_action": ["thug:hit#1", *men], "trucks": decks["trucks"]}}}


def pick(step: str, seat: int, legal: dict, state: dict) -> dict:
    """Seat 1 takes the Hit card; otherwise the round's script, with no Thug card played."""
    if step == "choose_offer":
        return {"type": "take_offer", "offer": {1: 1, 2: "truck", 3: 2}[seat]}
    actions = {a["type"]: a for a in legal["actions"]}
    if step == "thug_window" and "pass" in actions:
        return {"type": "pass"}
    return choose(step, seat, legal, state, True)


def test_prohibition_in_words(page, site):
    """(Bootleggers and Booze Baron are read in words at every step of their keyboard rounds:
    tests/web/test_seat_keyboard.py.)"""
    table = open_table(site.client, 2, names=NAMES[:2], ruleset="prohibition")
    page.goto(play_url(site, table.game_id, table.tokens[1]))
    page.wait_for_selector("body[data-ready=true] #board-svg")
    rng, seen = random.Random(8), set()
    for _ in range(60):
        state = api_state(site.client, table.game_id, table.organizer)
        if state["status"] != "running":
            break
        seat = rng.choice(state["waiting_for"])
        legal = api_legal(site.client, table.game_id, table.tokens[seat])
        kinds = (state["step"], seat, tuple(sorted(a["type"] for a in legal["actions"])))
        if seat == 1 and kinds not in seen:
            seen.add(kinds)
            shows(page, state["version"])
            page.wait_for_selector(f"body[data-legal-version='{state['version']}']")
            check_words(page, f"prohibition {state['step']}")
            if state["step"] == "move":
                labels = page.eval_on_selector_all("#controls section[data-action=move] button", "bs => bs.map((b) => b.textContent)")
                assert labels and all(re.match(r"Move (your pawn|the Police|the Agent|the FBI) \d (counter-)?clockwise, to .+ \(\d+\)$", t)
                                      for t in labels), labels
                assert page.text_content("#controls section[data-action=move] .info").startswith("Dice: ")
        body = rng.choice([e for a in legal["actions"] if a["type"] != "say" for e in a["examples"]])
        assert table.send(seat, body).status_code == 201, body
    print(f"prohibition in words: {len(seen)} kinds of step checked")
    assert any(k[0] == "move" for k in seen)
