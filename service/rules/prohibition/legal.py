"""legal_actions, waiting and timeout: all read the step table, like decide.

Every example is a complete command body decide accepts now (the property tests send
them). For the Action phase the examples are every single-die move; `params.plans` lists,
for the player's own pawn, where both dice can take it (each order and direction), so a
client can show the two-dice choices of the turn.
"""
from __future__ import annotations

from service.rules.common import steps
from service.rules.errors import RuleViolation

from . import data, flow
from .actions import check_move
from .commands import run_command
from .emitter import Emitter
from .model import law_at, player, targets
from .steps import STEPS, pending


def _action(kind: str, params: dict, examples: list[dict]) -> dict:
    return {"type": kind, "params": params, "examples": [{"type": kind, **e} for e in examples]}


def moves(g: dict, seat: int) -> list[dict]:
    """Every legal `move` body now, one per die value, pawn, direction (and target)."""
    out = []
    for die in sorted(set(g["turn"]["dice"])):
        for pawn in data.PAWNS:
            for direction in data.DIRECTIONS:
                cmd = {"die": die, "pawn": pawn, "direction": direction}
                try:
                    to, _ = check_move(g, seat, cmd)
                except RuleViolation as refused:
                    if refused.code != "target_needed":
                        continue
                    to = data.step(player(g, seat)["space"] if pawn == "own" else g["law"][pawn],
                                   die, direction)
                choices = targets(g, seat, pawn, to)
                if len(choices) > 1:
                    out += [{**cmd, "target": t} for t in choices]
                else:
                    out.append(cmd)
    return out


def plans(g: dict, seat: int) -> list[dict]:
    """Own-pawn journeys using both dice: first die, then second, each way round the track.
    The middle landing must be free of Law pawns too (it is a move of its own)."""
    dice, start, out = g["turn"]["dice"], player(g, seat)["space"], []
    if len(dice) != 2:
        return out
    orders = {tuple(dice), tuple(reversed(dice))}
    for first, second in sorted(orders):
        for d1 in data.DIRECTIONS:
            via = data.step(start, first, d1)
            if law_at(g, via):
                continue
            for d2 in data.DIRECTIONS:
                to = data.step(via, second, d2)
                if not law_at(g, to):
                    out.append({"dice": [first, second], "directions": [d1, d2],
                                "via": via, "to": to})
    return out


def _step_actions(g: dict, seat: int, step: str) -> list[dict]:
    if step == "move":
        t = g["turn"]
        unmoved = [p for p in data.LAW_PAWNS if p not in t["law_moved"]]
        return [_action("move", {"dice": list(t["dice"]), "pawns": ["own", *unmoved],
                                 "directions": list(data.DIRECTIONS),
                                 "plans": plans(g, seat)}, moves(g, seat)),
                _action("end_turn", {"unused_dice": list(t["dice"])}, [{}])]
    offer = g["offer"]
    if step == "buy":
        return [_action("buy", {"cases": {"min": 0, "max": offer["max"]},
                                "space": offer["space"], "price": data.CASE_PRICE},
                        [{"cases": n} for n in range(offer["max"] + 1)])]
    return [_action("sell", {"accept": {"choices": [True, False]}, "space": offer["space"],
                             "cases": offer["max"], "price": data.SALE_PRICE},
                    [{"accept": True}, {"accept": False}])]


def legal_actions(state: dict, seat: int) -> dict:
    g = state.get("game")
    if not g:
        return {"phase": None, "step": None, "actions": []}
    result = {"phase": g["phase"], "step": g["step"], "actions": []}
    if int(seat) in pending(g):
        result["actions"] = _step_actions(g, int(seat), g["step"])
    return result


def waiting(state: dict) -> dict:
    return steps.waiting(state, STEPS, pending)


def timeout(state: dict, oracle) -> list[dict]:
    """The step's `default` (steps.py) for the awaited player, recorded as `timed_out`."""
    g = state.get("game")
    if not g or g["finished"] or not pending(g):
        return []
    em = Emitter(state, oracle, actor="system")
    step = STEPS[g["step"]]
    for seat in pending(g):
        em.emit("timed_out", {"seat": seat, "step": step.name, "default": step.default["type"]})
        run_command(em, seat, dict(step.default))
    flow.advance(em)
    return em.drafts
