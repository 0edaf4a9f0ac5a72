"""Hidden information stays hidden through every REST path: state, `?at=` time travel,
the event list and the live stream. Bots play until a seat holds Thug cards; then no other
seat and no spectator may see a card id of that hand anywhere — except in the events that
show the face-up offer spaces (the whole table saw that card dealt and taken; see
docs/rules-decisions.md)."""
from __future__ import annotations

import json
import random
import re

FACE_UP = {"offers_dealt", "offer_taken", "offers_discarded"}

from tests.support.bots import bearer, open_table


def play_until_someone_holds_thugs(table, rng, limit=400):
    for _ in range(limit):
        organizer = table.state()
        for p in organizer["players"]:
            if isinstance(p["thug_cards"], list) and p["thug_cards"]:
                return organizer, p
        seat = rng.choice(organizer["waiting_for"])
        legal = table.legal(seat)
        takes = [e for a in legal["actions"] if a["type"] == "take_offer" for e in a["examples"]]
        thugs = [e for e in takes if "thug" in json.dumps(organizer["offers"]).lower()]
        actions = [a for a in legal["actions"] if a["type"] not in ("say", "play_thug", "propose_deal")]
        example = rng.choice(thugs) if thugs and rng.random() < 0.8 else rng.choice(rng.choice(actions)["examples"])
        assert table.send(seat, example, version=legal["version"]).status_code == 201
    raise AssertionError("no seat took a Thug card")


def test_a_hand_of_thug_cards_never_reaches_another_seat(app):
    table = open_table(app.test_client(), 3)
    organizer, holder = play_until_someone_holds_thugs(table, random.Random(5))
    cards = holder["thug_cards"]
    other = next(s for s in table.tokens if s != holder["seat"])
    client, game = table.client, table.game_id
    version = organizer["version"]

    own = client.get(f"/v1/games/{game}", headers=bearer(table.tokens[holder["seat"]])).get_json()
    assert [p for p in own["players"] if p["seat"] == holder["seat"]][0]["thug_cards"] == cards

    views = {
        "state as another seat": client.get(f"/v1/games/{game}", headers=bearer(table.tokens[other])),
        "state as a spectator": client.get(f"/v1/games/{game}"),
        "time travel as another seat": client.get(f"/v1/games/{game}?at={version}", headers=bearer(table.tokens[other])),
        "events as another seat": client.get(f"/v1/games/{game}/events?limit=1000", headers=bearer(table.tokens[other])),
        "events as a spectator": client.get(f"/v1/games/{game}/events?limit=1000"),
        "live stream as another seat": client.get(f"/v1/games/{game}/events/stream?timeout=1",
                                                  headers=bearer(table.tokens[other])),
    }
    for name, response in views.items():
        assert response.status_code == 200, name
        text = response.get_data(as_text=True)
        if name.startswith("events"):
            text = json.dumps([e for e in response.get_json()["events"] if e["type"] not in FACE_UP])
        elif name.startswith("live"):
            text = "\n".join(block for block in text.split("\n\n")
                             if not any(f"event: {kind}" in block for kind in FACE_UP))
        leaked = [c for c in cards if c in text]
        assert not leaked, f"{name} shows {leaked}"
    shown = [p for p in views["state as another seat"].get_json()["players"] if p["seat"] == holder["seat"]][0]
    assert shown["thug_cards"] == len(cards)


def declare_in_a_thug_window(table, rng, limit=1500):
    """Bots play (taking Thug cards when offered) until a seat in a thug window that still
    waits for another can declare a card; it declares one. Returns (seat, the command)."""
    for _ in range(limit):
        organizer = table.state()
        if organizer["step"] == "thug_window" and len(organizer["waiting_for"]) >= 2:
            for seat in organizer["waiting_for"]:
                legal = table.legal(seat)
                plays = [e for a in legal["actions"] if a["type"] == "play_thug"
                         for e in a["examples"] if e["card"].startswith("thug:")
                         and "investigation" not in e["card"]]
                if plays:
                    example = rng.choice(plays)
                    assert table.send(seat, example, version=legal["version"]).status_code == 201
                    return seat, example
        seat = rng.choice(organizer["waiting_for"])
        legal = table.legal(seat)
        takes = [e for a in legal["actions"] if a["type"] == "take_offer" for e in a["examples"]]
        actions = [a for a in legal["actions"] if a["type"] not in ("say", "play_thug", "propose_deal")]
        example = rng.choice(takes) if takes and rng.random() < 0.8 else rng.choice(rng.choice(actions)["examples"])
        assert table.send(seat, example, version=legal["version"]).status_code == 201
    raise AssertionError("no seat ever declared a card in a thug window")


