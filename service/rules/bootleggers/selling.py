"""Phase 5, What's the Password?: demand, docks in order, the Public dock question, profit.

Speakeasies sell smallest first. Majority dock, then Minority dock in line order, then the
Public dock truck by truck — only with the Controlling/Majority player's leave, and the first
refusal ends sales there. Wholesale goes to the truck's operator; the Profit Margin on every
crate goes to whoever holds Controlling influence at the moment of that sale.
"""
from __future__ import annotations

from service.rules.errors import Message, RuleViolation

from . import data, words
from .model import controller, effects, leader, speakeasy

DOCK_RANK = {"line": 0, "majority": 0, "minority": 1, "public": 2}


def terms(g: dict, s: dict) -> dict:
    """This round's consumption dice (None = unlimited), wholesale and profit at `s`, with
    Copper in the House, Thirsty and Word of Mouth applied."""
    fx = effects(g)
    if s["id"] in fx.get("copper", []):
        return {"dice": None, **data.COPPER_IN_THE_HOUSE}
    dice = s["dice"]
    if dice is not None:
        dice += fx.get("thirsty", {}).get(s["id"], 0) * data.THIRSTY_DICE
    profit = s["profit"] + fx.get("word_of_mouth", {}).get(s["id"], 0) * data.WORD_OF_MOUTH_PROFIT
    return {"dice": dice, "wholesale": s["wholesale"], "profit": profit}


def price_for(g: dict, s: dict, entry: dict) -> tuple[int, int]:
    """(seat paid, wholesale per crate) for a truck's sale: Move Over, Pigeon pays the
    player; Packing Heat drops everyone else's price."""
    paid = entry.get("paid_to") or entry["seat"]
    price = terms(g, s)["wholesale"]
    heat = effects(g).get("packing_heat", {}).get(s["id"])
    if heat is not None and paid != heat:
        price = min(price, data.PACKING_HEAT_PRICE)
    return paid, price


def _line(s: dict, docks: tuple[str, ...]) -> list[dict]:
    return [e for e in s["trucks"] if e["dock"] in docks]


def _sell(em, s: dict, entry: dict) -> None:
    remaining = em.game["selling"]["remaining"]
    n = entry["crates"] if remaining is None else min(entry["crates"], remaining)
    if n <= 0:
        return
    paid, price = price_for(em.game, s, entry)
    em.emit("crates_sold", {"speakeasy": s["id"], "truck": entry["truck"], "seat": entry["seat"],
                            "crates": n, "price": price, "dock": entry["dock"],
                            **({"paid_to": paid} if paid != entry["seat"] else {})})
    em.pay("bank", paid, n * price, "wholesale", speakeasy=s["id"])
    boss, profit = controller(s), terms(em.game, s)["profit"]
    if boss is not None and profit > 0:
        em.pay("bank", boss, n * profit, "profit", speakeasy=s["id"])


def _open_sales(em, s: dict) -> None:
    """Roll demand and sell the Majority and Minority docks (everything at O'Malley's)."""
    if not s["open"]:
        em.emit("selling_started", {"speakeasy": s["id"], "demand": 0, "open": False})
        return
    dice_n = terms(em.game, s)["dice"]
    if dice_n is None:
        em.emit("selling_started", {"speakeasy": s["id"], "demand": None, "open": True})
        for entry in list(s["trucks"]):
            _sell(em, s, entry)
        return
    dice = em.oracle.dice("demand", dice_n)
    demand = sum(dice) + s["improvements"] * len(dice)
    em.emit("dice_rolled", {"purpose": "demand", "speakeasy": s["id"], "dice": dice,
                            "improvements": s["improvements"], "demand": demand})
    em.emit("selling_started", {"speakeasy": s["id"], "demand": demand, "open": True})
    for entry in _line(s, ("majority",)) + _line(s, ("minority",)):
        _sell(em, s, entry)


def _sell_relined(em, s: dict) -> None:
    """The Majority and Minority docks are bought from before the Public dock: a truck that
    Big Payoff moved there during the selling sells while demand remains (any other truck
    there still holding crates was left when demand ran out). Under unlimited demand (Copper
    in the House played during the selling) every truck still holding crates sells, in line
    order, as at O'Malley's."""
    sel = em.game["selling"]
    if not s["open"]:
        return
    if sel["remaining"] is None:
        for entry in list(s["trucks"]):
            if entry["crates"] > 0:
                _sell(em, s, entry)
        return
    for entry in _line(s, ("majority",)) + _line(s, ("minority",)):
        if entry["crates"] > 0 and sel["remaining"] > 0:
            _sell(em, s, entry)


def card_on_demand(em, s: dict, kind: str, seat: int) -> None:
    """Thirsty or Copper in the House resolved at the speakeasy selling now (docs/rules.md "How
    late a card may come": playable while it still has crates lined up to sell; the effect
    applies to the crates not yet sold). Thirsty's extra die is rolled now by its player
    (`dice_rolled` purpose `thirsty`, `demand` the new total) and added to the demand still to
    be met; Copper in the House makes it unlimited. `demand_changed` records the new demand
    and what is left of it; crates sold stay sold at their price, Public-dock answers stand.
    (Games recorded under the earlier rule restate the selling with a second `selling_started`
    instead, which was only ever played before the first crate sold there.)"""
    sel = em.game["selling"]
    if not sel or sel.get("speakeasy") != s["id"] or sel["demand"] is None:
        return
    if kind == "copper_in_the_house":
        em.emit("demand_changed", {"speakeasy": s["id"], "demand": None, "remaining": None,
                                   "reason": kind})
    elif kind == "thirsty":
        dice = em.oracle.dice("thirsty", data.THIRSTY_DICE)
        extra = sum(dice) + s["improvements"] * len(dice)
        em.emit("dice_rolled", {"purpose": "thirsty", "seat": seat, "speakeasy": s["id"],
                                "dice": dice, "improvements": s["improvements"],
                                "demand": sel["demand"] + extra})
        em.emit("demand_changed", {"speakeasy": s["id"], "demand": sel["demand"] + extra,
                                   "remaining": sel["remaining"] + extra, "reason": kind})


def public_question(g: dict) -> dict | None:
    """The Public-dock truck awaiting the leader's answer now, with the leader; or None."""
    sel = g["selling"]
    if not sel or not sel.get("speakeasy"):
        return None
    s = speakeasy(g, sel["speakeasy"])
    if sel["refused"] or not s["open"] or terms(g, s)["dice"] is None:
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
            _sell_relined(em, speakeasy(g, sel["speakeasy"]))
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
                            f"{cmd['truck']}" if asked else "no Public-dock question is open",
                            message=Message("problem-bl-wrong-truck", asked=words.truck(asked),
                                            sent=str(cmd["truck"])) if asked else
                            Message("problem-bl-no-public-question"))
    em.emit("public_dock_answered", {"seat": seat, "speakeasy": q["speakeasy"],
                                     "truck": q["truck"], "allow": bool(cmd["allow"])})
    if cmd["allow"]:
        s = speakeasy(g, q["speakeasy"])
        entry = next(e for e in s["trucks"] if e["truck"] == q["truck"])
        _sell(em, s, entry)
