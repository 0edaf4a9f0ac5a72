"""The rulebook's worked examples (Phases 2-5) played through REST, to the $G.

Each example is its own scripted-dice game (`POST /v1/games`, options.rng = scripted dice,
hands and decks), four seats joined and started. The organizer's `ruling` commands build the
example's situation (the examples disagree with each other, so each builds its own, as
docs/rules.md says); the players' own commands play it; the assertions read the organizer's
`GET /v1/games/{id}` and the events.

Seats: 1 Alice, 2 Bob, 3 Charlie, 4 David. Every seat bids its highest Muscle card, and the
scripted hands give Alice the highest cards, so the Muscle order is Alice > Bob > Charlie >
David, as in the examples.

What rulings stand in for (said in each test): deals are not implemented yet, so the
deals-and-loading example's deals (Alice sells 3 crates to Bob for $2G; Bob rents a Small
Truck to Charlie for $2G) are rulings — `set_crates`, `set_cash`, and the truck moved with
`remove_truck` + `give_truck`. A rented truck made by a ruling stays with the renter after
Phase 5 (real rentals will return it). No ruling changes the round: the Copper example plays
Rounds 1-4 with passes, and the Copper reaches Alice by the Round 4 production.
"""
from __future__ import annotations

from events.canonical import dumps
from service.rules.bootleggers import data
from tests.rules.bootleggers.test_random_games_http import assert_money_conserved
from tests.rules.bootleggers.situations import hands
from tests.support.bots import bearer, open_table

A, B, C, D = 1, 2, 3, 4
NAMES = ["Alice", "Bob", "Charlie", "David"]


def _quiet_deck() -> list[str]:
    """Phase 1 has no pass, so every seat takes an offer each round: the Men of
    Action deck starts with the cards that change nothing an example reads — still and
    speakeasy improvements, whose dice and markers wait in the back room (23 cards: five
    rounds of four seats) — and no Thug card opens a window."""
    deck = data.men_of_action_deck()
    quiet = [c for c in deck if c.split("#")[0] in (
        "single_still_improvement", "double_still_improvement", "speakeasy_improvement")]
    return quiet + [c for c in deck if c not in quiet]


QUIET_DECK = _quiet_deck()


class Example:
    """One scripted game through the HTTP layer, with the organizer's rulings."""

    def __init__(self, client, dice: list[int]):
        options = {"rng": {"mode": "scripted", "dice": list(dice), "hands": hands(4),
                           "decks": {"trucks": data.truck_deck(), "men_of_action": QUIET_DECK}}}
        self.client = client
        self.table = open_table(client, 4, options, names=NAMES)
        self.gid = self.table.game_id

    # -- sending -------------------------------------------------------------------------------
    def send(self, seat: int, command: dict) -> list[dict]:
        r = self.table.send(seat, command)
        assert r.status_code == 201, (command, r.status_code, r.get_json())
        return r.get_json()["events"]

    def rule(self, kind: str, reason: str, **fields) -> list[dict]:
        r = self.client.post(f"/v1/games/{self.gid}/commands", headers=bearer(self.table.organizer),
                             json={"type": "ruling", "kind": kind, "reason": reason, **fields})
        assert r.status_code == 201, (kind, fields, r.status_code, r.get_json())
        events = r.get_json()["events"]
        assert events[0]["type"] == "ruling_applied"
        assert events[0]["actor"] == {"kind": "organizer"}
        assert events[0]["payload"]["reason"] == reason
        return events

    # -- reading -------------------------------------------------------------------------------
    def state(self) -> dict:
        return self.table.state()

    def version(self) -> int:
        return self.state()["version"]

    def events(self, after: int = 0) -> list[dict]:
        out = []
        while True:
            r = self.client.get(f"/v1/games/{self.gid}/events?after={after}&limit=1000",
                                headers=bearer(self.table.organizer))
            assert r.status_code == 200
            page = r.get_json()["events"]
            if not page:
                return out
            out += page
            after = page[-1]["version"]

    def player(self, seat: int) -> dict:
        return self.state()["players"][seat - 1]

    def speakeasy(self, sid: str) -> dict:
        return next(s for s in self.state()["speakeasies"] if s["id"] == sid)

    def trucks(self, seat: int) -> dict[str, int]:
        return {t["id"]: t["load"] for t in self.player(seat)["trucks"]}

    # -- moving on -------------------------------------------------------------------------------
    def to_step(self, name: str, round_: int | None = None) -> None:
        """Everyone bids their highest card and passes every other step, until `name` opens
        (in `round_`, if given)."""
        for _ in range(400):
            st = self.state()
            if st["step"] == name and (round_ is None or st["round"] == round_):
                return
            assert st["status"] == "running" and st["waiting_for"], st["step"]
            if st["step"] == "bid":
                for seat in st["waiting_for"]:
                    self.send(seat, {"type": "bid", "card": max(st["players"][seat - 1]["muscle_hand"])})
            elif st["step"] == "choose_offer":
                self.send(st["waiting_for"][0], self.lowest_offer(st))
            else:
                self.send(st["waiting_for"][0], {"type": "pass"})
        raise AssertionError(f"never reached {name}")

    @staticmethod
    def lowest_offer(st: dict) -> dict:
        """Phase 1 has no pass: the lowest-numbered Men of Action card, as the
        clock would take it — never the Truck card, so no cash is spent and no truck gained
        (QUIET_DECK: a still or speakeasy improvement, which waits in the back room)."""
        slot = next(s for s in st["offers"]["slots"] if s["card"])
        cmd = {"type": "take_offer", "offer": slot["slot"]}
        if slot["card"].startswith("double_still_improvement"):
            cmd["choice"] = "dice"
        return cmd

    def check_record(self, app) -> None:
        games = app.extensions["games"]
        assert dumps(games.rebuild(self.gid)) == dumps(games.load(self.gid))
        assert_money_conserved(games, self.gid)


