"""Thug cards on trucks and cargo: Hey, Free Truck; G-Men—Bust a Shipment; Hijack; Move
Over, Pigeon; Call in a Big / Little Favor; Warehouse.

Truck ids are global (`small_3`), so a target is named by its id alone; whoever operates it
(owner or renter) is the victim. Following the FAQ: Hijack takes a loaded truck (also one you
rented out) onto one empty truck of yours that holds all the crates, "Ship them as if you
produced them": before the target is lined up your loaded truck waits at home and is
dispatched at your turn in Muscle order (`cargo_hijacked`); only when the target was already
lined up does your truck join the end of the line at that same speakeasy, at the dock your
influence gives there (`truck_hijacked`, FAQ: "that Truck does not move ... your[s] goes to
the appropriate Dock behind all other Trucks already lined up"; `to_speakeasy` may be left
out or name that speakeasy). A hijacked or busted truck is empty and may then be stolen with
Hey, Free Truck — a Favor truck too ("Play on an empty Truck"; no exception is printed): the
thief uses it for the rest of the round and it goes back to the supply at the round's end. Move Over, Pigeon leaves the truck where it stands (owner's priority), pays
its wholesale to the player, and may be played until the truck's first crate is sold.
"""
from __future__ import annotations

from service.rules.errors import Message

from .. import data, words
from ..model import dock_for, player, sname, speakeasy, truck
from .base import (Card, a_truck, after_loading, bad, before_phase4_ends, need, shipping_phase,
                   truck_not_sold_from)


def _others_truck(g, seat, t, what="truck"):
    need(t, what)
    holder, tr = a_truck(g, t[what])
    if holder["seat"] == seat:
        raise bad("bad_target", f"{tr['id']} is operated by you; choose another mobster's truck",
                  message=Message("problem-bl-own-truck", truck=words.truck(tr["id"])))
    return holder, tr


def _all_trucks(g, seat):
    for p in g["players"]:
        if p["seat"] != seat:
            for tr in p["trucks"]:
                yield tr


def free_truck_check(g, seat, t):
    if not after_loading(g):
        raise bad("wrong_window", "Hey, Free Truck is played in Phase 4 after all crates are "
                  "loaded (not during the deals)", message=Message("problem-bl-free-truck-window"))
    holder, tr = _others_truck(g, seat, t)
    if tr["load"]:
        raise bad("not_empty", f"{tr['id']} carries {tr['load']} crates; only an empty truck "
                  "can be stolen", message=Message("problem-bl-steal-empty-only", truck=words.truck(tr["id"]),
                                                   crates=tr["load"]))
    return {"truck": tr["id"]}     # a Favor truck too: it keeps going back to the
                                   # supply at the round's end (deals.return_trucks)


def free_truck_resolve(em, seat, t):
    holder, _ = a_truck(em.game, t["truck"])
    em.emit("truck_stolen", {"seat": seat, "truck": t["truck"], "from_seat": holder["seat"]})


def bust_check(g, seat, t):
    if not shipping_phase(g):
        raise bad("wrong_window", "G-Men—Bust a Shipment is played during the Shipping phase "
                  "(Phase 4)", message=Message("problem-bl-bust-shipment-window"))
    holder, tr = _others_truck(g, seat, t)
    if not tr["load"]:
        raise bad("empty_truck", f"{tr['id']} carries no crates",
                  message=Message("problem-bl-truck-no-crates", truck=words.truck(tr["id"])))
    return {"truck": tr["id"]}


def bust_resolve(em, seat, t):
    holder, tr = a_truck(em.game, t["truck"])
    em.emit("cargo_lost", {"seat": holder["seat"], "truck": tr["id"], "crates": tr["load"],
                           "reason": "g_men_bust_a_shipment"})


def hijack_check(g, seat, t):
    if not shipping_phase(g):
        raise bad("wrong_window", "Hijack is played during the Shipping phase (Phase 4)",
                  message=Message("problem-bl-hijack-window"))
    holder, tr = _others_truck(g, seat, t)
    if not tr["load"]:
        raise bad("empty_truck", f"{tr['id']} carries no crates",
                  message=Message("problem-bl-truck-no-crates", truck=words.truck(tr["id"])))
    need(t, "with_truck")
    mine = truck(player(g, seat), t["with_truck"])
    if mine is None or mine["load"] or mine["at"]:
        raise bad("no_empty_truck", f"you need an empty truck of your own to take the crates; "
                  f"{t['with_truck']!r} is not one",
                  message=Message("problem-bl-hijack-needs-empty", truck=str(t["with_truck"])))
    if mine["capacity"] < tr["load"]:
        raise bad("capacity", f"{mine['id']} carries {mine['capacity']} crates and {tr['id']} "
                  f"holds {tr['load']}; hijacked crates are never split",
                  message=Message("problem-bl-hijack-capacity", mine=words.truck(mine["id"]),
                                  capacity=mine["capacity"], truck=words.truck(tr["id"]), load=tr["load"]))
    if not tr["at"]:
        if t.get("to_speakeasy") is not None:
            raise bad("not_lined_up", f"{tr['id']} is not lined up yet: the crates go onto "
                      f"{mine['id']} and you send it at your turn in Muscle order, as if you "
                      "produced them; leave out to_speakeasy", 422,
                      message=Message("problem-bl-hijack-not-lined-up", truck=words.truck(tr["id"]),
                                      mine=words.truck(mine["id"])))
        return {"truck": tr["id"], "with_truck": mine["id"]}
    s = speakeasy(g, tr["at"])
    if t.get("to_speakeasy") not in (None, s["id"]):
        raise bad("bad_target", f"{tr['id']} is already lined up at {sname(s['id'])}: hijacked "
                  f"crates stay there — your truck joins the end of the line at {sname(s['id'])}, "
                  "at the dock your influence gives you there (FAQ: \"that Truck does not move "
                  "... your[s] goes to the appropriate Dock behind all other Trucks that are "
                  "already lined up\"); name no other speakeasy",
                  message=Message("problem-bl-hijack-stays", truck=words.truck(tr["id"]),
                                  speakeasy=words.speakeasy(s["id"])))
    return {"truck": tr["id"], "with_truck": mine["id"], "to_speakeasy": s["id"]}


