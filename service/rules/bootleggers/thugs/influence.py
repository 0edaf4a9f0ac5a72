"""Thug cards on influence markers: Hit, Mob War, Double Cross, You Dirty Rat, Safe-house,
City/State Politics, Recruiting, Big Payoff.

Destroyed markers go to their owner's supply, never the back room (FAQ). Markers a card adds
come from the supply (the player's 20), so a card is refused when the supply is empty.
Politics and Big Payoff are paid to the bank when the card resolves; a player who cannot pay
cannot play them (rulebook, "Hints on bidding and buying").
"""
from __future__ import annotations

from service.rules.errors import Message

from .. import data, words
from ..model import dock_for, markers_in_supply, muscle_order, sname, speakeasy
from ..selling import DOCK_RANK
from .base import Card, a_speakeasy, bad, can_pay, need, still_selling

_FACTIONS = ("hit", "mob_war", "double_cross", "you_dirty_rat")


def _markers(s: dict, seat) -> int:
    return s["influence"].get(str(seat), 0)


def _placed_speakeasy(g: dict, t: dict) -> dict:
    need(t, "speakeasy")
    return a_speakeasy(g, t["speakeasy"], open_=False)


def _has_marker(g: dict, s: dict, seat) -> None:
    if _markers(s, seat) < 1:
        raise bad("no_marker", f"seat {seat} has no influence marker at {sname(s['id'])}",
                  message=Message("problem-bl-no-marker-there", seat=str(seat), player=words.who(g, seat),
                                  speakeasy=words.speakeasy(s["id"])))


def _destroy(em, s: dict, seat: int, count: int, why: str) -> None:
    em.emit("influence_removed", {"speakeasy": s["id"], "seat": seat, "count": count,
                                  "to": "supply", "reason": why})


# --- Hit / Mob War --------------------------------------------------------------------------------
def hit_check(g, seat, t):
    s = _placed_speakeasy(g, t)
    need(t, "seat")
    _has_marker(g, s, t["seat"])
    return {"speakeasy": s["id"], "seat": int(t["seat"])}


def hit_resolve(em, seat, t):
    _destroy(em, speakeasy(em.game, t["speakeasy"]), t["seat"], 1, "hit")


def mob_war_check(g, seat, t):
    s = _placed_speakeasy(g, t)
    need(t, "markers")
    markers = {str(k): int(v) for k, v in t["markers"].items() if int(v) > 0}
    want = min(data.MOB_WAR_MARKERS, sum(s["influence"].values()))
    if want == 0:
        raise bad("no_marker", f"there is no influence marker at {sname(s['id'])}",
                  message=Message("problem-bl-no-markers-at", speakeasy=words.speakeasy(s["id"])))
    if sum(markers.values()) != want:
        raise bad("bad_count", f"Mob War destroys {want} marker(s) at {sname(s['id'])}; "
                  f"name them as {{seat: count}}", 422,
                  message=Message("problem-bl-mob-war-count", count=want, speakeasy=words.speakeasy(s["id"])))
    for k, n in markers.items():
        if _markers(s, k) < n:
            raise bad("no_marker", f"seat {k} has {_markers(s, k)} marker(s) at "
                      f"{sname(s['id'])}, not {n}",
                      message=Message("problem-bl-seat-markers-short", seat=str(k), player=words.who(g, k),
                                      has=_markers(s, k), speakeasy=words.speakeasy(s["id"]), asked=n))
    return {"speakeasy": s["id"], "markers": dict(sorted(markers.items()))}


def mob_war_resolve(em, seat, t):
    s = speakeasy(em.game, t["speakeasy"])
    for k, n in t["markers"].items():
        _destroy(em, s, int(k), n, "mob_war")


# --- Double Cross / You Dirty Rat -------------------------------------------------------------------
def _room(s: dict) -> None:
    if sum(s["influence"].values()) >= s["circles"]:
        raise bad("capacity", f"{sname(s['id'])} has all {s['circles']} circles taken",
                  message=Message("problem-bl-circles-all-taken", speakeasy=words.speakeasy(s["id"]),
                                  circles=s["circles"]))


def _supply(g: dict, seat: int) -> None:
    if markers_in_supply(g, seat) < 1:
        raise bad("no_supply", "all 20 of your influence markers are in play",
                  message=Message("problem-bl-no-supply", count=data.MARKERS_PER_PLAYER))


