"""One log sentence per Prohibition event type, as a message (service/i18n/message.py).

`SENTENCES[type](payload, names) -> Msg`, where `names` maps a seat number to the player's
name, or is `who(seat) -> name` (the engine's log passes that, as for the other rulesets). A
`Msg` is a message id (`log-pr-…` in service/i18n/locales/<lang>/log.ftl) with named
parameters, which the log words in the reader's language. A test fails for an event type in
schemas.EVENT_SPECS without a sentence here. Pure.
"""
from __future__ import annotations

from service.i18n.message import And, Join, Msg

from . import data

WAYS = ("cw", "ccw")
STEPS = ("move", "buy", "sell")
ROLLS = ("starting_bankrolls", "first_player", "production", "shipment", "action", "steal")
#: values the catalogs name (`log-pr-<family>-<value>`); another reads as itself
FAMILIES = {"log-pr-way-": WAYS, "log-pr-step-": STEPS, "log-pr-while-": STEPS, "log-pr-roll-": ROLLS, "log-pr-law-": data.LAW_PAWNS,
            "log-pr-law-acc-": data.LAW_PAWNS, "log-pr-law-start-": data.LAW_PAWNS,
            "log-pr-space-": tuple(map(str, data.TRACK))}


def _word(value) -> Msg:
    return Msg("log-word", word=str(value).replace("_", " "))


def _term(prefix: str, value) -> Msg:
    return Msg(prefix + str(value)) if str(value) in FAMILIES[prefix] else _word(value)


def _who(names, seat):
    if callable(names):
        return names(seat)
    return names.get(seat) or names.get(str(seat)) or Msg("log-seat", seat=str(seat))


def _at(n: int) -> Msg:
    return Msg("log-pr-at", space=_term("log-pr-space-", n), n=str(n))


def game_setup(p, names):
    return Msg("log-pr-game-setup", n=len(p["players"]))


def dice_rolled(p, names):
    who = _who(names, p["seat"]) if p.get("seat") is not None else Msg("log-pr-the-table")
    base = {"seat": who, "dice": Join(p["dice"]), "purpose": _term("log-pr-roll-", p["purpose"])}
    if p["purpose"] == "production":
        return Msg("log-pr-rolled-production", **base, space=_at(p["source"]))
    if p["purpose"] == "shipment":
        return Msg("log-pr-rolled-shipment", **base, space=_at(p["source"]), n=sum(p["dice"]))
    if p["purpose"] == "starting_bankrolls":
        return Msg("log-pr-rolled-bankrolls", **base, n=sum(p["dice"]))
    return Msg("log-pr-rolled", **base)


def turn_order_decided(p, names):
    return Msg("log-pr-turn-order", seat=_who(names, p["first"]),
               order=Join((_who(names, s) for s in p["order"]), sep="log-pr-then-sep"))


def turn_started(p, names):
    return Msg("log-pr-turn-started", round=p["round"], turn=p["turn"], seat=_who(names, p["seat"]))


def cases_consumed(p, names):
    if not p["spaces"]:
        return Msg("log-pr-all-dry")
    return Msg("log-pr-cases-consumed", spaces=Join(_at(int(n)) for n in p["spaces"]))


def step_started(p, names):
    return Msg("log-pr-step-started", seat=_who(names, p["seats"][0]), step=_term("log-pr-step-", p["step"]))


def pawn_moved(p, names):
    pawn = Msg("log-pr-own-pawn") if p["pawn"] == "own" else _term("log-pr-law-acc-", p["pawn"])
    return Msg("log-pr-pawn-moved", seat=_who(names, p["seat"]), die=p["die"], pawn=pawn,
               way=_term("log-pr-way-", p["direction"]), source=_at(p["from"]), target=_at(p["to"]))


def cases_stolen(p, names):
    return Msg("log-pr-cases-stolen", seat=_who(names, p["seat"]), victim=_who(names, p["from"]), roll=p["roll"],
               n=p["cases"])


