"""The viewer's status line names the winner the way the ruleset has one:
a Booze Baron Mob is "the Beer mob", not "seat beer"; Mobs or Mobsters sharing the win are all
named; a seat is its player's name."""
from __future__ import annotations

import random

from tests.support.bots import open_table, play
from tests.web.conftest import screenshot
from tests.web.test_board import api_state, open_viewer, wait_version


def status_of(page, site, table) -> str:
    state = api_state(site, table)
    open_viewer(page, site, table, table.organizer)
    wait_version(page, state["version"])
    return page.text_content("#status")


def test_a_booze_baron_winner_is_a_mob(page, site):
    table = open_table(site.client, 4, ruleset="booze_baron", names=["Ada", "Bix", "Cora", "Dee"])
    final = play(table, random.Random(11))
    status = status_of(page, site, table)
    won = final["result"]["winners"]
    assert "seat " not in status, status
    if len(won) == 1:
        assert f"winner: the {won[0].title()} mob" in status, status
    else:
        mobs = [m.title() for m in won]
        assert f"shared win: the {', '.join(mobs[:-1])} and {mobs[-1]} mobs" in status, status
    screenshot(page, "viewer-booze-baron-finished")


def test_mobsters_level_on_bankrolls_share_the_win(page, site):
    """Both roll 9 Bankrolls to start and only end their turns: level at the round limit."""
    dice = random.Random(28)
    script = {"mode": "scripted", "dice": [3, 3, 3, 3, 3, 3, 6, 1] + [dice.randint(1, 6) for _ in range(700)]}
    table = open_table(site.client, 2, {"rng": script}, names=["Eliot Ness", "Nucky"], ruleset="prohibition")
    while (state := table.state())["status"] == "running":
        (awaited,) = state["waiting_for"]
        assert table.send(awaited, {"type": "end_turn"}, version=state["version"]).status_code == 201
    assert "shared win: Eliot Ness, Nucky" in status_of(page, site, table)


def test_a_bootleggers_winner_is_named(page, site, finished):
    state = api_state(site, finished)
    name = next(p["name"] for p in state["players"] if p["seat"] == state["winner"])
    assert f"winner: {name}" in status_of(page, site, finished)