def double_cross_check(g, seat, t):
    s = _placed_speakeasy(g, t)
    if t.get("mode") == "destroy":
        need(t, "seat")
        _has_marker(g, s, t["seat"])
        return {"speakeasy": s["id"], "mode": "destroy", "seat": int(t["seat"])}
    if t.get("mode") == "add":
        if s["id"] == "omalleys":
            raise bad("bad_target", "no influence is placed at O'Malley's",
                      message=Message("problem-bl-no-influence-omalleys"))
        _room(s)
        _supply(g, seat)
        return {"speakeasy": s["id"], "mode": "add"}
    raise bad("missing_target", 'Double Cross needs mode "destroy" (with seat) or "add"', 422,
              message=Message("problem-bl-double-cross-mode"))


def double_cross_resolve(em, seat, t):
    s = speakeasy(em.game, t["speakeasy"])
    if t["mode"] == "destroy":
        _destroy(em, s, t["seat"], 1, "double_cross")
    else:
        em.emit("influence_added", {"speakeasy": s["id"], "seat": seat, "count": 1,
                                    "reason": "double_cross"})


def rat_check(g, seat, t):
    s = _placed_speakeasy(g, t)
    need(t, "seat")
    if t["seat"] == seat:
        raise bad("bad_target", "You Dirty Rat replaces another mobster's marker, not yours",
                  message=Message("problem-bl-rat-not-yours"))
    _has_marker(g, s, t["seat"])
    _supply(g, seat)
    return {"speakeasy": s["id"], "seat": int(t["seat"])}


def rat_resolve(em, seat, t):
    s = speakeasy(em.game, t["speakeasy"])
    _destroy(em, s, t["seat"], 1, "you_dirty_rat")
    em.emit("influence_added", {"speakeasy": s["id"], "seat": seat, "count": 1,
                                "reason": "you_dirty_rat"})


def _faction_candidates(kind):
    def gen(g, seat):
        for s in g["speakeasies"]:
            for k in s["influence"]:
                if kind == "double_cross":
                    yield {"speakeasy": s["id"], "mode": "destroy", "seat": int(k)}
                elif kind == "mob_war":
                    yield {"speakeasy": s["id"], "markers": {k: min(2, s["influence"][k])}}
                    for other in s["influence"]:   # or one each of two mobsters
                        if other > k:
                            yield {"speakeasy": s["id"], "markers": {k: 1, other: 1}}
                else:
                    yield {"speakeasy": s["id"], "seat": int(k)}
            if kind == "double_cross":
                yield {"speakeasy": s["id"], "mode": "add"}
    return gen


# --- Safe-house -------------------------------------------------------------------------------------
def safe_house_check(g, seat, t):
    need(t, "withdraw")
    out = {}
    for sid, n in t["withdraw"].items():
        s = a_speakeasy(g, sid, open_=False)
        if int(n) < 1 or _markers(s, seat) < int(n):
            raise bad("no_marker", f"you have {_markers(s, seat)} marker(s) at {sname(sid)}",
                      message=Message("problem-bl-you-have-markers", has=_markers(s, seat),
                                      speakeasy=words.speakeasy(sid)))
        out[sid] = int(n)
    if not 1 <= sum(out.values()) <= data.SAFE_HOUSE_MAX:
        raise bad("bad_count", f"Safe-house takes back 1 to {data.SAFE_HOUSE_MAX} markers", 422,
                  message=Message("problem-bl-safe-house-count", most=data.SAFE_HOUSE_MAX))
    return {"withdraw": {k: out[k] for k in data.SPEAKEASY_ORDER if k in out}}


def safe_house_resolve(em, seat, t):
    for sid, n in t["withdraw"].items():
        em.emit("influence_removed", {"speakeasy": sid, "seat": seat, "count": n,
                                      "to": "back_room", "reason": "safe_house"})


def safe_house_candidates(g, seat):
    """Up to SAFE_HOUSE_MAX markers from one speakeasy, or one each from two."""
    mine = [s for s in g["speakeasies"] if _markers(s, seat)]
    for s in mine:
        for n in range(1, min(_markers(s, seat), data.SAFE_HOUSE_MAX) + 1):
            yield {"withdraw": {s["id"]: n}}
    for i, a in enumerate(mine):
        for b in mine[i + 1:]:
            yield {"withdraw": {a["id"]: 1, b["id"]: 1}}


