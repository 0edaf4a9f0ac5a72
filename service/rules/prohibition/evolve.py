"""The ruleset's half of the fold: apply one Prohibition event to `state["game"]`.

The only place the game changes; decide folds its own drafts through it on a private copy
(kernel.Emitter), so live play and replay cannot drift apart.
"""
from __future__ import annotations

from service.rules.common.fold import settle

from . import data
from .model import player, space
from .table import pending


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


def apply(g: dict | None, kind: str, p: dict) -> dict:
    if kind == "game_setup":
        return _new_game(p)
    if kind == "dice_rolled":
        _roll(g, p)
    elif kind == "turn_order_decided":
        g["order"] = list(p["order"])
    elif kind == "turn_started":
        g["round"], g["turn_number"] = p["round"], p["turn"]
        g["turn"] = {"seat": p["seat"], "dice": [], "rolled": [], "law_moved": [],
                     "own_moved": False, "declined": []}
        g["phase"], g["step"], g["step_seats"], g["step_done"] = "production", None, [], []
    elif kind == "cases_consumed":
        for n, count in p["spaces"].items():
            space(g, int(n))["cases"] -= count
        g["phase"] = "consumption"
    elif kind == "step_started":
        g["step"], g["step_seats"], g["step_done"] = p["step"], list(p["seats"]), []
        g["offer"] = ({"kind": p["step"], "space": p["space"], "max": p["max"]}
                      if p["step"] in ("buy", "sell") else None)
    elif kind == "pawn_moved":
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
    elif kind == "cases_stolen":
        player(g, p["from"])["cases"] -= p["cases"]
        player(g, p["seat"])["cases"] += p["cases"]
    elif kind == "cases_confiscated":
        if p.get("seat") is not None:
            player(g, p["seat"])["cases"] -= p["cases"]
        else:
            space(g, p["space"])["cases"] -= p["cases"]
    elif kind == "cases_bought":
        pl = player(g, p["seat"])
        pl["cases"] += p["cases"]
        pl["bankrolls"] -= p["cost"]
        space(g, p["space"])["cases"] -= p["cases"]
        _done(g, p["seat"])
    elif kind == "cases_sold":
        pl = player(g, p["seat"])
        pl["cases"] -= p["cases"]
        pl["bankrolls"] += p["paid"]
        space(g, p["space"])["cases"] += p["cases"]
        _done(g, p["seat"])
    elif kind == "dice_declined":
        g["turn"]["declined"] = sorted(p["dice"])
        g["turn"]["dice"] = []
        _done(g, p["seat"])
    elif kind == "sale_declined":
        _done(g, p["seat"])
    elif kind == "culture_bankroll_taken":
        space(g, p["space"])["bankrolls"] -= 1
        player(g, p["seat"])["bankrolls"] += 1
    elif kind == "turn_ended":
        _done(g, p["seat"])
        g["turn"]["dice"] = []
        g["step"], g["step_seats"], g["step_done"], g["offer"] = None, [], [], None
    elif kind == "game_ended":
        g["finished"], g["winner"], g["ranking"] = True, p["winner"], list(p["ranking"])
        if "winners" in p:   # games ended before shared wins (issue 28) fold as they did
            g["winners"] = list(p["winners"])
        g["step"], g["step_seats"], g["step_done"], g["phase"] = "finished", [], [], "finished"
    # "timed_out" is informational.
    return g


def evolve(state: dict, event: dict) -> dict:
    """Ruleset.evolve: fold one event into `state["game"]` (mutates and returns state)."""
    kind, payload = event["type"], event["payload"]
    state["game"] = apply(state.get("game"), kind, payload)
    game = state["game"]
    if kind == "step_started":
        game["step_since"] = event.get("version")
    return settle(state, kind, payload, "game_ended", pending)
