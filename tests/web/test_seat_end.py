"""The end of a game at the seat (/play/{id}): the final ranking — every seat's place and score
as the server ranks them, the winners by name (Booze Baron: the winning Mob and its players),
forfeits marked, how it was decided — a link to the replay, and Rematch: one click, and every
seat's page follows to the new game, where its own token opens its own seat. axe finds nothing
on the end either."""
from __future__ import annotations

import random

from service.table.rematch import rematch_id
from tests.support.bots import bearer, open_table, play
from tests.web.conftest import play_url, screenshot
from tests.web.test_accessibility import axe_script  # noqa: F401  (the fixture)
from tests.web.test_seat_axe import violations

NAMES = ["Ada", "Bix", "Cora"]


def open_seat(browser, site, table, seat: int):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(play_url(site, table.game_id, table.tokens[seat]))
    page.wait_for_selector("body[data-ready=true] #board-svg")
    return context, page, errors


def rows(page) -> list[list[str]]:
    return page.eval_on_selector_all("#ending table.ranking tbody tr",
                                     "trs => trs.map((tr) => [...tr.cells].map((c) => c.textContent))")


def test_a_booze_baron_end_names_the_mob_and_a_rematch_takes_every_seat_there(browser, site, axe_script):  # noqa: F811
    table = open_table(site.client, 3, names=NAMES, ruleset="booze_baron")
    seats = {seat: open_seat(browser, site, table, seat) for seat in (1, 2)}
    try:
        final = play(table, random.Random(5))
        result = site.client.get(f"/v1/games/{table.game_id}/result").get_json()
        for seat, (_, page, _) in seats.items():
            page.wait_for_selector("#ending:not([hidden]) table.ranking")
            shown = rows(page)
            assert [r[1] for r in shown] == [r["name"] for r in result["ranking"]]
            assert [r[2] for r in shown] == [f"{int(r['score'])} Coin{'' if r['score'] == 1 else 's'}" for r in result["ranking"]]
            winners = [r["name"] for r in result["ranking"] if r["seat"] in result["winners"]]
            said = page.text_content("#ending .winners")
            mobs = final["result"]["winners"]
            assert all(m.capitalize() in said for m in mobs) and all(w in said for w in winners), said
            assert page.get_attribute("#ending a", "href") == f"/viewer/{table.game_id}#token={table.tokens[seat]}"
            assert "The game ends" in page.text_content("#ending .how")
        one = seats[1][1]
        screenshot(one, "play-booze-baron-end")
        assert violations(one, axe_script, "a Booze Baron seat at the end") == []
        one.click("#rematch")
        new_id = rematch_id(table.game_id)
        for seat, (_, page, _) in seats.items():  # both pages follow, each to its own seat
            page.wait_for_url(f"**/play/{new_id}#token={table.tokens[seat]}")
            page.wait_for_selector("body[data-ready=true][data-status=running]")
            assert page.text_content("#whoami") == f"{NAMES[seat - 1]} · seat {seat}"
        state = site.client.get(f"/v1/games/{new_id}", headers=bearer(table.tokens[2])).get_json()
        assert state["viewer"] == {"kind": "seat", "seat": 2} and state["round"] == 1
        assert site.client.get(f"/v1/games/{table.game_id}/rematch").get_json()["rematch"] == new_id
    finally:
        for context, _, errors in seats.values():
            context.close()
            assert not errors, errors


def test_a_bootleggers_end_ranks_by_cash_and_marks_the_forfeit(page, site):
    table = open_table(site.client, 3, {"rounds": 8}, names=NAMES)
    ruled = site.client.post(f"/v1/games/{table.game_id}/commands", headers=bearer(table.organizer),
                             json={"type": "ruling", "kind": "forfeit", "seat": 3, "reason": "left the table"})
    assert ruled.status_code == 201, ruled.get_json()
    play(table, random.Random(11))
    result = site.client.get(f"/v1/games/{table.game_id}/result").get_json()
    page.goto(play_url(site, table.game_id, table.tokens[1]))
    page.wait_for_selector("#ending:not([hidden]) table.ranking")
    shown = rows(page)
    assert [r[1] for r in shown] == [r["name"] for r in result["ranking"]]
    assert [r[2] for r in shown] == [f"${int(r['score'])}" for r in result["ranking"]]
    assert shown[-1][1] == "Cora" and "forfeited" in shown[-1][-1]
    first = result["ranking"][0]["name"]
    assert page.text_content("#ending .winners") == f"{first} wins."
    assert page.text_content("#turn").startswith("The game is over")
    assert page.locator("#controls [data-command]").count() == 0
