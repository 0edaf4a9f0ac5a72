"""The organizer runs a whole evening from the tournament desk, in Chromium, against the real
app served over HTTP: every button sends a real command (the control carrying it as
`data-command`, as a person's click would), and the desk shows what the API then says.

A Swiss of ten house players and three people (registered through the API): the pairings
previewed — nothing recorded — then round 1 seated exactly as previewed; an announcement the
people's own desks show, with a one-hop link to their seat; a dispute filed at a table by one
of them and ruled from the desk (upheld, the seat forfeited); one person marked absent (the
inline question answered) and another's seat handed to the bot; a refusal's `detail` shown
beside the control; a late entrant with a bye, a drop and a reinstatement; rounds 2 and 3 seated
and played; the finish, and the standings that turn final once the tables' dispute window
closes. The house players' seats are played by the server's bot (`play_bot_seats`, as the
worker runs it), the people's by their tokens over the API (the examples the bot would choose);
each table's end reaches the tournament by the sweep the worker runs.

The desk also fits a phone (390 px, no sideways scroll), prints only its pairings sheet and seat
cards, and seats a fixed round from the tables typed in."""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from service.bots import seat_bots
from service.tournaments import results
from tests.support.bots import bearer
from tests.web.conftest import screenshot
from tests.web.helpers import click, commands, locate
from tests.web.test_accessibility import axe_script, serious  # noqa: F401 (a fixture, and its reader)

FOLLOWS = 15_000  # ms: the desk looks at the record every second, at the whole every three
HOUSE = [f"House {n}" for n in range(1, 11)]
PEOPLE = ["Ada", "Bix", "Cy"]
WINDOW = 2  # s: the tables' dispute window; the standings turn final this long after the last end


@dataclass
class Evening:
    tournament_id: str
    organizer: str
    tokens: dict[int, str] = field(default_factory=dict)  # entrant -> token
    numbers: dict[str, int] = field(default_factory=dict)  # name -> entrant

    def url(self, site, token: str | None = None) -> str:
        return f"{site.base}/viewer/tournaments/{self.tournament_id}" + (f"#token={token}" if token else "")

    def commands(self) -> str:
        return f"/v1/tournaments/{self.tournament_id}/commands"


def api(site, path: str, token: str | None = None, status: int = 200) -> dict:
    answer = site.client.get(path, headers=bearer(token) if token else {})
    assert answer.status_code == status, answer.get_data(as_text=True)
    return answer.get_json()


def post(site, path: str, body: dict, token: str, status: int = 201) -> dict:
    answer = site.client.post(path, json=body, headers=bearer(token))
    assert answer.status_code == status, answer.get_data(as_text=True)
    return answer.get_json()


def make_evening(site, name: str = "Evening Swiss", **over) -> Evening:
    body = {"name": name, "ruleset": "bootleggers", "rounds": 3, "table_size": {"min": 3, "max": 4},
            "game_options": {"rounds": 8, "dispute_window": WINDOW}, "bot_strategy": "random", **over}
    made = site.client.post("/v1/tournaments", json=body).get_json()
    evening = Evening(made["tournament_id"], made["organizer_token"])
    for who in HOUSE + PEOPLE:
        if who in HOUSE:  # a house player: the organizer enters it, the server's bot plays it
            entered = post(site, f"/v1/tournaments/{evening.tournament_id}/entrants", {"name": who, "bot": "random"},
                           evening.organizer)
        else:  # a person registers themself, no token needed
            answer = site.client.post(f"/v1/tournaments/{evening.tournament_id}/entrants", json={"name": who})
            assert answer.status_code == 201, answer.get_json()
            entered = answer.get_json()
        evening.tokens[entered["entrant"]] = entered["entrant_token"]
        evening.numbers[who] = entered["entrant"]
    return evening


