"""legal_actions, waiting and timeout: all read the step table, like decide.

Every example is a complete command body decide accepts at this state (the property tests
send them); `params` gives the choices a client needs to build other commands.
"""
from __future__ import annotations

from typing import Callable

from service.rules.common import steps

from . import data, deals, flow, placement, thugs
from .cash import hidden as totals_hidden
from .commands import is_free
from .defaults import default_command
from .handlers import run_command
from .emitter import Emitter
from .model import muscle_displayed, player, remote_stills_in_play, speakeasy
from .selling import public_question
from .shipping import at_home, fill_biggest_first
from .steps import FREE_COMMANDS, STEPS, pending


def _action(kind: str, params: dict, examples: list[dict]) -> dict:
    return {"type": kind, "params": params, "examples": [{"type": kind, **e} for e in examples]}


def _influence_room(g: dict) -> dict[str, int]:
    return {s["id"]: placement.room(g, s) for s in g["speakeasies"] if placement.room(g, s) > 0}


def _influence(g: dict, seat: int) -> dict | None:
    have = placement.placeable(g, seat)
    room = _influence_room(g)
    if have < 1 or not room:
        return None
    examples = [{"placements": {sid: 1}} for sid in room]
    spread, left = {}, have
    for sid in sorted(room, key=lambda x: -room[x]):     # everything, roomiest first
        n = min(left, room[sid])
        if n:
            spread[sid], left = n, left - n
    examples.append({"placements": spread})
    closed = [s for s in g["speakeasies"] if s["id"] in room and not s["open"]]
    for s in closed:                                     # enough to open a closed speakeasy
        need = s["shaded"] - sum(s["influence"].values())
        if 0 < need <= have:
            examples.append({"placements": {s["id"]: need}})
    return _action("place_influence", {"placements": {"max_total": have, "room": room}},
                   examples)


def _free_actions(g: dict, seat: int) -> list[dict]:
    p, out = player(g, seat), []
    if p["back_room"]["dice"] > 0:
        stills = [s["id"] for s in p["stills"] if s["dice"] < data.STILL_CAPACITY]
        if stills:
            out.append(_action("place_die", {"still": {"choices": stills}},
                               [{"still": s} for s in stills]))
    if p["back_room"]["improvements"] > 0:
        sids = [s["id"] for s in g["speakeasies"] if s["improvements"] < s["squares"]]
        if sids:
            out.append(_action("place_improvement", {"speakeasy": {"choices": sids}},
                               [{"speakeasy": s} for s in sids]))
    return out


def _bid(g: dict, p: dict, seat: int) -> list[dict]:
    hand = p["muscle_hand"]
    return [_action("bid", {"card": {"choices": hand}}, [{"card": c} for c in hand])]


def _choose_offer(g: dict, p: dict, seat: int) -> list[dict]:
    choices, examples = [], []
    still_choices = ["dice"]
    if remote_stills_in_play(g) < data.REMOTE_STILLS:
        still_choices.append("remote_still")
    if g["offers"]["truck"]:
        choices.append("truck")
        examples.append({"offer": "truck"})
    for slot in g["offers"]["slots"]:
        if not slot["card"]:
            continue
        choices.append(slot["slot"])
        if data.card_kind(slot["card"]) == "double_still_improvement":
            examples += [{"offer": slot["slot"], "choice": c} for c in still_choices]
        else:
            examples.append({"offer": slot["slot"]})
    if not choices:
        return []
    return [_action("take_offer", {"offer": {"choices": choices},
                                   "choice": {"choices": still_choices,
                                              "only_for": "double_still_improvement"}},
                    examples)]


def _place_influence(g: dict, p: dict, seat: int) -> list[dict]:
    act = _influence(g, seat)
    return [act] if act else []


def _load(g: dict, p: dict, seat: int) -> list[dict]:
    trucks = {t["id"]: t["capacity"] - t["load"] for t in p["trucks"] if at_home(t)}
    room = sorted(t for t, free in trucks.items() if free > 0)
    if not (p["crates"] and room):      # deals may have moved trucks or crates since
        return []
    examples = [{"loads": fill_biggest_first(p)}, {"loads": {room[0]: 1}}]
    return [_action("load", {"loads": {"trucks": trucks, "crates": p["crates"]}}, examples)]


