"""Replay by moves in the desk: next and previous move (one player's command and all it set
off — not one event), phase and round, buttons named in words and at least 24 × 24 px that
keep the keyboard's focus, and a link to a version that opens there for anyone (`#at=N`, or
`#v=N`) and carries no token."""
from __future__ import annotations

import random

from tests.support.bots import bearer, open_table
from tests.web.conftest import play_some, screenshot

NOT_MOVES = {"said", "dispute_filed"}


def paged(site, table, what: str, key: str) -> list[dict]:
    found, after = [], 0
    while True:
        answer = site.client.get(f"/v1/games/{table.game_id}/{what}?after={after}&limit=500", headers=bearer(table.organizer))
        assert answer.status_code == 200, answer.get_data(as_text=True)
        page = answer.get_json()
        found += page[key]
        if not page[key] or page.get("next_after") is None:
            return found
        after = page["next_after"]


def events_of(site, table) -> list[dict]:
    return paged(site, table, "events", "events")


def moves_of(events: list[dict]) -> list[int]:
    """The version after each move: the last event of each command a seat sent (or the clock
    sent for one), talk and disputes aside."""
    moves, key, last, is_move = [], None, None, False
    for e in events + [{"command_id": "end", "version": None, "actor": {}, "type": ""}]:
        here = e.get("command_id") or f"v{e['version']}"
        if here != key and key is not None and is_move:
            moves.append(last)
        if here != key:
            key, is_move = here, False
        last = e["version"]
        if ((e.get("actor") or {}).get("kind") == "seat" and e["type"] not in NOT_MOVES) or e["type"] == "timed_out":
            is_move = True
    return moves


def log_of(site, table) -> list[dict]:
    return paged(site, table, "log", "entries")


def shown(page) -> int:
    return int(page.get_attribute("#board-svg", "data-version"))


def press_and_wait(page, name: str, version: int) -> None:
    page.get_by_role("button", name=name, exact=True).click()
    page.wait_for_selector(f"#board-svg[data-version='{version}']")


def test_the_desk_steps_by_move_phase_and_round_and_links_a_version(page, site, finished):
    events = events_of(site, finished)
    moves = moves_of(events)
    entries = log_of(site, finished)
    assert len(moves) < len(events) * 0.75, "a move is a command and what it set off, not each event"
    start = moves[10] - 1  # between two moves
    page.goto(f"{site.base}/viewer/{finished.game_id}#token={finished.organizer}&v={start}")
    page.wait_for_selector(f"body[data-ready=true] #board-svg[data-version='{start}']")
    # Every step button: named in words (not a tooltip), at least 24 × 24 CSS px.
    for name in ("First version", "Previous event", "Next event", "Last version", "Previous move", "Next move",
                 "Previous phase", "Next phase", "Previous round", "Next round"):
        button = page.get_by_role("button", name=name, exact=True)
        box = button.bounding_box()
        assert box and box["width"] >= 24 and box["height"] >= 24, (name, box)
        assert button.get_attribute("title") is None
    press_and_wait(page, "Next move", moves[10])
    press_and_wait(page, "Next move", moves[11])
    assert moves[11] - moves[10] >= 1
    page.keyboard.press("Enter")  # the focus stayed on "Next move"
    page.wait_for_selector(f"#board-svg[data-version='{moves[12]}']")
    press_and_wait(page, "Previous move", moves[11])
    press_and_wait(page, "Previous move", moves[10])
    # A command that set off more (a bid that revealed all, a take that paid payroll) is one step.
    long = next(i for i in range(1, len(moves)) if moves[i] - moves[i - 1] > 3)
    page.eval_on_selector("#slider", "(s, v) => { s.value = v; s.dispatchEvent(new Event('input')); }", moves[long - 1])
    page.wait_for_selector(f"#board-svg[data-version='{moves[long - 1]}']")
    press_and_wait(page, "Next move", moves[long])
    # Rounds and phases: where the log's round (or round and phase) changes.
    round_starts = [e["version"] for i, e in enumerate(entries)
                    if e["round"] is not None and (i == 0 or e["round"] != entries[i - 1]["round"])]
    phase_starts = [e["version"] for i, e in enumerate(entries) if e["round"] is not None and
                    (i == 0 or (e["round"], e["phase"]) != (entries[i - 1]["round"], entries[i - 1]["phase"]))]
    here = shown(page)
    next_round = next(v for v in round_starts if v > here)
    press_and_wait(page, "Next round", next_round)
    round_no = next(e["round"] for e in entries if e["version"] == next_round)
    assert f"Version {next_round} of " in page.text_content("#where")
    assert page.locator("#log li.current").get_attribute("data-version") == str(next_round)
    press_and_wait(page, "Next phase", next(v for v in phase_starts if v > next_round))
    press_and_wait(page, "Next move", next(v for v in moves if v > shown(page)))
    press_and_wait(page, "Previous round", next_round)  # inside a round: back to its start
    press_and_wait(page, "Previous round", max(v for v in round_starts if v < next_round))  # at its start: the one before
    assert round_no >= 1
    press_and_wait(page, "Previous phase", max(v for v in phase_starts if v < shown(page)))
    # The link to this version: no token in it; it opens there for anyone.
    at = shown(page)
    link = page.get_attribute("#version-link", "href")
    assert link == f"{site.base}/viewer/{finished.game_id}#at={at}" and "token" not in link
    assert page.text_content("#version-link") == f"Link to version {at}"
    page.click("#version-link")  # opened here, it stays here and the page keeps its token
    page.wait_for_function("location.hash.includes('token=')")
    assert f"at={at}" in page.evaluate("location.hash") and shown(page) == at
    screenshot(page, "viewer-replay-by-moves")
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_selector(f"body[data-ready=true] #board-svg[data-version='{at}']")
    assert page.text_content("#whoami") == "you are a spectator"
    # The last move: "Next move" says there is none, keeps its focus, and the board stays.
    last = moves[-1]
    page.goto("about:blank")
    page.goto(f"{site.base}/viewer/{finished.game_id}#at={last}")
    page.wait_for_selector(f"body[data-ready=true] #board-svg[data-version='{last}']")
    page.get_by_role("button", name="Next move", exact=True).focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('notice').textContent.includes('no later move in this game')")
    assert page.get_attribute("#next-move", "aria-disabled") == "true"
    assert page.evaluate("document.activeElement.id") == "next-move" and shown(page) == last


def test_a_followed_game_steps_back_by_moves_that_arrived_live(page, site):
    table = open_table(site.client, 3, {"rounds": 8})
    play_some(table, 12, random.Random(31))
    page.goto(f"{site.base}/viewer/{table.game_id}#token={table.organizer}")
    page.wait_for_selector("body[data-ready=true] #board-svg")
    assert page.is_checked("#follow")
    moves = moves_of(events_of(site, table))
    latest = table.state()["version"]
    press_and_wait(page, "Previous move", max(v for v in moves if v < latest))
    assert not page.is_checked("#follow")
    page.check("#follow")
    play_some(table, 6, random.Random(32))  # moves the index has not read yet
    latest = table.state()["version"]
    page.wait_for_selector(f"#board-svg[data-version='{latest}']")
    moves = moves_of(events_of(site, table))
    press_and_wait(page, "Previous move", max(v for v in moves if v < latest))
