"""A seat's page beyond its moves (/play/{id}): the clock counts down, a sealed bid never
reaches another seat's page, a proposal is rejected by the other seat and another withdrawn
by its proposer (each by a click), table talk arrives live, and a filed dispute is said to be
filed and stays said while the page redraws."""
from __future__ import annotations

import json
import re
import time

from tests.support.bots import bearer, open_table
from tests.web.conftest import play_url
from tests.web.helpers import api_legal, api_state, click, shows
from tests.web.test_play import NAMES, choose, propose, scripted_options, wait_moved


def open_seat(browser, site, table, seat: int, seen: list[dict] | None = None):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1360, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    if seen is not None:  # every state answer this page was given
        def keep(response):  # type: ignore[no-untyped-def]
            if re.search(rf"/v1/games/{table.game_id}(\?|$)", response.url) and response.status == 200:
                seen.append(json.loads(response.text()))
        page.on("response", keep)
    page.goto(play_url(site, table.game_id, table.tokens[seat]))
    page.wait_for_selector("body[data-ready=true] #board-svg")
    return context, page, errors


def play_until(site, table, step: str) -> None:
    """The round's script (tests/web/test_play.py) through the API, up to `step`."""
    for _ in range(100):
        state = api_state(site.client, table.game_id, table.organizer)
        if state["step"] == step:
            return
        seat = state["waiting_for"][0]
        body = choose(state["step"], seat, api_legal(site.client, table.game_id, table.tokens[seat]), state, True)
        assert table.send(seat, body).status_code == 201, body
    raise AssertionError(f"never reached {step}")


def deal_ids(site, table) -> list[str]:
    return [d["deal"] for d in api_state(site.client, table.game_id, table.organizer).get("deals") or []]


def test_clock_sealed_bids_deals_talk_and_disputes(browser, site):
    options = {**scripted_options(), "deadlines": {"default": 600}}
    table = open_table(site.client, 3, options, names=NAMES)
    seen: list[dict] = []
    first, one, errors_one = open_seat(browser, site, table, 1)
    second, two, errors_two = open_seat(browser, site, table, 2, seen)
    try:
        # The clock counts down to the state's deadline.
        two.wait_for_selector("#clock[data-left]:not([data-left=''])")
        left = int(two.get_attribute("#clock", "data-left"))
        assert 590 <= left <= 600 and re.match(r"\d+:\d\d left for ", two.text_content("#clock"))
        two.wait_for_function("v => +document.getElementById('clock').dataset.left < v", arg=left, timeout=5000)

        # Seat 1's sealed bid: its own page knows the card, seat 2's page never receives it.
        card = max(api_legal(site.client, table.game_id, table.tokens[1])["actions"][0]["params"]["card"]["choices"])
        before = api_state(site.client, table.game_id, table.organizer)["version"]
        click(one, {"type": "bid", "card": card})
        version = wait_moved(site, table, before)
        assert api_state(site.client, table.game_id, table.tokens[1])["players"][0]["bid"] == card  # its own
        shows(two, version)
        assert len(seen) >= 2 and all(s["players"][0].get("bid") is None for s in seen), [s["players"][0] for s in seen]
        assert str(card) not in two.inner_text("#board")

        # A proposal the other seat rejects, then one its proposer withdraws: clicks only.
        play_until(site, table, "deals")
        shows(one, api_state(site.client, table.game_id, table.organizer)["version"])
        propose(one, 2, 1, 0, "first offer")
        one.wait_for_selector("#deals li[data-deal]")
        [deal] = deal_ids(site, table)
        two.wait_for_selector(f"#deals li[data-deal='{deal}'] button")
        click(two, {"type": "reject_deal", "deal": deal})
        one.wait_for_selector(f"#deals li[data-deal='{deal}']", state="detached")
        assert deal_ids(site, table) == []
        one.wait_for_selector("#deals form.propose")
        propose(one, 2, 2, 0, "second offer")
        one.wait_for_selector("#deals li[data-deal]")
        [again] = deal_ids(site, table)
        click(one, {"type": "withdraw_deal", "deal": again})
        two.wait_for_selector(f"#deals li[data-deal='{again}']", state="detached")
        assert deal_ids(site, table) == []

        # Table talk, live on the other seat's page.
        one.fill("#talk-text", "Ψ to the docks at midnight")
        one.click("#talk-form button")
        two.wait_for_selector("#talk li:has-text('Ψ to the docks at midnight')")
        assert two.text_content("#talk li:last-child b") == "Ada: "

        # A dispute: filed, said so, and still said after the next events redraw the page.
        now = api_state(site.client, table.game_id, table.organizer)["version"]
        two.fill("#dispute-version", str(now))
        two.fill("#dispute-text", "the truck should not have moved")
        two.click("#dispute-form button")
        two.wait_for_selector("#messages li:has-text('Your dispute is filed.')")
        filed = site.client.get(f"/v1/games/{table.game_id}/disputes", headers=bearer(table.tokens[2])).get_json()
        assert [d["text"] for d in filed["disputes"]] == ["the truck should not have moved"]
        later = table.send(1, {"type": "say", "text": "and again"}).get_json()["version"]
        shows(two, later)
        time.sleep(0.5)
        assert two.is_visible("#messages li:has-text('Your dispute is filed.')")
    finally:
        first.close()
        second.close()
    assert not errors_one and not errors_two, errors_one + errors_two
