"""One log sentence per Prohibition event type, for the game log (issue 15 wires them in).

`SENTENCES[type](payload, names)` -> str, where `names` maps a seat number to the player's
name, or is `who(seat) -> name` (the engine's log passes that, as for the other rulesets). A test fails for an event type in schemas.EVENT_SPECS without a sentence here.
"""
from __future__ import annotations

from . import data

WAYS = {"cw": "clockwise", "ccw": "counter-clockwise"}
STEP_ASKS = {"move": "to use a die or end the turn", "buy": "how many Cases to buy",
             "sell": "whether to sell all Cases"}
ROLLS = {"starting_bankrolls": "for starting Bankrolls", "first_player": "for the first turn",
         "production": "for production", "shipment": "for the shipment",
         "action": "for the Action phase", "steal": "to steal"}


def _who(names, seat) -> str:
    if callable(names):
        return names(seat)
    return names.get(seat) or names.get(str(seat)) or f"seat {seat}"


def _at(n: int) -> str:
    return f"{data.name(n)} ({n})"


def _cases(n: int) -> str:
    return f"{n} Case{'' if n == 1 else 's'}"


def game_setup(p, names):
    return (f"Prohibition begins with {len(p['players'])} smugglers in the Speakeasy and the "
            "Law in the Casino; every Culture space holds 2 Bankrolls.")


def dice_rolled(p, names):
    who = _who(names, p["seat"]) if p.get("seat") is not None else "The table"
    rolled = ", ".join(map(str, p["dice"]))
    line = f"{who} rolls {rolled} {ROLLS.get(p['purpose'], p['purpose'])}"
    if p["purpose"] == "production":
        return f"{line}: {_at(p['source'])} will get the shipment."
    if p["purpose"] == "shipment":
        return f"{line}: {_at(p['source'])} gains {_cases(sum(p['dice']))}."
    if p["purpose"] == "starting_bankrolls":
        return f"{line}: {sum(p['dice'])} Bankrolls to start."
    return line + "."


def turn_order_decided(p, names):
    order = ", then ".join(_who(names, s) for s in p["order"])
    return f"{_who(names, p['first'])} rolled highest and goes first; the order is {order}."


def turn_started(p, names):
    return f"Round {p['round']}, turn {p['turn']}: {_who(names, p['seat'])}'s turn."


def cases_consumed(p, names):
    if not p["spaces"]:
        return "Every Establishment is dry; nothing is drunk."
    return "Drinkers empty one Case at " + ", ".join(_at(int(n)) for n in p["spaces"]) + "."


def step_started(p, names):
    return f"{_who(names, p['seats'][0])} decides {STEP_ASKS.get(p['step'], p['step'])}."


def pawn_moved(p, names):
    pawn = "their pawn" if p["pawn"] == "own" else data.LAW_NAMES[p["pawn"]]
    return (f"{_who(names, p['seat'])} uses a {p['die']} to move {pawn} "
            f"{WAYS[p['direction']]} from {_at(p['from'])} to {_at(p['to'])}.")


def cases_stolen(p, names):
    return (f"{_who(names, p['seat'])} robs {_who(names, p['from'])}: a {p['roll']} takes "
            f"{_cases(p['cases'])}.")


def cases_confiscated(p, names):
    law = data.LAW_NAMES[p["by"]]
    law = law[0].upper() + law[1:]
    whose = _who(names, p["seat"]) if p.get("seat") is not None else _at(p["space"])
    if p.get("seat") is not None and not p["cases"]:      # the mover picked a pawn with none
        return f"{law} stings {whose}, who holds no Cases."
    return f"{law} confiscates {_cases(p['cases'])} from {whose}."


def cases_bought(p, names):
    if not p["cases"]:
        return f"{_who(names, p['seat'])} buys nothing at {_at(p['space'])}."
    return (f"{_who(names, p['seat'])} buys {_cases(p['cases'])} at {_at(p['space'])} for "
            f"{p['cost']} Bankrolls.")


def cases_sold(p, names):
    return (f"{_who(names, p['seat'])} sells {_cases(p['cases'])} to {_at(p['space'])} for "
            f"{p['paid']} Bankrolls.")


def sale_declined(p, names):
    return f"{_who(names, p['seat'])} keeps their Cases at {_at(p['space'])}."


def dice_declined(p, names):
    left = " and ".join(map(str, p["dice"]))
    return f"{_who(names, p['seat'])} ends the turn" + (f", leaving {left} unused." if left else ".")


def culture_bankroll_taken(p, names):
    return f"{_who(names, p['seat'])} takes a Bankroll from {_at(p['space'])}."


def turn_ended(p, names):
    return f"{_who(names, p['seat'])}'s turn is over."


def timed_out(p, names):
    return (f"{_who(names, p['seat'])} ran out of time at {p['step']}; the table plays "
            f"{p['default']} for them.")


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _result(p, names, out) -> str:
    """Who won, with the Bankrolls it took. Tied Mobsters share the win (`winners`, RULES.md);
    a record from before that decision names one `winner` and `tied_on_bankrolls`: he won the
    tie-break then (more Cases, then later in the turn order), and its sentence says so."""
    bankrolls = p["bankrolls"]
    winners = p.get("winners")
    if isinstance(winners, list) and len(winners) > 1:
        each = {bankrolls.get(str(s)) for s in winners}
        return (f"{_and([_who(names, s) for s in winners])} share the win"
                + (f" with {each.pop()} Bankrolls each." if len(each) == 1 else "."))
    winner = winners[0] if isinstance(winners, list) and winners else p["winner"]
    level = [s for s in p.get("tied_on_bankrolls") or () if s not in out]
    if isinstance(winners, list) or len(level) < 2 or winner not in level:
        return f"{_who(names, winner)} wins."
    cases = p.get("cases") or {}
    others = [s for s in level if s != winner]
    counts = ", ".join(f"{_who(names, s)} {cases.get(str(s), 0)}" for s in level)
    if all(cases.get(str(winner), 0) > cases.get(str(s), 0) for s in others):
        how = f"more Cases decide it ({counts})"
    else:
        how = f"Cases ({counts}), then the later in the turn order decide it"
    return (f"{_who(names, winner)} wins. Tie-break: {_and([_who(names, s) for s in level])} are level at "
            f"{bankrolls[str(winner)]} Bankrolls; {how}.")


def game_ended(p, names):
    why = ("the last Culture Bankroll is taken" if p["reason"] == "culture_empty"
           else "the round limit is reached")
    out = getattr(names, "forfeited", None) or frozenset()
    money = ", ".join(f"{_who(names, s)} {p['bankrolls'][str(s)]}" + (" (forfeited)" if s in out else "")
                      for s in p["ranking"])
    return f"The game ends: {why}. {_result(p, names, out)} Bankrolls: {money}."


SENTENCES = {
    "game_setup": game_setup,
    "dice_rolled": dice_rolled,
    "turn_order_decided": turn_order_decided,
    "turn_started": turn_started,
    "cases_consumed": cases_consumed,
    "step_started": step_started,
    "pawn_moved": pawn_moved,
    "cases_stolen": cases_stolen,
    "cases_confiscated": cases_confiscated,
    "cases_bought": cases_bought,
    "cases_sold": cases_sold,
    "sale_declined": sale_declined,
    "dice_declined": dice_declined,
    "culture_bankroll_taken": culture_bankroll_taken,
    "turn_ended": turn_ended,
    "timed_out": timed_out,
    "game_ended": game_ended,
}
