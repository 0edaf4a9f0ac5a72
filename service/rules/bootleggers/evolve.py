"""The ruleset's half of the fold: apply one Bootleggers event to the state.

This is the only place `state["game"]` changes. `decide` runs its automatic work by
folding its own drafts through this same function on a private copy, so live play and
replay cannot drift apart. Only `type` and `payload` are read; of the envelope, only the
version, to remember where this round's sealed bids begin (`sealed_since`, see views) and
where the step now waited on opened (`step_since`: two steps alike in name and seats — the
next Public-dock question to the same player — are still two steps, each with its deadline).
"""
from __future__ import annotations

from typing import Callable

from service.rules.common.fold import fold_game, settle, track_sealed

from . import data, evolve_thugs, rulings
from .model import player, refresh_speakeasy, speakeasy, truck
from .steps import STEPS, pending


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


# ---- one function per event type: `(game, payload)`, changing the game in place -----------
def _deck_shuffled(g: dict, p: dict) -> None:
    if p["deck"] in g["decks"]:
        g["decks"][p["deck"]] = {"draw": list(p["order"]), "discard": []}


def _muscle_dealt(g: dict, p: dict) -> None:
    player(g, p["seat"])["muscle_hand"] = sorted(p["cards"])


def _cash_paid(g: dict, p: dict) -> None:
    if p["from"] != "bank":
        player(g, p["from"])["cash"] -= p["amount"]
    if p["to"] != "bank":
        player(g, p["to"])["cash"] += p["amount"]


def _truck_taken(g: dict, p: dict) -> None:
    g["truck_supply"][p["size"]].remove(p["truck"])
    player(g, p["seat"])["trucks"].append({
        "id": p["truck"], "size": p["size"],
        "capacity": data.TRUCKS[p["size"]]["capacity"], "load": 0, "at": None,
        **({"favor": True} if p["reason"] == "favor" else {})})


def _round_started(g: dict, p: dict) -> None:
    g["round"], g["phase"], g["step"] = p["round"], 1, None
    g["step_seats"], g["step_done"], g["order"] = [], [], []


def _truck_card_turned(g: dict, p: dict) -> None:
    g["decks"]["trucks"]["draw"].remove(p["card"])
    g["offers"]["truck"] = p["card"]


def _offers_dealt(g: dict, p: dict) -> None:
    for slot in p["slots"]:
        g["decks"]["men_of_action"]["draw"].remove(slot["card"])
        g["offers"]["slots"][slot["slot"] - 1]["card"] = slot["card"]


def _step_started(g: dict, p: dict) -> None:
    g["phase"], g["step"] = p["phase"], p["step"]
    g["step_seats"], g["step_done"] = list(p["seats"]), []
    if p["step"] not in ("reaction", "vigorish"):
        g["window"] = p.get("window")


def _bid_placed(g: dict, p: dict) -> None:
    pl = player(g, p["seat"])
    pl["bid"], pl["has_bid"] = p.get("card"), True
    _done(g, p["seat"], "bid")


def _bids_revealed(g: dict, p: dict) -> None:
    for seat, card in p["bids"].items():
        pl = player(g, seat)
        pl["muscle_hand"].remove(card)
        pl["displayed_muscle"], pl["bid"], pl["has_bid"] = card, None, False
    g["order"] = list(p["order"])
    for s in g["speakeasies"]:
        refresh_speakeasy(g, s)


def _payroll(g: dict, p: dict) -> None:
    player(g, p["seat"])["payroll_paid"] = True


def _offer_taken(g: dict, p: dict) -> None:
    if p["offer"] == "truck":
        g["offers"]["truck"] = None
    else:
        g["offers"]["slots"][p["offer"] - 1]["card"] = None
    _moa_to_discard_or_hand(g, p["seat"], p["card"])
    _done(g, p["seat"], "choose_offer")


def _passed(g: dict, p: dict) -> None:
    _done(g, p["seat"], p["step"])


def _back_room(what: str):
    """`influence_gained`, `dice_gained`, `improvement_gained`: more of `what` in the back room."""
    def gained(g: dict, p: dict) -> None:
        player(g, p["seat"])["back_room"][what] += p["count"]
    return gained


