"""A German club's evening at the tournament desk: an organizer whose browser reads German
previews and seats two rounds of a Swiss, the tables are played, the evening is finished and the
standings turn final — every step from the desk's own controls, and at every step the desk reads
German with no English sentence left (screenshots in $TMPDIR/bootleggers-i18n-screenshots).
The tables (ten house players, three people) are played as in the English evening
(test_tournament_evening.py)."""
from __future__ import annotations

import re

from tests.web.helpers import click
from tests.web.test_i18n_pages import ENGLISH, SHOTS, VISIBLE_TEXT, localized
from tests.web.test_tournament_evening import FOLLOWS, WINDOW, api, make_evening, open_desk, play_round

GERMAN = ["Übersicht", "Tabelle", "Schweizer System", "Runde"]


def reads_german(page, step: str) -> None:
    text = page.evaluate(VISIBLE_TEXT, [])
    left = [w for w in ENGLISH if re.search(rf"\b{re.escape(w)}\b", text)]
    missing = [w for w in GERMAN if w not in text]
    page.screenshot(path=str(SHOTS / f"de-evening-{step}.png"), full_page=True)
    assert left == [] and missing == [], (step, left, missing)
    assert not re.search(r"\bnull\b", text), (step, "a missing part written as 'null'")


def test_a_german_organizer_runs_an_evening_from_the_desk(browser, site):
    evening = make_evening(site, "Clubabend", rounds=2)
    tid = evening.tournament_id
    context, page, errors = localized(browser, "de", 1280)
    try:
        SHOTS.mkdir(exist_ok=True)
        open_desk(page, evening.url(site, evening.organizer))
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.text_content("#whoami") == "du bist die Spielleitung"
        reads_german(page, "registering")
        for number in (1, 2):
            click(page, {"type": "seat_round", "preview": True})
            page.wait_for_selector(f"#preview[data-round='{number}'] li[data-table]", timeout=FOLLOWS)
            reads_german(page, f"preview-{number}")
            click(page, {"type": "seat_round"})
            page.wait_for_selector(f"body[data-round='{number}']", timeout=FOLLOWS)
            state = api(site, f"/v1/tournaments/{tid}")
            tables = [t for t in state["tables"] if t["round"] == number]
            assert "Vorläufig" in page.text_content("#standings-state")
            play_round(site, evening)
            page.wait_for_function(f"document.querySelectorAll(\"#rounds tr[data-round='{number}'][data-status=finished]\")"
                                   f".length === {len(tables)}", timeout=FOLLOWS)
            reads_german(page, f"round-{number}-played")
        click(page, {"type": "finish"})
        click(page, {"type": "finish"})  # (the inline question answered)
        page.wait_for_selector("body[data-status=finished]", timeout=FOLLOWS)
        page.wait_for_selector("#standings-state[data-final=true]", timeout=FOLLOWS + WINDOW * 1000)
        assert "Endstand" in page.text_content("#standings-state")
        reads_german(page, "final")
    finally:
        context.close()
    assert not errors, errors
