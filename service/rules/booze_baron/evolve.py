"""The fold: the only place `state["game"]` changes. decide folds its own drafts through
this same function (kernel.Emitter), so live play and replay cannot drift apart.
Of the envelope only `version` is read: where this Move Phase's sealed choices begin
(`sealed_since`, see views) and where the awaited step opened (`step_since`)."""
from __future__ import annotations

from service.rules.common.fold import settle, track_sealed

from .model import player
from .table import pending


def _new_game(p: dict) -> dict:
    return {
        "ruleset": "booze_baron", "data_version": p["data_version"],
        "round": 0, "phase": None, "step": None, "step_seats": [], "step_done": [],
        "waiting_for": [], "baron": p["baron"],
        "players": [{"seat": s["seat"], "name": s["name"], "booze": None, "mob": None,
                     "exposed": False, "location": None, "chosen": None, "has_chosen": False,
                     "movement": [l["id"] for l in p["locations"]], "collected": [],
                     "deliveries": [], "snitch": 0} for s in p["players"]],
        "locations": [{**l, "cards": []} for l in p["locations"]],
        "cards": p["cards"], "deck": [], "snitches_left": p["snitch_tokens"],
        "exposures": [], "tail": None, "finished": False, "winner": None, "result": None,
        "sealed_since": None, "step_since": None,
    }


def _take(g: dict, card: str) -> None:
    """Lift a card off whatever Location holds it."""
    for l in g["locations"]:
        if card in l["cards"]:
            l["cards"].remove(card)


def _done(g: dict, seat: int) -> None:
    if seat not in g["step_done"]:
        g["step_done"].append(seat)


def _end_tail(g: dict) -> None:
    """The follow-up of a Tail is over: back to the Action Phase, the tailer has acted."""
    seat = g["tail"]["seat"]
    g["tail"] = None
    g["step"] = "action"
    _done(g, seat)


def _expose(g: dict, p: dict) -> None:
    t = player(g, p["seat"])
    t["exposed"], t["mob"], t["booze"] = True, p["mob"], p["booze"]
    if p.get("movement"):
        t["movement"].remove(p["movement"])
        if p.get("by") is not None:
            player(g, p["by"])["collected"].append({"location": p["movement"], "from": p["seat"]})
    g["exposures"].append({"seat": p["seat"], "by": p.get("by"), "mob": p["mob"],
                           "round": g["round"]})


def apply(g: dict | None, kind: str, p: dict) -> dict:
    if kind == "booze_setup":
        return _new_game(p)
    if kind == "deck_shuffled":
        if p["deck"] == "delivery":
            g["deck"] = list(p["order"])
    elif kind == "booze_dealt":
        me = player(g, p["seat"])
        me["booze"], me["mob"] = p["booze"], p["mob"]
    elif kind == "delivery_drawn":
        g["deck"].remove(p["card"])
        next(l for l in g["locations"] if l["id"] == p["location"])["cards"].append(p["card"])
    elif kind == "booze_round_started":
        g["round"], g["baron"] = p["round"], p["baron"]
    elif kind == "booze_step_opened":
        g["step"], g["step_seats"], g["step_done"] = p["step"], list(p["seats"]), []
        g["phase"] = {"move": "move", "action": "action"}[p["step"]]
    elif kind == "movement_chosen":
        me = player(g, p["seat"])
        me["chosen"], me["has_chosen"] = p["location"], True
        _done(g, p["seat"])
    elif kind == "movements_revealed":
        for p_ in g["players"]:
            p_["location"] = p["moves"][str(p_["seat"])]
            p_["chosen"], p_["has_chosen"] = None, False
    elif kind == "delivery_taken":
        _take(g, p["card"])
        if p["card"] in g["deck"]:   # a smuggle recorded before issue 28: straight off the
            g["deck"].remove(p["card"])  # deck (now `delivery_drawn` places it here first)
        player(g, p["seat"])["deliveries"].append({"id": p["card"], "face_up": True})
        _done(g, p["seat"])
    elif kind == "tail_started":
        g["tail"] = {"seat": p["seat"], "target": p["target"], "how": p["how"]}
        g["step"] = "follow_up"
    elif kind == "deliveries_viewed":
        pass
    elif kind == "delivery_stolen":
        victim = player(g, p["from"])
        victim["deliveries"] = [c for c in victim["deliveries"] if c["id"] != p["card"]]
        player(g, p["seat"])["deliveries"].append({"id": p["card"], "face_up": True})
        _end_tail(g)
    elif kind == "expose_failed":
        _end_tail(g)
    elif kind == "bootlegger_exposed":
        _expose(g, p)
        if p.get("by") is not None and g["tail"]:
            _end_tail(g)
    elif kind == "snitch_taken":
        player(g, p["seat"])["snitch"] += 1
        g["snitches_left"] -= 1
    elif kind == "tail_dropped":
        _end_tail(g)
    elif kind == "deck_peeked":
        pass
    elif kind == "delivery_discarded":
        g["deck"].remove(p["card"])
        g["deck"].append(p["card"])         # to the bottom, unseen
        _done(g, p["seat"])
    elif kind == "delivery_rerouted":
        _take(g, p["card"])
        next(l for l in g["locations"] if l["id"] == p["to"])["cards"].append(p["card"])
        _done(g, p["seat"])
    elif kind == "gamble_lost":
        _done(g, p["seat"])
    elif kind == "event_triggered" and p["event"] == "restock":
        _done(g, p["seat"])
    elif kind == "action_passed":
        _done(g, p["seat"])
    elif kind == "baron_passed":
        g["baron"] = p["to"]
    elif kind == "deliveries_turned_down":
        for p_ in g["players"]:
            for c in p_["deliveries"]:
                c["face_up"] = False
    elif kind == "booze_game_ended":
        g["finished"], g["winner"] = True, p["winner"]
        g["result"] = {k: p[k] for k in ("winners", "mob_coins", "coins", "mobs", "reason")}
        g["step"], g["step_seats"], g["step_done"], g["phase"] = None, [], [], None
        for p_ in g["players"]:
            p_["mob"] = p["mobs"][str(p_["seat"])]
            p_["booze"] = p["booze"][str(p_["seat"])]
    # booze_round_ended, event_triggered (others), booze_timed_out, dice_rolled: records only
    return g


def evolve(state: dict, event: dict) -> dict:
    kind, payload = event["type"], event["payload"]
    state["game"] = apply(state.get("game"), kind, payload)
    g = state["game"]
    track_sealed(g, kind, event.get("version"), "movement_chosen", "movements_revealed")
    if kind in ("booze_step_opened", "tail_started") or (
            kind in ("delivery_stolen", "expose_failed", "tail_dropped", "bootlegger_exposed")
            and g["step"] == "action"):
        g["step_since"] = event.get("version")
    return settle(state, kind, payload, "booze_game_ended", pending)
