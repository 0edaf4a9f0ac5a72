"""Cash is announced, not shown, over REST (docs/rules.md "Cash is announced, not
shown"; docs/api.md "Creating a game: options").

New games default to `cash: "announced"`; `"open"` keeps every total shown; anything else is
422. Every path out — the state, `?at=` time travel, `as=`, the event list, the live stream,
the log's sentences, legal actions with `look_ahead=cash` — shows a seat its own total and
the others' as last announced, spectators the announced figures, the organizer every total.
Payments stay public events.
"""
from __future__ import annotations

import json
import random

from tests.support.bots import bearer, move, open_table

SPECTATOR = None


def _get(table, path, token=SPECTATOR):
    headers = bearer(token) if token else {}
    r = table.client.get(f"/v1/games/{table.game_id}{path}", headers=headers)
    assert r.status_code == 200, (path, r.status_code, r.get_data(as_text=True))
    return r


def _play(table, rng, until, limit=3000):
    for _ in range(limit):
        state = table.state()
        if until(state) or state["status"] == "finished":
            return state
        move(table, rng)
    raise AssertionError("never got there")


def _totals_differ(state):
    """The organizer's view: somebody has been paid or has paid since the start."""
    return len({p["cash"] for p in state["players"]}) > 1 and state["round"] >= 2


def test_the_option_defaults_to_announced_and_is_checked(client):
    created = client.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3}).get_json()
    state = client.get(f"/v1/games/{created['game_id']}").get_json()
    assert state["options"]["cash"] == "announced"
    r = client.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3, "options": {"cash": "hidden"}})
    assert r.status_code == 422 and "cash" in json.dumps(r.get_json())


def test_every_path_hides_the_others_totals_until_announced(client):
    table = open_table(client, 3)
    organizer = _play(table, random.Random(4), _totals_differ)
    version, real = organizer["version"], {p["seat"]: p["cash"] for p in organizer["players"]}
    assert organizer["cash_visibility"] == "announced" and all(isinstance(c, int) for c in real.values())
    states = {
        "seat 1": _get(table, "", table.tokens[1]).get_json(),
        "seat 1 at": _get(table, f"?at={version}", table.tokens[1]).get_json(),
        "seat 1 as": _get(table, f"?at={version}&as=seat:1", table.organizer).get_json(),
        "spectator": _get(table, "").get_json(),
        "spectator as": _get(table, f"?at={version}&as=spectator", table.organizer).get_json(),
    }
    for name, state in states.items():
        me = 1 if name.startswith("seat") else None
        for p in state["players"]:
            assert p["cash"] == (real[p["seat"]] if p["seat"] == me else None), (name, p["seat"])
            assert p["cash_announced"] is None, name       # nothing announced before Round 4 ends
    # the organizer's `as=` is exactly what that viewer is served
    assert states["seat 1 as"]["players"] == states["seat 1 at"]["players"]

    events = _get(table, "/events?limit=1000", table.tokens[1]).get_json()["events"]
    payroll = [e["payload"] for e in events if e["type"] == "payroll"]
    assert payroll and all((p["cash_before"] is None) == (p["seat"] != 1) for p in payroll)
    paid = [e for e in events if e["type"] == "cash_paid"]
    assert paid and all(isinstance(e["payload"]["amount"], int) for e in paid)   # payments public
    stream = _get(table, "/events/stream?timeout=1", table.tokens[2]).get_data(as_text=True)
    shown = [json.loads(line[6:]) for line in stream.splitlines() if line.startswith("data: ")]
    assert any(e.get("type") == "payroll" for e in shown)
    for e in shown:
        if e.get("type") == "payroll":
            assert (e["payload"]["cash_before"] is None) == (e["payload"]["seat"] != 2)

    look = _get(table, "/legal-actions?look_ahead=cash", table.tokens[organizer["waiting_for"][0]]).get_json()
    assert look["cash"] == real[organizer["waiting_for"][0]]      # one's own cash, as before


def test_the_announced_figures_after_round_4_and_every_total_at_the_end(client):
    table = open_table(client, 3, {"rounds": 8})
    rng = random.Random(9)
    state = _play(table, rng, lambda s: s["round"] >= 5)
    announced = state["announced_cash"]
    assert announced is not None and state["cash_announced_round"] == 4
    spectator = _get(table, "").get_json()
    assert spectator["cash_announced_round"] == 4
    assert {str(p["seat"]): p["cash_announced"] for p in spectator["players"]} == announced
    assert all(p["cash"] is None for p in spectator["players"])
    log = _get(table, "/log?limit=1000", table.tokens[1]).get_json()["entries"]
    assert any("Cash after round 4" in e["text"] for e in log)     # the announcement is public
    final = _play(table, rng, lambda s: False, limit=8000)
    assert final["status"] == "finished"
    spectator = _get(table, "").get_json()
    assert [p["cash"] for p in spectator["players"]] == [p["cash"] for p in final["players"]]


def test_open_shows_every_total_always(client):
    table = open_table(client, 3, {"cash": "open"})
    state = _play(table, random.Random(4), _totals_differ)
    for token in (table.tokens[2], SPECTATOR):
        seen = _get(table, "", token).get_json()
        assert seen["cash_visibility"] == "open"
        assert [p["cash"] for p in seen["players"]] == [p["cash"] for p in state["players"]]


def test_a_set_cash_ruling_shows_its_totals_to_that_seat_only(client):
    table = open_table(client, 3)
    r = table.client.post(f"/v1/games/{table.game_id}/commands", headers=bearer(table.organizer),
                          json={"type": "ruling", "kind": "set_cash", "seat": 2, "cash": 17, "reason": "recount"})
    assert r.status_code == 201
    for seat, visible in ((1, False), (2, True)):
        events = _get(table, "/events?limit=1000", table.tokens[seat]).get_json()["events"]
        ruling = next(e["payload"] for e in events if e["type"] == "ruling_applied")
        assert (ruling["cash"] == 17) is visible and (ruling["was"] == 10) is visible
        log = json.dumps(_get(table, "/log?limit=1000", table.tokens[seat]).get_json())
        assert ("cash 17" in log) is visible
        assert any(e["type"] == "cash_paid" and e["payload"]["amount"] == 7 for e in events)