# --- Politics, Recruiting -----------------------------------------------------------------------------
def _politics(kind):
    price, most = data.POLITICS_PRICE[kind]

    def check(g, seat, t):
        need(t, "count")
        n = t["count"]
        if not isinstance(n, int) or not 1 <= n <= most:
            raise bad("bad_count", f"buy 1 to {most} markers", 422,
                      message=Message("problem-bl-buy-count", most=most))
        can_pay(g, seat, n * price, f"{n} marker(s) at ${price}G each",
                Message("problem-bl-markers-at", count=n, price=words.money(price)))
        if markers_in_supply(g, seat) < n:
            raise bad("no_supply", f"you have {markers_in_supply(g, seat)} marker(s) left in "
                      "your supply", message=Message("problem-bl-supply-left", has=markers_in_supply(g, seat)))
        return {"count": n}

    def resolve(em, seat, t):
        em.pay(seat, "bank", t["count"] * price, kind)
        em.emit("influence_gained", {"seat": seat, "count": t["count"], "reason": kind})

    def candidates(g, seat):
        for n in range(1, most + 1):
            yield {"count": n}
    return Card(check, resolve, candidates)


def recruiting_resolve(em, seat, t):
    """One die; the first marker to the player, then one each in Muscle order (including
    the player) until they are gone. A seat with an empty supply gets none of its share."""
    g = em.game
    roll = em.oracle.dice("recruiting", 1)
    em.emit("dice_rolled", {"purpose": "recruiting", "dice": roll, "seat": seat})
    order, got, free = muscle_order(g), {}, {s: markers_in_supply(g, s) for s in muscle_order(g)}
    turns = [seat] + [order[i % len(order)] for i in range(roll[0] - 1)]
    for s in turns:
        if free[s] > got.get(s, 0):
            got[s] = got.get(s, 0) + 1
    em.emit("recruited", {"seat": seat, "roll": roll[0], "markers": {str(s): n for s, n in got.items()}})
    for s, n in got.items():
        em.emit("influence_gained", {"seat": s, "count": n, "reason": "recruiting"})


# --- Big Payoff ------------------------------------------------------------------------------------------
def big_payoff_check(g, seat, t):
    need(t, "speakeasy")
    s = a_speakeasy(g, t["speakeasy"])
    still_selling(g, s, "Big Payoff", words.thug("big_payoff"))
    can_pay(g, seat, data.BIG_PAYOFF_PRICE, "Big Payoff", words.thug("big_payoff"))
    return {"speakeasy": s["id"]}


def big_payoff_resolve(em, seat, t):
    """Controlling for the round; trucks already lined up line up again (FAQ)."""
    g = em.game
    em.pay(seat, "bank", data.BIG_PAYOFF_PRICE, "big_payoff", speakeasy=t["speakeasy"])
    em.emit("round_effect", {"kind": "big_payoff", "seat": seat, "speakeasy": t["speakeasy"]})
    s = speakeasy(g, t["speakeasy"])
    line = [dict(e, dock=dock_for(s, e["seat"])) for e in s["trucks"]]
    line.sort(key=lambda e: DOCK_RANK[e["dock"]])
    if line != s["trucks"]:
        em.emit("trucks_relined", {"speakeasy": s["id"], "line": line})


def _open_speakeasies(g, seat):
    for s in g["speakeasies"]:
        yield {"speakeasy": s["id"]}


CARDS = {
    "hit": Card(hit_check, hit_resolve, _faction_candidates("hit")),
    "mob_war": Card(mob_war_check, mob_war_resolve, _faction_candidates("mob_war")),
    "double_cross": Card(double_cross_check, double_cross_resolve,
                         _faction_candidates("double_cross")),
    "you_dirty_rat": Card(rat_check, rat_resolve, _faction_candidates("you_dirty_rat")),
    "safe_house": Card(safe_house_check, safe_house_resolve, safe_house_candidates),
    "city_politics": _politics("city_politics"),
    "state_politics": _politics("state_politics"),
    "recruiting": Card(lambda g, seat, t: {}, recruiting_resolve, lambda g, seat: [{}]),
    "big_payoff": Card(big_payoff_check, big_payoff_resolve, _open_speakeasies),
}
