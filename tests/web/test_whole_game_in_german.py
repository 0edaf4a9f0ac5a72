"""A German club's game: a browser whose own language is German creates a Bootleggers game in
the lobby with the server's bots in the other seats and plays it to its end by clicking, reading
German all the way (the lobby, the moves, the log, the ending), with no English sentence left on
the page; screenshots of the start and the end in $TMPDIR/bootleggers-i18n-screenshots."""
from __future__ import annotations

import re
import time

from tests.web.test_i18n_pages import ENGLISH, SHOTS, VISIBLE_TEXT, localized
from tests.web.test_lobby import create_in_lobby, play_and_see_the_end


WHERE = r"""(words) => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('script, style, option:not(:checked), [hidden]') || !el.getClientRects().length) continue;
    for (const w of words) if (new RegExp(`\\b${w}\\b`).test(n.nodeValue)) found.push(`${w} in ${el.closest('[id]')?.id || el.tagName}: ${n.nodeValue.trim().slice(0, 80)}`);
  }
  return found;
}"""


#: the page read in German: its language set and its static words translated (the lobby link)
TRANSLATED = """() => document.documentElement.lang === 'de' && document.body.dataset.ready === 'true'
  && [...document.querySelectorAll('a[data-i18n$=".lobby"]')].every((a) => a.textContent === 'Lobby')"""


#: the log holds its first lines: the game's start and the lobby's bots handed their seats
#: (each with the reason the lobby page sends, which every reader reads in their own language)
LOGGED = "() => document.querySelectorAll('#log li').length >= 3"


def english_left(page, patience: float = 5.0) -> list[str]:
    """The English words still on the page after `patience` seconds, each with where it stands (for
    a failure's message). A word that flashes while the page redraws is not counted."""
    deadline = time.monotonic() + patience
    while True:
        text = page.evaluate(VISIBLE_TEXT, [])
        left = [w for w in ENGLISH if re.search(rf"\b{re.escape(w)}\b", text)]
        if not left:
            return []
        if time.monotonic() > deadline:
            return page.evaluate(WHERE, [re.escape(w) for w in left]) or left
        page.wait_for_timeout(200)


def test_a_german_browser_plays_a_whole_bootleggers_game_against_the_bots(browser, site, bots):
    context, page, errors = localized(browser, "de", 1280)
    try:
        SHOTS.mkdir(exist_ok=True)
        game_id = create_in_lobby(page, site, "bootleggers", 3, "Anna", 2)
        assert page.evaluate("document.documentElement.lang") == "de"
        assert english_left(page) == []
        page.click("#start")
        page.wait_for_url(f"**/play/{game_id}#token=*")
        page.wait_for_selector("body[data-ready=true] #board-svg")
        assert page.text_content("#moves-title") == "Deine Züge"
        page.wait_for_function(TRANSLATED)  # (the page's own words too, not only what its script drew)
        page.wait_for_function(LOGGED)  # (and the log too: it fills a moment later)
        assert english_left(page) == []
        page.screenshot(path=str(SHOTS / "de-whole-game-start.png"), full_page=True)

        play_and_see_the_end(page, site, game_id, bots)
        assert page.text_content("#turn").startswith("Das Spiel ist vorbei.")
        page.wait_for_selector("#log li")
        assert "Runde" in page.text_content("#log")
        assert english_left(page) == []
        page.screenshot(path=str(SHOTS / "de-whole-game-end.png"), full_page=True)
    finally:
        context.close()
    assert not errors, errors


def test_a_booze_baron_seat_reads_its_mobs_booze_and_events_in_german(browser, site):
    """The Mobs, the booze on the Delivery cards and the Locations' Events are data on the board;
    a German reader sees them by their German names (Bier, Schnaps, Wein; Versteck …)."""
    from tests.support.bots import open_table
    from tests.web.conftest import play_url

    table = open_table(site.client, 3, ruleset="booze_baron")
    context, page, errors = localized(browser, "de", 1280)
    try:
        page.goto(play_url(site, table.game_id, table.tokens[1]))
        page.wait_for_selector("body[data-ready=true] #board-svg")
        page.click("#board-text-toggle")
        page.wait_for_selector("#board-text .board-text-body table.players", state="visible")
        text = page.evaluate("document.body.innerText + ' ' + [...document.querySelectorAll('svg text')]"
                             ".map((t) => t.dataset.full || t.textContent).join(' ')")
    finally:
        context.close()
    assert not re.findall(r"\b(?:beer|liquor|wine|hideout|smuggle|stakeout|restock|gamble|reroute)\b", text, re.I)
    assert re.search(r"\b(?:Bier|Schnaps|Wein)-Mob\b", text) and "Ereignis: Versteck" in text
    assert not errors, errors
