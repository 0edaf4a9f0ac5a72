"""The organizer never loses the game in the lobby: following its own invitation keeps the
host's link (#host=…&token=…), in this tab and across a reload; and an organizer who lost the
page opens the game again with its organizer token and starts it from there."""
from __future__ import annotations

from tests.support.bots import bearer
from tests.web.helpers import api_state


def test_the_hosts_link_survives_its_own_invitation(page, site):
    page.goto(f"{site.base}/")
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#host-name", "Ada")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#host:not([hidden]) #host-seats li")
    game_id = page.text_content("#host-id")
    hosted = page.url
    assert f"#host={game_id}&token=" in hosted
    # The invitation opens in a tab of its own: the host's page keeps its place.
    with page.context.expect_page() as opened:
        page.click("#host-links a:has-text('Invite players')")
    invited = opened.value
    invited.wait_for_selector(f"body[data-ready=true] form.join[data-game='{game_id}']")
    assert invited.evaluate("document.activeElement.closest('form')?.dataset.game") == game_id
    invited.fill(f"form.join[data-game='{game_id}'] input", "Bix")
    invited.click(f"form.join[data-game='{game_id}'] button")
    invited.wait_for_selector("#joined:not([hidden])")
    assert page.url == hosted
    # An invitation followed in the host's own tab is answered, and the host's link put back.
    page.evaluate("gameId => { location.hash = '#join=' + gameId; }", game_id)
    page.wait_for_function("() => location.hash.startsWith('#host=')")
    assert page.url == hosted and page.is_visible("#host")
    page.reload()
    page.wait_for_selector("#host:not([hidden]) #host-seats li:nth-child(2)")
    assert page.eval_on_selector_all("#host-seats li", "ls => ls.map(l => l.textContent)") == ["Ada", "Bix"]
    assert page.is_visible("#start")


def test_the_organizer_opens_the_game_again_with_its_token_and_starts_it(page, site):
    made = site.client.post("/v1/games", json={"ruleset": "booze_baron", "seats": 3}).get_json()
    game_id, organizer = made["game_id"], made["organizer_token"]
    for name in ("Ada", "Bix", "Cora"):
        assert site.client.post(f"/v1/games/{game_id}/seats", json={"name": name}).status_code == 201
    page.goto(f"{site.base}/")
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#reopen-id", game_id)
    page.fill("#reopen-token", "not the token")
    page.click("#reopen-form button")
    page.wait_for_selector("#reopen-refusal:not(:empty)")
    assert page.is_hidden("#host")
    page.fill("#reopen-token", organizer)
    page.click("#reopen-form button")
    page.wait_for_selector("#host:not([hidden]) #start:not([disabled])")
    assert page.evaluate("document.activeElement.id") == "host-title"
    assert f"#host={game_id}&token=" in page.url
    page.click("#start")
    page.wait_for_selector("#host[data-status=running]")
    assert api_state(site.client, game_id, organizer)["status"] == "running"
    assert site.client.get(f"/v1/games/{game_id}", headers=bearer(organizer)).get_json()["round"] == 1
