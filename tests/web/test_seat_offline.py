"""A seat's page never lies about its connection (/play/{id}): the browser goes offline
(Playwright's `set_offline`) for 1 to 10 s while the game moves on without it — at a turn that
comes to the seat, at a Thug-card window, at Booze Baron's sealed Locations — and within 2 s of
the network's return the page shows exactly the moves the server lists, at the server's version,
having said "offline — reconnecting" meanwhile. A move clicked while offline is said to be not
sent beside its control and sent again once the network is back (played once), or, when the
game moved on meanwhile, said to be not played. The seconds each page took are printed."""
from __future__ import annotations

import json
import time

from tests.support.bots import bearer, open_table
from tests.web.helpers import api_legal, api_state, click, shows
from tests.web.test_play import NAMES, choose, scripted_options, wait_moved

RIGHT_MOVES_MS = 2000  # the page must show the server's moves this soon after reconnecting

SHOWS = """([version, moves]) => document.body.dataset.link === 'live' && document.body.dataset.version === version
  && document.body.dataset.legalVersion === version
  && JSON.stringify([...document.querySelectorAll('#controls [data-command]')].map((n) => JSON.parse(n.dataset.command))) === moves"""


def listed_moves(site, table, seat: int) -> tuple[str, str]:
    """The server's version and the moves a page of `seat` must offer (its examples, talk and
    deals aside, which other panels draw), as the page's predicate compares them."""
    legal = api_legal(site.client, table.game_id, table.tokens[seat])
    moves = [e for a in legal["actions"] if a["type"] not in ("say", "propose_deal", "accept_deal", "reject_deal",
                                                               "withdraw_deal") for e in a["examples"]]
    return str(legal["version"]), json.dumps(moves, separators=(",", ":"), ensure_ascii=False)


def cut(page, seconds: float, meanwhile) -> None:
    """Offline for `seconds` (the scenario's length, not a wait for the page): the page says so,
    and `meanwhile()` moves the game on through the API."""
    started = time.monotonic()
    page.context.set_offline(True)
    page.wait_for_selector("body[data-link=offline]", timeout=5000)
    meanwhile()
    left = seconds - (time.monotonic() - started)
    if left > 0:
        time.sleep(left)  # the drop's length itself
    assert page.get_attribute("body", "data-link") == "offline"
    assert page.text_content("#link").startswith("offline")


def back(page, site, table, seat: int, what: str, seconds: float) -> float:
    """Online again: seconds until the page shows the server's moves (at most RIGHT_MOVES_MS)."""
    version, moves = listed_moves(site, table, seat)
    page.context.set_offline(False)
    started = time.monotonic()
    page.wait_for_function(SHOWS, arg=[version, moves], timeout=RIGHT_MOVES_MS)
    took = time.monotonic() - started
    print(f"offline {seconds:>4} s at {what}: the right moves {took:.2f} s after reconnecting")
    return took


def api_move(site, table, seat: int) -> None:
    """`seat` plays the round's script (tests/web/test_play.py) through the API."""
    state = api_state(site.client, table.game_id, table.organizer)
    body = choose(state["step"], seat, api_legal(site.client, table.game_id, table.tokens[seat]), state, True)
    assert table.send(seat, body).status_code == 201, body


def test_the_page_reads_again_after_a_drop_and_shows_the_right_moves(page, site):
    table = open_table(site.client, 3, scripted_options(), names=NAMES)
    page.goto(f"{site.base}/play/{table.game_id}#token={table.tokens[2]}")
    page.wait_for_selector("body[data-ready=true][data-awaited=true] #controls button")

    # 1 s at the bid: everyone bids (seat 2 from another device), seat 1 takes its offer, and
    # the turn comes to seat 2 while its page is offline.
    def bids_and_first_offer():
        for seat in (1, 3, 2):
            api_move(site, table, seat)
        api_move(site, table, 1)
    cut(page, 1, bids_and_first_offer)
    assert api_legal(site.client, table.game_id, table.tokens[2])["awaited"]
    back(page, site, table, 2, "the offers (the turn came meanwhile)", 1)
    assert page.text_content("#turn").startswith("Your turn")

    # 3.5 s at the offers: seats 2 and 3 choose (from elsewhere); the Thug-card window opens.
    cut(page, 3.5, lambda: (api_move(site, table, 2), api_move(site, table, 3)))
    state = api_state(site.client, table.game_id, table.organizer)
    assert state["step"] != "choose_offer", state["step"]
    back(page, site, table, 2, f"a {state['step'].replace('_', ' ')} step", 3.5)


