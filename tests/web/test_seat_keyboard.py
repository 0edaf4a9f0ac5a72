"""Keyboard only, listening, reading (/play/{id}): one seat plays a whole Bootleggers round and a
whole Booze Baron round with Tab and Enter alone while the other seats play through the API.
After each of its moves focus rests on a control of the moves (or the moves' own region), never
on the page's body, so the next move is a few Tabs away; the page's live region (role=log) has
said each other player's move, each reveal and each deal offered to the seat exactly once — the
same sentences as the log, and none of the seat's own moves; and at every kind of step the page
reads in words (tests/web/test_seat_words.py `check_words`), a Hit on the seat's own marker says
so, a held card it cannot play says why, and the log at the table is newest first, another
seat's sealed bid "(sealed)"."""
from __future__ import annotations

import json
import random

from tests.support.bots import bearer, open_table
from tests.web.conftest import play_url
from tests.web.helpers import api_legal, api_state, commands, shows
from tests.web.test_play import NAMES
from tests.web.test_seat_words import check_words, hit_first, pick

MOVES = "#moves"


def canonical(body: dict) -> str:
    return json.dumps(body, sort_keys=True)


def keyboard(page, body: dict, most: int = 60) -> int:
    """From wherever focus is, Tab (or Shift+Tab, when the control comes earlier in the page) to
    the control that sends `body` and press Enter: the key presses it took."""
    want = canonical(body)
    earlier = page.evaluate("""(want) => {
        const target = [...document.querySelectorAll('[data-command]')].find((n) => {
            try { return JSON.stringify(sortKeys(JSON.parse(n.dataset.command))) === want; } catch { return false; } });
        function sortKeys(v) { return v && typeof v === 'object' && !Array.isArray(v)
            ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys(v[k])])) : v; }
        const here = document.activeElement;
        return Boolean(target && here && here !== document.body && (target.compareDocumentPosition(here) & Node.DOCUMENT_POSITION_FOLLOWING));
    }""", json.dumps(body, sort_keys=True, separators=(",", ":")))
    key = "Shift+Tab" if earlier else "Tab"
    for presses in range(most):
        focused = page.evaluate("document.activeElement && document.activeElement.dataset.command || null")
        if focused and canonical(json.loads(focused)) == want:
            page.keyboard.press("Enter")
            return presses
        page.keyboard.press(key)
    raise AssertionError(f"{body} is not reachable with {key} from where focus was")


def focus_is_sensible(page) -> str:
    """Where focus rests once the page shows the game after a move: never the body."""
    where = page.evaluate("""() => { const a = document.activeElement;
        return !a || a === document.body ? 'body' : (a.closest('#moves, #deals, #ending') ? a.closest('#moves, #deals, #ending').id : a.id || a.tagName); }""")
    assert where in ("moves", "deals", "ending"), f"focus went to {where}"
    return where


#: every line the live region is given, as a screen reader hears it (the region keeps its last 30)
LISTEN = """window.__heard = [];
document.addEventListener('DOMContentLoaded', () => {
  new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes)
    if (n.dataset && n.dataset.version) window.__heard.push([n.dataset.version, n.textContent]); })
    .observe(document.getElementById('announcements'), { childList: true });
});"""


def announced(page) -> list[tuple[int, str]]:
    return [(int(v), t) for v, t in page.evaluate("window.__heard")]


def log_after(site, table, seat: int, after: int) -> list[dict]:
    r = site.client.get(f"/v1/games/{table.game_id}/log?after={after}&limit=1000", headers=bearer(table.tokens[seat]))
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()["entries"]


def sentence(entry: dict) -> str:
    """A log entry's text without its heading (as the page reads it)."""
    text, heading = entry["text"], entry.get("heading")
    if heading and text.startswith(f"{heading}: "):
        return text[len(heading) + 2:]
    parts = text.split(": ", 1)
    return parts[1] if len(parts) == 2 and (parts[0].startswith(("Round ", "Setup", "Game over"))) else text


def check_announcements(page, site, table, seat: int, opened: int, quiet) -> list[str]:
    """Each log line after `opened` that is not the seat's own move nor engine bookkeeping was
    said once, in order, as the log's sentence."""
    last = log_after(site, table, seat, opened)[-1]["version"]
    page.wait_for_selector(f"#log li:first-child[data-version='{last}']")  # the page has read the log this far
    said = announced(page)
    versions = [v for v, _ in said]
    assert len(versions) == len(set(versions)), "a line was announced twice"
    expected = [(e["version"], sentence(e)) for e in log_after(site, table, seat, opened)
                if not (e["actor"].get("kind") == "seat" and e["actor"].get("seat") == seat and not e["actor"].get("bot"))
                and not quiet(sentence(e))]
    assert said == expected, (said[-5:], expected[-5:])
    return [t for _, t in said]


def is_quiet(said: str) -> bool:
    """The clock's bookkeeping the page does not read out (announce.js QUIET)."""
    return (" s for " in said and "(until " in said) or said.startswith("The step is done")


