"""axe-core (pinned in tests/web/axe/package-lock.json, installed by `npm ci` there when
missing; tests only, never served) finds no serious or critical violation on the lobby, a seat's
page and the desk, each with content on it (lists, a board, controls, deals, a log). Skipped,
saying so, on a machine without npm (.ci/run installs it)."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from tests.support import npm
from tests.support.bots import move, open_table
from tests.web.conftest import play_url

AXE = Path(__file__).resolve().parent / "axe"
SCRIPT = AXE / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="module")
def axe_script() -> Path:
    if shutil.which("npm") is None and not SCRIPT.exists():
        pytest.skip("no npm on this machine (apt-get install nodejs npm; .ci/run does it): the axe-core check is skipped")
    if not SCRIPT.exists():
        npm.installed(AXE)
    return SCRIPT


def serious(page, axe_script: Path) -> list[str]:
    page.add_script_tag(path=str(axe_script))  # the `page` fixture's context bypasses the CSP
    found = page.evaluate("""async () => {
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`);
    }""")
    return found


def test_the_lobby_has_no_serious_violation(page, site, axe_script):
    site.client.post("/v1/games", json={"ruleset": "booze_baron", "seats": 4})
    site.client.post("/v1/tournaments", json={"name": "Axe Cup", "ruleset": "bootleggers", "rounds": 1})
    page.goto(f"{site.base}/")
    page.wait_for_selector("body[data-ready=true] #games tr[data-game]")
    assert serious(page, axe_script) == []


def test_a_seats_page_has_no_serious_violation(page, site, axe_script):
    table = open_table(site.client, 3, {"rounds": 8})
    rng = random.Random(2)
    for _ in range(30):  # to a step with deals and controls on the page
        move(table, rng)
    seat = table.state()["waiting_for"][0]
    page.goto(play_url(site, table.game_id, table.tokens[seat]))
    page.wait_for_selector("body[data-ready=true][data-awaited=true] #controls button")
    assert serious(page, axe_script) == []


def test_the_desk_has_no_serious_violation(page, site, finished, axe_script):
    page.goto(f"{site.base}/viewer/{finished.game_id}#token={finished.organizer}")
    page.wait_for_selector("body[data-ready=true] #log li[data-version]")
    assert serious(page, axe_script) == []


@pytest.mark.parametrize("ruleset", ["prohibition", "booze_baron"])
def test_the_other_boards_have_no_serious_violation(page, site, axe_script, ruleset):
    table = open_table(site.client, 3, ruleset=ruleset)
    page.goto(play_url(site, table.game_id, table.tokens[table.state()["waiting_for"][0]]))
    page.wait_for_selector("body[data-ready=true] #board-svg")
    assert serious(page, axe_script) == []