def play_round(site, evening: Evening) -> None:
    """Play the current round to its end: the bot's seats as the worker plays them, the people's
    through the API with their own tokens; then the sweep carries the results over."""
    app = site.client.application
    games, tournaments = app.extensions["games"], app.extensions["tournaments"]
    state = tournaments.load(evening.tournament_id)
    for table in [t for t in state["tables"] if t["round"] == state["round"]]:
        game_id = table["game_id"]
        tokens = {s["seat"]: evening.tokens.get(s["entrant"]) for s in table["seats"]}
        for _ in range(5000):
            seat_bots.play_bot_seats(games, game_id, max_moves=100_000)
            game = games.load(game_id)
            if game["status"] == "finished":
                break
            bots, gone = game.get("bots") or {}, game.get("forfeited") or []
            waiting = games.ruleset_for(game["ruleset"]).waiting(game).get("seats", [])
            people = [s for s in waiting if str(s) not in bots and s not in gone]
            assert people, f"{game_id} waits for nobody who can move: {waiting}"
            chosen = seat_bots.choose(games, game, people[0], "random")
            answer = site.client.post(f"/v1/games/{game_id}/commands", json=json.loads(json.dumps(chosen)),
                                      headers={**bearer(tokens[people[0]]), "If-Match": str(game["version"])})
            assert answer.status_code == 201, answer.get_data(as_text=True)
        else:
            pytest.fail(f"table {table['table']} did not end")
    results.sweep(tournaments, games)
    state = tournaments.load(evening.tournament_id)
    assert all(t["result"] is not None for t in state["tables"] if t["round"] == state["round"])


def open_desk(page, url: str) -> None:
    """A fresh load (a URL that differs only in its fragment would not reload the page)."""
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]")


def table_of(state: dict, entrant: int) -> dict:
    return next(t for t in state["tables"] if t["round"] == state["round"]
                and any(s["entrant"] == entrant for s in t["entrants"]))


def seat_of(table: dict, entrant: int) -> int:
    return next(s["seat"] for s in table["entrants"] if s["entrant"] == entrant)


def no_horizontal_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate("""() => [...document.querySelectorAll('main *')]
        .filter((n) => n.getBoundingClientRect().right > window.innerWidth + 1 && n.offsetParent !== null)
        .slice(0, 5).map((n) => n.tagName + '#' + n.id + '.' + n.className)""")
    assert width <= 390, f"the page is {width} px wide at 390: {wide}"


@pytest.fixture(scope="module")
def evening(site) -> Evening:
    return make_evening(site)