def test_a_move_sent_offline_is_said_and_sent_again_once_the_network_is_back(page, site):
    table = open_table(site.client, 3, scripted_options(), names=NAMES)
    page.goto(f"{site.base}/play/{table.game_id}#token={table.tokens[2]}")
    page.wait_for_selector("body[data-ready=true][data-awaited=true] #controls button")
    card = max(api_legal(site.client, table.game_id, table.tokens[2])["actions"][0]["params"]["card"]["choices"])
    before = api_state(site.client, table.game_id, table.organizer)["version"]
    page.context.set_offline(True)
    click(page, {"type": "bid", "card": card})
    refusal = page.locator("#controls section[data-action=bid] .refusal[data-code=unreachable]")
    refusal.wait_for()
    assert refusal.text_content().startswith("Not sent yet")
    assert api_state(site.client, table.game_id, table.organizer)["version"] == before  # nothing arrived
    page.context.set_offline(False)
    version = wait_moved(site, table, before)
    assert api_state(site.client, table.game_id, table.tokens[2])["players"][1]["has_bid"]
    page.wait_for_selector("#messages li:has-text('Sent once the connection was back')")
    shows(page, version)
    events = site.client.get(f"/v1/games/{table.game_id}/events?after={before}", headers=bearer(table.organizer)).get_json()
    assert [e["type"] for e in events["events"]].count("bid_placed") == 1  # played once

    # A move decided before a drop is not played once the game has moved on meanwhile.
    api_move(site, table, 1)
    api_move(site, table, 3)  # the bids are revealed: seat 1 chooses first, then seat 2
    api_move(site, table, 1)
    shows(page, api_state(site.client, table.game_id, table.organizer)["version"])
    page.wait_for_selector("body[data-awaited=true] #controls section[data-action=take_offer] button")
    offer = json.loads(page.locator("#controls section[data-action=take_offer] button").first.get_attribute("data-command"))
    page.context.set_offline(True)
    click(page, offer)
    page.wait_for_selector("#controls .refusal[data-code=unreachable]")
    said = table.send(2, {"type": "say", "text": "the game moves on without you"})
    assert said.status_code == 201
    moved = said.get_json()["version"]
    page.context.set_offline(False)
    page.wait_for_selector("#messages li:has-text('Not played: the game moved on')")
    shows(page, moved)
    assert api_legal(site.client, table.game_id, table.tokens[2])["awaited"]  # still seat 2's to choose


def test_a_sealed_choice_made_elsewhere_while_offline_for_ten_seconds(page, site):
    table = open_table(site.client, 3, names=NAMES, ruleset="booze_baron")
    state = api_state(site.client, table.game_id, table.organizer)
    assert state["step"] == "move"
    page.goto(f"{site.base}/play/{table.game_id}#token={table.tokens[3]}")
    page.wait_for_selector("body[data-ready=true][data-awaited=true] #controls button")

    def everyone_chooses():
        for seat in (1, 2, 3):
            legal = api_legal(site.client, table.game_id, table.tokens[seat])
            assert table.send(seat, legal["actions"][0]["examples"][seat % 2]).status_code == 201
    cut(page, 10, everyone_chooses)
    assert api_state(site.client, table.game_id, table.organizer)["step"] != "move"
    back(page, site, table, 3, "Booze Baron's sealed Locations (revealed meanwhile)", 10)
