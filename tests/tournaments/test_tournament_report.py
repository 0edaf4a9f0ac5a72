"""The tournament's report (`GET /v1/tournaments/{id}/report`): one printable HTML page with the
standings, every table, the rulings and disputes and a verification summary; the organizer's
while the tournament runs, anyone's once it has finished (like a game's report), and every
name escaped."""
from __future__ import annotations

import re
from html.parser import HTMLParser

from tests.api.conftest import problem
from tests.support.bots import bearer
from tests.tournaments.test_tournament_rest import command, create, play_round, register

EVIL = "<script>alert(1)</script>"


def seated(client, name: str = "Thursday Swiss", rounds: int = 1) -> tuple[dict, list[dict]]:
    """Nine house entrants (the first named like an attack), round 1 seated and playing."""
    made = create(client, name=name, rounds=rounds)
    tid, org = made["tournament_id"], made["organizer_token"]
    entrants = [register(client, tid, EVIL if n == 1 else f"House {n}", org, bot="random") for n in range(1, 10)]
    command(client, tid, org, {"type": "seat_round"})
    return made, entrants


def report(client, tid: str, token: str | None = None):
    return client.get(f"/v1/tournaments/{tid}/report", headers=bearer(token) if token else {})


class Page(HTMLParser):
    """What a reader of the page sees: its text, its links, the row headers of its tables, any script."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.text, self.links, self.row_heads, self.scripts = [], [], [], 0
        self._row_head = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        attrs = dict(attrs)
        if tag == "script":
            self.scripts += 1
        if tag == "a":
            self.links.append(attrs.get("href"))
        if tag == "th" and attrs.get("scope") == "row":
            self._row_head = ""

    def handle_endtag(self, tag):  # type: ignore[no-untyped-def]
        if tag == "th" and self._row_head is not None:
            self.row_heads.append(self._row_head)
            self._row_head = None

    def handle_data(self, data):  # type: ignore[no-untyped-def]
        self.text.append(data)
        if self._row_head is not None:
            self._row_head += data


def test_the_organizer_reads_a_running_tournaments_report_and_nobody_else(client):
    made, entrants = seated(client)
    tid, org = made["tournament_id"], made["organizer_token"]
    state = client.get(f"/v1/tournaments/{tid}").get_json()
    table = state["tables"][0]
    sitter = entrants[table["entrants"][1]["entrant"] - 1]["entrant_token"]
    filed = client.post(f"/v1/games/{table['game_id']}/commands", headers=bearer(sitter),
                        json={"type": "dispute", "version": 3, "text": "seat 1 peeked <at the deck>"})
    assert filed.status_code == 201, filed.get_json()
    resolved = client.post(f"/v1/games/{table['game_id']}/commands", headers=bearer(org), json={
        "type": "resolve_dispute", "dispute": 1, "decision": "upheld", "text": "seen by the floor judge",
        "rulings": [{"kind": "forfeit", "seat": 1, "reason": "peeked at the deck"}]})
    assert resolved.status_code == 201, resolved.get_json()
    command(client, tid, entrants[2]["entrant_token"], {"type": "dispute", "version": 2, "text": "seated by <magic>"})
    command(client, tid, org, {"type": "drop", "entrant": 9, "reason": "went home"})

    problem(report(client, tid), 401, "token_required")
    problem(report(client, tid, entrants[0]["entrant_token"]), 403, "forbidden")
    answer = report(client, tid, org)
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    html = answer.get_data(as_text=True)
    page = Page(html)
    text = "".join(page.text)
    assert page.scripts == 0 and "<link" not in html and "<img" not in html  # self-contained, no script
    standings = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    names = [row["name"] for row in standings["rows"]]
    assert page.row_heads[: len(names)] == names  # the standings, in their order
    assert "Opponents' points" in text and "Score share" in text and standings["explained"] in text
    for t in state["tables"]:
        assert t["game_id"] in text and f"/v1/games/{t['game_id']}/report" in page.links
    assert text.count("still playing") == len(state["tables"])
    # the rulings and disputes of the table and of the tournament, told and escaped
    assert "seat 1 peeked <at the deck>" in text and "seen by the floor judge" in text and "forfeit" in text
    assert "peeked at the deck" in text  # the organizer's ruling, with its reason
    assert "seated by <magic>" in text and "House 9 dropped out by the organizer." in text and "went home" in text
    assert "&lt;at the deck&gt;" in html and "<magic>" not in html
    assert state["seed_commitment"] in text and "revealed when the tournament finishes" in text


def test_once_finished_anyone_reads_it_with_the_seed_and_the_tables_head_hashes(client, app):
    made, _ = seated(client, name="<b>Bold</b> Cup")
    tid, org = made["tournament_id"], made["organizer_token"]
    play_round(app, tid)
    command(client, tid, org, {"type": "finish"})
    answer = report(client, tid)
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    html = answer.get_data(as_text=True)
    page = Page(html)
    text = "".join(page.text)
    state = client.get(f"/v1/tournaments/{tid}").get_json()
    assert state["status"] == "finished" and state["seed"] in text
    assert "SHA-256 of the seed is the commitment" in text and "every hash links" in text
    games = app.extensions["games"]
    for table in state["tables"]:
        result = table["result"]
        assert result["head_hash"] in text and f"/v1/games/{table['game_id']}/report" in page.links
        assert games.load(table["game_id"])["head_hash"] == result["head_hash"]
        # the result: every seat's name, in the order of its place
        names = {e["entrant"]: e["name"] for e in state["entrants"]}
        order = sorted(result["places"], key=lambda seat: (result["places"][seat], int(seat)))
        suffix = {1: "st", 2: "nd", 3: "rd"}
        places = [text.index(f"{n}{suffix.get(n, 'th')}: {names[table['entrants'][int(seat) - 1]['entrant']]}")
                  for n, seat in enumerate(order, 1)]
        assert places == sorted(places)
    assert text.count("the same") == len(state["tables"])
    # escaped everywhere: the entrant's name and the tournament's
    assert EVIL not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html and EVIL in text
    assert "<b>Bold</b>" not in html and "&lt;b&gt;Bold&lt;/b&gt; Cup — tournament report" in html
    assert page.scripts == 0 and not re.search(r"<script", html, re.IGNORECASE)
    assert report(client, tid, org).status_code == 200


def test_an_unknown_tournament_has_no_report(client):
    problem(report(client, "tnosuchtournament"), 404, "tournament_not_found")
