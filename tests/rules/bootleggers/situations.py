"""Build board situations for tests: scripted hands, stepping through a round, and direct
board edits (trucks, crates, influence) for the rulebook's worked examples."""
from __future__ import annotations

from service.rules.bootleggers import data
from service.rules.bootleggers.model import refresh_speakeasy
from service.rules.bootleggers.phase1 import offers_left

from .harness import Table


def hands(seats: int, per_quarter: int = 3) -> dict[str, list[int]]:
    """Seat 1 gets the highest cards of every quarter, seat 2 the next, and so on."""
    out = {str(s): [] for s in range(1, seats + 1)}
    for first, last in data.MUSCLE_QUARTERS.values():
        cards = list(range(last, first - 1, -1))
        for s in range(1, seats + 1):
            out[str(s)] += cards[(s - 1) * per_quarter:s * per_quarter]
    return {k: sorted(v) for k, v in out.items()}


def table(seats=4, dice=(), options=None, decks=None, per_quarter=None):
    options = options or {}
    pq = per_quarter or data.CARDS_PER_QUARTER[options.get("rounds", 12)]
    script = {"dice": list(dice), "hands": hands(seats, pq), "decks": decks or {}}
    return Table(seats, options, script=script)


def top_bids(t):
    """Each seat bids its highest card: seat 1 has the most Muscle."""
    for p in t.game["players"]:
        t.send(p["seat"], {"type": "bid", "card": max(p["muscle_hand"])})


def pass_step(t):
    """Everyone the current step waits for passes, until the step changes."""
    step, rnd = t.game["step"], t.game["round"]
    while t.game["step"] == step and t.game["round"] == rnd and t.waiting()["seats"]:
        seat = t.waiting()["seats"][0]
        if step == "choose_offer" and offers_left(t.game):
            t.pass_offer_as_recorded(seat)    # no pass in Phase 1 now: as older games recorded it
        else:
            t.send(seat, {"type": "pass"})


def to_step(t, name):
    """Bid high and pass through steps until `name` is open."""
    guard = 0
    while t.game["step"] != name:
        guard += 1
        assert guard < 50, f"never reached {name}"
        if t.game["step"] == "bid":
            top_bids(t)
        else:
            pass_step(t)


def give_truck(t, seat, size):
    g = t.game
    tid = g["truck_supply"][size].pop(0)
    g["players"][seat - 1]["trucks"].append({"id": tid, "size": size,
                                            "capacity": data.TRUCKS[size]["capacity"],
                                            "load": 0, "at": None})
    return tid


def set_influence(t, sid, by_seat: dict[int, int]):
    s = t.speakeasy(sid)
    s["influence"] = {str(k): v for k, v in sorted(by_seat.items())}
    refresh_speakeasy(t.game, s)


def cash(t):
    return {p["seat"]: p["cash"] for p in t.game["players"]}


def give_thug(t, seat, card):
    """Move a Thug card (e.g. "thug:hit#1") from wherever it is into a seat's hand."""
    g = t.game
    for deck in g["decks"].values():
        for pile in ("draw", "discard"):
            if card in deck[pile]:
                deck[pile].remove(card)
    for slot in g["offers"]["slots"]:
        if slot["card"] == card:
            slot["card"] = None
    for p in g["players"]:
        if card in p["thug_cards"]:
            p["thug_cards"].remove(card)
    t.player(seat)["thug_cards"].append(card)
    return card


def play(t, actor, card, **targets):
    return t.send(actor, {"type": "play_thug", "card": card, **targets})


def types(events):
    return [e["type"] for e in events]


def ship(t, routes: dict[int, str]):
    """From the deals step: every seat loads all its crates, then sends each loaded truck
    to routes[seat] (seats not named pass)."""
    to_step(t, "load")
    for seat in list(t.waiting()["seats"]):
        p = t.player(seat)
        left, loads = p["crates"], {}
        for tr in sorted(p["trucks"], key=lambda x: -x["capacity"]):
            n = min(left, tr["capacity"] - tr["load"])
            if n > 0:
                loads[tr["id"]], left = n, left - n
        t.send(seat, {"type": "load", "loads": loads})
    while t.game["step"] == "thug_window":
        pass_step(t)
    while t.game["step"] == "dispatch":
        seat = t.waiting()["seats"][0]
        loaded = [x["id"] for x in t.player(seat)["trucks"] if x["load"] and not x["at"]]
        if seat in routes and loaded:
            t.send(seat, {"type": "dispatch", "routes": {x: routes[seat] for x in loaded}})
        else:
            t.send(seat, {"type": "pass"})


def loaded_for_a_hijack(dice, filler=(1,) * 400):
    """Mother's {1:1, 2:3, 4:1}: seats 1 and 4 at its Minority dock. Seat 1 loads 2 crates,
    seat 3 loads 4; seat 4, holding Hijack, has only its empty Small Truck. `dice` after the
    four bids, then `filler`."""
    t = table(4, [1, 1, 1, 1, *dice, *filler])
    to_step(t, "deals")
    set_influence(t, "mothers", {1: 1, 2: 3, 4: 1})
    give_thug(t, 4, "thug:hijack#1")
    for seat in range(1, 5):
        t.player(seat)["crates"] = {1: 2, 3: 4}.get(seat, 0)
    pass_step(t)
    t.send(1, {"type": "load", "loads": {"small_1": 2}})
    t.send(3, {"type": "load", "loads": {"small_3": 4}})
    return t
