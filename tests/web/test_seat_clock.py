"""The clock at the seat (/play/{id}): it names only the seats the step still waits for (not
those who have already moved), draws its icon rather than a glyph a font may lack, and when
time is up the move the clock makes for the seat is told — in the log at the table and in the
live region."""
from __future__ import annotations

from service.clock.fire import fire
from tests.support.bots import open_table
from tests.web.conftest import play_url
from tests.web.helpers import api_legal, api_state, shows
from tests.web.test_play import NAMES, choose, scripted_options

HEARD = """window.__heard = [];
document.addEventListener('DOMContentLoaded', () => new MutationObserver((changes) => {
  for (const c of changes) for (const n of c.addedNodes) window.__heard.push(n.textContent); })
  .observe(document.getElementById('announcements'), { childList: true }));"""


def test_the_clock_names_whom_it_waits_for_and_its_move_is_told(page, site):
    table = open_table(site.client, 3, {**scripted_options(), "deadlines": {"bid": 5}}, names=NAMES)
    page.add_init_script(HEARD)
    page.goto(play_url(site, table.game_id, table.tokens[1]))
    page.wait_for_selector("body[data-ready=true] #clock[data-left]:not([data-left=''])")
    assert page.locator("#clock svg").count() == 1 and "⏱" not in page.text_content("#clock")
    assert page.text_content("#clock").endswith("left for you, Bix, Cora")
    for seat in (2, 3):  # the others bid: the clock now runs for this seat alone
        state = api_state(site.client, table.game_id, table.organizer)
        assert table.send(seat, choose("bid", seat, api_legal(site.client, table.game_id, table.tokens[seat]), state, False)).status_code == 201
    shows(page, api_state(site.client, table.game_id, table.organizer)["version"])
    page.wait_for_function("() => !document.getElementById('clock').textContent.includes('Bix')")
    clock = page.text_content("#clock")
    assert clock.endswith("left for you") or clock == "time is up for you: the clock moves next", clock
    page.wait_for_selector("#clock[data-left='0']", timeout=10000)  # the page's own count reached the deadline
    games = site.client.application.extensions["games"]
    fired = fire(games, table.game_id)
    assert fired.outcome == "fired", fired
    shows(page, fired.version)
    page.wait_for_selector(f"#log li[data-version='{fired.version}']")
    told = page.eval_on_selector_all("#log li", "ls => ls.slice(0, 20).map((l) => l.textContent)")
    assert any("Time is up" in line and "Ada" in line for line in told), told
    heard = page.evaluate("window.__heard")
    assert any("Time is up" in line for line in heard), heard
    log = site.client.get(f"/v1/games/{table.game_id}/log?after={fired.step_version}",
                          headers={"Authorization": f"Bearer {table.tokens[1]}"}).get_json()["entries"]
    clock_moves = [e["text"].split(": ", 1)[-1] for e in log if e["actor"].get("kind") == "system" and "Ada" in e["text"]]
    assert clock_moves and all(line in heard for line in clock_moves), (clock_moves, heard)  # each told, as the log tells it
