"""The handlers: one function per command, each checks its rule and emits its events.

Every refusal is a RuleViolation with a sentence a player understands; nothing is emitted
before the checks pass.
"""
from __future__ import annotations

from service.rules.common.names import who
from service.rules.errors import Message, RuleViolation

from . import data
from .model import (face_down, hideout, left_of, location, place, player, shows, tail_targets)


def _where(g: dict, loc: str | None) -> str:
    return location(g, loc)["name"] if loc else "nowhere yet"


# --- Move Phase ---------------------------------------------------------------------------
def choose_move(em, seat: int, cmd: dict) -> None:
    g, p, loc = em.game, player(em.game, seat), cmd["location"]
    name = location(g, loc)["name"]
    if loc not in p["movement"]:
        raise RuleViolation("movement_card_lost", f"your Movement card for {name} was taken "
                            "when you were Exposed; you cannot visit it again",
                            message=Message("problem-bb-movement-lost", location=place(g, loc)))
    if loc == p["location"]:
        raise RuleViolation("same_location", f"you were at {name} last round; no player can "
                            "move to the same Location during two consecutive rounds",
                            message=Message("problem-bb-same-location", location=place(g, loc)))
    em.emit("movement_chosen", {"seat": seat, "location": loc})


# --- Action Phase -------------------------------------------------------------------------
def _card_here(g: dict, card: str, loc: str) -> None:
    if card not in g["cards"]:
        raise RuleViolation("unknown_card", f"there is no Delivery card {card!r}", status=422,
                            message=Message("problem-bb-unknown-card", card=str(card)))
    if card not in location(g, loc)["cards"]:
        raise RuleViolation("card_not_here", f"Delivery card {card} is not at {_where(g, loc)}",
                            message=Message("problem-bb-card-not-here", card=card, location=place(g, loc)))


def _matches(g: dict, seat: int, card: str, verb: str) -> None:
    if not shows(g, card, player(g, seat)["mob"]):
        raise RuleViolation("not_your_booze", f"you may only {verb} a Delivery card that shows "
                            f"your Booze type; {card} shows {' and '.join(g['cards'][card]['booze'])}",
                            message=Message("problem-bb-not-your-booze", verb=verb, card=card,
                                            booze=[Message("problem-bb-mob", mob=b) for b in g["cards"][card]["booze"]]))


def deliver(em, seat: int, cmd: dict) -> None:
    g, here = em.game, player(em.game, seat)["location"]
    _card_here(g, cmd["card"], here)
    _matches(g, seat, cmd["card"], "collect")
    em.emit("delivery_taken", {"seat": seat, "card": cmd["card"], "location": here,
                               "how": "deliver"})


def _start_tail(em, seat: int, target: int, how: str) -> None:
    em.emit("tail_started", {"seat": seat, "target": target, "how": how})
    em.emit("deliveries_viewed", {"seat": seat, "target": target,
                                  "cards": [c["id"] for c in player(em.game, target)["deliveries"]]})


def tail(em, seat: int, cmd: dict) -> None:
    g, target = em.game, cmd["seat"]
    player(g, target)
    if target not in tail_targets(g, seat):
        here = player(g, seat)["location"]
        why = (f"nobody can be Tailed at {_where(g, here)}" if hideout(g, here) else
               f"seat {target} is not at your Location ({_where(g, here)})")
        said = (Message("problem-bb-tail-hideout", location=place(g, here)) if hideout(g, here) else
                Message("problem-bb-tail-elsewhere", location=place(g, here)))
        raise RuleViolation("cannot_tail", f"you cannot Tail seat {target}: {why}",
                            message=Message("problem-bb-cannot-tail", seat=str(target), player=who(g, target),
                                            why=said))
    _start_tail(em, seat, target, "tail")


def pass_turn(em, seat: int, cmd: dict) -> None:
    em.emit("action_passed", {"seat": seat})


# --- after a Tail -------------------------------------------------------------------------
def steal(em, seat: int, cmd: dict) -> None:
    g, target, card = em.game, em.game["tail"]["target"], cmd["card"]
    if card not in face_down(g, target):
        raise RuleViolation("cannot_steal", f"{card} is not one of seat {target}'s face-down "
                            "Delivery cards (face-up cards cannot be stolen)",
                            message=Message("problem-bb-cannot-steal", card=str(card), seat=str(target),
                                            player=who(g, target)))
    _matches(g, seat, card, "steal")
    em.emit("delivery_stolen", {"seat": seat, "from": target, "card": card})


def expose(em, seat: int, cmd: dict) -> None:
    g, target = em.game, em.game["tail"]["target"]
    t = player(g, target)
    if t["exposed"]:
        raise RuleViolation("already_exposed", f"seat {target} is already Exposed; a player "
                            "who has been Exposed cannot be Exposed again",
                            message=Message("problem-bb-already-exposed", seat=str(target), player=who(g, target)))
    if cmd["booze"] != t["mob"]:
        em.emit("expose_failed", {"seat": seat, "target": target, "guess": cmd["booze"]})
        return
    em.emit("bootlegger_exposed", {
        "seat": target, "mob": t["mob"], "booze": t["booze"], "by": seat, "guess": cmd["booze"],
        "movement": t["location"] if t["location"] in t["movement"] else None,
        "reason": "tail"})
    exposers = [e["by"] for e in g["exposures"] if e["by"] is not None]
    if g["snitches_left"] > 0 and exposers.count(seat) == 1:
        em.emit("snitch_taken", {"seat": seat})


def drop_tail(em, seat: int, cmd: dict) -> None:
    em.emit("tail_dropped", {"seat": seat, "target": em.game["tail"]["target"]})


