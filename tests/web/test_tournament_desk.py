"""The tournament desk (`/viewer/tournaments/{id}`) in a real browser: a Swiss tournament of nine
house entrants whose round 1 the server's bot played to the end and whose round 2 is still
playing. The page must show what the API says — the standings with their tie-breaks, every
table with a link to its viewer (carrying the organizer's token), the live step of the tables
still playing and whom they wait for, every table's disputes — follow it as it moves, and keep
the disputes the organizer's."""
from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser

import pytest

from service.bots import seat_bots
from tests.support.bots import bearer
from tests.tournaments.test_tournament_rest import (
    BODY,
    command,
    create,
    play_round,
    register,
)
from tests.web.conftest import screenshot

#: the page polls every 3 s: anything it must pick up arrives within a few polls
FOLLOWS = 15_000


@dataclass
class Desk:
    tournament_id: str
    organizer: str
    entrants: list[dict]
    disputed: str  # the game id of the table where a dispute was filed

    def url(self, site, token: str | None = None) -> str:
        return f"{site.base}/viewer/tournaments/{self.tournament_id}" + (f"#token={token}" if token else "")


@pytest.fixture(scope="module")
def desk(site) -> Desk:
    client, app = site.client, site.client.application
    made = create(client)
    tid, org = made["tournament_id"], made["organizer_token"]
    entrants = [register(client, tid, f"House {n}", org, bot="random") for n in range(1, 10)]
    command(client, tid, org, {"type": "seat_round"})
    play_round(app, tid)
    command(client, tid, org, {"type": "seat_round"})  # round 2 stays in play: nobody runs its bots here
    table = next(t for t in client.get(f"/v1/tournaments/{tid}").get_json()["tables"] if t["round"] == 2)
    sitter = entrants[table["entrants"][0]["entrant"] - 1]["entrant_token"]
    answer = client.post(f"/v1/games/{table['game_id']}/commands", headers=bearer(sitter),
                         json={"type": "dispute", "version": 3, "text": "The deal skipped <me>"})
    assert answer.status_code == 201, answer.get_json()
    return Desk(tid, org, entrants, table["game_id"])


def open_desk(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]")


def api(site, path: str, token: str | None = None) -> dict:
    answer = site.client.get(path, headers=bearer(token) if token else {})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()


def shown_standings(page) -> list[dict]:
    return page.eval_on_selector_all("#standings tbody tr", """rows => rows.map(r => ({
        entrant: +r.dataset.entrant, rank: +r.querySelector('.rank').textContent,
        name: r.querySelector('.name').textContent, points: +r.querySelector('.points').dataset.value,
        tie_breaks: Object.fromEntries([...r.querySelectorAll('[data-tiebreak]')]
            .map(c => [c.dataset.tiebreak, +c.dataset.value])),
        tie_texts: [...r.querySelectorAll('[data-tiebreak]')].map(c => c.textContent),
        ordinal: +r.querySelector('.rating').dataset.value, played: +r.querySelector('.played').textContent,
        dropped: r.querySelector('.dropped-flag').textContent}))""")


def names_of(state: dict) -> dict[int, str]:
    return {e["entrant"]: e["name"] for e in state["entrants"]}