def hijack_resolve(em, seat, t):
    g = em.game
    holder, tr = a_truck(g, t["truck"])
    taken = {"seat": seat, "truck": tr["id"], "from_seat": holder["seat"],
             "with_truck": t["with_truck"], "crates": tr["load"]}
    if "to_speakeasy" not in t:                     # before dispatch: shipped at your turn
        em.emit("cargo_hijacked", taken)
        return
    s = speakeasy(g, t["to_speakeasy"])
    em.emit("truck_hijacked", {**taken, "speakeasy": s["id"], "dock": dock_for(s, seat)})


def hijack_candidates(g, seat):
    mine = [x for x in player(g, seat)["trucks"] if not x["load"] and not x["at"]]
    for tr in _all_trucks(g, seat):
        for m in mine:
            if m["capacity"] >= tr["load"] > 0 and not tr["at"]:
                yield {"truck": tr["id"], "with_truck": m["id"]}
            elif m["capacity"] >= tr["load"] > 0:
                yield {"truck": tr["id"], "with_truck": m["id"], "to_speakeasy": tr["at"]}


def pigeon_check(g, seat, t):
    holder, tr = _others_truck(g, seat, t)
    if not tr["at"] or not tr["load"]:
        raise bad("not_lined_up", f"{tr['id']} is not lined up with crates at a speakeasy; "
                  "Move Over, Pigeon is played on a truck lined up at a speakeasy",
                  message=Message("problem-bl-pigeon-needs-lined-up", truck=words.truck(tr["id"])))
    truck_not_sold_from(g, tr)
    entry = next(e for e in speakeasy(g, tr["at"])["trucks"] if e["truck"] == tr["id"])
    if entry.get("paid_to") is not None:
        raise bad("already", f"{tr['id']}'s cargo is already borrowed",
                  message=Message("problem-bl-cargo-borrowed", truck=words.truck(tr["id"])))
    return {"truck": tr["id"]}


def pigeon_resolve(em, seat, t):
    holder, tr = a_truck(em.game, t["truck"])
    em.emit("cargo_diverted", {"seat": seat, "truck": tr["id"], "from_seat": holder["seat"],
                               "speakeasy": tr["at"]})


def _truck_candidates(g, seat):
    for tr in _all_trucks(g, seat):
        yield {"truck": tr["id"]}


def _favor(kind):
    size = data.FAVOR_TRUCKS[kind]

    def check(g, seat, t):
        if not g["truck_supply"][size]:
            raise bad("no_truck", f"no {data.TRUCKS[size]['name']} is left in the supply",
                      message=Message("problem-bl-no-truck-left", size=words.truck_size(size)))
        return {}

    def resolve(em, seat, t):
        em.emit("truck_taken", {"seat": seat, "truck": em.game["truck_supply"][size][0],
                                "size": size, "reason": "favor"})
    return Card(check, resolve, lambda g, seat: [{}])


def warehouse_check(g, seat, t):
    if not before_phase4_ends(g):
        raise bad("too_late", "Warehouse saves unloaded crates, which are lost at the end of "
                  "Phase 4 (\"All Crates that are not loaded on a truck by the end of Phase 4 "
                  "are lost (exception: Warehouse)\"); Phase 4 has ended this round",
                  message=Message("problem-bl-warehouse-too-late"))
    if seat in g["effects"]["warehouse"]:
        raise bad("already", "your Warehouse is already in use this round",
                  message=Message("problem-bl-warehouse-in-use"))
    return {}


def warehouse_resolve(em, seat, t):
    em.emit("round_effect", {"kind": "warehouse", "seat": seat})


CARDS = {
    "hey_free_truck": Card(free_truck_check, free_truck_resolve, _truck_candidates),
    "g_men_bust_a_shipment": Card(bust_check, bust_resolve, _truck_candidates),
    "hijack": Card(hijack_check, hijack_resolve, hijack_candidates),
    "move_over_pigeon": Card(pigeon_check, pigeon_resolve, _truck_candidates),
    "call_in_a_big_favor": _favor("call_in_a_big_favor"),
    "call_in_a_little_favor": _favor("call_in_a_little_favor"),
    "warehouse": Card(warehouse_check, warehouse_resolve, lambda g, seat: [{}]),
}

__all__ = ["CARDS", "sname"]
