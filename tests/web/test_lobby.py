"""The lobby (/): a game created with seats for the server's bot and played to its end by one
browser seat (Prohibition, Booze Baron); joining an open game with a name; the lists of open
games and tournaments, a page at a time."""
from __future__ import annotations

import time

import pytest

from tests.support.bots import bearer
from tests.web.conftest import screenshot
from tests.web.helpers import api_state

CLICKS = 400


def create_in_lobby(page, site, ruleset: str, seats: int, name: str, bots: int, seconds: int = 0) -> str:
    page.goto(f"{site.base}/")
    page.wait_for_selector("body[data-ready=true]")
    page.select_option("#ruleset", ruleset)
    page.fill("#seats", str(seats))
    page.fill("#host-name", name)
    page.fill("#bots", str(bots))
    page.fill("#deadline", str(seconds))
    page.select_option("#strategy", "random")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#host:not([hidden]) #start:not([disabled])")
    game_id = page.text_content("#host-id")
    names = page.eval_on_selector_all("#host-seats li", "ls => ls.map(l => [l.textContent, l.dataset.bot])")
    assert names == [[name, "false"]] + [[f"Bot {n} (random)", "true"] for n in range(1, bots + 1)]
    links = page.eval_on_selector_all("#host-links input", "is => is.map(i => i.value)")
    assert any(f"/play/{game_id}#token=" in link for link in links)
    assert f"{site.base}/viewer/{game_id}" in links
    return game_id


def play_and_see_the_end(page, site, game_id: str, bots) -> dict:
    """Play the page's seat to the end (`play_to_the_end`, a few clicks at least); the finished
    state as the seat reads it, once the page shows its last version."""
    assert play_to_the_end(page, site, game_id, bots) > 3
    token = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('token')")
    final = api_state(site.client, game_id, token)
    assert final["status"] == "finished"
    page.wait_for_selector(f"body[data-version='{final['version']}']")
    return final


def play_to_the_end(page, site, game_id: str, bots) -> int:
    """Click the first move the page offers whenever the seat is awaited; the bots do the rest."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # (here: tests/web skip without it)

    clicks = 0
    deadline = time.monotonic() + 150
    move = "body[data-awaited=true] #controls .examples button[data-command]"
    while time.monotonic() < deadline:
        try:
            page.wait_for_selector(f"body[data-status=finished], {move}", timeout=30000)
        except PlaywrightTimeout:
            raise AssertionError(f"neither over nor a move to click: {what_the_page_shows(page, site, game_id)}") from None
        if page.get_attribute("body", "data-status") == "finished":
            return clicks
        version = page.get_attribute("body", "data-version")
        try:  # (a bot's move may end the game while this seat is awaited too: then look again)
            page.locator(move).first.click(timeout=5000)
        except PlaywrightTimeout:
            continue
        clicks += 1
        assert clicks < CLICKS, "the game did not end"
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=30000)
    assert not bots.failures, bots.failures
    raise AssertionError(f"game {game_id} did not end in time after {clicks} clicks")


def what_the_page_shows(page, site, game_id: str) -> dict:
    """The page's version, moves' version, turn and controls beside the record's, for a
    failure's message."""
    token = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('token')")
    legal = site.client.get(f"/v1/games/{game_id}/legal-actions", headers=bearer(token)).get_json()
    return {"page": page.evaluate("({...document.body.dataset})"), "turn": page.text_content("#turn"),
            "controls": page.text_content("#controls"),
            "record": {k: legal.get(k) for k in ("version", "awaited", "step")},
            "moves": [a["type"] for a in legal.get("actions", [])]}


@pytest.mark.parametrize("ruleset, seats", [("prohibition", 2), ("booze_baron", 3)])
def test_a_browser_seat_plays_a_whole_game_against_the_servers_bots(page, site, bots, ruleset, seats):
    game_id = create_in_lobby(page, site, ruleset, seats, "Ada", seats - 1)
    page.click("#start")
    page.wait_for_url(f"**/play/{game_id}#token=*")
    page.wait_for_selector("body[data-ready=true] #board-svg")
    assert page.text_content("#ruleset-title") == {"prohibition": "Prohibition", "booze_baron": "Booze Baron"}[ruleset]
    final = play_and_see_the_end(page, site, game_id, bots)
    token = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('token')")
    assert page.text_content("#turn").startswith("The game is over.")
    if ruleset == "prohibition":
        shown = page.eval_on_selector_all("g.player", "ns => ns.map(n => [+n.dataset.seat, +n.dataset.bankrolls])")
        assert shown == [[p["seat"], p["bankrolls"]] for p in final["players"]]
    else:
        coins = page.eval_on_selector_all("g.player text.coins", "ns => ns.map(n => +n.dataset.coins)")
        assert coins == [final["result"]["coins"][str(p["seat"])] for p in final["players"]]
        mobs = page.eval_on_selector_all("g.player", "ns => ns.map(n => n.dataset.mob)")
        assert mobs == [final["result"]["mobs"][str(p["seat"])] for p in final["players"]]
    events = site.client.get(f"/v1/games/{game_id}/events?limit=1000", headers=bearer(token)).get_json()["events"]
    bot_moves = [e for e in events if (e.get("actor") or {}).get("bot")]
    assert bot_moves, "the server's bot played its seats"
    screenshot(page, f"play-{ruleset}-finished")


