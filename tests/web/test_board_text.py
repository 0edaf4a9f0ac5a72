"""The board in words (service/web/board-text.js), in /play and in /viewer, for all three
rulesets: a screen reader finds tables (players, speakeasies, trucks, stills; the track; the
Locations) holding what the state holds — every seat's cash, influence per speakeasy, pawns and
cards — and nothing the seat may not see; the picture is hidden from it. A visible toggle,
"Board as text", shows the words in the picture's place and back.

Phone first (390 × 844 CSS px): every ruleset's board is drawn for the width it has — one
column, never a 1000-unit board scaled to a third — so every label of it is at least 12 CSS
px, nothing of it reaches past the screen's edge and no two labels meet; the words fit too. A
page turned from wide to narrow draws the narrow board by itself. Measured by bounding boxes.
The tables are played with 40-character and non-Latin names (tests/web/test_layout.py)."""
from __future__ import annotations

import random

import pytest

from tests.support.bots import move, open_table
from tests.web.conftest import play_url, screenshot
from tests.web.helpers import api_state
from tests.web.test_layout import NAMES, overlaps

PHONE = {"width": 390, "height": 844}
MOVES = {"bootleggers": 120, "prohibition": 30, "booze_baron": 20}

#: each row's cells as a screen reader reads them: without the narrow layout's visual labels,
#: names without the marks that isolate their direction (U+2068, U+2069)
ROWS = """(selector) => [...document.querySelectorAll(selector + ' tbody tr')].map((r) => [...r.querySelectorAll('th, td')]
    .map((c) => [...c.childNodes].filter((n) => !(n.classList && n.classList.contains('cell-label')))
      .map((n) => n.textContent).join('').replace(/[\u2068\u2069]/g, '')))"""


def rows(page, table: str) -> list[list[str]]:
    return page.evaluate(ROWS, f"#board-text table.{table}")


@pytest.fixture(scope="module")
def tables(site) -> dict:
    """A game of each ruleset a few dozen moves in, four seats with long and non-Latin names."""
    made = {}
    for ruleset, moves in MOVES.items():
        table = open_table(site.client, 4, {"rounds": 8} if ruleset == "bootleggers" else None, names=NAMES, ruleset=ruleset)
        rng = random.Random(12)
        for _ in range(moves):
            if move(table, rng) is not None:
                break
        for _ in range(400 if ruleset == "bootleggers" else 0):  # (a random draw of moves may not yet
            if any(n for s in table.state()["speakeasies"] for n in s["influence"].values()):  # have placed
                break                                                                        # influence)
            if move(table, rng) is not None:
                break
        made[ruleset] = table
    return made


def words_are_read_not_the_picture(page) -> None:
    """A screen reader meets the tables, not the picture (aria-hidden), even with the toggle
    off; the toggle shows the words in the picture's place, and back."""
    assert page.get_attribute("#board-svg", "aria-hidden") == "true"
    assert page.get_by_role("img", name="board").count() == 0
    assert page.get_by_role("table", name="Players").count() == 1
    toggle = page.get_by_role("button", name="Board as text")
    assert toggle.get_attribute("aria-pressed") == "false"
    assert not page.locator("#board-text table.players").is_visible() or \
        page.evaluate("document.querySelector('#board-text').getBoundingClientRect().width") <= 1
    toggle.click()
    page.wait_for_selector("#board-svg", state="hidden")
    assert toggle.get_attribute("aria-pressed") == "true" and page.locator("#board-text table.players").is_visible()
    toggle.click()
    page.wait_for_selector("#board-svg", state="visible")


