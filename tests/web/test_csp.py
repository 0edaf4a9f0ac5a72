"""Every page for people works under the server's Content-Security-Policy (no inline script,
no eval, nothing from another origin): loaded in Chromium with the policy enforced, none
throws or reports a violation while it draws."""
from __future__ import annotations

from tests.support.bots import bearer, open_table


def test_the_viewer_the_docs_and_the_tournament_desk_run_under_the_csp(site, strict_page):
    table = open_table(site.client, 3, {"rounds": 8})
    strict_page.goto(site.viewer(table.game_id, table.organizer))
    strict_page.wait_for_selector("[data-version]", timeout=15000)
    strict_page.goto(f"{site.base}/docs")
    strict_page.wait_for_selector(".swagger-ui", timeout=15000)
    made = site.client.post("/v1/tournaments", json={"name": "CSP Cup", "ruleset": "bootleggers", "rounds": 1})
    tid, org = made.get_json()["tournament_id"], made.get_json()["organizer_token"]
    site.client.post(f"/v1/tournaments/{tid}/entrants", json={"name": "Ada"}, headers=bearer(org))
    strict_page.goto(f"{site.base}/viewer/tournaments/{tid}#token={org}")
    strict_page.wait_for_selector("table", timeout=15000)
    assert strict_page.title()


def test_the_lobby_and_a_seats_page_run_under_the_csp(site, strict_page):
    """The lobby lists and creates; the seat's page draws its board and controls and sends a
    command — all with the policy enforced (no inline script, no eval, no inline handler)."""
    strict_page.goto(f"{site.base}/")
    strict_page.wait_for_selector("body[data-ready=true]")
    strict_page.fill("#host-name", "Ada")
    strict_page.click("#create-form button[type=submit]")
    strict_page.wait_for_selector("#host:not([hidden])")
    table = open_table(site.client, 3, {"rounds": 8})
    for ruleset in ("prohibition", "booze_baron"):
        other = open_table(site.client, 3, ruleset=ruleset)
        seat = other.state()["waiting_for"][0]
        strict_page.goto(f"{site.base}/play/{other.game_id}#token={other.tokens[seat]}")
        strict_page.wait_for_selector("body[data-ready=true] #board-svg")
    strict_page.goto(f"{site.base}/play/{table.game_id}#token={table.tokens[1]}")
    strict_page.wait_for_selector("body[data-ready=true][data-awaited=true] #controls button[data-command]")
    strict_page.locator("#controls section[data-action=bid] button").first.click()
    strict_page.wait_for_selector("body[data-awaited=false]")
    assert table.state()["players"][0]["has_bid"]
    strict_page.goto(f"{site.base}/viewer/nope", wait_until="load")
    assert strict_page.text_content("h1") == "No such game"