# --- Location Events ----------------------------------------------------------------------
def trigger_event(em, seat: int, cmd: dict) -> None:
    g, here = em.game, player(em.game, seat)["location"]
    loc = location(g, here)
    event = loc["event"]
    if event in data.PASSIVE_EVENTS:
        raise RuleViolation("no_event", f"{loc['name']} has no Event to trigger: its ability "
                            "is passive and always on while you are there",
                            message=Message("problem-bb-no-event", location=place(g, loc["id"])))
    extra = sorted(set(cmd) - {"type"} - EVENT_FIELDS.get(event, set()))
    if extra:
        raise RuleViolation("unexpected_fields", f"{loc['name']}'s Event ({event}) takes "
                            f"{', '.join(sorted(EVENT_FIELDS.get(event, set()))) or 'no fields'}; "
                            f"not {', '.join(extra)}", status=422,
                            message=Message("problem-bb-event-fields", location=place(g, loc["id"]), event=event,
                                            takes=", ".join(sorted(EVENT_FIELDS.get(event, set()))) or "–",
                                            unused=", ".join(extra)))
    EVENT_HANDLERS[event](em, seat, cmd, loc)


def _need_deck(g: dict, loc: dict) -> None:
    if not g["deck"]:
        raise RuleViolation("deck_empty", f"the Delivery deck is empty; {loc['name']}'s Event "
                            "needs a card from it", message=Message("problem-bb-deck-empty", location=place(g, loc["id"])))


def _smuggle_top(em, seat: int, loc: dict, how: str) -> None:
    """Look at the top Delivery card in secret. It shows your Booze type: it is placed at
    your Location and you take it from there ("You may only take a Delivery card from your
    current Location"); else it goes to the bottom of the deck unseen (the seed's Discard)."""
    g = em.game
    card = g["deck"][0]
    em.emit("deck_peeked", {"seat": seat, "card": card})
    if shows(g, card, player(g, seat)["mob"]):
        em.emit("delivery_drawn", {"card": card, "location": loc["id"]})
        em.emit("delivery_taken", {"seat": seat, "card": card, "location": loc["id"], "how": how})
    else:
        em.emit("delivery_discarded", {"seat": seat, "card": card})


def _smuggle(em, seat: int, cmd: dict, loc: dict) -> None:
    _need_deck(em.game, loc)
    em.emit("event_triggered", {"seat": seat, "event": "smuggle", "location": loc["id"]})
    _smuggle_top(em, seat, loc, "smuggle")


def _stakeout(em, seat: int, cmd: dict, loc: dict) -> None:
    g = em.game
    target = left_of(g, seat)
    where = player(g, target)["location"]
    if hideout(g, where):
        raise RuleViolation("cannot_tail", f"seat {target}, on your left, is at "
                            f"{_where(g, where)}, where nobody can be Tailed",
                            message=Message("problem-bb-stakeout-hideout", seat=str(target), player=who(g, target),
                                            location=place(g, where)))
    em.emit("event_triggered", {"seat": seat, "event": "stakeout", "location": loc["id"]})
    _start_tail(em, seat, target, "stakeout")


def _restock(em, seat: int, cmd: dict, loc: dict) -> None:
    g = em.game
    _need_deck(g, loc)
    em.emit("event_triggered", {"seat": seat, "event": "restock", "location": loc["id"]})
    card = g["deck"][0]
    em.emit("delivery_drawn", {"card": card, "location": g["cards"][card]["location"]})


def _gamble(em, seat: int, cmd: dict, loc: dict) -> None:
    """One die: on a win (4-6) the top card is smuggled here twice over (the second look
    is at the card then on top); on 1-3 nothing. Every card taken is taken at the Casino."""
    g = em.game
    _need_deck(g, loc)
    em.emit("event_triggered", {"seat": seat, "event": "gamble", "location": loc["id"]})
    roll = em.oracle.dice("gamble", 1)
    em.emit("dice_rolled", {"purpose": "gamble", "dice": roll, "seat": seat})
    if roll[0] not in data.GAMBLE_WINS:
        em.emit("gamble_lost", {"seat": seat, "card": None, "roll": roll[0]})
        return
    for _ in range(min(data.GAMBLE_LOOKS, len(g["deck"]))):
        _smuggle_top(em, seat, loc, "gamble")


def _reroute(em, seat: int, cmd: dict, loc: dict) -> None:
    g, card, to = em.game, cmd.get("card"), cmd.get("to")
    if card is None or to is None:
        raise RuleViolation("card_required", f"{loc['name']}'s Event moves one Delivery card "
                            "from here to another Location: send `card` and `to`", status=422,
                            message=Message("problem-bb-reroute-needs", location=place(g, loc["id"])))
    _card_here(g, card, loc["id"])
    location(g, to)
    if to == loc["id"]:
        raise RuleViolation("same_location", "`to` must be another Location",
                            message=Message("problem-bb-reroute-elsewhere"))
    em.emit("delivery_rerouted", {"seat": seat, "card": card, "from": loc["id"], "to": to})


EVENT_FIELDS = {"reroute": {"card", "to"}}
EVENT_HANDLERS = {"smuggle": _smuggle, "stakeout": _stakeout, "restock": _restock,
                  "gamble": _gamble, "reroute": _reroute}

HANDLERS = {"choose_move": choose_move, "deliver": deliver, "tail": tail,
            "trigger_event": trigger_event, "pass_turn": pass_turn, "steal": steal,
            "expose": expose, "drop_tail": drop_tail}