def _payloads(events, kind):
    return [e["payload"] for e in events if e["type"] == kind]


# --- Phase 3: production and the Copper -----------------------------------------------------------
def test_production_and_copper_example(app, client):
    # Rounds 1-3: one family die each, all 1s. Round 4: Alice rolls 6, the others 1, so the
    # Copper moves to Alice by the rules (from Round 4 on). Round 5 is the example:
    # Alice 5-3 family (under the Copper) and 5-2 remote; Bob 6; Charlie 5 and 6-3 remote;
    # David 4-3.
    dice = [1, 1, 1, 1] * 3 + [6, 1, 1, 1] + [5, 3, 5, 2, 6, 5, 6, 3, 4, 3]
    ex = Example(client, dice)
    ex.to_step("bid", round_=5)
    st = ex.state()
    assert st["copper_at"] == A and st["round"] == 5          # reached by play, not a ruling
    moved = _payloads(ex.events(), "copper_moved")
    assert moved[-1] == {"from": None, "to": A, "family_production": {"1": 6, "2": 1, "3": 1, "4": 1}}
    ex.rule("set_still", "example: Alice's family still has two dice", seat=A, still="family", dice=2)
    opened = ex.rule("set_still", "example: Alice's remote still", seat=A, still="new_remote", dice=2)
    assert opened[0]["payload"]["still"] == "remote_1"
    ex.rule("set_still", "example: Charlie's remote still", seat=C, still="new_remote", dice=2)
    ex.rule("set_still", "example: David's family still has two dice", seat=D, still="family", dice=2)
    ex.to_step("place_influence", round_=5)
    n = ex.version()
    ex.to_step("deals", round_=5)                            # the last placement runs Phase 3
    evs = ex.events(after=n)
    rolls = _payloads(evs, "dice_rolled")
    assert [(r["seat"], r["still"], r["dice"], r["crates"], r["stopped_by_copper"]) for r in rolls] == [
        (A, "family", [5, 3], 0, True), (A, "remote_1", [5, 2], 7, False),
        (B, "family", [6], 6, False), (C, "family", [5], 5, False),
        (C, "remote_2", [6, 3], 9, False), (D, "family", [4, 3], 7, False)]
    st = ex.state()
    assert {p["seat"]: p["crates"] for p in st["players"]} == {A: 7, B: 6, C: 14, D: 7}
    # David gets the Copper: Charlie made more in total, Alice rolled more on her family still
    assert _payloads(evs, "copper_moved") == [
        {"from": A, "to": D, "family_production": {"1": 0, "2": 6, "3": 5, "4": 7}}]
    assert st["copper_at"] == D and st["step"] == "deals"
    ex.check_record(app)


