"""The rulebook's worked examples, to the $G, each on its own situation (docs/rules.md).

Seats: 1 Alice, 2 Bob, 3 Charlie, 4 David; Muscle order Alice > Bob > Charlie > David.
Production and selling run through decide with scripted dice.
"""
from __future__ import annotations

from .situations import cash, give_truck, pass_step, set_influence, table, to_step

A, B, C, D = 1, 2, 3, 4


def test_production_and_copper_example():
    # Alice 5-3 family (under the Copper) and 5-2 remote; Bob 6; Charlie 5 and 6-3 remote;
    # David 4-3.
    t = table(4, dice=[5, 3, 5, 2, 6, 5, 6, 3, 4, 3])
    to_step(t, "place_influence")
    g = t.game
    g["round"], g["copper_at"] = 5, A
    g["players"][A - 1]["stills"] = [{"id": "family", "dice": 2, "last_roll": []},
                                     {"id": "remote_1", "dice": 2, "last_roll": []}]
    g["players"][C - 1]["stills"].append({"id": "remote_2", "dice": 2, "last_roll": []})
    g["players"][D - 1]["stills"][0]["dice"] = 2
    n = len(t.events)
    pass_step(t)                     # the last placement triggers Phase 3
    rolls = [e["payload"] for e in t.since(n) if e["type"] == "dice_rolled"]
    assert [(r["seat"], r["still"], r["dice"], r["crates"]) for r in rolls] == [
        (A, "family", [5, 3], 0), (A, "remote_1", [5, 2], 7), (B, "family", [6], 6),
        (C, "family", [5], 5), (C, "remote_2", [6, 3], 9), (D, "family", [4, 3], 7)]
    assert rolls[0]["stopped_by_copper"] is True
    assert {p["seat"]: p["crates"] for p in t.game["players"]} == {A: 7, B: 6, C: 14, D: 7}
    assert t.game["copper_at"] == D
    assert t.game["step"] == "deals"


def test_influence_example():
    t = table(4, dice=[1, 1, 1, 1])
    to_step(t, "place_influence")
    for seat, n in ((A, 3), (B, 2), (C, 5), (D, 7)):
        t.game["players"][seat - 1]["back_room"]["influence"] = n
    t.send(A, {"type": "place_influence", "placements": {"barleycorns": 3}})
    t.send(B, {"type": "place_influence", "placements": {"mothers": 2}})
    t.send(C, {"type": "place_influence",
               "placements": {"texas_lils": 1, "mothers": 3, "barleycorns": 1}})
    n = len(t.events)
    t.send(D, {"type": "place_influence",
               "placements": {"texas_lils": 1, "mothers": 4, "barleycorns": 2}})
    tl, mo, ba = t.speakeasy("texas_lils"), t.speakeasy("mothers"), t.speakeasy("barleycorns")
    assert tl["open"] is False                  # 2 markers, 3 shaded circles
    assert mo["open"] and ba["open"]
    assert mo["levels"] == {"2": "minority", "3": "minority", "4": "majority"}
    assert ba["levels"] == {"1": "controlling", "3": "minority", "4": "minority"}
    assert any(e["type"] == "dice_rolled" for e in t.since(n))   # Phase 3 followed


def _shipping_board(dice):
    """Mother's: Charlie 3 (majority), Bob 2, David 2. Barleycorn's: Alice 3 (controlling),
    Charlie 1, David 2. Bob has no influence at Barleycorn's."""
    t = table(4, dice=[1, 1, 1, 1] + list(dice))
    to_step(t, "deals")
    set_influence(t, "mothers", {B: 2, C: 3, D: 2})
    set_influence(t, "barleycorns", {A: 3, C: 1, D: 2})
    return t


def test_shipping_example():
    t = _shipping_board(dice=[1, 1, 6, 6, 6])
    trucks = {p["seat"]: [x["id"] for x in p["trucks"]] for p in t.game["players"]}
    a_small, b_small1, c_small1, d_small = (trucks[s][0] for s in (A, B, C, D))
    b_small2, b_med = give_truck(t, B, "small"), give_truck(t, B, "medium")
    c_med, c_rented = give_truck(t, C, "medium"), give_truck(t, C, "small")
    for seat, crates in ((A, 4), (B, 9), (C, 14), (D, 6)):
        t.game["players"][seat - 1]["crates"] = crates
    pass_step(t)
    assert t.game["step"] == "load" and t.waiting()["seats"] == [A, B, C, D]   # all at once
    t.send(D, {"type": "load", "loads": {d_small: 4}})
    t.send(A, {"type": "load", "loads": {a_small: 4}})
    t.send(B, {"type": "load", "loads": {b_med: 6, b_small1: 3}})
    n = len(t.events)
    t.send(C, {"type": "load", "loads": {c_small1: 4, c_med: 6, c_rented: 4}})
    assert "crates_dumped" not in t.types(n)        # lost when Phase 4 ends
    assert t.player(D)["crates"] == 2
    assert t.game["step"] == "dispatch" and t.waiting()["seats"] == [A]
    t.send(A, {"type": "dispatch", "routes": {a_small: "barleycorns"}})
    t.send(B, {"type": "dispatch", "routes": {b_med: "mothers", b_small1: "barleycorns"}})
    t.send(C, {"type": "dispatch", "routes": {c_med: "barleycorns", c_rented: "mothers",
                                              c_small1: "omalleys"}})
    lined = {}
    n = len(t.events)
    t.send(D, {"type": "dispatch", "routes": {d_small: "mothers"}})
    dumped = [e["payload"] for e in t.since(n) if e["type"] == "crates_dumped"]
    assert dumped == [{"seat": D, "crates": 2, "reason": "not_loaded"}]
    for e in t.events:
        if e["type"] == "trucks_dispatched":
            for r in e["payload"]["routes"]:
                lined.setdefault(r["speakeasy"], []).append((e["payload"]["seat"], r["truck"],
                                                             r["dock"]))
    assert lined["barleycorns"] == [(A, a_small, "majority"), (B, b_small1, "public"),
                                    (C, c_med, "minority")]
    # David lines up behind Bob at Mother's Minority dock (lower Muscle)
    assert lined["mothers"] == [(B, b_med, "minority"), (C, c_rented, "majority"),
                                (D, d_small, "minority")]
    assert lined["omalleys"] == [(C, c_small1, "line")]
    assert t.waiting() == {"step": "public_dock", "seats": [A]}   # Alice, about Bob's truck


