"""axe-core finds no violation at all of WCAG 2.0/2.1/2.2 A and AA (target-size included) on
the lobby and on a seat's page in every phase: the lobby with its lists, as a host and as a
player who joined; a seat before the start, at play in each ruleset (the board's legend open,
deals, a held card that cannot be played), offline; the end is checked in test_seat_end.py and
the phone in test_seat_phone.py. The counts are printed."""
from __future__ import annotations

import random

from tests.support.bots import move, open_table
from tests.web.conftest import play_url
from tests.web.test_accessibility import axe_script  # noqa: F401  (the fixture)

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def violations(page, script, where: str) -> list[str]:
    """Every violation of the WCAG A/AA rules (all impacts), as lines; printed as a count."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(script))  # the `page` fixture's context bypasses the CSP
    found = page.evaluate("""async (tags) => {
        const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
        return result.violations.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    }""", TAGS)
    print(f"axe (WCAG 2.0/2.1/2.2 A+AA) on {where}: {len(found)} violations")
    return found


def test_the_lobby_in_every_phase(page, site, axe_script):  # noqa: F811
    site.client.post("/v1/games", json={"ruleset": "prohibition", "seats": 2})
    site.client.post("/v1/tournaments", json={"name": "Axe Cup", "ruleset": "bootleggers", "rounds": 1})
    page.goto(f"{site.base}/")
    page.wait_for_selector("body[data-ready=true] #games tr[data-game]")
    assert violations(page, axe_script, "the lobby") == []
    game_id = page.get_attribute("#games tr[data-game]", "data-game")
    page.fill(f"form.join[data-game='{game_id}'] input", "Ada")
    page.click(f"form.join[data-game='{game_id}'] button")
    page.wait_for_selector("#joined:not([hidden])")
    assert violations(page, axe_script, "the lobby, a player who joined") == []
    page.fill("#host-name", "Bix")
    page.fill("#bots", "1")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#host:not([hidden]) #host-seats li")
    assert violations(page, axe_script, "the lobby, the host's game") == []


def test_a_seats_page_before_the_start_and_offline(page, site, axe_script):  # noqa: F811
    made = site.client.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3}).get_json()
    token = site.client.post(f"/v1/games/{made['game_id']}/seats", json={"name": "Ada"}).get_json()["player_token"]
    page.goto(f"{site.base}/play/{made['game_id']}#token={token}")
    page.wait_for_selector("body[data-ready=true][data-status=lobby]")
    assert violations(page, axe_script, "a seat before the start") == []
    page.context.set_offline(True)
    page.wait_for_selector("body[data-link=offline] #turn[data-state=offline]")
    assert violations(page, axe_script, "a seat, offline") == []
    page.context.set_offline(False)


def test_a_seats_page_at_play_in_every_ruleset(page, site, axe_script):  # noqa: F811
    for ruleset, seats, moves in (("bootleggers", 3, 30), ("prohibition", 2, 12), ("booze_baron", 3, 8)):
        table = open_table(site.client, seats, {"rounds": 8} if ruleset == "bootleggers" else {}, ruleset=ruleset)
        rng = random.Random(2)
        for _ in range(moves):
            move(table, rng)
        seat = table.state()["waiting_for"][0]
        page.goto(play_url(site, table.game_id, table.tokens[seat]))
        page.wait_for_selector("body[data-ready=true][data-awaited=true] #controls button")
        page.click("#legend summary")
        assert violations(page, axe_script, f"a {ruleset} seat at play") == []
