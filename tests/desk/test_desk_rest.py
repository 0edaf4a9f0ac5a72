"""The organizer's desk over REST: `?as=` byte-identical to what the viewer was served, the
log (redacted, paged), and the report (self-contained HTML)."""
from __future__ import annotations

import random
import re

import pytest

from tests.api.conftest import problem
from tests.support.bots import bearer, open_table, play


@pytest.fixture
def api(app):
    return app.test_client()


def _step(table, rng):
    """One bot command (as bots.play does), for a game we watch as it goes."""
    state = table.state()
    seat = rng.choice(state["waiting_for"])
    legal = table.legal(seat)
    actions = [a for a in legal["actions"] if a["type"] != "say" and a["examples"]]
    r = table.send(seat, rng.choice(rng.choice(actions)["examples"]), version=legal["version"])
    assert r.status_code == 201, r.get_data(as_text=True)


def _get(api, table, token, query=""):
    return api.get(f"/v1/games/{table.game_id}{query}", headers=bearer(token) if token else {})


def test_as_seat_is_byte_identical_to_what_that_seat_was_served(api):
    table = open_table(api, 3, {"rounds": 8})
    rng, served = random.Random(5), []
    for _ in range(40):
        version = table.state()["version"]
        for seat, token in table.tokens.items():
            served.append((version, f"seat:{seat}", _get(api, table, token).get_data()))
        served.append((version, "spectator", _get(api, table, None).get_data()))
        _step(table, rng)
    play(table, rng)              # the reveal of every sealed bid: now all past views may be shown
    for version, who, body in served:
        again = _get(api, table, table.organizer, f"?at={version}&as={who}")
        assert again.status_code == 200, again.get_data(as_text=True)
        assert again.get_data() == body, (version, who)


def test_as_is_the_organizers_a_player_may_ask_only_as_himself(api):
    table = open_table(api, 3)
    me = _get(api, table, table.tokens[2]).get_data()
    assert _get(api, table, table.tokens[2], "?as=seat:2").get_data() == me
    body = problem(_get(api, table, table.tokens[2], "?as=seat:1"), 403, "forbidden")
    assert "as=seat:2" in body["detail"]
    problem(_get(api, table, None, "?as=seat:1"), 403, "forbidden")
    assert _get(api, table, None, "?as=spectator").status_code == 200
    problem(_get(api, table, table.organizer, "?as=seat:9"), 422, "invalid_fields")
    problem(_get(api, table, table.organizer, "?as=everyone"), 422, "invalid_fields")


def test_the_organizer_cannot_peek_at_a_sealed_bid_through_as(api):
    table = open_table(api, 3)
    state = table.state()
    assert state["step"] == "bid"
    seat = state["waiting_for"][0]
    card = table.legal(seat)["actions"][0]["examples"][0]
    assert table.send(seat, card).status_code == 201
    body = problem(_get(api, table, table.organizer, f"?as=seat:{seat}"), 409, "hidden")
    assert body["sealed_since"] <= table.state()["version"]
    before = body["sealed_since"] - 1
    assert _get(api, table, table.organizer, f"?at={before}&as=seat:{seat}").status_code == 200


def _log(api, table, token, query=""):
    r = api.get(f"/v1/games/{table.game_id}/log{query}", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()


def test_the_log_reads_the_game_as_sentences_paged_and_redacted(api):
    table = open_table(api, 3, {"rounds": 8}, names=["Ada", "Bix", "Cora"])
    rng = random.Random(2)
    while table.state()["step"] == "bid" and table.state()["waiting_for"] != [3]:
        seat = min(table.state()["waiting_for"])
        table.send(seat, table.legal(seat)["actions"][0]["examples"][0])
    whole = _log(api, table, table.tokens[3], "?limit=1000")
    assert [e["version"] for e in whole["entries"]] == list(range(1, whole["version"] + 1))
    assert whole["next_after"] == whole["version"]
    bids = [e for e in whole["entries"] if "bid" in e["text"] and e["actor"].get("kind") == "seat"]
    assert bids and all(e["text"].endswith("bid (sealed).") for e in bids), bids
    assert all(e["text"].startswith("Round 1, Phase 1: ") for e in bids)
    assert bids[0]["round"] == 1 and bids[0]["phase"] == 1 and bids[0]["actor"]["name"] in ("Ada", "Bix")
    own_hand = [e["text"] for e in whole["entries"] if "Cora is dealt Muscle cards " in e["text"]]
    others = [e["text"] for e in whole["entries"] if "Ada is dealt" in e["text"]]
    assert own_hand and others and re.search(r"Ada is dealt \d+ Muscle cards\.", others[0])
    pages, after = [], 0
    while True:
        page = _log(api, table, table.tokens[3], f"?after={after}&limit=7")
        if not page["entries"]:
            break
        pages += page["entries"]
        after = page["next_after"]
    assert pages == whole["entries"]
    play(table, rng)
    assert _log(api, table, None, f"?after={table.state()['version'] - 1}")["entries"][0]["text"].split(": ", 1)[1].startswith("The seed is revealed")


def test_the_report_is_one_self_contained_page(api):
    table = open_table(api, 3, {"rounds": 8}, names=["Ada", "Bix", "Cora"])
    rng = random.Random(3)
    for _ in range(5):
        _step(table, rng)
    running = api.get(f"/v1/games/{table.game_id}/report", headers=bearer(table.tokens[1]))
    problem(running, 403, "forbidden")
    assert api.get(f"/v1/games/{table.game_id}/report", headers=bearer(table.organizer)).status_code == 200
    ruling = {"type": "ruling", "kind": "set_cash", "seat": 2, "cash": 12, "reason": "a miscounted pile"}
    assert api.post(f"/v1/games/{table.game_id}/commands", json=ruling, headers=bearer(table.organizer)).status_code == 201
    play(table, rng)
    r = api.get(f"/v1/games/{table.game_id}/report")
    assert r.status_code == 200 and r.mimetype == "text/html"
    page = r.get_data(as_text=True)
    assert not re.search(r"<(script|link|img|iframe)\b|src=|url\(|@import|https?://", page)
    winner = table.state()["winner"]
    assert f"Winner: {['Ada', 'Bix', 'Cora'][winner - 1]}" in page
    assert page.count("<h3>Round ") == 8 and "Crates sold" in page and "Markers" in page
    assert page.count("a miscounted pile") == 2       # the ruling's sentence and its reason column
    assert "receives $" not in page.split("<h2>Rulings</h2>")[1].split("<h2>")[0]
    for check in ("chain", "seed", "dice"):
        assert re.search(rf"<td>{check}</td><td class='ok'>intact</td>", page), check


@pytest.mark.parametrize("ruleset, seats", [("prohibition", 2), ("booze_baron", 4)])
def test_the_log_and_report_of_the_other_rulesets(api, ruleset, seats):
    table = open_table(api, seats, ruleset=ruleset)
    rng = random.Random(1)
    for _ in range(30):
        if table.state()["status"] != "running":
            break
        _step(table, rng)
    log = _log(api, table, table.tokens[1], "?limit=1000")
    assert len(log["entries"]) == table.state()["version"]
    assert all(e["text"] and not e["text"].endswith("_")for e in log["entries"])
    assert any(e["text"].startswith("Round 1") for e in log["entries"])
    report = api.get(f"/v1/games/{table.game_id}/report", headers=bearer(table.organizer))
    assert report.status_code == 200 and "keeps no table per round" in report.get_data(as_text=True)
