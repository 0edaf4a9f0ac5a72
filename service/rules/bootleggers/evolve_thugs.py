"""The fold for Thug card, reaction-window and deal events (`ON_EVENT`, merged by evolve.py).

Split out of evolve.py only for size: together they are still the only code that changes
`state["game"]`. Round effects ("for one Round only") live in `game["effects"]` and are
cleared by `round_ended`; a step interrupted by a reaction window or a Vigorish question is
pushed on `game["frames"]` and popped by `step_resumed`.
"""
from __future__ import annotations

from typing import Callable

from . import data
from .model import find_truck, muscle_order, player, refresh_speakeasy, speakeasy, still
from .model import truck as truck_of
from .steps import STEPS


def fresh_effects() -> dict:
    return {"word_of_mouth": {}, "copper": [], "busted": [], "thirsty": {}, "packing_heat": {},
            "big_payoff": {}, "muscle_bonus": {}, "warehouse": [], "idle_stills": [],
            "safe_house": {}}


def init_game(g: dict) -> None:
    """Fields this module owns, added to a new game."""
    g.update({"effects": fresh_effects(), "pending_thug": None, "frames": [], "vigorish": None,
              "window": None, "declared": [],
              "deal_seq": 0})
    for p in g["players"]:
        p.update({"windfall": [], "union_boss": None})


def _discard(g: dict, card: str) -> None:
    g["decks"]["men_of_action"]["discard"].append(card)


def _push(g: dict) -> None:
    g["frames"].append({"phase": g["phase"], "step": g["step"],
                        "step_seats": list(g["step_seats"]), "step_done": list(g["step_done"])})


def _refresh_all(g: dict) -> None:
    for s in g["speakeasies"]:
        refresh_speakeasy(g, s)


def _reorder(g: dict) -> None:
    """Big City Boys: Muscle order changes for the rest of the round, in open steps too."""
    order = muscle_order(g)
    g["order"] = order if g["order"] else g["order"]
    for frame in [g, *g["frames"]]:
        step = STEPS.get(frame["step"] or "")
        if step and step.mode == "one":
            done = [s for s in frame["step_seats"] if s in frame["step_done"]]
            left = [s for s in order if s in frame["step_seats"] and s not in done]
            frame["step_seats"] = done + left


def _await_dispatch(g: dict, seat: int) -> None:
    """A hijacker with a loaded truck at home dispatches at its turn in Muscle order: an open
    dispatch step (or one a reaction window interrupted) awaits it — next, if its turn has
    passed."""
    for frame in [g, *g["frames"]]:
        if frame["step"] == "dispatch":
            done = [s for s in frame["step_seats"] if s in frame["step_done"] and s != seat]
            left = [s for s in muscle_order(g)
                    if s == seat or (s in frame["step_seats"] and s not in done)]
            frame["step_seats"], frame["step_done"] = done + left, done


def _effect(g: dict, p: dict) -> None:
    fx, kind, sid = g["effects"], p["kind"], p.get("speakeasy")
    if kind in ("word_of_mouth", "thirsty"):
        fx[kind][sid] = fx[kind].get(sid, 0) + 1
    elif kind == "copper_in_the_house":
        fx["copper"].append(sid)
    elif kind == "g_men_bust_a_speakeasy":
        fx["busted"].append(sid)
    elif kind == "packing_heat":
        fx["packing_heat"][sid] = p["seat"]
    elif kind == "big_payoff":
        fx["big_payoff"][sid] = p["seat"]
    elif kind == "big_city_boys":
        key = str(p["target"])
        fx["muscle_bonus"][key] = fx["muscle_bonus"].get(key, 0) + data.BIG_CITY_BOYS_BONUS
    elif kind == "warehouse":
        fx["warehouse"].append(p["seat"])
    if sid:
        refresh_speakeasy(g, speakeasy(g, sid))
    if kind == "big_city_boys":
        _refresh_all(g)
        _reorder(g)


