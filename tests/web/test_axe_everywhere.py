"""axe-core (tests/web/axe, as test_accessibility.py installs it) with every WCAG rule set the
issue names — wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa, target-size (2.5.8) included, every impact
— finds no violation on the desk (`/viewer/{id}`) as a spectator, a seat and the organizer,
in every phase a test can reach: a game followed live, one replayed at a past version, the
board in words, a view the server refuses, a dispute waiting for its ruling, a finished game
with its 700-line log and its record verified, a phone's width; nor on the tournament desk
from registration to the end, as its organizer, an entrant and a spectator."""
from __future__ import annotations

import random

import pytest

from service.bots import seat_bots
from service.tournaments import results
from tests.support.bots import bearer, open_table
from tests.tournaments.test_tournament_rest import command, create, register
from tests.web.conftest import play_some, screenshot
from tests.web.test_accessibility import axe_script  # noqa: F401  (the fixture)

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def violations(page, axe_script) -> list[str]:  # noqa: F811
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_script))  # the `page` fixture's context bypasses the CSP
    return page.evaluate("""async (tags) => {
        const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
        return result.violations.map(v => `${v.impact} ${v.id} ×${v.nodes.length}: ${v.help} — ` +
            v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
    }""", TAGS)


def desk(page, site, game_id: str, fragment: str = "", ready: str = "#board-svg") -> None:
    page.goto("about:blank")
    page.goto(f"{site.base}/viewer/{game_id}" + (f"#{fragment}" if fragment else ""))
    page.wait_for_selector(f"body[data-ready=true] {ready}")


def test_the_desk_of_a_finished_game_in_every_view(page, site, finished, axe_script):  # noqa: F811
    desk(page, site, finished.game_id, ready="#log li[data-version]")  # a spectator at the end
    assert violations(page, axe_script) == []
    desk(page, site, finished.game_id, f"token={finished.organizer}&at=120&as=seat:2", "#log li[data-version]")
    page.get_by_role("button", name="Board as text").click()
    page.wait_for_selector("#board-text table.players", state="visible")
    page.click("#verify")
    page.wait_for_selector("#verify-result[data-state=ok]")
    assert violations(page, axe_script) == []  # replayed as a seat, in words, verified
    page.get_by_role("button", name="Board as text").click()
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_selector("#board-svg[data-layout=narrow]")
    assert violations(page, axe_script) == []
    screenshot(page, "axe-desk-finished-phone")


def test_the_desk_of_a_running_game_in_every_view(page, site, axe_script):  # noqa: F811
    table = open_table(site.client, 3, {"rounds": 8})
    assert table.send(1, {"type": "bid", "card": table.state(table.tokens[1])["players"][0]["muscle_hand"][0]}).status_code == 201
    desk(page, site, table.game_id, f"token={table.organizer}&as=seat:2", "#board .hidden-view")  # bids sealed: refused
    assert violations(page, axe_script) == []
    play_some(table, 25, random.Random(8))
    filed = site.client.post(f"/v1/games/{table.game_id}/commands", headers=bearer(table.tokens[2]),
                             json={"type": "dispute", "version": 3, "text": "My bid was misread."})
    assert filed.status_code == 201, filed.get_json()
    desk(page, site, table.game_id, f"token={table.organizer}", "#disputes form.resolve")  # followed live, a ruling to give
    assert page.is_checked("#follow")
    assert violations(page, axe_script) == []
    desk(page, site, table.game_id, f"token={table.tokens[3]}&at=20", "#dispute-form:not([hidden])")  # a seat, replaying
    assert violations(page, axe_script) == []
    desk(page, site, table.game_id)  # a spectator
    assert violations(page, axe_script) == []
    screenshot(page, "axe-desk-running")


@pytest.mark.parametrize("ruleset", ["prohibition", "booze_baron"])
def test_the_desk_of_the_other_rulesets(page, site, axe_script, ruleset):  # noqa: F811
    table = open_table(site.client, 3, ruleset=ruleset)
    play_some(table, 12, random.Random(9))
    desk(page, site, table.game_id, f"token={table.organizer}", "#log li[data-version]")
    assert violations(page, axe_script) == []
    page.get_by_role("button", name="Board as text").click()
    page.wait_for_selector("#board-text table.players", state="visible")
    assert violations(page, axe_script) == []


def test_the_tournament_desk_from_registration_to_the_end(page, site, axe_script):  # noqa: F811
    client, app = site.client, site.client.application
    made = create(client, ruleset="booze_baron", rounds=1, table_size={"min": 3, "max": 4}, game_options={})
    tid, org = made["tournament_id"], made["organizer_token"]
    ada = register(client, tid, "Ada")
    for n in range(1, 4):
        register(client, tid, f"House {n}", org, bot="random")
    url = f"{site.base}/viewer/tournaments/{tid}"

    def open_desk(token: str | None = None) -> None:
        page.goto("about:blank")
        page.goto(url + (f"#token={token}" if token else ""))
        page.wait_for_selector("body[data-ready=true]")

    open_desk(org)  # registration: the evening's controls
    assert violations(page, axe_script) == []
    command(client, tid, org, {"type": "seat_round"})
    table = client.get(f"/v1/tournaments/{tid}").get_json()["tables"][0]["game_id"]
    filed = client.post(f"/v1/games/{table}/commands", headers=bearer(ada["entrant_token"]),
                        json={"type": "dispute", "version": 3, "text": "The deal skipped me"})
    assert filed.status_code == 201, filed.get_json()
    open_desk(org)  # a round in play, a dispute to rule on
    page.wait_for_selector("#dispute-table:not([hidden]) tbody tr")
    assert violations(page, axe_script) == []
    open_desk(ada["entrant_token"])  # an entrant: where they sit
    assert violations(page, axe_script) == []
    games = app.extensions["games"]
    for _ in range(2000):  # Ada's seat plays its first listed move each time; the bots theirs
        if games.load(table)["status"] != "running":
            break
        seat_bots.play_bot_seats(games, table, max_moves=10_000)
        state = games.load(table)
        if state["status"] != "running":
            break
        legal = client.get(f"/v1/games/{table}/legal-actions", headers=bearer(ada["entrant_token"])).get_json()
        moves = [e for a in legal["actions"] if a["type"] != "say" for e in a["examples"]]
        if moves:
            client.post(f"/v1/games/{table}/commands", json=moves[0], headers=bearer(ada["entrant_token"]))
    assert games.load(table)["status"] == "finished"
    results.sweep(app.extensions["tournaments"], games)
    command(client, tid, org, {"type": "finish"})
    open_desk(org)  # the end: final standings, the report
    assert violations(page, axe_script) == []
    open_desk()  # a spectator
    assert violations(page, axe_script) == []
    screenshot(page, "axe-tournament-desk-finished")
