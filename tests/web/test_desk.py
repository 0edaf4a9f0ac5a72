"""The desk's rough edges, each gone: links to a version (`#at=N&as=…`), log
lines and a dispute's version that go there, messages that survive the live redraws (a
replaced player's new token, "Your dispute is filed."), a refused perspective that clears the
board, disputes a reader may not see said to be so."""
from __future__ import annotations

import random

from tests.support.bots import bearer, open_table
from tests.web.conftest import play_some, screenshot
from tests.web.helpers import api_state


def desk(site, game_id: str, fragment: str) -> str:
    return f"{site.base}/viewer/{game_id}#{fragment}"


def slider_at(page) -> int:
    return int(page.input_value("#slider"))


def test_a_link_opens_a_version_as_a_seat_and_log_lines_go_there(page, site, finished):
    page.goto(desk(site, finished.game_id, f"token={finished.organizer}&at=40&as=seat:2"))
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_selector("#board-svg[data-version='40']")
    assert slider_at(page) == 40 and page.input_value("#perspective") == "seat:2"
    then = api_state(site.client, finished.game_id + "?at=40&as=seat:2", finished.organizer)
    assert page.text_content("g.player[data-seat='2'] text.hand") == "hand: " + " ".join(map(str, then["players"][1]["muscle_hand"]))
    assert page.get_attribute("g.player[data-seat='1'] text.hand", "data-hidden") == "true"
    # A log line is a link to its version; the fragment follows (the token stays in it).
    line = page.locator("#log li[data-version='60'] button")
    line.click()
    page.wait_for_selector("#board-svg[data-version='60']")
    fragment = page.evaluate("location.hash")
    assert "at=60" in fragment and "as=seat%3A2" in fragment and f"token={finished.organizer}" in fragment
    assert page.get_attribute("#log li.current", "data-version") == "60"
    page.keyboard.press("Shift+Tab")  # the log is reachable without a mouse
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#board-svg').dataset.version !== '60'")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert slider_at(page) < 60 and page.input_value("#perspective") == "seat:2"
    screenshot(page, "viewer-deep-link")


def test_a_refused_perspective_clears_the_board(page, site):
    table = open_table(site.client, 3, {"rounds": 8})
    assert table.send(1, {"type": "bid", "card": api_state(site.client, table.game_id, table.tokens[1])["players"][0]["muscle_hand"][0]}).status_code == 201
    page.goto(desk(site, table.game_id, f"token={table.organizer}"))
    page.wait_for_selector("body[data-ready=true] #board-svg")
    assert page.locator("g.player text.hand[data-hidden=false]").count() == 3  # the organizer sees every hand
    page.select_option("#perspective", "seat:2")
    page.wait_for_selector("#board .hidden-view[data-refused=hidden]")
    assert page.locator("#board-svg").count() == 0 and page.locator("g.player").count() == 0
    refused = site.client.get(f"/v1/games/{table.game_id}?as=seat:2", headers=bearer(table.organizer))
    assert refused.status_code == 409
    assert refused.get_json()["detail"] in page.text_content("#board")
    assert page.text_content("#status") == "" and page.text_content("#raw-state") == ""
    screenshot(page, "viewer-refused-perspective")


def test_a_spectator_and_a_seat_are_told_what_disputes_they_may_read(page, site):
    table = open_table(site.client, 3, {"rounds": 8})
    page.goto(desk(site, table.game_id, ""))
    page.wait_for_selector("body[data-ready=true]")
    text = page.text_content("#disputes")
    assert "No dispute filed" not in text and "A spectator cannot see them yet" in text
    page.goto("about:blank")
    page.goto(desk(site, table.game_id, f"token={table.tokens[3]}"))
    page.wait_for_selector("body[data-ready=true]")
    assert page.text_content("#disputes").startswith("You have filed no dispute.")
    assert "everyone reads them all" not in page.text_content("#disputes")


def test_after_the_end_a_spectator_reads_that_a_disputes_words_are_private(page, site, finished):
    """Disputes' words are sealed (their filer and the organizer read them, also after the
    end): a spectator sees the dispute and its decision, and "text private" where the words were."""
    filed = site.client.post(f"/v1/games/{finished.game_id}/commands", headers=bearer(finished.tokens[2]),
                             json={"type": "dispute", "version": 3, "text": "My bid was misread."})
    assert filed.status_code == 201, filed.get_data(as_text=True)
    page.goto(desk(site, finished.game_id, ""))
    page.wait_for_selector("body[data-ready=true] #disputes li[data-dispute]")
    text = page.text_content("#disputes")
    assert "null" not in text and "My bid was misread." not in text and "text private" in text, text


def test_messages_survive_the_live_redraws(page, site):
    table = open_table(site.client, 3, {"rounds": 8})
    play_some(table, 8, random.Random(21))
    page.goto(desk(site, table.game_id, f"token={table.tokens[2]}"))
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#dispute-version", "5")
    page.fill("#dispute-text", "My bid was misread.")
    page.click("#dispute-form button")
    page.wait_for_selector("#messages li[data-key=dispute-filed]")
    # The dispute's version is a link to it.
    page.click("#disputes li[data-dispute] button.version-link")
    page.wait_for_selector("#board-svg[data-version='5']")
    page.click("#last")
    page.check("#follow")
    play_some(table, 6, random.Random(22))
    version = api_state(site.client, table.game_id, table.organizer)["version"]
    page.wait_for_selector(f"#board-svg[data-version='{version}']")
    assert page.text_content("#messages li[data-key=dispute-filed]").startswith("Your dispute is filed.")

    # The organizer replaces seat 2's player: the new token, shown once, outlives the redraws.
    page.goto("about:blank")
    page.goto(desk(site, table.game_id, f"token={table.organizer}"))
    page.wait_for_selector("body[data-ready=true] #disputes form.resolve")
    page.select_option("#disputes form.resolve select[name=decision]", "upheld")
    page.select_option("#disputes form.resolve select[name=ruling]", "replace_player:2")
    page.fill("#disputes form.resolve input[name=text]", "A new player takes seat 2.")
    page.click("#disputes form.resolve button")
    page.wait_for_selector("#messages li[data-key='token-2'] input")
    token = page.input_value("#messages li[data-key='token-2'] input")
    for seat in (1, 3):
        legal = site.client.get(f"/v1/games/{table.game_id}/legal-actions", headers=bearer(table.tokens[seat])).get_json()
        examples = [e for a in legal["actions"] if a["type"] == "say" for e in a["examples"]]
        assert site.client.post(f"/v1/games/{table.game_id}/commands", headers=bearer(table.tokens[seat]),
                                json=examples[0]).status_code == 201
    version = api_state(site.client, table.game_id, table.organizer)["version"]
    page.wait_for_selector(f"#board-svg[data-version='{version}']")
    assert page.input_value("#messages li[data-key='token-2'] input") == token
    seat_two = site.client.get(f"/v1/games/{table.game_id}", headers=bearer(token)).get_json()
    assert seat_two["viewer"] == {"kind": "seat", "seat": 2}
    screenshot(page, "viewer-new-token-kept")
    page.click("#messages li[data-key='token-2'] button.close")
    assert page.locator("#messages li[data-key='token-2']").count() == 0