def _move_truck(g: dict, truck_id: str, to_seat: int, **flags) -> dict:
    holder, t = find_truck(g, truck_id)
    holder["trucks"].remove(t)
    if t["at"]:                                     # an empty truck leaves the line
        s = speakeasy(g, t["at"])
        s["trucks"] = [e for e in s["trucks"] if e["truck"] != truck_id]
        t["at"] = None
    t.pop("rented_from", None)
    t.update(flags)
    player(g, to_seat)["trucks"].append(t)
    return t


def _take_thug(p: dict, ref: str) -> str:
    card = ref if ref in p["thug_cards"] else next(c for c in sorted(p["thug_cards"])
                                                   if c.split("#")[0] == ref)
    p["thug_cards"].remove(card)
    return card


def _transfer(g: dict, frm: int, to: int, side: dict) -> None:
    a, b = player(g, frm), player(g, to)
    if side.get("crates"):
        a["crates"] -= side["crates"]
        b["crates"] += side["crates"]
    for tid in side.get("trucks", []):
        _move_truck(g, tid, to)
    for tid in side.get("rent_trucks", []):
        _move_truck(g, tid, to, rented_from=frm)
    for card in side.get("thug_cards", []):
        b["thug_cards"].append(_take_thug(a, card))


# ---- one function per event type: `(game, payload)`, changing the game in place -----------
def _thug_played(g: dict, p: dict) -> None:
    player(g, p["seat"])["thug_cards"].remove(p["card"])
    _pending(g, p)


def _thug_revealed(g: dict, p: dict) -> None:
    """A declared card, face down until now, resolves."""
    g["declared"] = [d for d in g["declared"] if d.get("card") != p["card"]]
    _pending(g, p)


def _pending(g: dict, p: dict) -> None:
    """A card waits on its reaction window: the interrupted step is kept on `frames`."""
    _push(g)
    g["pending_thug"] = {k: p[k] for k in ("seat", "card", "kind", "targets")}
    g["step"], g["step_seats"], g["step_done"] = "reaction", list(p["reactors"]), []


def _declared_in_window(g: dict, seat: int) -> None:
    if g["step"] == "thug_window" and seat not in g["step_done"]:
        g["step_done"].append(seat)


def _thug_declared(g: dict, p: dict) -> None:
    player(g, p["seat"])["thug_cards"].remove(p["card"])
    g["declared"].append({k: p[k] for k in ("seat", "card", "kind", "targets")})
    _declared_in_window(g, p["seat"])


def _influence_declared(g: dict, p: dict) -> None:
    g["declared"].append({"seat": p["seat"], "placements": dict(p["placements"])})
    _declared_in_window(g, p["seat"])


def _influence_revealed(g: dict, p: dict) -> None:
    g["declared"] = [d for d in g["declared"]
                     if not (d["seat"] == p["seat"] and "placements" in d)]
    pl, key = player(g, p["seat"]), str(p["seat"])
    for sid, n in p["placed"].items():
        s = speakeasy(g, sid)
        s["influence"][key] = s["influence"].get(key, 0) + n
        s["influence"] = {k: s["influence"][k] for k in sorted(s["influence"], key=int)}
        pl["back_room"]["influence"] -= n
        refresh_speakeasy(g, s)


def _thug_returned(g: dict, p: dict) -> None:
    g["declared"] = [d for d in g["declared"] if d.get("card") != p["card"]]
    player(g, p["seat"])["thug_cards"].append(p["card"])


def _investigation_played(g: dict, p: dict) -> None:
    player(g, p["seat"])["thug_cards"].remove(p["card"])
    _discard(g, p["card"])
    if p["target"] == "pending":
        _discard(g, g["pending_thug"]["card"])
        g["pending_thug"] = None
    else:
        victim = player(g, p["on_seat"])
        _discard(g, victim["union_boss"])
        victim["union_boss"] = None