def _remote_still_opened(g: dict, p: dict) -> None:
    player(g, p["seat"])["stills"].append({"id": p["still"], "dice": 1, "last_roll": []})


def _offers_discarded(g: dict, p: dict) -> None:
    for slot in g["offers"]["slots"]:
        slot["card"] = None
    g["decks"]["men_of_action"]["discard"].extend(p["cards"])


def _influence_placed(g: dict, p: dict) -> None:
    pl = player(g, p["seat"])
    for sid, n in p["placements"].items():
        s = speakeasy(g, sid)
        key = str(p["seat"])
        s["influence"][key] = s["influence"].get(key, 0) + n
        s["influence"] = {k: s["influence"][k] for k in sorted(s["influence"], key=int)}
        pl["back_room"]["influence"] -= n
        refresh_speakeasy(g, s)
    _done(g, p["seat"], "place_influence")


def _die_placed(g: dict, p: dict) -> None:
    pl = player(g, p["seat"])
    pl["back_room"]["dice"] -= 1
    next(s for s in pl["stills"] if s["id"] == p["still"])["dice"] += 1


def _improvement_placed(g: dict, p: dict) -> None:
    player(g, p["seat"])["back_room"]["improvements"] -= 1
    speakeasy(g, p["speakeasy"])["improvements"] += 1


def _dice_rolled(g: dict, p: dict) -> None:
    if p["purpose"] == "production":
        pl = player(g, p["seat"])
        pl["crates"] += p["crates"]
        next(s for s in pl["stills"] if s["id"] == p["still"])["last_roll"] = list(p["dice"])
        if p["still"] == "family":
            g["family_production"][str(p["seat"])] = p["crates"]


def _copper_moved(g: dict, p: dict) -> None:
    g["copper_at"] = p["to"]


def _trucks_loaded(g: dict, p: dict) -> None:
    pl = player(g, p["seat"])
    for tid, n in p["loads"].items():
        truck(pl, tid)["load"] += n
        pl["crates"] -= n
    _done(g, p["seat"], "load")


def _crates_dumped(g: dict, p: dict) -> None:
    player(g, p["seat"])["crates"] -= p["crates"]


def _trucks_dispatched(g: dict, p: dict) -> None:
    pl = player(g, p["seat"])
    for r in p["routes"]:
        t = truck(pl, r["truck"])
        t["at"] = r["speakeasy"]
        speakeasy(g, r["speakeasy"])["trucks"].append(
            {"truck": r["truck"], "seat": p["seat"], "crates": t["load"], "dock": r["dock"]})
    _done(g, p["seat"], "dispatch")


def _cargo_lost(g: dict, p: dict) -> None:
    t = truck(player(g, p["seat"]), p["truck"])
    if t["at"]:                 # G-Men: the empty truck goes back to its operator
        s = speakeasy(g, t["at"])
        s["trucks"] = [e for e in s["trucks"] if e["truck"] != t["id"]]
    t["load"], t["at"] = 0, None


def _selling_started(g: dict, p: dict) -> None:
    sel = g["selling"] or {"done": []}
    sel.update({"speakeasy": p["speakeasy"], "demand": p["demand"],
                "remaining": p["demand"], "sold": 0, "refused": False, "asked": []})
    g["selling"], g["phase"], g["step"] = sel, 5, "selling"


def _demand_changed(g: dict, p: dict) -> None:
    """A card played while a speakeasy sells changes what is left to buy."""
    g["selling"]["demand"], g["selling"]["remaining"] = p["demand"], p["remaining"]


def _crates_sold(g: dict, p: dict) -> None:
    s = speakeasy(g, p["speakeasy"])
    entry = next(e for e in s["trucks"] if e["truck"] == p["truck"])
    entry["crates"] -= p["crates"]
    truck(player(g, p["seat"]), p["truck"])["load"] -= p["crates"]
    g["selling"]["sold"] += p["crates"]
    if g["selling"]["remaining"] is not None:
        g["selling"]["remaining"] -= p["crates"]


