"""Driving the pages as a person would: find the control whose `data-command` is the command
(docs/api.md's testability convention), click it or reach it with the keyboard, and wait for the
page to show a version."""
from __future__ import annotations

import json

from tests.support.bots import bearer

FOLLOW = 15000  # ms a page may take to show what the stream told it


def commands(page, scope: str = "body") -> list[dict]:
    """Every command the page offers now (the bodies its controls carry), in page order."""
    return [json.loads(c) for c in page.eval_on_selector_all(
        f"{scope} [data-command]", "ns => ns.filter(n => !n.disabled && n.offsetParent !== null).map(n => n.dataset.command)")]


def locate(page, body: dict, scope: str = "body"):
    """The visible, enabled control that sends exactly `body` (JSON equality, key order aside)."""
    offered = page.eval_on_selector_all(f"{scope} [data-command]",
                                        "ns => ns.map(n => [n.dataset.command, !n.disabled && n.offsetParent !== null])")
    for index, (sent, usable) in enumerate(offered):
        if usable and json.loads(sent) == body:
            return page.locator(f"{scope} [data-command]").nth(index)
    raise AssertionError(f"no control sends {body}; the page offers {commands(page, scope)}")


def click(page, body: dict, scope: str = "body") -> None:
    locate(page, body, scope).click()


def press(page, body: dict, tabs: int = 120) -> None:
    """Reach the control that sends `body` with Tab alone, and press Enter: keyboard-only play."""
    want = json.dumps(body, sort_keys=True)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(tabs):
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement && document.activeElement.dataset.command || null")
        if focused and json.dumps(json.loads(focused), sort_keys=True) == want:
            page.keyboard.press("Enter")
            return
    raise AssertionError(f"{body} is not reachable with Tab")


def shows(page, version: int, timeout: int = FOLLOW) -> None:
    page.wait_for_selector(f"body[data-version='{version}']", timeout=timeout)


def api_state(client, game_id: str, token: str) -> dict:
    r = client.get(f"/v1/games/{game_id}", headers=bearer(token))
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()


def api_legal(client, game_id: str, token: str) -> dict:
    r = client.get(f"/v1/games/{game_id}/legal-actions", headers=bearer(token))
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()
