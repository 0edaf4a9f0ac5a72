"""The ruleset's half of the fold: apply one Prohibition event to `state["game"]`.

The only place the game changes; decide folds its own drafts through it on a private copy
(emitter.Emitter), so live play and replay cannot drift apart.
"""
from __future__ import annotations

from typing import Callable

from service.rules.common.fold import fold_game, settle

from . import data
from .model import player, space
from .steps import pending


def board() -> list[dict]:
    """The 24 spaces as the game starts: 2 Bankrolls on each Culture, no Cases anywhere."""
    out = []
    for n, (name, kind) in data.TRACK.items():
        s = {"space": n, "name": name, "kind": kind}
        if kind == data.CULTURE:
            s["bankrolls"] = data.CULTURE_BANKROLLS
        else:
            s["cases"] = 0
        out.append(s)
    return out


def _new_game(p: dict) -> dict:
    return {
        "ruleset": data.RULESET_NAME, "data_version": p["data_version"],
        "round_limit": p["round_limit"],
        "players": [{"seat": s["seat"], "name": s["name"], "space": data.PLAYER_START,
                     "bankrolls": 0, "cases": 0} for s in p["players"]],
        "board": board(), "law": {pawn: data.LAW_START for pawn in data.LAW_PAWNS},
        "order": [], "round": 0, "turn_number": 0, "turn": None, "offer": None,
        "phase": "setup", "step": None, "step_seats": [], "step_done": [], "step_since": None,
        "waiting_for": [], "finished": False, "winner": None, "ranking": None,
    }


def _done(g: dict, seat: int) -> None:
    if seat not in g["step_done"]:
        g["step_done"].append(seat)


def _roll(g: dict, p: dict) -> None:
    purpose = p["purpose"]
    if purpose == "starting_bankrolls":
        player(g, p["seat"])["bankrolls"] += sum(p["dice"])
    elif purpose == "shipment":
        space(g, p["source"])["cases"] += sum(p["dice"])
    elif purpose == "action":
        g["turn"]["dice"], g["turn"]["rolled"] = sorted(p["dice"]), list(p["dice"])
        g["phase"] = "action"


def _turn_order_decided(g: dict, p: dict) -> None:
    g["order"] = list(p["order"])


def _turn_started(g: dict, p: dict) -> None:
    g["round"], g["turn_number"] = p["round"], p["turn"]
    g["turn"] = {"seat": p["seat"], "dice": [], "rolled": [], "law_moved": [],
                 "own_moved": False, "declined": []}
    g["phase"], g["step"], g["step_seats"], g["step_done"] = "production", None, [], []


def _cases_consumed(g: dict, p: dict) -> None:
    for n, count in p["spaces"].items():
        space(g, int(n))["cases"] -= count
    g["phase"] = "consumption"


def _step_started(g: dict, p: dict) -> None:
    g["step"], g["step_seats"], g["step_done"] = p["step"], list(p["seats"]), []
    g["offer"] = ({"kind": p["step"], "space": p["space"], "max": p["max"]}
                  if p["step"] in ("buy", "sell") else None)


def _pawn_moved(g: dict, p: dict) -> None:
    t = g["turn"]
    t["dice"].remove(p["die"])
    if p["pawn"] == "own":
        player(g, p["seat"])["space"] = p["to"]
        t["own_moved"] = True
    else:
        g["law"][p["pawn"]] = p["to"]
        t["law_moved"].append(p["pawn"])
    if not t["dice"] and g["step"] == "move":
        _done(g, p["seat"])


def _cases_stolen(g: dict, p: dict) -> None:
    player(g, p["from"])["cases"] -= p["cases"]
    player(g, p["seat"])["cases"] += p["cases"]


def _cases_confiscated(g: dict, p: dict) -> None:
    if p.get("seat") is not None:
        player(g, p["seat"])["cases"] -= p["cases"]
    else:
        space(g, p["space"])["cases"] -= p["cases"]


def _cases_bought(g: dict, p: dict) -> None:
    pl = player(g, p["seat"])
    pl["cases"] += p["cases"]
    pl["bankrolls"] -= p["cost"]
    space(g, p["space"])["cases"] -= p["cases"]
    _done(g, p["seat"])


def _cases_sold(g: dict, p: dict) -> None:
    pl = player(g, p["seat"])
    pl["cases"] -= p["cases"]
    pl["bankrolls"] += p["paid"]
    space(g, p["space"])["cases"] += p["cases"]
    _done(g, p["seat"])


def _dice_declined(g: dict, p: dict) -> None:
    g["turn"]["declined"] = sorted(p["dice"])
    g["turn"]["dice"] = []
    _done(g, p["seat"])


def _seat_done(g: dict, p: dict) -> None:
    """`sale_declined`: the seat has acted in this step."""
    _done(g, p["seat"])


def _culture_bankroll_taken(g: dict, p: dict) -> None:
    space(g, p["space"])["bankrolls"] -= 1
    player(g, p["seat"])["bankrolls"] += 1


def _turn_ended(g: dict, p: dict) -> None:
    _done(g, p["seat"])
    g["turn"]["dice"] = []
    g["step"], g["step_seats"], g["step_done"], g["offer"] = None, [], [], None


def _game_ended(g: dict, p: dict) -> None:
    g["finished"], g["winner"], g["ranking"] = True, p["winner"], list(p["ranking"])
    if "winners" in p:   # games recorded before shared wins have no `winners`, and fold as they did
        g["winners"] = list(p["winners"])
    g["step"], g["step_seats"], g["step_done"], g["phase"] = "finished", [], [], "finished"


#: `ON_EVENT[type](game, payload)`: what one event does to the game, by type (as the log's
#: SENTENCES say it). A type not here ("timed_out") changes nothing.
ON_EVENT: dict[str, Callable[[dict, dict], None]] = {
    "dice_rolled": _roll,
    "turn_order_decided": _turn_order_decided,
    "turn_started": _turn_started,
    "cases_consumed": _cases_consumed,
    "step_started": _step_started,
    "pawn_moved": _pawn_moved,
    "cases_stolen": _cases_stolen,
    "cases_confiscated": _cases_confiscated,
    "cases_bought": _cases_bought,
    "cases_sold": _cases_sold,
    "dice_declined": _dice_declined,
    "sale_declined": _seat_done,
    "culture_bankroll_taken": _culture_bankroll_taken,
    "turn_ended": _turn_ended,
    "game_ended": _game_ended,
}



def evolve(state: dict, event: dict) -> dict:
    """Ruleset.evolve: fold one event into `state["game"]` (mutates and returns state)."""
    kind, payload = event["type"], event["payload"]
    state["game"] = fold_game(state.get("game"), kind, payload, "game_setup", _new_game, ON_EVENT)
    game = state["game"]
    if kind == "step_started":
        game["step_since"] = event.get("version")
    return settle(state, kind, payload, "game_ended", pending)