def test_a_bootleggers_seat_reads_the_board_as_words_and_never_another_seats_secrets(page, site, tables):
    table = tables["bootleggers"]
    state = api_state(site.client, table.game_id, table.tokens[1])
    full = api_state(site.client, table.game_id, table.organizer)
    page.goto(play_url(site, table.game_id, table.tokens[1]))
    page.wait_for_selector(f"#board-text .board-text-body[data-version='{state['version']}']")
    words_are_read_not_the_picture(page)
    players = {int(r[0].rsplit("seat ", 1)[1].rstrip(")")): r for r in rows(page, "players")}
    for p in state["players"]:
        cash, hand = players[p["seat"]][1], players[p["seat"]][3]
        if p["cash"] is not None:
            assert cash == f"${p['cash']}"
        elif p["cash_announced"] is not None:
            assert cash.startswith(f"${p['cash_announced']} (announced")
        else:
            assert cash == "hidden"
        assert hand == (", ".join(map(str, p["muscle_hand"])) if isinstance(p["muscle_hand"], list)
                        else f"{p['muscle_hand']} cards (hidden)")
        assert players[p["seat"]][5] == str(p["crates"])
    assert state["players"][1]["cash"] is None, "another seat's cash is not this seat's to see"
    text = page.text_content("#board-text")
    for p in full["players"][1:]:  # the organizer's view holds the others' hands; the seat's words never do
        assert ", ".join(map(str, p["muscle_hand"])) not in text
    names = {p["seat"]: p["name"] for p in state["players"]}
    speakeasies = {r[0]: r for r in rows(page, "speakeasies")}
    for s in state["speakeasies"]:
        markers = [f"{names[int(seat)]} {n}" + (f" ({s['levels'][seat]})" if s["levels"].get(seat) else "")
                   for seat, n in s["influence"].items() if n]
        assert speakeasies[s["name"]][1] == ("open" if s["open"] else "closed")
        assert speakeasies[s["name"]][2] == (", ".join(markers) or "none"), s
    assert any(s["influence"] for s in state["speakeasies"]), "the game has influence on the board by now"
    trucks = rows(page, "trucks")
    assert sorted(r[0] for r in trucks) == sorted(f"{names[p['seat']]}'s {t['id'].replace('_', ' ')}"
                                                  for p in state["players"] for t in p["trucks"])
    stills = rows(page, "stills")
    assert len(stills) == sum(len(p["stills"]) for p in state["players"])
    facts = page.text_content("#board-text .board-facts")
    assert f"Round {state['round']} of {state['rounds']}, Phase {state['phase']}" in facts
    screenshot(page, "board-text-play-bootleggers")


@pytest.mark.parametrize("ruleset", ["prohibition", "booze_baron"])
def test_the_other_rulesets_read_as_words_in_the_desk_and_at_the_seat(page, site, tables, ruleset):
    table = tables[ruleset]
    state = api_state(site.client, table.game_id, table.tokens[1])
    page.goto(play_url(site, table.game_id, table.tokens[1]))
    page.wait_for_selector(f"#board-text .board-text-body[data-version='{state['version']}']")
    words_are_read_not_the_picture(page)
    players = rows(page, "players")
    assert [r[0] for r in players] == [f"{p['name']} (seat {p['seat']})" + (", the Booze Baron" if state.get("baron") == p["seat"] else "")
                                       for p in state["players"]]
    if ruleset == "prohibition":
        assert [r[1:3] for r in players] == [[str(p["bankrolls"]), str(p["cases"])] for p in state["players"]]
        track = rows(page, "track")
        assert [r[0] for r in track] == [f"{s['space']} {s['name']}" for s in state["board"]]
        for s, r in zip(state["board"], track):
            goods = f"{s.get('bankrolls', 0)} Bankroll" if s["kind"] == "C" else f"{s.get('cases', 0)} Case"
            assert r[2].startswith(goods), (s, r)
            for p in state["players"]:
                assert (p["name"] in r[3].split(", ")) == (p["space"] == s["space"]), (p, r)
    else:
        for p, r in zip(state["players"], players):
            mob = p["mob"] and " & ".join(m.capitalize() for m in p["mob"].split(" & "))  # (its catalog word)
            assert r[1] == (mob or "hidden") and r[2] == ("exposed" if p["exposed"] else "not exposed")
            assert r[3] == str(p["snitch"])
        assert state["players"][0]["mob"] and any(not p["mob"] for p in state["players"][1:]), \
            "a seat knows its own Mob, not every other"
        hidden_ids = [d["id"] for p in api_state(site.client, table.game_id, table.organizer)["players"][1:]
                      for d in p["deliveries"] if not d["face_up"]]
        text = " ".join(" ".join(r) for r in players)
        assert all(f"{card} face down" not in text for card in hidden_ids)
        places = rows(page, "locations")
        assert [r[0] for r in places] == [loc["name"] for loc in state["locations"]]
        for loc, r in zip(state["locations"], places):
            assert [c.split(" ")[0] for c in r[2].split("), ") if c and c != "none"] == loc["cards"]
    screenshot(page, f"board-text-play-{ruleset}")
    # The desk writes the same words from the same state: a spectator's here.
    spectator = site.client.get(f"/v1/games/{table.game_id}").get_json()
    page.goto(site.viewer(table.game_id))
    page.wait_for_selector(f"#board-text .board-text-body[data-version='{spectator['version']}']")
    assert page.get_attribute("#board-svg", "aria-hidden") == "true"
    assert "as a spectator sees it" in page.text_content("#board-text .board-seen")
    assert len(rows(page, "players")) == len(spectator["players"])