# --- Phase 2: influence levels -------------------------------------------------------------------------
def test_influence_example_levels(app, client):
    ex = Example(client, [1, 1, 1, 1])
    ex.to_step("place_influence")
    # the markers already down (rulings), then each player's one back-room marker, in
    # Muscle order, through place_influence
    for sid, seat, count in (("barleycorns", A, 2), ("barleycorns", C, 1), ("barleycorns", D, 2),
                             ("mothers", B, 1), ("mothers", C, 3), ("mothers", D, 3),
                             ("texas_lils", D, 1)):
        ex.rule("set_influence", "example board", speakeasy=sid, seat=seat, count=count)
    assert ex.speakeasy("mothers")["levels"] == {"2": "minority", "3": "minority", "4": "minority"}
    ex.send(A, {"type": "place_influence", "placements": {"barleycorns": 1}})
    ex.send(B, {"type": "place_influence", "placements": {"mothers": 1}})
    ex.send(C, {"type": "place_influence", "placements": {"texas_lils": 1}})
    # before David's last marker, Charlie and David tie at Mother's: nobody leads
    assert ex.speakeasy("mothers")["levels"] == {"2": "minority", "3": "minority", "4": "minority"}
    evs = ex.send(D, {"type": "place_influence", "placements": {"mothers": 1}})
    tl, mo, ba = ex.speakeasy("texas_lils"), ex.speakeasy("mothers"), ex.speakeasy("barleycorns")
    assert tl["influence"] == {"3": 1, "4": 1} and tl["open"] is False   # 2 of 3 shaded circles
    assert mo["influence"] == {"2": 2, "3": 3, "4": 4} and mo["open"] is True
    assert mo["levels"] == {"2": "minority", "3": "minority", "4": "majority"}
    assert ba["influence"] == {"1": 3, "3": 1, "4": 2} and ba["open"] is True
    assert ba["levels"] == {"1": "controlling", "3": "minority", "4": "minority"}
    assert any(e["type"] == "dice_rolled" for e in evs)       # Phase 3 followed
    ex.check_record(app)


# --- Phase 4: deals and loading ------------------------------------------------------------------------
def test_deals_and_loading_example(app, client):
    # production by scripted dice: Alice 4-3 = 7, Bob 6, Charlie 6-5-3 = 14, David 3-3 = 6
    ex = Example(client, [4, 3, 6, 6, 5, 3, 3, 3])
    ex.rule("set_still", "example stills", seat=A, still="family", dice=2)
    ex.rule("set_still", "example stills", seat=C, still="family", dice=3)
    ex.rule("set_still", "example stills", seat=D, still="family", dice=2)
    ex.to_step("deals")
    st = ex.state()
    assert {p["seat"]: p["crates"] for p in st["players"]} == {A: 7, B: 6, C: 14, D: 6}
    cash0 = {p["seat"]: p["cash"] for p in st["players"]}
    # Bob owns two Small Trucks and a Medium; Charlie a Small and a Medium
    b_small2 = ex.rule("give_truck", "example trucks", seat=B, size="small")[0]["payload"]["truck"]
    b_med = ex.rule("give_truck", "example trucks", seat=B, size="medium")[0]["payload"]["truck"]
    c_med = ex.rule("give_truck", "example trucks", seat=C, size="medium")[0]["payload"]["truck"]
    a_small, b_small1, c_small, d_small = (ex.player(s)["trucks"][0]["id"] for s in (A, B, C, D))
    # The deals (not implemented yet: rulings record them).
    # Alice sells 3 Crates to Bob for $2G:
    ex.rule("set_crates", "deal: Alice sells 3 crates to Bob", seat=A, crates=4)
    ex.rule("set_crates", "deal: Bob buys 3 crates from Alice", seat=B, crates=9)
    paid = ex.rule("set_cash", "deal: Bob pays Alice $2G", seat=A, cash=cash0[A] + 2)
    assert paid[1]["payload"] == {"from": "bank", "to": A, "amount": 2, "reason": "ruling"}
    ex.rule("set_cash", "deal: Bob pays Alice $2G", seat=B, cash=cash0[B] - 2)
    # Bob rents his other Small Truck to Charlie for $2G: the truck goes from Bob to Charlie
    ex.rule("remove_truck", "deal: Bob rents a Small Truck to Charlie", seat=B, truck=b_small2)
    got = ex.rule("give_truck", "deal: Charlie rents Bob's Small Truck", seat=C, size="small")
    c_rented = got[0]["payload"]["truck"]
    assert c_rented == b_small2                                # the very same truck
    ex.rule("set_cash", "deal: Charlie pays Bob $2G rent", seat=C, cash=cash0[C] - 2)
    ex.rule("set_cash", "deal: Charlie pays Bob $2G rent", seat=B, cash=cash0[B] - 2 + 2)
    st = ex.state()
    assert {p["seat"]: p["cash"] - cash0[p["seat"]] for p in st["players"]} == {A: 2, B: 0, C: -2, D: 0}
    assert {p["seat"]: p["crates"] for p in st["players"]} == {A: 4, B: 9, C: 14, D: 6}
    assert sorted(ex.trucks(B)) == sorted([b_small1, b_med])
    assert sorted(ex.trucks(C)) == sorted([c_small, c_med, c_rented])
    # everyone is done dealing; loading is all at once
    for seat in (A, B, C, D):
        ex.send(seat, {"type": "pass"})
    st = ex.state()
    assert st["step"] == "load" and st["waiting_for"] == [A, B, C, D]
    ex.send(A, {"type": "load", "loads": {a_small: 4}})
    ex.send(B, {"type": "load", "loads": {b_med: 6, b_small1: 3}})
    ex.send(C, {"type": "load", "loads": {c_small: 4, c_med: 6, c_rented: 4}})
    evs = ex.send(D, {"type": "load", "loads": {d_small: 4}})
    # David keeps the 2 Crates he cannot ship until Phase 4 ends ("All Crates that are not
    # loaded on a truck by the end of Phase 4 are lost (exception: Warehouse)")
    assert _payloads(evs, "crates_dumped") == []
    assert ex.trucks(A) == {a_small: 4}
    assert ex.trucks(B) == {b_small1: 3, b_med: 6}
    assert ex.trucks(C) == {c_small: 4, c_med: 6, c_rented: 4}
    assert ex.trucks(D) == {d_small: 4}
    st = ex.state()
    assert {p["seat"]: p["crates"] for p in st["players"]} == {A: 0, B: 0, C: 0, D: 2}
    assert st["step"] == "dispatch" and st["waiting_for"] == [A]
    ex.check_record(app)


