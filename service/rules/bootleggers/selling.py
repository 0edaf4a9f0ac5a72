"""Phase 5, What's the Password?: demand, docks in order, the Public dock question, profit.

Speakeasies sell smallest first. Majority dock, then Minority dock in line order, then the
Public dock truck by truck — only with the Controlling/Majority player's leave, and the first
refusal ends sales there. Wholesale goes to the truck's operator; the Profit Margin on every
crate goes to whoever holds Controlling influence at the moment of that sale.
"""
from __future__ import annotations

from service.rules.errors import RuleViolation

from .model import controller, leader, speakeasy

DOCK_RANK = {"line": 0, "majority": 0, "minority": 1, "public": 2}


def _line(s: dict, docks: tuple[str, ...]) -> list[dict]:
    return [e for e in s["trucks"] if e["dock"] in docks]


def _sell(em, s: dict, entry: dict) -> None:
    remaining = em.game["selling"]["remaining"]
    n = entry["crates"] if remaining is None else min(entry["crates"], remaining)
    if n <= 0:
        return
    em.emit("crates_sold", {"speakeasy": s["id"], "truck": entry["truck"], "seat": entry["seat"],
                            "crates": n, "price": s["wholesale"], "dock": entry["dock"]})
    em.pay("bank", entry["seat"], n * s["wholesale"], "wholesale", speakeasy=s["id"])
    boss = controller(s)
    if boss is not None and s["profit"] > 0:
        em.pay("bank", boss, n * s["profit"], "profit", speakeasy=s["id"])


def _open_sales(em, s: dict) -> None:
    """Roll demand and sell the Majority and Minority docks (everything at O'Malley's)."""
    if not s["open"]:
        em.emit("selling_started", {"speakeasy": s["id"], "demand": 0, "open": False})
        return
    if s["dice"] is None:
        em.emit("selling_started", {"speakeasy": s["id"], "demand": None, "open": True})
        for entry in list(s["trucks"]):
            _sell(em, s, entry)
        return
    dice = em.oracle.dice("demand", s["dice"])
    demand = sum(dice) + s["improvements"] * len(dice)
    em.emit("dice_rolled", {"purpose": "demand", "speakeasy": s["id"], "dice": dice,
                            "improvements": s["improvements"], "demand": demand})
    em.emit("selling_started", {"speakeasy": s["id"], "demand": demand, "open": True})
    for entry in _line(s, ("majority",)) + _line(s, ("minority",)):
        _sell(em, s, entry)


def public_question(g: dict) -> dict | None:
    """The Public-dock truck awaiting the leader's answer now, with the leader; or None."""
    sel = g["selling"]
    if not sel or not sel.get("speakeasy"):
        return None
    s = speakeasy(g, sel["speakeasy"])
    if sel["refused"] or not s["open"] or s["dice"] is None:
        return None
    boss = leader(s)
    if boss is None:
        return None
    for e in _line(s, ("public",)):
        if sel["remaining"] <= 0:
            return None
        if e["truck"] not in sel["asked"] and e["crates"] > 0:
            return {"truck": e["truck"], "seat": e["seat"], "leader": boss,
                    "speakeasy": s["id"], "crates": e["crates"]}
    return None


def proceed(em) -> bool:
    """Sell until a Public-dock question is needed (opens `public_dock`, returns False) or
    every speakeasy with trucks is done (returns True)."""
    g = em.game
    while True:
        sel = g["selling"]
        if sel and sel.get("speakeasy"):
            q = public_question(g)
            if q is not None:
                em.emit("step_started", {"phase": 5, "step": "public_dock",
                                         "seats": [q["leader"]], "truck": q["truck"],
                                         "speakeasy": q["speakeasy"]})
                return False
            s = speakeasy(g, sel["speakeasy"])
            unsold = {e["truck"]: e["crates"] for e in s["trucks"] if e["crates"] > 0}
            em.emit("selling_finished", {"speakeasy": s["id"], "sold": sel["sold"],
                                         "unsold": unsold})
            continue
        done = sel["done"] if sel else []
        nxt = next((s for s in g["speakeasies"] if s["trucks"] and s["id"] not in done), None)
        if nxt is None:
            return True
        _open_sales(em, nxt)


def allow_public(em, seat: int, cmd: dict) -> None:
    g = em.game
    q = public_question(g)
    if q is None or q["truck"] != cmd["truck"]:
        asked = q["truck"] if q else None
        raise RuleViolation("wrong_truck", f"the question is about truck {asked}, not "
                            f"{cmd['truck']}" if asked else "no Public-dock question is open")
    em.emit("public_dock_answered", {"seat": seat, "speakeasy": q["speakeasy"],
                                     "truck": q["truck"], "allow": bool(cmd["allow"])})
    if cmd["allow"]:
        s = speakeasy(g, q["speakeasy"])
        entry = next(e for e in s["trucks"] if e["truck"] == q["truck"])
        _sell(em, s, entry)