def test_a_bootleggers_round_by_keyboard_with_the_table_announced(page, site):
    table = open_table(site.client, 3, hit_first(), names=NAMES)
    page.add_init_script(LISTEN)
    page.goto(play_url(site, table.game_id, table.tokens[1]))
    page.wait_for_selector("body[data-ready=true] #log li")
    page.click("#legend summary")
    assert page.is_visible("#legend dl") and "Controlling" in page.text_content("#legend")
    opened = int(page.get_attribute("body", "data-version"))
    tabs, others, seen, sealed, why, own_hit = [], 0, set(), False, False, False
    for _ in range(150):
        state = api_state(site.client, table.game_id, table.organizer)
        if state["round"] != 1:
            break
        shows(page, state["version"])
        mine = 1 in state["waiting_for"]
        seat = 1 if mine else state["waiting_for"][0]
        legal = api_legal(site.client, table.game_id, table.tokens[seat])
        kinds = (state["step"], mine, tuple(sorted(a["type"] for a in legal["actions"])))
        if kinds not in seen:  # every kind of step, read in words
            seen.add(kinds)
            page.wait_for_selector(f"body[data-legal-version='{state['version']}']")
            check_words(page, f"{state['step']} ({'awaited' if mine else 'waiting'})")
            assert page.text_content("#about"), f"no sentence for {state['step']}"
        hand = page.text_content("#hand [data-fact=thugs]")
        why = why or ("Hit" in hand and "Not now" in hand)
        if mine:
            hits = [e for a in legal["actions"] if a["type"] == "play_thug" for e in a["examples"] if e.get("seat") == 1]
            if hits:
                label = page.text_content(f"#controls [data-command='{json.dumps(hits[0], separators=(',', ':'))}']")
                assert label.startswith("Hit: one of your own markers at "), label
                own_hit = True
            page.wait_for_selector("body[data-awaited=true]")
            body = pick(state["step"], 1, legal, state)
            offered = commands(page, "#play-col")
            assert body in offered, (body, offered)
            presses = keyboard(page, body)
            if tabs:  # after a move, focus starts at the first move: the wanted one is as many Tabs away as it is far down
                assert presses <= offered.index(body) + 1, (state["step"], presses, offered.index(body))
            tabs.append(presses)
            page.wait_for_function("v => +document.body.dataset.version > v", arg=state["version"])
            page.wait_for_function("() => document.activeElement && document.activeElement !== document.body")
            focus_is_sensible(page)
        else:
            assert table.send(seat, pick(state["step"], seat, legal, state)).status_code == 201
            others += 1
            if state["step"] == "bid" and not sealed:  # another seat's sealed bid, in the log at the table
                shows(page, api_state(site.client, table.game_id, table.organizer)["version"])
                page.wait_for_selector("#log li:first-child:has-text('bid (sealed)')")
                sealed = True
    else:
        raise AssertionError("round 1 did not end")
    shows(page, api_state(site.client, table.game_id, table.organizer)["version"])
    said = check_announcements(page, site, table, 1, opened, is_quiet)
    versions = [int(v) for v in page.eval_on_selector_all("#log li", "ls => ls.map((l) => l.dataset.version)")]
    print(f"Bootleggers round by keyboard: {len(tabs)} moves, Tabs per move {tabs}; {others} moves of others; "
          f"{len(said)} lines announced; {len(seen)} kinds of step read in words; a Hit on one's own marker: {own_hit}")
    assert len(tabs) >= 6, tabs
    assert any("Bids revealed" in t for t in said) and any(t.startswith("Bix ") for t in said)
    assert not any(t.startswith("Ada ") and " bid" in t for t in said)  # its own moves are not read back
    assert sealed and why and versions == sorted(versions, reverse=True) and len(versions) > 30


def test_a_booze_baron_round_by_keyboard_with_the_table_announced(page, site):
    table = open_table(site.client, 3, names=NAMES, ruleset="booze_baron")
    page.add_init_script(LISTEN)
    page.goto(play_url(site, table.game_id, table.tokens[1]))
    page.wait_for_selector("body[data-ready=true] #log li")
    opened = int(page.get_attribute("body", "data-version"))
    rng = random.Random(37)
    tabs, talk = [], "Meet me at the docks"
    assert table.send(2, {"type": "say", "text": talk}).status_code == 201
    for _ in range(80):
        state = api_state(site.client, table.game_id, table.organizer)
        if state["round"] != 1 or state["status"] != "running":
            break
        shows(page, state["version"])
        if 1 in state["waiting_for"]:
            page.wait_for_selector("body[data-awaited=true]")
            legal = api_legal(site.client, table.game_id, table.tokens[1])
            page.wait_for_selector(f"body[data-legal-version='{state['version']}']")
            check_words(page, f"Booze Baron {state['step']}")
            if state["step"] == "move":
                labels = page.eval_on_selector_all("#controls section[data-action=choose_move] button", "bs => bs.map((b) => b.textContent)")
                assert labels and all(t.startswith("Go to The ") for t in labels), labels
            offered = [e for a in legal["actions"] if a["type"] != "say" for e in a["examples"]]
            presses = keyboard(page, offered[0])
            assert not tabs or presses <= 1, presses  # the first move, at the top of the moves
            tabs.append(presses)
            page.wait_for_function("v => +document.body.dataset.version > v", arg=state["version"])
            page.wait_for_function("() => document.activeElement && document.activeElement !== document.body")
            focus_is_sensible(page)
        else:
            seat = rng.choice([s for s in state["waiting_for"]])
            legal = api_legal(site.client, table.game_id, table.tokens[seat])
            body = rng.choice([e for a in legal["actions"] if a["type"] != "say" for e in a["examples"]])
            assert table.send(seat, body).status_code == 201, body
    else:
        raise AssertionError("round 1 did not end")
    shows(page, api_state(site.client, table.game_id, table.organizer)["version"])
    said = check_announcements(page, site, table, 1, opened, is_quiet)
    print(f"Booze Baron round by keyboard: {len(tabs)} moves, Tabs per move {tabs}; {len(said)} lines announced")
    assert tabs, tabs
    assert f"Bix says: \u201c{talk}\u201d" in said
    assert any("revealed" in t for t in said)