def cases_confiscated(p, names):
    law = _term("log-pr-law-start-", p["by"])
    whose = _who(names, p["seat"]) if p.get("seat") is not None else _at(p["space"])
    if p.get("seat") is not None and not p["cases"]:      # the mover picked a pawn with none
        return Msg("log-pr-stung-empty", law=law, seat=whose)
    return Msg("log-pr-cases-confiscated", law=law, n=p["cases"], whose=whose)


def cases_bought(p, names):
    if not p["cases"]:
        return Msg("log-pr-bought-nothing", seat=_who(names, p["seat"]), space=_at(p["space"]))
    return Msg("log-pr-cases-bought", seat=_who(names, p["seat"]), n=p["cases"], space=_at(p["space"]),
               cost=p["cost"])


def cases_sold(p, names):
    return Msg("log-pr-cases-sold", seat=_who(names, p["seat"]), n=p["cases"], space=_at(p["space"]),
               paid=p["paid"])


def sale_declined(p, names):
    return Msg("log-pr-sale-declined", seat=_who(names, p["seat"]), space=_at(p["space"]))


def dice_declined(p, names):
    if p["dice"]:
        return Msg("log-pr-dice-declined-left", seat=_who(names, p["seat"]), dice=And(p["dice"]))
    return Msg("log-pr-dice-declined", seat=_who(names, p["seat"]))


def culture_bankroll_taken(p, names):
    return Msg("log-pr-bankroll-taken", seat=_who(names, p["seat"]), space=_at(p["space"]))


def turn_ended(p, names):
    return Msg("log-pr-turn-ended", seat=_who(names, p["seat"]))


def timed_out(p, names):
    return Msg("log-pr-timed-out", seat=_who(names, p["seat"]), step=_term("log-pr-while-", p["step"]),
               default=_word(p["default"]))


def _result(p, names, out) -> Msg:
    """Who won, with the Bankrolls it took. Tied Mobsters share the win (`winners`, docs/rules.md
    "Prohibition, ties"); a record from before that decision names one `winner` and
    `tied_on_bankrolls`: he won the tie-break then (more Cases, then later in the turn order),
    and its sentence says so."""
    bankrolls = p["bankrolls"]
    winners = p.get("winners")
    if isinstance(winners, list) and len(winners) > 1:
        each = {bankrolls.get(str(s)) for s in winners}
        return Msg("log-pr-shared", seats=And(_who(names, s) for s in winners),
                   same="yes" if len(each) == 1 else "no", each=next(iter(each)) if len(each) == 1 else 0)
    winner = winners[0] if isinstance(winners, list) and winners else p["winner"]
    level = [s for s in p.get("tied_on_bankrolls") or () if s not in out]
    if isinstance(winners, list) or len(level) < 2 or winner not in level:
        return Msg("log-pr-wins", seat=_who(names, winner))
    cases = p.get("cases") or {}
    others = [s for s in level if s != winner]
    counts = Join(Msg("log-pr-name-figure", name=_who(names, s), n=cases.get(str(s), 0)) for s in level)
    how = Msg("log-pr-tie-cases" if all(cases.get(str(winner), 0) > cases.get(str(s), 0) for s in others)
              else "log-pr-tie-order", counts=counts)
    return Msg("log-pr-wins-tie", seat=_who(names, winner), level=And(_who(names, s) for s in level),
               n=bankrolls[str(winner)], how=how)


def game_ended(p, names):
    out = getattr(names, "forfeited", None) or frozenset()
    money = Join(Msg("log-pr-name-figure-out" if s in out else "log-pr-name-figure", name=_who(names, s),
                     n=p["bankrolls"][str(s)]) for s in p["ranking"])
    why = Msg("log-pr-ended-culture" if p["reason"] == "culture_empty" else "log-pr-ended-rounds")
    return Msg("log-pr-game-ended", why=why, result=_result(p, names, out), money=money)


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