def test_join_an_open_game_with_a_name_and_take_the_seat(page, site):
    made = site.client.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3}).get_json()
    game_id = made["game_id"]
    page.goto(f"{site.base}/#join={game_id}")
    page.wait_for_selector("body[data-ready=true]")
    form = page.locator(f"form.join[data-game='{game_id}']")
    assert page.evaluate("document.activeElement.closest('form') && document.activeElement.closest('form').dataset.game") == game_id
    form.locator("input[name=name]").fill("Zoë Ψ")
    form.locator("button").click()
    page.wait_for_selector("#joined:not([hidden])")
    seat_link = page.locator("#joined-links a").first.get_attribute("href")
    assert seat_link.startswith(f"/play/{game_id}#token=")
    state = api_state(site.client, game_id, made["organizer_token"])
    assert [p["name"] for p in state["players"]] == ["Zoë Ψ"]
    screenshot(page, "lobby-joined")
    page.click("#joined-links a >> nth=0")
    page.wait_for_selector("body[data-ready=true]")
    assert "has not started" in page.text_content("#turn")
    assert page.text_content("#whoami") == "Zoë Ψ · seat 1"


def test_the_lists_page_on_and_a_tournament_takes_an_entrant(page, site):
    for _ in range(22):
        assert site.client.post("/v1/games", json={"ruleset": "prohibition", "seats": 2}).status_code == 201
    made = site.client.post("/v1/tournaments", json={"name": "Spring Cup — 春", "ruleset": "bootleggers", "rounds": 1}).get_json()
    page.goto(f"{site.base}/")
    page.wait_for_selector("body[data-ready=true]")
    first = page.locator("#games tbody tr[data-game]").count()
    assert first == 20 and page.is_visible("#games-more")
    page.click("#games-more")
    page.wait_for_function("() => document.querySelectorAll('#games tbody tr[data-game]').length > 20")
    listed = site.client.get("/v1/games?status=lobby&limit=1000").get_json()["games"]
    shown = page.eval_on_selector_all("#games tbody tr[data-game]", "rs => rs.map(r => r.dataset.game)")
    assert shown == [g["game_id"] for g in listed][: len(shown)] and len(shown) == min(40, len(listed))
    row = page.locator(f"#tournaments tr[data-tournament='{made['tournament_id']}']")
    assert "Spring Cup — 春" in row.text_content()
    row.locator("input[name=name]").fill("Ada")
    row.locator("button").click()
    page.wait_for_selector("#messages li input")
    link = page.input_value("#messages li input")
    assert link.startswith(f"{site.base}/viewer/tournaments/{made['tournament_id']}#token=")
    entrants = site.client.get(f"/v1/tournaments/{made['tournament_id']}").get_json()["entrants"]
    assert [e["name"] for e in entrants] == ["Ada"]
    screenshot(page, "lobby")


def test_create_refuses_with_the_servers_words(page, site):
    """What the form cannot check, the server refuses, and the page shows its detail."""
    page.goto(f"{site.base}/")
    page.wait_for_selector("body[data-ready=true]")
    page.eval_on_selector("#seats", "s => { s.removeAttribute('max'); s.value = '7'; }")
    page.click("#create-form button[type=submit]")
    page.wait_for_function("document.getElementById('create-refusal').textContent !== ''")
    said = site.client.post("/v1/games", json={"ruleset": "bootleggers", "seats": 7, "options": {"rounds": 12, "influence": "phase"}})
    assert page.text_content("#create-refusal") == said.get_json()["detail"]


def test_a_game_made_with_a_clock_counts_down_on_the_seats_page(page, site, bots):
    game_id = create_in_lobby(page, site, "bootleggers", 3, "Ada", 2, seconds=300)
    page.click("#start")
    page.wait_for_url(f"**/play/{game_id}#token=*")
    page.wait_for_selector("body[data-ready=true] #clock[data-left]:not([data-left=''])")
    token = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('token')")
    state = api_state(site.client, game_id, token)
    assert state["options"]["deadlines"] == {"default": 300}
    left = int(page.get_attribute("#clock", "data-left"))
    assert 0 < left <= 300 and " left for " in page.text_content("#clock") and page.locator("#clock svg").count() == 1
    page.wait_for_function("v => +document.getElementById('clock').dataset.left < v", arg=left, timeout=5000)