# --- Phase 4: shipping ---------------------------------------------------------------------------------
def _board(ex: Example, bob: tuple[str, ...], charlie: tuple[str, ...], crates: dict) -> dict:
    """At the deals step: the influence of the shipping and selling examples, extra trucks,
    crates. Mother's: Bob 2, Charlie 3 (majority), David 2. Barleycorn's: Alice 3
    (controlling), Charlie 1, David 2; Bob has no influence there. Returns truck ids."""
    ex.to_step("deals")
    for sid, seat, count in (("mothers", B, 2), ("mothers", C, 3), ("mothers", D, 2),
                             ("barleycorns", A, 3), ("barleycorns", C, 1), ("barleycorns", D, 2)):
        ex.rule("set_influence", "example board", speakeasy=sid, seat=seat, count=count)
    ids = {f"{s}_small": ex.player(seat)["trucks"][0]["id"]
           for s, seat in (("a", A), ("b", B), ("c", C), ("d", D))}
    for name, seat, sizes in (("b", B, bob), ("c", C, charlie)):
        for i, size in enumerate(sizes):
            ids[f"{name}_{size}{i}"] = ex.rule("give_truck", "example trucks", seat=seat,
                                               size=size)[0]["payload"]["truck"]
    for seat, n in crates.items():
        ex.rule("set_crates", "example crates", seat=seat, crates=n)
    mo, ba = ex.speakeasy("mothers"), ex.speakeasy("barleycorns")
    assert mo["open"] and mo["levels"] == {"2": "minority", "3": "majority", "4": "minority"}
    assert ba["open"] and ba["levels"] == {"1": "controlling", "3": "minority", "4": "minority"}
    for seat in (A, B, C, D):
        ex.send(seat, {"type": "pass"})                      # no deals
    return ids


def _lines(events) -> dict[str, list[tuple]]:
    lined: dict[str, list[tuple]] = {}
    for p in _payloads(events, "trucks_dispatched"):
        for r in p["routes"]:
            lined.setdefault(r["speakeasy"], []).append((p["seat"], r["truck"], r["dock"]))
    return lined