def test_the_organizer_runs_the_evening_from_the_desk(page, site, evening, browser, tmp_path):
    org, tid, n = evening.organizer, evening.tournament_id, evening.numbers
    open_desk(page, evening.url(site, org))
    assert page.text_content("#whoami") == "you are the organizer"
    assert page.is_visible("#evening-panel")

    # ---- preview, then seat round 1 exactly as previewed ----------------------------------
    before = api(site, f"/v1/tournaments/{tid}")
    assert before["status"] == "registering"
    click(page, {"type": "seat_round", "preview": True})
    page.wait_for_selector("#preview[data-round='1'] li[data-table]", timeout=FOLLOWS)
    previewed = page.eval_on_selector_all("#preview li[data-table]", """ls => ls.map(l =>
        [...l.querySelectorAll('.seat')].map(s => s.dataset.entrant === '' ? null : +s.dataset.entrant))""")
    assert api(site, f"/v1/tournaments/{tid}")["version"] == before["version"]  # nothing recorded
    assert sorted(e for t in previewed for e in t if e) == sorted(n.values())
    names = {v: k for k, v in n.items()}
    first = page.text_content("#preview li[data-table='1'] .seat")
    assert first == f"1. {names[previewed[0][0]]}"
    click(page, {"type": "seat_round"})
    page.wait_for_selector("body[data-round='1']", timeout=FOLLOWS)
    state = api(site, f"/v1/tournaments/{tid}")
    assert [[s["entrant"] for s in t["entrants"]] for t in state["tables"]] == previewed
    page.wait_for_selector("#preview", state="hidden")
    assert page.locator("#rounds tr[data-round='1']").count() == len(state["tables"])
    assert page.text_content("#seat-buttons button.act[data-command='{\"type\":\"seat_round\"}']") == "Seat round 2"

    # ---- an announcement, shown on a person's own desk with the link to their seat --------
    ada, bix, cy = n["Ada"], n["Bix"], n["Cy"]
    page.fill("#announce-text", "Round 1 is on: good luck")
    click(page, {"type": "announce", "text": "Round 1 is on: good luck"})
    page.wait_for_selector("#announcements li:has-text('Round 1 is on: good luck')", timeout=FOLLOWS)
    assert page.input_value("#announce-text") == ""
    mine = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True).new_page()
    errors: list[str] = []
    mine.on("pageerror", lambda error: errors.append(str(error)))
    open_desk(mine, evening.url(site, evening.tokens[ada]))
    assert mine.text_content("#whoami") == f"you are entrant {ada} (Ada)"
    me = api(site, f"/v1/tournaments/{tid}/me", evening.tokens[ada])
    assert mine.get_attribute("#my-seat", "href") == f"/play/{me['table']['game_id']}#token={evening.tokens[ada]}"
    mine.wait_for_selector("#announcements li:has-text('Round 1 is on: good luck')", timeout=FOLLOWS)
    assert commands(mine, "#rounds") == [] and mine.is_hidden("#evening-panel")  # no organizer's controls
    no_horizontal_scroll(mine)
    mine.fill("#say-text", "Good luck, all")
    click(mine, {"type": "say", "text": "Good luck, all"})
    page.wait_for_selector("#talk li:has-text('Ada: Good luck, all')", timeout=FOLLOWS)
    mine.click("#my-seat")  # one hop: the seat's own page, its token carried in the fragment
    mine.wait_for_selector("body[data-ready=true]")
    assert mine.url.endswith(f"/play/{me['table']['game_id']}#token={evening.tokens[ada]}")
    mine.context.close()
    assert not errors, errors

    # ---- a dispute filed at Ada's table, ruled from the desk: upheld, her seat forfeited --
    at_ada = table_of(state, ada)
    game_id, ada_seat = at_ada["game_id"], seat_of(at_ada, ada)
    post(site, f"/v1/games/{game_id}/commands", {"type": "dispute", "version": 3, "text": "My bid was lost"},
         evening.tokens[ada])
    row = f"#dispute-table tr[data-game='{game_id}'][data-dispute='1']"
    page.wait_for_selector(row, timeout=FOLLOWS)
    assert page.text_content(f"{row} .filed-by") == "Ada"
    assert page.text_content(f"{row} .claim") == "My bid was lost"
    link = page.get_attribute(f"{row} a.version-link", "href")
    assert link == f"/viewer/{game_id}#at=3&token={org}"  # the table's viewer at that version, not JSON
    viewer = page.context.new_page()
    viewer.goto(site.base + link)
    viewer.wait_for_selector("body[data-ready=true][data-version='3']", timeout=FOLLOWS)
    viewer.close()
    page.select_option(f"{row} select[name=decision]", "upheld")
    page.fill(f"{row} input[name=text]", "Upheld: the seat forfeits")
    page.select_option(f"{row} select[name=kind]", "forfeit")
    page.select_option(f"{row} select[name=seat]", str(ada_seat))
    ruling = {"type": "resolve_dispute", "dispute": 1, "decision": "upheld", "text": "Upheld: the seat forfeits",
              "rulings": [{"kind": "forfeit", "reason": "Upheld: the seat forfeits", "seat": ada_seat}]}
    click(page, ruling, row)
    page.wait_for_selector(f"#dispute-table tr[data-game='{game_id}'][data-state='upheld']", timeout=FOLLOWS)
    game = api(site, f"/v1/games/{game_id}", org)
    assert ada_seat in game["forfeited"]
    assert [d["state"] for d in api(site, f"/v1/games/{game_id}/disputes", org)["disputes"]] == ["upheld"]
    page.wait_for_selector(f"#rounds tr[data-game='{game_id}'] li[data-seat='{ada_seat}'].forfeited", timeout=FOLLOWS)

    # ---- a dispute about the tournament itself, rejected from the desk ---------------------
    post(site, evening.commands(), {"type": "dispute", "version": 2, "text": "I was seated twice"}, evening.tokens[bix])
    own = "#dispute-table tr[data-game=''][data-dispute='1']"
    page.wait_for_selector(own, timeout=FOLLOWS)
    assert page.text_content(f"{own} .filed-by") == "Bix" and page.locator(f"{own} select[name=kind]").count() == 0
    page.select_option(f"{own} select[name=decision]", "rejected")
    page.fill(f"{own} input[name=text]", "Seated once: checked")
    click(page, {"type": "resolve_dispute", "dispute": 1, "decision": "rejected", "text": "Seated once: checked"}, own)
    page.wait_for_selector("#dispute-table tr[data-game=''][data-state='rejected']", timeout=FOLLOWS)
    assert api(site, f"/v1/tournaments/{tid}", org)["disputes"][0]["state"] == "rejected"

    # ---- Bix is absent (the inline question answered), Cy's seat goes to the bot ----------
    at_bix = table_of(state, bix)
    bix_row = f"#rounds tr[data-game='{at_bix['game_id']}']"
    click(page, {"type": "no_show", "entrant": bix}, bix_row)
    question = page.locator(f"{bix_row} .control[data-state=confirming] .question")
    assert question.is_visible() and "Bix is absent" in question.text_content()
    assert page.locator(f"{bix_row} .control[data-state=confirming] button.no").is_visible()
    assert not any(s.get("no_show") for s in table_of(api(site, f"/v1/tournaments/{tid}"), bix)["entrants"])  # asked only
    click(page, {"type": "no_show", "entrant": bix}, bix_row)  # the same command, now the "Yes" button
    page.wait_for_selector(f"{bix_row} li[data-entrant='{bix}'].stand-in", timeout=FOLLOWS)
    at_cy = table_of(state, cy)
    cy_row = f"#rounds tr[data-game='{at_cy['game_id']}']"
    click(page, {"type": "seat_to_bot", "entrant": cy}, cy_row)
    page.wait_for_selector(f"{cy_row} li[data-entrant='{cy}'].stand-in", timeout=FOLLOWS)
    assert str(seat_of(at_cy, cy)) in api(site, f"/v1/games/{at_cy['game_id']}", org)["bots"]
    assert page.locator(f"{cy_row} [data-command]").evaluate_all("ns => ns.map(n => n.dataset.command)").count(
        json.dumps({"type": "seat_to_bot", "entrant": cy}, separators=(",", ":"))) == 0  # done: no button left

    # ---- the live tables: game round x of y, how long, whom they wait for, stalled first ---
    live = page.locator("#rounds tr[data-round='1'][data-status=playing] td.live").first
    assert "Game round 1 of 8" in live.text_content()
    assert live.locator("time.waited").count() == 1 and live.locator("time.played").count() == 1
    moved = page.eval_on_selector_all("#rounds tr[data-round='1'][data-status=playing] td.live",
                                      "cs => cs.map(c => c.dataset.moved).filter(Boolean)")
    assert moved and moved == sorted(moved)  # the table waiting longest first

    # ---- round 1 played; finishing now is refused, the detail beside the button ------------
    play_round(site, evening)
    page.wait_for_function("document.querySelectorAll(\"#rounds tr[data-round='1'][data-status=finished]\").length"
                           f" === {len(state['tables'])}", timeout=FOLLOWS)
    ada_result = page.locator(f"#rounds tr[data-game='{game_id}'] .result li[data-seat='{ada_seat}']")
    assert "forfeited" in ada_result.get_attribute("class") and "forfeited" in ada_result.text_content()
    bix_result = page.locator(f"{bix_row} .result li[data-seat='{seat_of(at_bix, bix)}']")
    assert "bot stood in" in bix_result.text_content()
    house_seat = next(s["seat"] for s in at_bix["entrants"] if s["entrant"] and s["entrant"] not in (ada, bix, cy))
    assert "stood in" not in page.text_content(f"{bix_row} .result li[data-seat='{house_seat}']")  # its own bot
    refused = post(site, evening.commands(), {"type": "finish"}, org, status=409)
    click(page, {"type": "finish"})
    click(page, {"type": "finish"})
    page.wait_for_selector("#finish-box .control[data-state=refused]", timeout=FOLLOWS)
    assert page.text_content("#finish-box .problem") == refused["detail"]
    assert api(site, f"/v1/tournaments/{tid}")["status"] == "running"

    # ---- a late entrant with a bye; a drop and a reinstatement; another drop ---------------
    page.fill("#entry-name", "Dee")
    page.check("#entry-bye")
    click(page, {"name": "Dee", "bye": True})
    page.wait_for_selector("#entry-result code.token", timeout=FOLLOWS)
    dee = int(page.get_attribute("#entry-result code.token", "data-entrant"))
    evening.tokens[dee] = page.text_content("#entry-result code.token")
    evening.numbers["Dee"] = dee
    assert api(site, f"/v1/tournaments/{tid}/me", evening.tokens[dee])["name"] == "Dee"
    page.wait_for_selector(f"#entrants-table tr[data-entrant='{dee}']", timeout=FOLLOWS)
    assert "late entry" in page.text_content(f"#entrants-table tr[data-entrant='{dee}'] .state")
    page.wait_for_selector("#round-1 ~ p.byes", timeout=FOLLOWS)
    assert page.get_attribute("#round-1 ~ p.byes", "data-byes") == str(dee)
    bye_points = api(site, f"/v1/tournaments/{tid}")["byes"][0]["points"]
    standing = page.locator(f"#standings tr[data-entrant='{dee}'] .points")
    standing.wait_for(timeout=FOLLOWS)
    assert float(standing.get_attribute("data-value")) == bye_points

    h9, h8 = n["House 9"], n["House 8"]
    drop9 = {"type": "drop", "entrant": h9}
    click(page, drop9, "#entrants-table")
    assert "Drop House 9?" in page.text_content(f"#entrants-table tr[data-entrant='{h9}'] .question")
    page.click(f"#entrants-table tr[data-entrant='{h9}'] button.no")  # cancelled: nothing sent
    assert page.get_attribute(f"#entrants-table tr[data-entrant='{h9}']", "data-dropped") == "false"
    click(page, drop9, "#entrants-table")
    click(page, drop9, "#entrants-table")
    page.wait_for_selector(f"#entrants-table tr[data-entrant='{h9}'][data-dropped=true]", timeout=FOLLOWS)
    click(page, {"type": "reinstate", "entrant": h9}, "#entrants-table")
    page.wait_for_selector(f"#entrants-table tr[data-entrant='{h9}'][data-dropped=false]", timeout=FOLLOWS)
    click(page, {"type": "drop", "entrant": h8}, "#entrants-table")
    click(page, {"type": "drop", "entrant": h8}, "#entrants-table")
    page.wait_for_selector(f"#entrants-table tr[data-entrant='{h8}'][data-dropped=true]", timeout=FOLLOWS)
    shown = page.eval_on_selector_all("#entrants-table tbody th.name", "ns => ns.map(n => n.textContent)")
    assert shown.index("House 2") < shown.index("House 10")  # natural order, not "House 10" after "House 1"
    assert [x for x in shown if x.startswith("House")] == HOUSE

    # ---- rounds 2 and 3 ------------------------------------------------------------------
    for number in (2, 3):
        click(page, {"type": "seat_round", "preview": True})
        page.wait_for_selector(f"#preview[data-round='{number}'][data-stale=false] li[data-table]", timeout=FOLLOWS)
        if number == 2:  # anything recorded after a preview seats the round otherwise: the desk says so
            post(site, evening.commands(), {"type": "announce", "text": f"Round {number} in five minutes"}, org)
            page.wait_for_selector("#preview[data-stale=true] .stale", timeout=FOLLOWS)
            click(page, {"type": "seat_round", "preview": True})
            page.wait_for_selector("#preview[data-stale=false]", timeout=FOLLOWS)
        previewed = page.eval_on_selector_all("#preview li[data-table]", """ls => ls.map(l =>
            [...l.querySelectorAll('.seat')].map(s => s.dataset.entrant === '' ? null : +s.dataset.entrant))""")
        click(page, {"type": "seat_round"})
        page.wait_for_selector(f"body[data-round='{number}']", timeout=FOLLOWS)
        state = api(site, f"/v1/tournaments/{tid}")
        assert [[s["entrant"] for s in t["entrants"]] for t in state["tables"] if t["round"] == number] == previewed
        names = {e["entrant"]: e["name"] for e in state["entrants"]}
        seated = {s["entrant"] for t in state["tables"] if t["round"] == number for s in t["entrants"]}
        assert dee in seated and h8 not in seated and h9 in seated
        # the printable sheet and cards follow the current round
        page.wait_for_selector(f"#pairings-sheet[data-round='{number}']", timeout=FOLLOWS)
        tables = [t for t in state["tables"] if t["round"] == number]
        rows = page.eval_on_selector_all("#pairings-sheet tbody tr", """rs => rs.map(r =>
            [+r.dataset.table, +r.dataset.seat, r.querySelector('.name').textContent])""")
        assert rows == [[t["table"], s["seat"], names[s["entrant"]]] for t in tables for s in t["entrants"]]
        assert page.locator("#seat-cards li.card").count() == len(rows)
        card = page.locator("#seat-cards li.card").first
        assert card.locator(".card-round").text_content() == f"Round {number}"
        assert card.locator(".card-table").text_content() == "Table 1" and card.locator(".card-seat").text_content() == "Seat 1"
        assert page.get_attribute("#pairings-csv", "href") == f"/v1/tournaments/{tid}/pairings.csv?round={number}"
        index = page.eval_on_selector_all("#pairings-index tbody th.name", "ns => ns.map(n => n.textContent)")
        houses = [x for x in index if x.startswith("House")]
        assert houses == sorted(houses, key=lambda x: int(x.split()[1]))
        assert page.get_attribute("#standings-state", "data-final") == "false"
        assert "Provisional" in page.text_content("#standings-state")
        play_round(site, evening)
        page.wait_for_function(f"document.querySelectorAll(\"#rounds tr[data-round='{number}'][data-status=finished]\")"
                               f".length === {len(tables)}", timeout=FOLLOWS)
    assert page.get_attribute("#standings-csv", "href") == f"/v1/tournaments/{tid}/standings.csv"
    for link in ("#standings-csv", "#pairings-csv"):  # what the links fetch
        fetched = page.request.get(site.base + page.get_attribute(link, "href"))
        assert fetched.status == 200 and fetched.headers["content-type"].startswith("text/csv"), link

    # ---- the finish, answered inline; the standings turn final after the dispute window ----
    click(page, {"type": "finish"})
    assert page.is_visible("#finish-box .control[data-state=confirming] button.yes")
    click(page, {"type": "finish"})
    page.wait_for_selector("body[data-status=finished]", timeout=FOLLOWS)
    assert page.is_hidden("#seat-buttons") and page.is_hidden("#finish-box")
    page.wait_for_selector("#standings-state[data-final=true]", timeout=FOLLOWS + WINDOW * 1000)
    standings = api(site, f"/v1/tournaments/{tid}/standings")
    assert standings["final"] is True and "Final" in page.text_content("#standings-state")
    assert [int(x) for x in page.eval_on_selector_all("#standings tbody tr", "rs => rs.map(r => r.dataset.entrant)")] == [
        r["entrant"] for r in standings["rows"]]
    screenshot(page, "tournament-evening")

    # ---- the evening's record verifies by the independent verifier, as anyone would run it ----
    exported = api(site, f"/v1/tournaments/{tid}/export")
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(exported))
    checked = subprocess.run([str(Path(sys.executable).with_name("bootleggers")), "verify", str(path)],
                             capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "VERIFIED" in checked.stdout and "tournament" in checked.stdout


def test_the_desk_fits_a_phone_and_prints_only_the_sheet(page, site):
    """A running round with a long name, a dispute and an announcement: at 390 px the organizer's,
    an entrant's and a spectator's desks scroll only down; on paper only the sheet prints."""
    evening = make_evening(site, name="Phone Cup")
    tid, org = evening.tournament_id, evening.organizer
    long = post(site, f"/v1/tournaments/{tid}/entrants", {"name": "Bartholomew Fitzgerald-Montgomery", "bot": "greedy"}, org)
    post(site, evening.commands(), {"type": "seat_round"}, org)
    post(site, evening.commands(), {"type": "announce", "text": "Tables 1 to 4 are by the window; " * 3}, org)
    state = api(site, f"/v1/tournaments/{tid}")
    ada = evening.numbers["Ada"]
    at_ada = table_of(state, ada)
    post(site, f"/v1/games/{at_ada['game_id']}/commands", {"type": "dispute", "version": 2, "text": "x" * 300},
         evening.tokens[ada])
    page.set_viewport_size({"width": 390, "height": 844})
    for token, who in ((org, "you are the organizer"), (evening.tokens[ada], f"you are entrant {ada} (Ada)"),
                       (None, "you are a spectator")):
        open_desk(page, evening.url(site, token))
        assert page.text_content("#whoami") == who
        page.wait_for_selector("#announcements li")
        if token == org:
            page.wait_for_selector("#dispute-table tr[data-dispute]")
            click(page, {"type": "seat_round", "preview": True})  # refused: round 1 plays; the detail wraps
            page.wait_for_selector("#seat-buttons .control[data-state=refused]")
        no_horizontal_scroll(page)
        assert page.is_hidden("#standings th.rating") and page.is_hidden("#standings td.tb >> nth=0")
        assert page.is_visible(f"#standings tr[data-entrant='{long['entrant']}'] .name")
    screenshot(page, "tournament-desk-phone")

    page.set_viewport_size({"width": 1000, "height": 900})
    open_desk(page, evening.url(site, org))
    page.emulate_media(media="print")
    assert page.is_hidden("#standings") and page.is_hidden("#rounds") and page.is_hidden("header")
    assert page.is_visible("#pairings-sheet") and page.is_visible("#seat-cards li.card >> nth=0")
    assert page.is_hidden("#print-pairings")
    page.evaluate("document.body.dataset.print = 'cards'")
    assert page.is_hidden("#pairings-sheet") and page.is_visible("#seat-cards")
    page.emulate_media(media="screen")


def test_a_fixed_round_is_seated_from_the_tables_typed_in(page, site):
    made = site.client.post("/v1/tournaments", json={
        "name": "Fixed Friday", "ruleset": "bootleggers", "rounds": 1, "format": "fixed",
        "table_size": {"min": 3, "max": 3}, "game_options": {"rounds": 8}}).get_json()
    tid, org = made["tournament_id"], made["organizer_token"]
    for who in ("P1", "P2", "P3", "P4", "P5", "P6"):
        post(site, f"/v1/tournaments/{tid}/entrants", {"name": who, "bot": "random"}, org)
    open_desk(page, f"{site.base}/viewer/tournaments/{tid}#token={org}")
    assert page.is_visible("#fixed-tables")
    assert {"type": "seat_round", "preview": True} not in commands(page)  # the typed tables are the preview
    page.fill("#fixed-tables", "1 2 3\n4 5 7")
    click(page, {"type": "seat_round", "tables": [[1, 2, 3], [4, 5, 7]]})  # no entrant 7: refused
    page.wait_for_selector("#seat-buttons .control[data-state=refused] .problem")
    assert page.text_content("#seat-buttons .control[data-state=refused] .problem")
    page.fill("#fixed-tables", "1, 2, 3\n6 5 4")
    locate(page, {"type": "seat_round", "tables": [[1, 2, 3], [6, 5, 4]]}).click()
    page.wait_for_selector("body[data-round='1']", timeout=FOLLOWS)
    state = api(site, f"/v1/tournaments/{tid}")
    assert [[s["entrant"] for s in t["entrants"]] for t in state["tables"]] == [[1, 2, 3], [6, 5, 4]]
    assert page.locator("#rounds tr[data-round='1']").count() == 2


def test_the_organizers_desk_runs_its_controls_under_the_csp(strict_page, site):
    """With the server's own policy enforced (no inline script, no eval): the desk draws, asks,
    sends and shows the answer without a violation (`strict_page` fails on any)."""
    evening = make_evening(site, name="Strict Cup")
    tid, org = evening.tournament_id, evening.organizer
    strict_page.goto(evening.url(site, org))
    strict_page.wait_for_selector("body[data-ready=true] #seat-buttons button.act")
    strict_page.locator("#seat-buttons button.act").first.click()  # the preview
    strict_page.wait_for_selector("#preview[data-round='1'] li[data-table]")
    strict_page.fill("#announce-text", "Under the policy")
    strict_page.locator("#announce-form button.act").click()
    strict_page.wait_for_selector("#announcements li .text:text-is('Under the policy')", timeout=FOLLOWS)
    row = f"#entrants-table tr[data-entrant='{evening.numbers['Bix']}']"
    strict_page.locator(f"{row} button.act").click()
    strict_page.locator(f"{row} button.yes").click()
    strict_page.wait_for_selector(f"{row}[data-dropped=true]", timeout=FOLLOWS)
    assert api(site, f"/v1/tournaments/{tid}")["entrants"][evening.numbers["Bix"] - 1]["dropped"] is True


def test_the_desk_with_its_controls_has_no_serious_violation(page, site, axe_script):
    """axe-core on the organizer's desk mid-round: the evening's forms, a preview refused beside
    its button, a question asked inline, a dispute's ruling form, live tables with seat buttons."""
    evening = make_evening(site, name="Axe Night")
    tid, org = evening.tournament_id, evening.organizer
    post(site, evening.commands(), {"type": "seat_round"}, org)
    post(site, evening.commands(), {"type": "announce", "text": "Welcome"}, org)
    ada = evening.numbers["Ada"]
    at_ada = table_of(api(site, f"/v1/tournaments/{tid}"), ada)
    post(site, f"/v1/games/{at_ada['game_id']}/commands", {"type": "dispute", "version": 2, "text": "Wrong deal"},
         evening.tokens[ada])
    open_desk(page, evening.url(site, org))
    page.wait_for_selector("#dispute-table form.ruling")
    click(page, {"type": "seat_round", "preview": True})
    page.wait_for_selector("#seat-buttons .control[data-state=refused]")
    click(page, {"type": "drop", "entrant": ada}, "#entrants-table")
    assert serious(page, axe_script) == []
    page.set_viewport_size({"width": 390, "height": 844})
    assert serious(page, axe_script) == []
    open_desk(page, evening.url(site, evening.tokens[ada]))
    page.wait_for_selector("#my-seat")
    assert serious(page, axe_script) == []


def test_a_new_token_in_the_fragment_reads_the_desk_as_its_holder(page, site):
    evening = make_evening(site, name="Hash Cup")
    open_desk(page, evening.url(site, evening.organizer))
    assert page.text_content("#whoami") == "you are the organizer"
    ada = evening.numbers["Ada"]
    page.evaluate(f"location.hash = 'token={evening.tokens[ada]}'")
    page.wait_for_selector(f"#whoami:text-is('you are entrant {ada} (Ada)')", timeout=FOLLOWS)
    page.wait_for_selector("body[data-ready=true]")
    assert page.is_hidden("#evening-panel") and page.input_value("#token") == evening.tokens[ada]