def _thug_resolved(g: dict, p: dict) -> None:
    g["pending_thug"] = None
    if p["kind"] == "friendly_union_boss":
        player(g, p["seat"])["union_boss"] = p["card"]
    else:
        _discard(g, p["card"])


def _step_resumed(g: dict, p: dict) -> None:
    frame = g["frames"].pop()
    g["phase"], g["step"] = frame["phase"], frame["step"]
    g["step_seats"], g["step_done"] = frame["step_seats"], frame["step_done"]
    if "seats" in p:                            # a thug window asks everyone again
        g["step_seats"], g["step_done"] = list(p["seats"]), []


def _influence_removed(g: dict, p: dict) -> None:
    s = speakeasy(g, p["speakeasy"])
    key = str(p["seat"])
    s["influence"][key] -= p["count"]
    if not s["influence"][key]:
        del s["influence"][key]
    if p["to"] == "back_room":
        player(g, p["seat"])["back_room"]["influence"] += p["count"]
        locked = g["effects"]["safe_house"]
        locked[key] = locked.get(key, 0) + p["count"]
    refresh_speakeasy(g, s)


def _influence_added(g: dict, p: dict) -> None:
    s = speakeasy(g, p["speakeasy"])
    key = str(p["seat"])
    s["influence"][key] = s["influence"].get(key, 0) + p["count"]
    s["influence"] = {k: s["influence"][k] for k in sorted(s["influence"], key=int)}
    refresh_speakeasy(g, s)


def _improvement_moved(g: dict, p: dict) -> None:
    speakeasy(g, p["from"])["improvements"] -= 1
    speakeasy(g, p["to"])["improvements"] += 1


def _die_moved(g: dict, p: dict) -> None:
    still(player(g, p["from_seat"]), p["from_still"])["dice"] -= 1
    pl = player(g, p["seat"])
    if p["to"] == "back_room":
        pl["back_room"]["dice"] += 1
    else:
        still(pl, p["to"])["dice"] += 1


def _still_destroyed(g: dict, p: dict) -> None:
    pl = player(g, p["seat"])
    pl["stills"].remove(still(pl, p["still"]))


def _die_destroyed(g: dict, p: dict) -> None:
    still(player(g, p["seat"]), p["still"])["dice"] -= 1


def _vigorish_demanded(g: dict, p: dict) -> None:
    g["vigorish"] = dict(p)


def _vigorish_answered(g: dict, p: dict) -> None:
    g["vigorish"] = None
    if not p["pay"]:
        g["effects"]["idle_stills"].append({"seat": p["seat"], "still": p["still"]})
    if g["step"] == "vigorish" and p["seat"] not in g["step_done"]:
        g["step_done"].append(p["seat"])


def _truck_hijacked(g: dict, p: dict) -> None:
    _, target = find_truck(g, p["truck"])
    target["load"] = 0
    if target["at"]:
        entry = next(e for e in speakeasy(g, target["at"])["trucks"] if e["truck"] == p["truck"])
        entry["crates"] = 0
    mine = next(t for t in player(g, p["seat"])["trucks"] if t["id"] == p["with_truck"])
    mine["load"], mine["at"] = p["crates"], p["speakeasy"]
    speakeasy(g, p["speakeasy"])["trucks"].append(
        {"truck": mine["id"], "seat": p["seat"], "crates": p["crates"], "dock": p["dock"]})


def _cargo_hijacked(g: dict, p: dict) -> None:
    _, target = find_truck(g, p["truck"])
    target["load"] = 0
    truck_of(player(g, p["seat"]), p["with_truck"])["load"] = p["crates"]
    _await_dispatch(g, p["seat"])


def _truck_stolen(g: dict, p: dict) -> None:
    _move_truck(g, p["truck"], p["seat"])


def _cargo_diverted(g: dict, p: dict) -> None:
    s = speakeasy(g, p["speakeasy"])
    next(e for e in s["trucks"] if e["truck"] == p["truck"])["paid_to"] = p["seat"]