def test_shipping_example(app, client):
    # Round 1 production (1s, replaced by the example's crates); demand: Mother's 1-1,
    # Barleycorn's 6-6-6 (enough that Alice is asked about Bob's Public-dock truck)
    ex = Example(client, [1, 1, 1, 1] + [1, 1] + [6, 6, 6])
    # Bob: Small + Medium (his second Small is rented out); Charlie: Small, Medium, rented Small
    t = _board(ex, bob=("medium",), charlie=("medium", "small"),
               crates={A: 4, B: 9, C: 14, D: 4})
    a_small, b_small, c_small, d_small = t["a_small"], t["b_small"], t["c_small"], t["d_small"]
    b_med, c_med, c_rented = t["b_medium0"], t["c_medium0"], t["c_small1"]
    ex.send(A, {"type": "load", "loads": {a_small: 4}})
    ex.send(B, {"type": "load", "loads": {b_med: 6, b_small: 3}})
    ex.send(C, {"type": "load", "loads": {c_small: 4, c_med: 6, c_rented: 4}})
    ex.send(D, {"type": "load", "loads": {d_small: 4}})
    n = ex.version()
    st = ex.state()
    assert st["step"] == "dispatch" and st["waiting_for"] == [A]     # Muscle order
    ex.send(A, {"type": "dispatch", "routes": {a_small: "barleycorns"}})
    ex.send(B, {"type": "dispatch", "routes": {b_med: "mothers", b_small: "barleycorns"}})
    ex.send(C, {"type": "dispatch", "routes": {c_med: "barleycorns", c_rented: "mothers",
                                               c_small: "omalleys"}})
    ex.send(D, {"type": "dispatch", "routes": {d_small: "mothers"}})
    lined = _lines(ex.events(after=n))
    # Alice: Majority dock (Controlling); Bob: Public dock; Charlie: Minority dock
    assert lined["barleycorns"] == [(A, a_small, "majority"), (B, b_small, "public"),
                                    (C, c_med, "minority")]
    # Bob at the Minority dock, Charlie's rented truck at the Majority dock, David behind Bob
    assert lined["mothers"] == [(B, b_med, "minority"), (C, c_rented, "majority"),
                                (D, d_small, "minority")]
    assert lined["omalleys"] == [(C, c_small, "line")]
    # selling has begun: Barleycorn's waits for Alice's answer about Bob's Public-dock truck
    st = ex.state()
    assert st["step"] == "public_dock" and st["waiting_for"] == [A]
    ba = next(s for s in st["speakeasies"] if s["id"] == "barleycorns")
    assert [(e["seat"], e["truck"], e["dock"]) for e in ba["trucks"]] == lined["barleycorns"]
    legal = ex.table.legal(A)
    allow = next(a for a in legal["actions"] if a["type"] == "allow_public")
    assert allow["params"]["truck"] == {"choices": [b_small]} and allow["params"]["seller"] == B
    ex.check_record(app)


