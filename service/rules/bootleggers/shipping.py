"""Phase 4, Run the Whiskey: loading, dispatch to docks, and what is lost at the end.

A `load` is the seat's complete loading (crates never move once loaded); a `dispatch` is
its complete routing. Docks are fixed by the operator's influence when the truck arrives.
"""
from __future__ import annotations

from service.rules.errors import Message, RuleViolation

from . import data, words
from .model import closed_because, dock_for, player, sname, speakeasy, truck


def at_home(t: dict) -> bool:
    """Not lined up at a speakeasy (a Hijack lines a truck up before dispatch)."""
    return t["at"] is None


def loadable_seats(g: dict) -> list[int]:
    return [s for s in g["order"] if player(g, s)["crates"] > 0
            and any(at_home(t) and t["load"] < t["capacity"] for t in player(g, s)["trucks"])]


def dispatchable_seats(g: dict) -> list[int]:
    return [s for s in g["order"] if any(t["load"] > 0 and at_home(t) for t in player(g, s)["trucks"])]


def fill_biggest_first(p: dict) -> dict[str, int]:
    """The timeout default: fill own trucks at home, biggest first."""
    left, loads = p["crates"], {}
    order = sorted(filter(at_home, p["trucks"]), key=lambda t: (-t["capacity"], t["id"]))
    for t in order:
        n = min(left, t["capacity"] - t["load"])
        if n > 0:
            loads[t["id"]] = n
            left -= n
    return loads


def load(em, seat: int, cmd: dict) -> None:
    p = player(em.game, seat)
    loads = dict(cmd["loads"])
    if not loads:
        raise RuleViolation("empty_load", 'name at least one truck; send "pass" to load nothing',
                            status=422, message=Message("problem-bl-empty-load"))
    total = 0
    for tid, n in loads.items():
        t = truck(p, tid)
        if t is None:
            mine = ", ".join(x["id"] for x in p["trucks"])
            raise RuleViolation("unknown_truck", f"you have no truck {tid!r}; your trucks are "
                                f"{mine}", status=422,
                                message=Message("problem-bl-no-such-truck", truck=str(tid),
                                                trucks=words.listing(x["id"] for x in p["trucks"])))
        if n < 1:
            raise RuleViolation("bad_count", f"load at least 1 crate on {tid} (or leave it out)",
                                status=422, message=Message("problem-bl-load-at-least-one", truck=words.truck(tid)))
        if not at_home(t):
            raise RuleViolation("lined_up", f"truck {tid} is already lined up at {sname(t['at'])}; "
                                "loaded crates never move and it takes no more",
                                message=Message("problem-bl-lined-up-full", truck=words.truck(tid),
                                                speakeasy=words.speakeasy(t["at"])))
        if t["load"] + n > t["capacity"]:
            raise RuleViolation("capacity", f"your {data.TRUCKS[t['size']]['name']} {tid} "
                                f"carries {t['capacity']} crates — you asked for {n}",
                                message=Message("problem-bl-truck-capacity", truck=words.truck(tid),
                                                capacity=t["capacity"], asked=n))
        total += n
    if total > p["crates"]:
        raise RuleViolation("insufficient_crates", f"you want to load {total} crates but have "
                            f"{p['crates']}", message=Message("problem-bl-load-too-many", want=total,
                                                              has=p["crates"]))
    em.emit("trucks_loaded", {"seat": seat, "loads": {k: loads[k] for k in sorted(loads)}})


def dump_unloaded(em) -> None:
    for p in em.game["players"]:
        if p["crates"] > 0 and p["seat"] in em.game["effects"]["warehouse"]:
            em.emit("crates_warehoused", {"seat": p["seat"], "crates": p["crates"]})
        elif p["crates"] > 0:
            em.emit("crates_dumped", {"seat": p["seat"], "crates": p["crates"],
                                      "reason": "not_loaded"})


def return_crates(em) -> None:
    """End of Phase 5: every crate still held goes back to the supply, but a Warehouse's."""
    for p in em.game["players"]:
        if p["crates"] > 0 and p["seat"] not in em.game["effects"]["warehouse"]:
            em.emit("crates_dumped", {"seat": p["seat"], "crates": p["crates"], "reason": "end_of_round"})


def dispatch(em, seat: int, cmd: dict) -> None:
    g, p = em.game, player(em.game, seat)
    routes = dict(cmd["routes"])
    if not routes:
        raise RuleViolation("empty_dispatch", 'name at least one truck; send "pass" to send '
                            "none (their crates are lost)", status=422,
                            message=Message("problem-bl-empty-dispatch"))
    out = []
    for tid in sorted(routes):
        sid, t = routes[tid], truck(p, tid)
        if t is None:
            mine = ", ".join(x["id"] for x in p["trucks"])
            raise RuleViolation("unknown_truck", f"you have no truck {tid!r}; your trucks are "
                                f"{mine}", status=422,
                                message=Message("problem-bl-no-such-truck", truck=str(tid),
                                                trucks=words.listing(x["id"] for x in p["trucks"])))
        if t["load"] < 1:
            raise RuleViolation("empty_truck", f"truck {tid} is empty; only loaded trucks are "
                                "sent to a speakeasy", message=Message("problem-bl-send-empty", truck=words.truck(tid)))
        if not at_home(t):
            raise RuleViolation("lined_up", f"truck {tid} is already lined up at {sname(t['at'])}; "
                                "a truck is sent once",
                                message=Message("problem-bl-sent-once", truck=words.truck(tid),
                                                speakeasy=words.speakeasy(t["at"])))
        s = speakeasy(g, sid)
        if s is None:
            raise RuleViolation("unknown_speakeasy", f"there is no speakeasy {sid!r} in this "
                                "game", status=422, message=Message("problem-bl-no-such-speakeasy", id=str(sid)))
        if not s["open"]:
            raise RuleViolation("speakeasy_closed", f"{sname(sid)} is closed: {closed_because(g, s)}",
                                message=Message("problem-bl-closed", speakeasy=words.speakeasy(sid),
                                                why=words.closed_why(g, s)))
        out.append({"truck": tid, "speakeasy": sid, "dock": dock_for(s, seat)})
    em.emit("trucks_dispatched", {"seat": seat, "routes": out})


def lose_unsent(em) -> None:
    for p in em.game["players"]:
        for t in p["trucks"]:
            if t["load"] > 0 and t["at"] is None:
                em.emit("cargo_lost", {"seat": p["seat"], "truck": t["id"], "crates": t["load"],
                                       "reason": "not_sent"})