def test_a_declared_card_stays_face_down_for_the_others_until_revealed(app):
    """docs/rules.md "Priority conflicts": a declared card stays hidden from the others until it
    resolves — through the state, time travel and the event list."""
    table = open_table(app.test_client(), 3)
    seat, declared = declare_in_a_thug_window(table, random.Random(3))
    client, game = table.client, table.game_id
    other = next(s for s in table.tokens if s != seat)
    version = table.state()["version"]
    own = client.get(f"/v1/games/{game}", headers=bearer(table.tokens[seat])).get_json()
    assert own["step"] == "thug_window"                # still waiting for the others
    assert {"seat": seat, "card": declared["card"]}.items() <= own["declared"][0].items()
    for path in (f"/v1/games/{game}", f"/v1/games/{game}?at={version}"):
        seen = client.get(path, headers=bearer(table.tokens[other])).get_json()["declared"]
        assert seen == [{"seat": seat, "card": None, "kind": None, "targets": None}]
    events = client.get(f"/v1/games/{game}/events?limit=1000&after={max(0, version - 900)}",
                        headers=bearer(table.tokens[other])).get_json()["events"]
    mine = [e["payload"] for e in events if e["type"] == "thug_declared"]
    assert mine and all(p["card"] is None and p["targets"] is None for p in mine if p["seat"] == seat)


def _where(text: str, n: int) -> int | None:
    """Where `n` stands as a number of its own in `text` (not inside a longer number, a time
    or an id); None: nowhere."""
    found = re.search(rf"(?<![\w.-]){n}(?![\w.:-])", text)
    return found.start() if found else None


def test_a_hidden_cash_total_reaches_no_other_seat_anywhere(app):
    """`cash: "announced"` (docs/rules.md "Cash is announced, not shown"): a seat's total, set by a
    ruling to a figure seen nowhere else, reaches no other seat and no spectator through the
    state, time travel, `as=`, the event list, the live stream, the log or the look-ahead —
    while the payment that made it stays public."""
    table = open_table(app.test_client(), 3)
    rng = random.Random(6)
    for _ in range(30):                                 # some play first: payroll, offers
        state = table.state()
        seat = rng.choice(state["waiting_for"])
        legal = table.legal(seat)
        actions = [a for a in legal["actions"] if a["type"] not in ("say", "propose_deal")]
        assert table.send(seat, rng.choice(rng.choice(actions)["examples"]), version=legal["version"]).status_code == 201
    client, game = table.client, table.game_id
    secret = 7919
    for cash in (13, secret):       # from 13, not 0: the public payment is then not the total
        r = client.post(f"/v1/games/{game}/commands", headers=bearer(table.organizer),
                        json={"type": "ruling", "kind": "set_cash", "seat": 1, "cash": cash, "reason": "test"})
        assert r.status_code == 201
    version = table.state()["version"]
    other = table.tokens[2]
    views = {
        "state as another seat": client.get(f"/v1/games/{game}", headers=bearer(other)),
        "state as a spectator": client.get(f"/v1/games/{game}"),
        "time travel as another seat": client.get(f"/v1/games/{game}?at={version}", headers=bearer(other)),
        "as= another seat": client.get(f"/v1/games/{game}?at={version}&as=seat:2", headers=bearer(table.organizer)),
        "as= a spectator": client.get(f"/v1/games/{game}?at={version}&as=spectator", headers=bearer(table.organizer)),
        "events as another seat": client.get(f"/v1/games/{game}/events?limit=1000", headers=bearer(other)),
        "events as a spectator": client.get(f"/v1/games/{game}/events?limit=1000"),
        "live stream as another seat": client.get(f"/v1/games/{game}/events/stream?timeout=1", headers=bearer(other)),
        "log as another seat": client.get(f"/v1/games/{game}/log?limit=1000", headers=bearer(other)),
        "log as a spectator": client.get(f"/v1/games/{game}/log?limit=1000"),
        "look-ahead of another seat": client.get(f"/v1/games/{game}/legal-actions?look_ahead=cash",
                                                 headers=bearer(other)),
    }
    for name, response in views.items():
        assert response.status_code == 200, name
        text = response.get_data(as_text=True)
        at = _where(text, secret)
        assert at is None, f"{name} shows seat 1's total: ...{text[max(0, at - 300):at + 60]}..."
    own = client.get(f"/v1/games/{game}", headers=bearer(table.tokens[1])).get_data(as_text=True)
    assert _where(own, secret) is not None                   # its own seat sees it
    organizer = client.get(f"/v1/games/{game}", headers=bearer(table.organizer)).get_data(as_text=True)
    assert _where(organizer, secret) is not None             # the organizer's own view: every total
    paid = [e for e in views["events as a spectator"].get_json()["events"]
            if e["type"] == "cash_paid" and e["payload"]["reason"] == "ruling"]
    assert paid and paid[-1]["payload"]["to"] == 1      # the payment itself is public
