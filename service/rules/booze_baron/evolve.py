"""The fold: the only place `state["game"]` changes. decide folds its own drafts through
this same function (emitter.Emitter), so live play and replay cannot drift apart.
Of the envelope only `version` is read: where this Move Phase's sealed choices begin
(`sealed_since`, see views) and where the awaited step opened (`step_since`)."""
from __future__ import annotations

from typing import Callable

from service.rules.common.fold import fold_game, settle, track_sealed

from .model import player
from .steps import pending


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


def _deck_shuffled(g: dict, p: dict) -> None:
    if p["deck"] == "delivery":
        g["deck"] = list(p["order"])


def _booze_dealt(g: dict, p: dict) -> None:
    me = player(g, p["seat"])
    me["booze"], me["mob"] = p["booze"], p["mob"]


def _delivery_drawn(g: dict, p: dict) -> None:
    g["deck"].remove(p["card"])
    next(l for l in g["locations"] if l["id"] == p["location"])["cards"].append(p["card"])


def _booze_round_started(g: dict, p: dict) -> None:
    g["round"], g["baron"] = p["round"], p["baron"]


def _booze_step_opened(g: dict, p: dict) -> None:
    g["step"], g["step_seats"], g["step_done"] = p["step"], list(p["seats"]), []
    g["phase"] = {"move": "move", "action": "action"}[p["step"]]


def _movement_chosen(g: dict, p: dict) -> None:
    me = player(g, p["seat"])
    me["chosen"], me["has_chosen"] = p["location"], True
    _done(g, p["seat"])


def _movements_revealed(g: dict, p: dict) -> None:
    for p_ in g["players"]:
        p_["location"] = p["moves"][str(p_["seat"])]
        p_["chosen"], p_["has_chosen"] = None, False


def _delivery_taken(g: dict, p: dict) -> None:
    _take(g, p["card"])
    if p["card"] in g["deck"]:   # a smuggle recorded before `delivery_drawn` placed the card
        g["deck"].remove(p["card"])  # at the Location first: straight off the deck
    player(g, p["seat"])["deliveries"].append({"id": p["card"], "face_up": True})
    _done(g, p["seat"])


def _tail_started(g: dict, p: dict) -> None:
    g["tail"] = {"seat": p["seat"], "target": p["target"], "how": p["how"]}
    g["step"] = "follow_up"


def _delivery_stolen(g: dict, p: dict) -> None:
    victim = player(g, p["from"])
    victim["deliveries"] = [c for c in victim["deliveries"] if c["id"] != p["card"]]
    player(g, p["seat"])["deliveries"].append({"id": p["card"], "face_up": True})
    _end_tail(g)


def _tail_over(g: dict, p: dict) -> None:
    """`expose_failed`, `tail_dropped`: the follow-up ends with nothing more."""
    _end_tail(g)


def _bootlegger_exposed(g: dict, p: dict) -> None:
    _expose(g, p)
    if p.get("by") is not None and g["tail"]:
        _end_tail(g)


def _snitch_taken(g: dict, p: dict) -> None:
    player(g, p["seat"])["snitch"] += 1
    g["snitches_left"] -= 1


def _delivery_discarded(g: dict, p: dict) -> None:
    g["deck"].remove(p["card"])
    g["deck"].append(p["card"])         # to the bottom, unseen
    _done(g, p["seat"])


def _delivery_rerouted(g: dict, p: dict) -> None:
    _take(g, p["card"])
    next(l for l in g["locations"] if l["id"] == p["to"])["cards"].append(p["card"])
    _done(g, p["seat"])


def _acted(g: dict, p: dict) -> None:
    """`gamble_lost`, `action_passed`: the seat has acted in this step."""
    _done(g, p["seat"])


def _event_triggered(g: dict, p: dict) -> None:
    """Restock is the seat's action; other Location Events are recorded by the events they cause."""
    if p["event"] == "restock":
        _done(g, p["seat"])


def _baron_passed(g: dict, p: dict) -> None:
    g["baron"] = p["to"]


def _deliveries_turned_down(g: dict, p: dict) -> None:
    for p_ in g["players"]:
        for c in p_["deliveries"]:
            c["face_up"] = False


def _booze_game_ended(g: dict, p: dict) -> None:
    g["finished"], g["winner"] = True, p["winner"]
    g["result"] = {k: p[k] for k in ("winners", "mob_coins", "coins", "mobs", "reason")}
    g["step"], g["step_seats"], g["step_done"], g["phase"] = None, [], [], None
    for p_ in g["players"]:
        p_["mob"] = p["mobs"][str(p_["seat"])]
        p_["booze"] = p["booze"][str(p_["seat"])]


def _recorded_only(g: dict, p: dict) -> None:
    """What a seat saw (`deliveries_viewed`, `deck_peeked`): the record, not the board."""


#: `ON_EVENT[type](game, payload)`: what one event does to the game, by type (as the log's
#: SENTENCES say it). Types not here (booze_round_ended, booze_timed_out, dice_rolled) are
#: records only.
ON_EVENT: dict[str, Callable[[dict, dict], None]] = {
    "deck_shuffled": _deck_shuffled,
    "booze_dealt": _booze_dealt,
    "delivery_drawn": _delivery_drawn,
    "booze_round_started": _booze_round_started,
    "booze_step_opened": _booze_step_opened,
    "movement_chosen": _movement_chosen,
    "movements_revealed": _movements_revealed,
    "delivery_taken": _delivery_taken,
    "tail_started": _tail_started,
    "deliveries_viewed": _recorded_only,
    "delivery_stolen": _delivery_stolen,
    "expose_failed": _tail_over,
    "bootlegger_exposed": _bootlegger_exposed,
    "snitch_taken": _snitch_taken,
    "tail_dropped": _tail_over,
    "deck_peeked": _recorded_only,
    "delivery_discarded": _delivery_discarded,
    "delivery_rerouted": _delivery_rerouted,
    "gamble_lost": _acted,
    "event_triggered": _event_triggered,
    "action_passed": _acted,
    "baron_passed": _baron_passed,
    "deliveries_turned_down": _deliveries_turned_down,
    "booze_game_ended": _booze_game_ended,
}



def evolve(state: dict, event: dict) -> dict:
    kind, payload = event["type"], event["payload"]
    state["game"] = fold_game(state.get("game"), kind, payload, "booze_setup", _new_game, ON_EVENT)
    g = state["game"]
    track_sealed(g, kind, event.get("version"), "movement_chosen", "movements_revealed")
    if kind in ("booze_step_opened", "tail_started") or (
            kind in ("delivery_stolen", "expose_failed", "tail_dropped", "bootlegger_exposed")
            and g["step"] == "action"):
        g["step_since"] = event.get("version")
    return settle(state, kind, payload, "booze_game_ended", pending)
