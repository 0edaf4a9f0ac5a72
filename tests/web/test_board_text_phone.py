"""Phone first for the board (390 × 844 CSS px): every ruleset's board is drawn for the width
it has — one column, never a 1000-unit board scaled to a third — so every label of it is at
least 12 CSS px, nothing of it reaches past the screen's edge and no two labels meet (with
40-character and non-Latin names); the board in words fits too. A page turned from wide to
narrow draws the narrow board by itself. Measured by bounding boxes, in /play and in /viewer."""
from __future__ import annotations

import random

import pytest

from tests.support.bots import move, open_table
from tests.web.conftest import play_url, screenshot
from tests.web.test_layout import NAMES, overlaps

PHONE = {"width": 390, "height": 844}

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


@pytest.mark.parametrize("ruleset, moves", [("bootleggers", 60), ("prohibition", 30), ("booze_baron", 20)])
def test_the_board_is_drawn_for_a_phone(browser, site, ruleset, moves):
    context = browser.new_context(viewport=PHONE, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        table = open_table(site.client, 4, names=NAMES, ruleset=ruleset)
        rng = random.Random(12)
        for _ in range(moves):
            if move(table, rng) is not None:
                break
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