# --- Phase 5: selling -----------------------------------------------------------------------------------
def test_selling_example(app, client):
    # demand: Mother's 3-2 = 5, Barleycorn's 3-5-6 = 14
    ex = Example(client, [1, 1, 1, 1] + [3, 2] + [3, 5, 6])
    # Bob: two Small Trucks and a Medium; Charlie: his Small (idle), a Medium, a rented Small
    t = _board(ex, bob=("small", "medium"), charlie=("medium", "small"),
               crates={A: 4, B: 13, C: 10, D: 4})
    a_small, b_small, d_small = t["a_small"], t["b_small"], t["d_small"]
    b_small2, b_med, c_med, c_rented = t["b_small0"], t["b_medium1"], t["c_medium0"], t["c_small1"]
    ex.send(A, {"type": "load", "loads": {a_small: 4}})
    ex.send(B, {"type": "load", "loads": {b_small: 4, b_med: 6, b_small2: 3}})
    ex.send(C, {"type": "load", "loads": {c_rented: 4, c_med: 6}})
    ex.send(D, {"type": "load", "loads": {d_small: 4}})
    ex.send(A, {"type": "dispatch", "routes": {a_small: "barleycorns"}})
    ex.send(B, {"type": "dispatch", "routes": {b_small: "omalleys", b_med: "mothers",
                                               b_small2: "barleycorns"}})
    ex.send(C, {"type": "dispatch", "routes": {c_rented: "mothers", c_med: "barleycorns"}})
    before, n = {p["seat"]: p["cash"] for p in ex.state()["players"]}, ex.version()
    ex.send(D, {"type": "dispatch", "routes": {d_small: "mothers"}})
    # Alice (Controlling at Barleycorn's) is asked about Bob's truck at the Public dock
    st = ex.state()
    assert st["step"] == "public_dock" and st["waiting_for"] == [A]
    ex.send(A, {"type": "allow_public", "truck": b_small2, "allow": False})
    evs = ex.events(after=n)
    demand = {p["speakeasy"]: (p["dice"], p["demand"]) for p in _payloads(evs, "dice_rolled")}
    assert demand == {"mothers": ([3, 2], 5), "barleycorns": ([3, 5, 6], 14)}
    sold = [(p["speakeasy"], p["seat"], p["truck"], p["crates"], p["dock"])
            for p in _payloads(evs, "crates_sold")]
    assert sold == [("omalleys", B, b_small, 4, "line"),
                    ("mothers", C, c_rented, 4, "majority"), ("mothers", B, b_med, 1, "minority"),
                    ("barleycorns", A, a_small, 4, "majority"),
                    ("barleycorns", C, c_med, 6, "minority")]
    paid = [(p["from"], p["to"], p["amount"], p["reason"], p.get("speakeasy"))
            for p in _payloads(evs, "cash_paid")]
    assert paid == [
        ("bank", B, 4, "wholesale", "omalleys"),      # $1G a crate (docs/rules.md: the misprint)
        ("bank", C, 8, "wholesale", "mothers"),       # Charlie $8G
        ("bank", B, 2, "wholesale", "mothers"),       # Bob $2G; David nothing; no profit
        ("bank", A, 8, "wholesale", "barleycorns"),   # Alice $8G ...
        ("bank", A, 4, "profit", "barleycorns"),
        ("bank", C, 12, "wholesale", "barleycorns"),  # Charlie $12G
        ("bank", A, 6, "profit", "barleycorns")]      # ... + $10G profit on all 10 crates
    assert _payloads(evs, "public_dock_answered") == [
        {"seat": A, "speakeasy": "barleycorns", "truck": b_small2, "allow": False}]
    finished = {p["speakeasy"]: p for p in _payloads(evs, "selling_finished")}
    assert finished["mothers"]["sold"] == 5 and finished["mothers"]["unsold"] == {b_med: 5, d_small: 4}
    assert finished["barleycorns"]["sold"] == 10 and finished["barleycorns"]["unsold"] == {b_small2: 3}
    # Round 2's bidding is open and its payroll is not paid yet: the gains are the sales alone
    st = ex.state()
    assert st["round"] == 2 and st["step"] == "bid"
    gained = {p["seat"]: p["cash"] - before[p["seat"]] for p in st["players"]}
    assert gained == {A: 18, B: 6, C: 20, D: 0}
    assert all(t["load"] == 0 for p in st["players"] for t in p["trucks"])   # unsold crates lost
    ex.check_record(app)


# --- the ruling command over HTTP -----------------------------------------------------------------------
def test_ruling_is_the_organizers_alone(client):
    ex = Example(client, [1, 1, 1, 1])
    url = f"/v1/games/{ex.gid}/commands"
    body = {"type": "ruling", "kind": "set_crates", "reason": "miscount", "seat": A, "crates": 3}
    r = ex.table.send(A, body)
    assert r.status_code == 403 and r.get_json()["code"] == "organizer_only"
    for seat in (A, B, C, D):
        assert "ruling" not in {a["type"] for a in ex.table.legal(seat)["actions"]}
    org = bearer(ex.table.organizer)
    r = client.post(url, headers=org, json={k: v for k, v in body.items() if k != "reason"})
    assert r.status_code == 422 and "reason" in r.get_json()["errors"]
    r = client.post(url, headers=org, json={**body, "size": "small"})
    assert r.status_code == 422 and "size" in r.get_json()["errors"]
    r = client.post(url, headers=org, json={"type": "ruling", "kind": "set_improvements",
                                            "reason": "x", "speakeasy": "mothers", "count": 3})
    assert r.status_code == 409 and r.get_json()["code"] == "ruling_inconsistent"
    assert "2 improvement squares" in r.get_json()["detail"]
    r = client.post(url, headers=org, json=body)
    assert r.status_code == 201
    assert ex.player(A)["crates"] == 3
    # the organizer still may not play for a seat
    r = client.post(url, headers=org, json={"type": "pass"})
    assert r.status_code == 403 and r.get_json()["code"] == "seat_only"