def test_selling_example():
    t = _shipping_board(dice=[3, 2, 3, 5, 6])     # Mother's 3-2, Barleycorn's 3-5-6
    a_small = t.game["players"][A - 1]["trucks"][0]["id"]
    b_small_a = t.game["players"][B - 1]["trucks"][0]["id"]
    c_small = t.game["players"][C - 1]["trucks"][0]["id"]
    d_small = t.game["players"][D - 1]["trucks"][0]["id"]
    b_med, b_small_b = give_truck(t, B, "medium"), give_truck(t, B, "small")
    c_med = give_truck(t, C, "medium")
    for seat, crates in ((A, 4), (B, 13), (C, 10), (D, 4)):
        t.game["players"][seat - 1]["crates"] = crates
    pass_step(t)
    t.send(A, {"type": "load", "loads": {a_small: 4}})
    t.send(B, {"type": "load", "loads": {b_small_a: 4, b_med: 6, b_small_b: 3}})
    t.send(C, {"type": "load", "loads": {c_small: 4, c_med: 6}})
    t.send(D, {"type": "load", "loads": {d_small: 4}})
    t.send(A, {"type": "dispatch", "routes": {a_small: "barleycorns"}})
    t.send(B, {"type": "dispatch", "routes": {b_small_a: "omalleys", b_med: "mothers",
                                              b_small_b: "barleycorns"}})
    t.send(C, {"type": "dispatch", "routes": {c_small: "mothers", c_med: "barleycorns"}})
    before, n = cash(t), len(t.events)
    t.send(D, {"type": "dispatch", "routes": {d_small: "mothers"}})
    # Alice (Controlling at Barleycorn's) is asked about Bob's truck at the Public dock
    assert t.waiting() == {"step": "public_dock", "seats": [A]}
    t.send(A, {"type": "allow_public", "truck": b_small_b, "allow": False})
    evs = t.since(n)
    demand = {e["payload"]["speakeasy"]: e["payload"]["demand"] for e in evs
              if e["type"] == "dice_rolled"}
    assert demand == {"mothers": 5, "barleycorns": 14}
    sold = [(e["payload"]["speakeasy"], e["payload"]["seat"], e["payload"]["crates"])
            for e in evs if e["type"] == "crates_sold"]
    assert sold == [("omalleys", B, 4), ("mothers", C, 4), ("mothers", B, 1),
                    ("barleycorns", A, 4), ("barleycorns", C, 6)]
    paid = [(p["to"], p["amount"], p["reason"], p.get("speakeasy")) for p in
            (e["payload"] for e in evs if e["type"] == "cash_paid")]
    assert paid == [(B, 4, "wholesale", "omalleys"),          # $1G a crate (misprint decision)
                    (C, 8, "wholesale", "mothers"), (B, 2, "wholesale", "mothers"),
                    (A, 8, "wholesale", "barleycorns"), (A, 4, "profit", "barleycorns"),
                    (C, 12, "wholesale", "barleycorns"), (A, 6, "profit", "barleycorns")]
    assert sum(a for to, a, r, _ in paid if to == A and r == "profit") == 10
    after = t.game["players"]
    gained = {s: cash(t)[s] - before[s] for s in (A, B, C, D)}
    # Round 2's payroll has not been paid yet (bidding is open), so gains are the sales alone
    assert t.game["round"] == 2 and t.game["step"] == "bid"
    assert gained == {A: 18, B: 6, C: 20, D: 0}
    assert not any(p["reason"] == "profit" and p["speakeasy"] == "mothers"
                   for p in (e["payload"] for e in evs if e["type"] == "cash_paid"))
    refused = [e["payload"] for e in evs if e["type"] == "public_dock_answered"]
    assert refused == [{"seat": A, "speakeasy": "barleycorns", "truck": b_small_b, "allow": False}]
    assert after[B - 1]["trucks"][2]["load"] == 0            # unsold crates are lost