#: every drawn label of the board: its size on screen (font size × the SVG's scale) and box
MEASURE = """() => {
  const svg = document.querySelector('#board-svg');
  const scale = svg.getScreenCTM().a;
  const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim());
  const boxes = texts.map((t) => ({ text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale,
    box: t.getBoundingClientRect().toJSON() }));
  const frame = svg.getBoundingClientRect();
  return { scale, texts: boxes, left: frame.left, right: frame.right, width: frame.width,
    minPx: Math.min(...boxes.map((b) => b.px)), maxRight: Math.max(...boxes.map((b) => b.box.right)),
    minLeft: Math.min(...boxes.map((b) => b.box.left)) };
}"""

WORDS = """() => {
  const tables = [...document.querySelectorAll('#board-text table')];
  const cells = [...document.querySelectorAll('#board-text th, #board-text td, #board-text li, #board-text caption')];
  return { tables: tables.length, wide: tables.filter((t) => t.getBoundingClientRect().right > innerWidth + 0.5).length,
    minPx: Math.min(...cells.map((c) => parseFloat(getComputedStyle(c).fontSize))) };
}"""


def readable(page) -> dict:
    page.wait_for_selector("#board-svg[data-layout=narrow]")
    seen = page.evaluate(MEASURE)
    small = [(t["text"], round(t["px"], 2)) for t in seen["texts"] if t["px"] < 12 - 1e-6]
    assert small == [], small
    assert seen["scale"] >= 1 - 1e-6, "the narrow board is drawn at its own size, not scaled down"
    assert seen["left"] >= 0 and seen["right"] <= PHONE["width"] + 0.5, seen
    assert seen["minLeft"] >= 0 and seen["maxRight"] <= PHONE["width"] + 0.5, seen
    assert overlaps(page) == []
    return seen


@pytest.mark.parametrize("ruleset", list(MOVES))
def test_the_board_is_drawn_for_a_phone(browser, site, tables, ruleset):
    context = browser.new_context(viewport=PHONE, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        table = tables[ruleset]
        page.goto(play_url(site, table.game_id, table.tokens[1]))
        page.wait_for_selector("body[data-ready=true] #board-svg")
        readable(page)
        assert page.evaluate("document.querySelector('#board-wrap').getBoundingClientRect().right") <= PHONE["width"] + 0.5
        screenshot(page, f"phone-play-{ruleset}")
        page.get_by_role("button", name="Board as text").click()
        page.wait_for_selector("#board-text table.players", state="visible")
        words = page.evaluate(WORDS)
        assert words["tables"] >= 2 and words["wide"] == 0 and words["minPx"] >= 12, words
        page.get_by_role("button", name="Board as text").click()
        # The desk: wide first, then turned to a phone's width — it redraws narrow by itself.
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(f"{site.base}/viewer/{table.game_id}#token={table.organizer}")
        page.wait_for_selector("body[data-ready=true] #board-svg[data-layout=wide]")
        page.set_viewport_size(PHONE)
        readable(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        screenshot(page, f"phone-viewer-{ruleset}")
    finally:
        context.close()
    assert not errors, errors
