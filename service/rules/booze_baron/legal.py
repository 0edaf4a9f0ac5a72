"""legal_actions, waiting and timeout: all read the step table, like decide.

Every example is a complete command body decide accepts at this state (the property tests
send them); `params` lists the choices a client needs to build others.
"""
from __future__ import annotations

from service.rules.common import steps

from . import data, flow
from .commands import run_command
from .emitter import Emitter
from .model import (face_down, hideout, left_of, location, may_visit, player, shows,
                    tail_targets)
from .steps import STEPS, pending


def _action(kind: str, params: dict, examples: list[dict]) -> dict:
    return {"type": kind, "params": params, "examples": [{"type": kind, **e} for e in examples]}


def _event_action(g: dict, seat: int) -> dict | None:
    p = player(g, seat)
    loc = location(g, p["location"])
    event, base = loc["event"], {"event": loc["event"], "location": loc["id"],
                                 "what": data.EVENTS[loc["event"]]}
    if event in ("smuggle", "restock", "gamble") and g["deck"]:
        return _action("trigger_event", base, [{}])
    if event == "stakeout":
        target = left_of(g, seat)
        if not hideout(g, player(g, target)["location"]):
            return _action("trigger_event", {**base, "target": target}, [{}])
    if event == "reroute" and loc["cards"]:
        others = [l["id"] for l in g["locations"] if l["id"] != loc["id"]]
        return _action("trigger_event", {**base, "card": {"choices": loc["cards"]},
                                         "to": {"choices": others}},
                       [{"card": c, "to": t} for c in loc["cards"] for t in others])
    return None


def _step_actions(g: dict, seat: int, step: str) -> list[dict]:
    p, out = player(g, seat), []
    if step == "move":
        choices = may_visit(g, p)
        out.append(_action("choose_move", {"location": {"choices": choices}},
                           [{"location": c} for c in choices]))
    elif step == "action":
        here = location(g, p["location"])
        mine = [c for c in here["cards"] if shows(g, c, p["mob"])]
        if mine:
            out.append(_action("deliver", {"card": {"choices": mine}}, [{"card": c} for c in mine]))
        targets = tail_targets(g, seat)
        if targets:
            out.append(_action("tail", {"seat": {"choices": targets}}, [{"seat": t} for t in targets]))
        event = _event_action(g, seat)
        if event:
            out.append(event)
        out.append(_action("pass_turn", {}, [{}]))
    elif step == "follow_up":
        target = g["tail"]["target"]
        cards = [c for c in face_down(g, target) if shows(g, c, p["mob"])]
        if cards:
            out.append(_action("steal", {"card": {"choices": cards}, "from": target},
                               [{"card": c} for c in cards]))
        if not player(g, target)["exposed"]:
            out.append(_action("expose", {"booze": {"choices": list(data.MOBS)}, "target": target},
                               [{"booze": m} for m in data.MOBS]))
        out.append(_action("drop_tail", {}, [{}]))
    return out


def legal_actions(state: dict, seat: int) -> dict:
    g, result = steps.legal_frame(state, seat)
    if g is None:
        return result
    seat = int(seat)
    if g["step"] in STEPS and seat in pending(g):
        result["actions"] = _step_actions(g, seat, g["step"])
    return result


def waiting(state: dict) -> dict:
    return steps.waiting(state, STEPS, pending)


def default_command(g: dict, seat: int) -> dict:
    """What a seat that let the deadline pass is taken to have sent (steps.py)."""
    step = g["step"]
    if step == "move":
        return {"type": "choose_move", "location": may_visit(g, player(g, seat))[0]}
    if step == "follow_up":
        return {"type": "drop_tail"}
    return {"type": "pass_turn"}


def timeout(state: dict, oracle) -> list[dict]:
    g = state.get("game")
    if not g or g["finished"] or g["step"] not in STEPS:
        return []
    em = Emitter(state, oracle, actor="system")
    step = g["step"]
    for seat in pending(g):
        cmd = default_command(em.game, seat)
        em.emit("booze_timed_out", {"seat": seat, "step": step, "default": cmd["type"]})
        run_command(em, seat, cmd)
    flow.advance(em)
    return em.drafts
