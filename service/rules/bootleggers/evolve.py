"""The ruleset's half of the fold: apply one Bootleggers event to the state.

This is the only place `state["game"]` changes. `decide` runs its automatic work by
folding its own drafts through this same function on a private copy, so live play and
replay cannot drift apart. Only `type` and `payload` are read; of the envelope, only the
version, to remember where this round's sealed bids begin (`sealed_since`, see views) and
where the step now waited on opened (`step_since`: two steps alike in name and seats — the
next Public-dock question to the same player — are still two steps, each with its deadline).
"""
from __future__ import annotations

from service.rules.common.fold import settle, track_sealed

from . import data, evolve_thugs, rulings
from .model import player, refresh_speakeasy, speakeasy, truck
from .table import STEPS, pending


def board_speakeasies(seats: int) -> list[dict]:
    """The speakeasies of a game of `seats` players, as the board starts."""
    return [{**s, "open": s["id"] == "omalleys", "influence": {}, "improvements": 0, "levels": {}, "trucks": []}
            for s in data.speakeasies_for(seats)]


def _new_game(p: dict) -> dict:
    players = [{
        "seat": s["seat"], "name": s["name"], "cash": 0, "muscle_hand": [],
        "bid": None, "has_bid": False, "displayed_muscle": None, "payroll_paid": False,
        "trucks": [], "stills": [{"id": "family", "dice": 1, "last_roll": []}],
        "back_room": {"influence": 1, "dice": 0, "improvements": 0},
        "thug_cards": [], "crates": 0,
    } for s in p["players"]]
    speakeasies = board_speakeasies(len(players))
    game = {
        "ruleset": data.RULESET_NAME, "data_version": p["data_version"],
        "rounds": p["rounds"], "influence_mode": p["influence_mode"],
        "round": 0, "phase": 0, "step": None, "step_seats": [], "step_done": [],
        "waiting_for": [], "order": [],
        "players": players, "speakeasies": speakeasies,
        "offers": {"truck": None, "slots": [{"slot": n, "card": None}
                                            for n in range(1, len(players) + 1)]},
        "decks": {"men_of_action": {"draw": [], "discard": []},
                  "trucks": {"draw": [], "discard": []}},
        "truck_supply": data.truck_supply(),
        "copper_at": None, "family_production": {}, "selling": None, "deals": [],
        "announced_cash": None, "finished": False, "winner": None, "final_cash": None,
        "sealed_since": None, "step_since": None,
    }
    evolve_thugs.init_game(game)
    return game


def _moa_to_discard_or_hand(game: dict, seat: int, card: str) -> None:
    if data.card_kind(card).startswith("thug:"):
        player(game, seat)["thug_cards"].append(card)
    elif data.card_kind(card).startswith("truck:"):
        game["decks"]["trucks"]["discard"].append(card)
    else:
        game["decks"]["men_of_action"]["discard"].append(card)


def _done(game: dict, seat: int, step: str) -> None:
    if game["step"] == step and seat not in game["step_done"]:
        game["step_done"].append(seat)