def _dispatch(g: dict, p: dict, seat: int) -> list[dict]:
    loaded = [t["id"] for t in p["trucks"] if t["load"] > 0 and at_home(t)]
    open_ids = [s["id"] for s in g["speakeasies"] if s["open"]]
    examples = [{"routes": {t: sid for t in loaded}} for sid in open_ids]
    examples += [{"routes": {t: sid}} for t in loaded for sid in open_ids]
    if not (loaded and open_ids):       # Thug cards may have emptied them
        return []
    return [_action("dispatch", {"routes": {"trucks": loaded, "speakeasies": open_ids}},
                    examples)]


def _vigorish(g: dict, p: dict, seat: int) -> list[dict]:
    v = g["vigorish"]
    return [_action("answer_vigorish", {"pay": {"choices": [True, False]},
                                        "amount": v["amount"], "still": v["still"],
                                        "to": v["to"]},
                    [{"pay": True}, {"pay": False}])]


def _public_dock(g: dict, p: dict, seat: int) -> list[dict]:
    q = public_question(g)
    if not q:
        return []
    return [_action("allow_public", {"truck": {"choices": [q["truck"]]},
                                     "allow": {"choices": [True, False]},
                                     "seller": q["seat"], "crates": q["crates"],
                                     "speakeasy": q["speakeasy"]},
                    [{"truck": q["truck"], "allow": True},
                     {"truck": q["truck"], "allow": False}])]


#: `STEP_ACTIONS[step](game, player, seat)`: what a seat the step waits for may send in it,
#: besides `pass` (as evolve dispatches by event type); a step not here takes only `pass`.
STEP_ACTIONS: dict[str, Callable[[dict, dict, int], list[dict]]] = {
    "bid": _bid,
    "choose_offer": _choose_offer,
    "place_influence": _place_influence,
    "load": _load,
    "dispatch": _dispatch,
    "vigorish": _vigorish,
    "public_dock": _public_dock,
}


def _step_actions(g: dict, seat: int, step: str) -> list[dict]:
    actions = STEP_ACTIONS.get(step)
    out = actions(g, player(g, seat), seat) if actions else []
    if "pass" in STEPS[step].commands and not (step == "choose_offer" and out):
        out.append(_action("pass", {}, [{}]))     # Phase 1 has no pass while an offer is left
    return out


def legal_actions(state: dict, seat: int) -> dict:
    g, result = steps.legal_frame(state, seat)
    if g is None:
        return result
    seat = int(seat)
    step, actions = g["step"], []
    in_step = step in STEPS and seat in pending(g)
    if in_step:
        actions += _step_actions(g, seat, step)
    if muscle_displayed(g):
        actions += _free_actions(g, seat)
        plays = thugs.plays(g, seat)
        if plays:
            actions.append(_action("play_thug", {"card": {"choices": sorted({
                x["card"] for x in plays})}, "targets": "see examples (one per valid target)"},
                [{k: v for k, v in x.items()} for x in plays]))
        if step not in ("reaction", "vigorish"):
            actions += deals.actions(g, seat, _action, totals_hidden(state))
        answered = placement.declaring(g) and seat in g["step_done"]
        if is_free(g, "place_influence") and not (in_step and step == "place_influence") \
                and not answered:
            act = _influence(g, seat)
            if act:
                actions.append(act)
    result["actions"] = actions
    return result


def waiting(state: dict) -> dict:
    return steps.waiting(state, STEPS, pending)


def timeout(state: dict, oracle) -> list[dict]:
    g = state.get("game")
    if not g or g["finished"] or g["step"] not in STEPS:
        return []
    em = Emitter(state, oracle, actor="system")
    step = g["step"]
    for seat in pending(g):
        cmd = default_command(em.game, seat)
        em.emit("timed_out", {"seat": seat, "step": step, "default": cmd["type"],
                              "timeout_for": seat})
        run_command(em, seat, cmd)
    flow.advance(em)
    return em.drafts


__all__ = ["legal_actions", "waiting", "timeout", "FREE_COMMANDS", "speakeasy"]