def _trucks_relined(g: dict, p: dict) -> None:
    speakeasy(g, p["speakeasy"])["trucks"] = [dict(e) for e in p["line"]]


def _windfall_drawn(g: dict, p: dict) -> None:
    g["decks"]["men_of_action"]["draw"].remove(p["card"])
    pl = player(g, p["seat"])
    if data.card_kind(p["card"]).startswith("thug:"):
        pl["thug_cards"].append(p["card"])
    else:
        pl["windfall"].append({"card": p["card"], "round": p["round"]})


def _windfall_used(g: dict, p: dict) -> None:
    pl = player(g, p["seat"])
    pl["windfall"] = [w for w in pl["windfall"] if w["card"] != p["card"]]
    _discard(g, p["card"])


def _trucks_returned(g: dict, p: dict) -> None:
    for r in p["returns"]:
        if r["to"] == "supply":
            holder, t = find_truck(g, r["truck"])
            holder["trucks"].remove(t)
            g["truck_supply"][t["size"]].append(t["id"])
            g["truck_supply"][t["size"]].sort(key=lambda x: int(x.split("_")[1]))
        else:
            _move_truck(g, r["truck"], r["to"])


def _deal_proposed(g: dict, p: dict) -> None:
    g["deal_seq"] += 1
    g["deals"].append({k: p[k] for k in ("deal", "from", "to", "give", "get", "promise")})


def _deal_accepted(g: dict, p: dict) -> None:
    _transfer(g, p["from"], p["to"], p["give"])
    _transfer(g, p["to"], p["from"], p["get"])
    _deal_closed(g, p)


def _deal_closed(g: dict, p: dict) -> None:
    """`deal_rejected`, `deal_withdrawn`: the proposal is gone."""
    g["deals"] = [d for d in g["deals"] if d["deal"] != p["deal"]]


def _deals_lapsed(g: dict, p: dict) -> None:
    g["deals"] = []


def _recorded_only(g: dict, p: dict) -> None:
    """An event whose effect other events carry (its cash, crates or markers)."""


def end_round(g: dict) -> None:
    """`round_ended`: one-round effects end."""
    g["effects"] = fresh_effects()
    _refresh_all(g)


#: `ON_EVENT[type](game, payload)` for the Thug cards', reaction windows' and deals' events
#: (evolve.py merges it into its own)
ON_EVENT: dict[str, Callable[[dict, dict], None]] = {
    "thug_played": _thug_played,
    "thug_declared": _thug_declared,
    "thug_revealed": _thug_revealed,
    "thug_returned": _thug_returned,
    "influence_declared": _influence_declared,
    "influence_revealed": _influence_revealed,
    "investigation_played": _investigation_played,
    "thug_resolved": _thug_resolved,
    "step_resumed": _step_resumed,
    "round_effect": _effect,
    "influence_removed": _influence_removed,
    "influence_added": _influence_added,
    "improvement_moved": _improvement_moved,
    "die_moved": _die_moved,
    "still_destroyed": _still_destroyed,
    "die_destroyed": _die_destroyed,
    "vigorish_demanded": _vigorish_demanded,
    "vigorish_answered": _vigorish_answered,
    "truck_hijacked": _truck_hijacked,
    "cargo_hijacked": _cargo_hijacked,
    "truck_stolen": _truck_stolen,
    "cargo_diverted": _cargo_diverted,
    "trucks_relined": _trucks_relined,
    "windfall_drawn": _windfall_drawn,
    "windfall_used": _windfall_used,
    "trucks_returned": _trucks_returned,
    "deal_proposed": _deal_proposed,
    "deal_accepted": _deal_accepted,
    "deal_rejected": _deal_closed,
    "deal_withdrawn": _deal_closed,
    "deals_lapsed": _deals_lapsed,
    "crates_warehoused": _recorded_only,
    "moll_spent": _recorded_only,
    "recruited": _recorded_only,
    "still_idle": _recorded_only,
}
