"""A seat's page on a phone (390×844 CSS px), measured by bounding boxes, in each ruleset: the
moves come first (above the board, their first control on the first screen), nothing scrolls
sideways, and no text is under 12 CSS px — the page's own and the board's drawn lettering as
it is shown (its font size times the drawing's scale). axe finds nothing there either."""
from __future__ import annotations

import random

import pytest

from tests.support.bots import move, open_table
from tests.web.conftest import play_url, screenshot
from tests.web.test_accessibility import axe_script  # noqa: F401  (the fixture)
from tests.web.test_seat_axe import violations

PHONE = {"width": 390, "height": 844}

SMALLEST = """() => {
  const page = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.nodeValue.trim() || !el || el.closest('svg, .visually-hidden, [hidden], script')) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    page.push([parseFloat(getComputedStyle(el).fontSize), el.id || el.className || el.tagName, n.nodeValue.trim().slice(0, 30)]);
  }
  const board = [];
  for (const svg of document.querySelectorAll('#board svg')) {
    const scale = svg.getBoundingClientRect().width / (svg.viewBox.baseVal?.width || svg.getBoundingClientRect().width);
    for (const t of svg.querySelectorAll('text')) {
      if (!t.getBoundingClientRect().width) continue;
      board.push([parseFloat(getComputedStyle(t).fontSize) * scale, t.getAttribute('class') || 'text', t.textContent.slice(0, 30)]);
    }
  }
  const least = (xs) => xs.reduce((a, b) => (b[0] < a[0] ? b : a), [Infinity, '', '']);
  return { page: least(page), board: least(board) };
}"""


@pytest.mark.parametrize("ruleset, seats, moves", [("bootleggers", 3, 30), ("prohibition", 2, 10), ("booze_baron", 3, 6)])
def test_on_a_phone_the_moves_come_first_and_every_text_is_readable(page, site, axe_script, ruleset, seats, moves):  # noqa: F811
    table = open_table(site.client, seats, {"rounds": 8} if ruleset == "bootleggers" else {}, ruleset=ruleset,
                       names=["Ada", "Bix", "Cora"][:seats])
    rng = random.Random(4)
    for _ in range(moves):
        move(table, rng)
    seat = table.state()["waiting_for"][0]
    page.set_viewport_size(PHONE)
    page.goto(play_url(site, table.game_id, table.tokens[seat]))
    page.wait_for_selector("body[data-ready=true][data-awaited=true] #controls button")
    boxes = page.evaluate("""() => Object.fromEntries(['#moves', '#controls button', '#board-wrap', '#board svg']
        .map((s) => [s, document.querySelector(s).getBoundingClientRect().toJSON()]))""")
    assert boxes["#moves"]["bottom"] <= boxes["#board-wrap"]["top"], boxes
    assert boxes["#controls button"]["top"] < PHONE["height"], boxes  # the first move on the first screen
    assert boxes["#board svg"]["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    smallest = page.evaluate(SMALLEST)
    print(f"{ruleset} at 390 px: the moves' first control {boxes['#controls button']['top']:.0f} px down, "
          f"the board from {boxes['#board-wrap']['top']:.0f} px; smallest text: page {smallest['page']}, board {smallest['board']}")
    assert smallest["page"][0] >= 12, smallest["page"]
    assert smallest["board"][0] >= 12 - 0.05, smallest["board"]
    screenshot(page, f"play-{ruleset}-390")
    assert violations(page, axe_script, f"a {ruleset} seat at 390 px") == []


def test_on_a_phone_the_deal_composer_fits_with_long_names(page, site):
    """Long player names fill the composer's "To" list: the list shrinks to the phone's width
    instead of widening the page."""
    from tests.web.test_play import scripted_options
    from tests.web.test_play_table import play_until

    names = ["Adalbertina Wolkenstein-Fürstenberg", "WOLFGANG MONTGOMERY-THROCKMORTON-WAGNER",
             "MAXIMILIANA VANDERBILT-HARRINGTONSHIRE"]  # wide letters, near the 40 a name may have
    table = open_table(site.client, 3, scripted_options(), names=names)
    play_until(site, table, "deals")
    page.set_viewport_size(PHONE)
    page.goto(play_url(site, table.game_id, table.tokens[1]))
    page.wait_for_selector("body[data-ready=true] #deals form.propose select[name=to]")
    width = page.evaluate("document.documentElement.scrollWidth")
    print(f"the deals step at {PHONE['width']} px with long names: the page is {width} px wide")
    assert width <= PHONE["width"], f"the page is {width} px wide at {PHONE['width']} px"