def _public_dock_answered(g: dict, p: dict) -> None:
    g["selling"]["asked"].append(p["truck"])
    if not p["allow"]:
        g["selling"]["refused"] = True
    _done(g, p["seat"], "public_dock")


def _selling_finished(g: dict, p: dict) -> None:
    s = speakeasy(g, p["speakeasy"])
    for e in s["trucks"]:
        t = truck(player(g, e["seat"]), e["truck"])
        t["load"], t["at"] = 0, None
    s["trucks"] = []
    g["selling"]["done"].append(p["speakeasy"])
    g["selling"]["speakeasy"] = None


def _cash_announced(g: dict, p: dict) -> None:
    g["announced_cash"] = dict(p["cash"])


def _round_ended(g: dict, p: dict) -> None:
    for pl in g["players"]:
        pl["displayed_muscle"], pl["payroll_paid"] = None, False
    g["order"], g["selling"], g["family_production"] = [], None, {}
    g["step"], g["step_seats"], g["step_done"], g["phase"] = None, [], [], 6
    evolve_thugs.end_round(g)


def _game_ended(g: dict, p: dict) -> None:
    g["finished"], g["winner"], g["final_cash"] = True, p["winner"], dict(p["cash"])
    g["step"], g["step_seats"], g["step_done"] = "finished", [], []


#: `ON_EVENT[type](game, payload)`: what one event does to the game, by type (as the log's
#: SENTENCES say it); the Thug cards', reaction windows' and deals' come from evolve_thugs.
#: A type not here ("timed_out", informational events) changes nothing.
_ROUND: dict[str, Callable[[dict, dict], None]] = {
    "deck_shuffled": _deck_shuffled,
    "muscle_dealt": _muscle_dealt,
    "cash_paid": _cash_paid,
    "truck_taken": _truck_taken,
    "round_started": _round_started,
    "truck_card_turned": _truck_card_turned,
    "offers_dealt": _offers_dealt,
    "step_started": _step_started,
    "bid_placed": _bid_placed,
    "bids_revealed": _bids_revealed,
    "payroll": _payroll,
    "offer_taken": _offer_taken,
    "passed": _passed,
    "influence_gained": _back_room("influence"),
    "dice_gained": _back_room("dice"),
    "improvement_gained": _back_room("improvements"),
    "remote_still_opened": _remote_still_opened,
    "offers_discarded": _offers_discarded,
    "influence_placed": _influence_placed,
    "die_placed": _die_placed,
    "improvement_placed": _improvement_placed,
    "dice_rolled": _dice_rolled,
    "copper_moved": _copper_moved,
    "trucks_loaded": _trucks_loaded,
    "crates_dumped": _crates_dumped,
    "trucks_dispatched": _trucks_dispatched,
    "cargo_lost": _cargo_lost,
    "selling_started": _selling_started,
    "demand_changed": _demand_changed,
    "crates_sold": _crates_sold,
    "public_dock_answered": _public_dock_answered,
    "selling_finished": _selling_finished,
    "cash_announced": _cash_announced,
    "round_ended": _round_ended,
    "game_ended": _game_ended,
    "ruling_applied": rulings.apply,
}
assert not _ROUND.keys() & evolve_thugs.ON_EVENT.keys(), "one function per event type"
ON_EVENT: dict[str, Callable[[dict, dict], None]] = {**_ROUND, **evolve_thugs.ON_EVENT}



def evolve(state: dict, event: dict) -> dict:
    """Ruleset.evolve: fold one event into `state["game"]` (mutates and returns state)."""
    kind, payload = event["type"], event["payload"]
    state["game"] = fold_game(state.get("game"), kind, payload, "game_setup", _new_game, ON_EVENT)
    game = state["game"]
    track_sealed(game, kind, event.get("version"), "bid_placed", "bids_revealed")
    if kind == "step_started":
        game["step_since"] = event.get("version")
    return settle(state, kind, payload, "game_ended", pending)


__all__ = ["evolve", "apply", "STEPS"]
