"""The Bootleggers board's row of offers starts past its title in every language: German's
"Angebote" and the pseudo-locale's lengthened title once ran under the first card (the cards
started at a fixed 60 units, room for "Offers" only)."""
from __future__ import annotations

import pytest

from tests.support.bots import open_table

TITLE_AND_FIRST_CARD = """() => {
  const title = document.querySelector('#board-svg g.offers > text');
  const card = document.querySelector('#board-svg g.offers g.offer rect');
  const a = title.getBoundingClientRect(), b = card.getBoundingClientRect();
  return {title: title.textContent, titleRight: a.right, cardLeft: b.left};
}"""


@pytest.mark.parametrize("locale", ["en-US", "de-DE", "xx"])
def test_the_first_offer_starts_right_of_the_title(browser, site, locale):
    table = open_table(site.client, 3, {"rounds": 8})
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True, locale=locale)
    try:
        page = context.new_page()
        page.goto(site.viewer(table.game_id, table.organizer))
        page.wait_for_selector("body[data-ready=true]")
        page.wait_for_selector("#board-svg g.offers g.offer rect")
        found = page.evaluate(TITLE_AND_FIRST_CARD)
    finally:
        context.close()
    assert found["title"] == {"en-US": "Offers", "de-DE": "Angebote"}.get(locale, found["title"])
    assert found["titleRight"] < found["cardLeft"], found