def apply(game: dict | None, kind: str, p: dict) -> dict:
    if kind == "game_setup":
        return _new_game(p)
    g = game
    if kind == "deck_shuffled":
        if p["deck"] in g["decks"]:
            g["decks"][p["deck"]] = {"draw": list(p["order"]), "discard": []}
    elif kind == "muscle_dealt":
        player(g, p["seat"])["muscle_hand"] = sorted(p["cards"])
    elif kind == "cash_paid":
        if p["from"] != "bank":
            player(g, p["from"])["cash"] -= p["amount"]
        if p["to"] != "bank":
            player(g, p["to"])["cash"] += p["amount"]
    elif kind == "truck_taken":
        g["truck_supply"][p["size"]].remove(p["truck"])
        player(g, p["seat"])["trucks"].append({
            "id": p["truck"], "size": p["size"],
            "capacity": data.TRUCKS[p["size"]]["capacity"], "load": 0, "at": None,
            **({"favor": True} if p["reason"] == "favor" else {})})
    elif kind == "round_started":
        g["round"], g["phase"], g["step"] = p["round"], 1, None
        g["step_seats"], g["step_done"], g["order"] = [], [], []
    elif kind == "truck_card_turned":
        g["decks"]["trucks"]["draw"].remove(p["card"])
        g["offers"]["truck"] = p["card"]
    elif kind == "offers_dealt":
        for slot in p["slots"]:
            g["decks"]["men_of_action"]["draw"].remove(slot["card"])
            g["offers"]["slots"][slot["slot"] - 1]["card"] = slot["card"]
    elif kind == "step_started":
        g["phase"], g["step"] = p["phase"], p["step"]
        g["step_seats"], g["step_done"] = list(p["seats"]), []
        if p["step"] not in ("reaction", "vigorish"):
            g["window"] = p.get("window")
    elif kind == "bid_placed":
        pl = player(g, p["seat"])
        pl["bid"], pl["has_bid"] = p.get("card"), True
        _done(g, p["seat"], "bid")
    elif kind == "bids_revealed":
        for seat, card in p["bids"].items():
            pl = player(g, seat)
            pl["muscle_hand"].remove(card)
            pl["displayed_muscle"], pl["bid"], pl["has_bid"] = card, None, False
        g["order"] = list(p["order"])
        for s in g["speakeasies"]:
            refresh_speakeasy(g, s)
    elif kind == "payroll":
        player(g, p["seat"])["payroll_paid"] = True
    elif kind == "offer_taken":
        if p["offer"] == "truck":
            g["offers"]["truck"] = None
        else:
            g["offers"]["slots"][p["offer"] - 1]["card"] = None
        _moa_to_discard_or_hand(g, p["seat"], p["card"])
        _done(g, p["seat"], "choose_offer")
    elif kind == "passed":
        _done(g, p["seat"], p["step"])
    elif kind == "influence_gained":
        player(g, p["seat"])["back_room"]["influence"] += p["count"]
    elif kind == "dice_gained":
        player(g, p["seat"])["back_room"]["dice"] += p["count"]
    elif kind == "improvement_gained":
        player(g, p["seat"])["back_room"]["improvements"] += p["count"]
    elif kind == "remote_still_opened":
        player(g, p["seat"])["stills"].append({"id": p["still"], "dice": 1, "last_roll": []})
    elif kind == "offers_discarded":
        for slot in g["offers"]["slots"]:
            slot["card"] = None
        g["decks"]["men_of_action"]["discard"].extend(p["cards"])
    elif kind == "influence_placed":
        pl = player(g, p["seat"])
        for sid, n in p["placements"].items():
            s = speakeasy(g, sid)
            key = str(p["seat"])
            s["influence"][key] = s["influence"].get(key, 0) + n
            s["influence"] = {k: s["influence"][k] for k in sorted(s["influence"], key=int)}
            pl["back_room"]["influence"] -= n
            refresh_speakeasy(g, s)
        _done(g, p["seat"], "place_influence")
    elif kind == "die_placed":
        pl = player(g, p["seat"])
        pl["back_room"]["dice"] -= 1
        next(s for s in pl["stills"] if s["id"] == p["still"])["dice"] += 1
    elif kind == "improvement_placed":
        player(g, p["seat"])["back_room"]["improvements"] -= 1
        speakeasy(g, p["speakeasy"])["improvements"] += 1
    elif kind == "dice_rolled":
        if p["purpose"] == "production":
            pl = player(g, p["seat"])
            pl["crates"] += p["crates"]
            next(s for s in pl["stills"] if s["id"] == p["still"])["last_roll"] = list(p["dice"])
            if p["still"] == "family":
                g["family_production"][str(p["seat"])] = p["crates"]
    elif kind == "copper_moved":
        g["copper_at"] = p["to"]
    elif kind == "trucks_loaded":
        pl = player(g, p["seat"])
        for tid, n in p["loads"].items():
            truck(pl, tid)["load"] += n
            pl["crates"] -= n
        _done(g, p["seat"], "load")
    elif kind == "crates_dumped":
        player(g, p["seat"])["crates"] -= p["crates"]
    elif kind == "trucks_dispatched":
        pl = player(g, p["seat"])
        for r in p["routes"]:
            t = truck(pl, r["truck"])
            t["at"] = r["speakeasy"]
            speakeasy(g, r["speakeasy"])["trucks"].append(
                {"truck": r["truck"], "seat": p["seat"], "crates": t["load"], "dock": r["dock"]})
        _done(g, p["seat"], "dispatch")
    elif kind == "cargo_lost":
        t = truck(player(g, p["seat"]), p["truck"])
        if t["at"]:                 # G-Men: the empty truck goes back to its operator
            s = speakeasy(g, t["at"])
            s["trucks"] = [e for e in s["trucks"] if e["truck"] != t["id"]]
        t["load"], t["at"] = 0, None
    elif kind == "selling_started":
        sel = g["selling"] or {"done": []}
        sel.update({"speakeasy": p["speakeasy"], "demand": p["demand"],
                    "remaining": p["demand"], "sold": 0, "refused": False, "asked": []})
        g["selling"], g["phase"], g["step"] = sel, 5, "selling"
    elif kind == "demand_changed":          # a card during the selling (issue 36)
        g["selling"]["demand"], g["selling"]["remaining"] = p["demand"], p["remaining"]
    elif kind == "crates_sold":
        s = speakeasy(g, p["speakeasy"])
        entry = next(e for e in s["trucks"] if e["truck"] == p["truck"])
        entry["crates"] -= p["crates"]
        truck(player(g, p["seat"]), p["truck"])["load"] -= p["crates"]
        g["selling"]["sold"] += p["crates"]
        if g["selling"]["remaining"] is not None:
            g["selling"]["remaining"] -= p["crates"]
    elif kind == "public_dock_answered":
        g["selling"]["asked"].append(p["truck"])
        if not p["allow"]:
            g["selling"]["refused"] = True
        _done(g, p["seat"], "public_dock")
    elif kind == "selling_finished":
        s = speakeasy(g, p["speakeasy"])
        for e in s["trucks"]:
            t = truck(player(g, e["seat"]), e["truck"])
            t["load"], t["at"] = 0, None
        s["trucks"] = []
        g["selling"]["done"].append(p["speakeasy"])
        g["selling"]["speakeasy"] = None
    elif kind == "cash_announced":
        g["announced_cash"] = dict(p["cash"])
    elif kind == "round_ended":
        for pl in g["players"]:
            pl["displayed_muscle"], pl["payroll_paid"] = None, False
        g["order"], g["selling"], g["family_production"] = [], None, {}
        g["step"], g["step_seats"], g["step_done"], g["phase"] = None, [], [], 6
        evolve_thugs.end_round(g)
    elif kind == "game_ended":
        g["finished"], g["winner"], g["final_cash"] = True, p["winner"], dict(p["cash"])
        g["step"], g["step_seats"], g["step_done"] = "finished", [], []
    elif kind == "ruling_applied":
        rulings.apply(g, p)
    elif kind in evolve_thugs.EVENTS:
        evolve_thugs.apply(g, kind, p)
    # "timed_out" and unknown informational events change nothing.
    return g


def evolve(state: dict, event: dict) -> dict:
    """Ruleset.evolve: fold one event into `state["game"]` (mutates and returns state)."""
    kind, payload = event["type"], event["payload"]
    state["game"] = apply(state.get("game"), kind, payload)
    game = state["game"]
    track_sealed(game, kind, event.get("version"), "bid_placed", "bids_revealed")
    if kind == "step_started":
        game["step_since"] = event.get("version")
    return settle(state, kind, payload, "game_ended", pending)


__all__ = ["evolve", "apply", "STEPS"]