def test_the_desk_shows_the_standings_every_table_live_and_the_disputes(page, site, desk):
    org = desk.organizer
    open_desk(page, desk.url(site, org))
    state = api(site, f"/v1/tournaments/{desk.tournament_id}")
    standings = api(site, f"/v1/tournaments/{desk.tournament_id}/standings")
    assert page.text_content("#t-name") == BODY["name"]
    assert page.text_content("#fact-status") == "running" and page.text_content("#fact-round") == "2 of 2"
    assert page.text_content("#fact-ruleset") == "Bootleggers"
    assert page.text_content("#whoami") == "you are the organizer"

    rows = shown_standings(page)
    assert [r["entrant"] for r in rows] == [r["entrant"] for r in standings["rows"]]
    for shown, row in zip(rows, standings["rows"]):
        assert (shown["rank"], shown["name"], shown["points"], shown["played"]) == (
            row["rank"], row["name"], row["points"], row["tables_played"])
        assert shown["tie_breaks"] == row["tie_breaks"], row["name"]
        # shown to 3 decimals: half a unit off at most, 0.3125 as 0.313 (the float difference is a hair over)
        assert [float(t) for t in shown["tie_texts"]] == pytest.approx(list(row["tie_breaks"].values()), abs=5e-4 + 1e-9)
        assert shown["ordinal"] == pytest.approx(row["rating"]["ordinal"]) and shown["dropped"] == "—"
    assert page.text_content("#explained") == standings["explained"]

    names = names_of(state)
    assert len(state["tables"]) == 4
    for table in state["tables"]:
        row = page.locator(f"#rounds tr[data-game='{table['game_id']}']")
        assert row.get_attribute("data-status") == table["status"]
        link = row.locator("a.game-link")
        assert link.get_attribute("href") == f"/viewer/{table['game_id']}#token={org}"
        assert link.text_content() == f"Watch table {table['table']}"
        seats = row.locator("ol.seats li .who").all_text_contents()
        assert seats == [names[s["entrant"]] for s in table["entrants"]]
        if table["status"] == "finished":
            order = sorted(table["result"]["places"].items(), key=lambda kv: (kv[1], int(kv[0])))
            placed = row.locator(".result li").evaluate_all("ls => ls.map(l => l.dataset.seat)")
            assert placed == [seat for seat, _ in order]
            winner = names[table["entrants"][int(order[0][0]) - 1]["entrant"]]
            assert row.locator(".result li").first.text_content().startswith(f"1st: {winner}")
        else:
            game = api(site, f"/v1/games/{table['game_id']}", org)
            live = row.locator("td.live")
            assert live.get_attribute("data-step") == game["step"] == "bid"
            assert live.get_attribute("data-round") == str(game["round"])
            assert live.get_attribute("data-waiting") == ",".join(map(str, game["waiting_for"]))
            waiting = [names[table["entrants"][s - 1]["entrant"]] for s in game["waiting_for"]]
            assert live.locator(".waiting").text_content() == ", ".join(waiting)
            assert f"Game round {game['round']} of {game['rounds']} · Phase {game['phase']} · bid" in live.text_content()

    disputed = page.locator(f"#dispute-table tr[data-game='{desk.disputed}']")
    assert disputed.locator(".claim").text_content() == "The deal skipped <me>"
    # the version opens the table's viewer at that version (with the organizer's token), not raw JSON
    assert disputed.locator("a.version-link").get_attribute("href") == f"/viewer/{desk.disputed}#at=3&token={org}"
    assert disputed.locator("a.game-link").get_attribute("href") == f"/viewer/{desk.disputed}#token={org}"
    assert page.get_attribute("#disputes-note", "data-state") == "listed"

    # it follows the tournament as it moves: a bid at a playing table, a dispute about the tournament
    games = site.client.application.extensions["games"]
    assert seat_bots.play_bot_seats(games, desk.disputed, max_moves=1) == 1
    after = api(site, f"/v1/games/{desk.disputed}", org)
    waiting, moved = ",".join(map(str, after["waiting_for"])), f"#rounds tr[data-game='{desk.disputed}']"
    page.wait_for_selector(f"{moved} td.live[data-waiting='{waiting}']", timeout=FOLLOWS)
    assert page.locator(f"{moved} li.awaited").count() == len(after["waiting_for"])
    assert page.locator(f"{moved} li.awaited .to-move").first.text_content() == " (to move)"  # words, not CSS content
    command(site.client, desk.tournament_id, desk.entrants[0]["entrant_token"],
            {"type": "dispute", "version": 2, "text": "I was seated twice"})
    own = page.locator("#dispute-table tr[data-game='']")
    own.wait_for(timeout=FOLLOWS)
    assert own.locator(".claim").text_content() == "I was seated twice"
    assert own.locator("a.version-link").get_attribute("href") == (
        f"/v1/tournaments/{desk.tournament_id}/events?after=1&limit=1")
    screenshot(page, "tournament-desk")

    # the organizer's report before the end: fetched with the token, opened as a page of its own
    with page.context.expect_page() as opened:
        page.click("#report button")
    report = opened.value
    report.wait_for_load_state()
    assert report.locator("h1").text_content() == f"{BODY['name']} — tournament report"
    links = report.eval_on_selector_all("a[href$='/report']", "ls => ls.map(l => l.href)")  # as resolved
    assert sorted(set(links)) == sorted(f"{site.base}/v1/games/{t['game_id']}/report" for t in state["tables"])
    report.close()


def test_without_a_token_the_disputes_are_the_organizers(page, site, desk):
    open_desk(page, desk.url(site))
    assert page.text_content("#whoami") == "you are a spectator"
    assert page.locator("#standings tbody tr").count() == 9
    note = page.locator("#disputes-note")
    assert note.get_attribute("data-state") == "forbidden" and "organizer" in note.text_content()
    assert "No disputes" not in note.text_content() and page.is_hidden("#dispute-table")
    hrefs = page.eval_on_selector_all("#rounds a.game-link", "ls => ls.map(l => l.getAttribute('href'))")
    assert len(hrefs) == 4 and all("#" not in h for h in hrefs)
    assert page.locator("td.live[data-step=bid]").count() >= 1  # the live step is public


def test_an_entrants_token_opens_only_its_own_tables(page, site, desk):
    entrant = desk.entrants[4]
    open_desk(page, desk.url(site, entrant["entrant_token"]))
    assert page.text_content("#whoami") == "you are entrant 5 (House 5)"
    assert page.get_attribute("#disputes-note", "data-state") == "forbidden"
    state = api(site, f"/v1/tournaments/{desk.tournament_id}")
    for table in state["tables"]:
        href = page.get_attribute(f"#rounds tr[data-game='{table['game_id']}'] a.game-link", "href")
        mine = any(s["entrant"] == entrant["entrant"] for s in table["entrants"])
        assert href.endswith(f"#token={entrant['entrant_token']}") == mine


def test_an_unknown_token_falls_back_to_the_public_view(page, site, desk):
    open_desk(page, desk.url(site, "not-a-token"))
    assert "belongs to nobody" in page.text_content("#notice")
    assert page.text_content("#whoami") == "you are a spectator"
    assert page.locator("#standings tbody tr").count() == 9


class Scripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[dict] = []
        self.inline = ""
        self.inside = False

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        if tag == "script":
            self.scripts.append(dict(attrs))
            self.inside = True

    def handle_endtag(self, tag):  # type: ignore[no-untyped-def]
        self.inside = self.inside and tag != "script"

    def handle_data(self, data):  # type: ignore[no-untyped-def]
        if self.inside:
            self.inline += data.strip()


def test_the_page_is_a_static_module_and_an_unknown_tournament_is_a_404(site, desk):
    answer = site.client.get(f"/viewer/tournaments/{desk.tournament_id}")
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    found = Scripts()
    found.feed(answer.get_data(as_text=True))
    assert found.scripts == [{"type": "module", "src": "/viewer/assets/tournament.js"}] and not found.inline
    missing = site.client.get("/viewer/tournaments/tnosuchthing")
    assert missing.status_code == 404 and missing.mimetype == "application/problem+json"
    assert missing.get_json()["code"] == "tournament_not_found"
    for asset in ("tournament.js", "tournament.css"):
        assert site.client.get(f"/viewer/assets/{asset}").status_code == 200
