"""Every board holds 40-character and non-Latin names without overlap: in each drawn figure (a
player's row, a speakeasy, a Location, a space of the track, an influence row), no two labels'
bounding boxes meet and every label stays inside its figure — in /play and in /viewer. The
tournament desk in German holds its tables in their panels, no word broken inside itself."""
from __future__ import annotations

import random

import pytest

from tests.support.bots import bearer, move, open_table
from tests.web.conftest import play_url, screenshot

NAMES = ["Bartholomew Fitzgerald-Montgomery Jr III",  # 40 characters
         "Александра Константиновна Преображенская",   # 40, Cyrillic
         "山田太郎と仲間たちの酒場の主人",
         "عبد الرحمن بن محمد الفاسي"]
assert len(NAMES[0]) == 40 and len(NAMES[1]) == 40

FIGURES = "g.player, g.speakeasy, g.location, g.space, g.influence, g.offer, g.middle"

OVERLAPS = """(selector) => {
  const found = [];
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  for (const figure of document.querySelectorAll(selector)) {
    const frame = figure.querySelector(':scope > rect');
    // the figure's own labels: not those of a nested figure, pawn, card or truck
    const texts = [...figure.querySelectorAll('text')].filter((t) => t.closest('g') === figure);
    const boxes = texts.map((t) => [t, t.getBoundingClientRect()]).filter(([, r]) => r.width > 0);
    const area = frame ? frame.getBoundingClientRect() : null;
    for (let i = 0; i < boxes.length; i++) {
      if (area && !inside(boxes[i][1], area)) found.push(`${figure.getAttribute('class')} ${figure.dataset.seat || figure.dataset.speakeasy || figure.dataset.location || figure.dataset.space || ''}: "${boxes[i][0].textContent}" leaves its frame`);
      for (let j = i + 1; j < boxes.length; j++) {
        if (meet(boxes[i][1], boxes[j][1])) found.push(`${figure.getAttribute('class')}: "${boxes[i][0].textContent}" meets "${boxes[j][0].textContent}"`);
      }
    }
  }
  return found;
}"""


def overlaps(page) -> list[str]:
    return page.evaluate(OVERLAPS, FIGURES)


@pytest.mark.parametrize("ruleset, moves", [("bootleggers", 60), ("prohibition", 30), ("booze_baron", 20)])
def test_long_and_non_latin_names_never_overlap(page, site, ruleset, moves):
    table = open_table(site.client, 4, names=NAMES, ruleset=ruleset)
    rng = random.Random(12)
    for _ in range(moves):
        if move(table, rng) is not None:
            break
    seat = table.state()["waiting_for"][0]
    page.goto(play_url(site, table.game_id, table.tokens[seat]))
    page.wait_for_selector("body[data-ready=true] #board-svg")
    assert page.locator("g.player").count() == 4
    assert overlaps(page) == []
    # A label too long for its room shows a prefix and an ellipsis, and keeps its whole self.
    for full, shown in page.eval_on_selector_all(
            "text[data-full]", "ts => ts.map(t => [t.dataset.full, t.firstChild.nodeValue])"):
        assert shown.endswith("…") and full.startswith(shown[:-1]), (full, shown)
    screenshot(page, f"layout-play-{ruleset}")
    page.goto(f"{site.base}/viewer/{table.game_id}#token={table.organizer}")
    page.wait_for_selector("body[data-ready=true] #board-svg")
    assert overlaps(page) == []
    # A shortened name keeps its whole self for the reader (a tooltip and the accessible name).
    for text in page.eval_on_selector_all("g.player text.name[data-full]", "ts => ts.map(t => t.dataset.full)"):
        assert text in NAMES
    screenshot(page, f"layout-viewer-{ruleset}")


def test_the_seats_page_wraps_long_names_in_its_panels(page, site):
    table = open_table(site.client, 4, names=NAMES)
    page.set_viewport_size({"width": 800, "height": 900})
    page.goto(play_url(site, table.game_id, table.tokens[2]))
    page.wait_for_selector("body[data-ready=true] #board-svg")
    too_wide = page.evaluate("""() => [...document.querySelectorAll('aside section, header, #turn')]
        .filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.id || n.tagName)""")
    assert too_wide == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


# The desk's tables: one wider than its panel (or scrolling in its box), and a word of a cell broken
# inside itself ("(rand/om)"; a break after a hyphen is a break between words).
TABLES_IN_PANELS = """() => {
  const found = [];
  for (const table of document.querySelectorAll('main > section table')) {
    if (!table.getClientRects().length) continue;
    const panel = table.closest('section').getBoundingClientRect(), box = table.getBoundingClientRect();
    if (box.right > panel.right + 1) found.push(`${table.id}: ${Math.round(box.width)} px in a panel of ${Math.round(panel.width)} px`);
  }
  for (const box of document.querySelectorAll('main .scroll')) {
    if (box.scrollWidth > box.clientWidth + 1) found.push(`${box.parentElement.id}: scrolls (${box.scrollWidth} px in ${box.clientWidth} px)`);
  }
  return found;
}"""
BROKEN_WORDS = """(selector) => {
  const found = [];
  for (const cell of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const word of n.nodeValue.matchAll(/[^\\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(n, word.index);
        range.setEnd(n, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) found.push(`${cell.closest('[id]').id}: "${word[0]}" breaks inside itself`);
      }
    }
  }
  return found;
}"""


@pytest.fixture(scope="module")
def evening(site):  # type: ignore[no-untyped-def]
    """A Swiss tournament's first round seated: a 40-character name, people and two house bots."""
    made = site.client.post("/v1/tournaments", json={"name": "Stammtisch Cup", "ruleset": "bootleggers", "rounds": 3,
                                                     "table_size": {"min": 3, "max": 4}, "bot_strategy": "random"}).get_json()
    tid, organizer = made["tournament_id"], bearer(made["organizer_token"])
    for name, bot in [(NAMES[0], None), ("Anna", None), ("Bert", None), ("Carla", None), ("Dora", None),
                      ("Hausbot Eins", "random"), ("Hausbot Zwei", "random")]:
        entered = site.client.post(f"/v1/tournaments/{tid}/entrants", json={"name": name, **({"bot": bot} if bot else {})},
                                   headers=organizer)
        assert entered.status_code == 201, entered.get_data(as_text=True)
    seated = site.client.post(f"/v1/tournaments/{tid}/commands", json={"type": "seat_round"}, headers=organizer)
    assert seated.status_code < 300, seated.get_data(as_text=True)
    return f"{site.base}/viewer/tournaments/{tid}#token={made['organizer_token']}"


@pytest.mark.parametrize("width", [1280, 390])
def test_the_tournament_desk_in_german_holds_its_tables_and_words(browser, evening, width):
    """German at a laptop's width: the standings fit their panel without scrolling, the entrants'
    cells keep each word whole ("Haus-Bot (random)"); on a phone the page stays as wide as the phone
    (a name there may break anywhere: it can be one 40-character word)."""
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="de-DE")
    try:
        page = context.new_page()
        page.goto(evening)
        page.wait_for_selector("body[data-ready=true] #standings tbody tr")
        page.wait_for_selector("#entrants-table td.state")
        assert page.evaluate("document.documentElement.lang") == "de"
        screenshot(page, f"layout-tournament-de-{width}")
        assert page.evaluate(TABLES_IN_PANELS) == []
        cells = "#entrants-table td, #entrants-table th" if width > 640 else "#entrants-table td, #entrants-table thead th"
        assert page.evaluate(BROKEN_WORDS, cells) == []
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()
