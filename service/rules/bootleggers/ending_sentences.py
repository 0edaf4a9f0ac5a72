"""The log's sentences for the end of a Bootleggers game and a referee's ruling (sentences.py
gathers them with the others): the end tells the tie-break when seats still in are level on
cash and marks the seats ruled out; a ruling names what it set, hiding a cash total other seats
may not see. Pure.
"""
from __future__ import annotations

from service.i18n.message import Join, Msg

from . import data
from .nouns import Who, _and, _money, _s, _still, _truck, term, word


def _forfeited(who: Who) -> frozenset:
    """The seats ruled out when the sentence is read (the log's `who` knows them; a bare
    function does not)."""
    return getattr(who, "forfeited", None) or frozenset()


def _winner(p: dict, who: Who, out: frozenset) -> Msg:
    """"Ada wins.", with the tie-break when seats still in are level on cash (docs/rules.md "A
    round, step by step", The end: a tie goes to the higher Muscle card of the final round)."""
    winner, cash, muscle = p["winner"], p["cash"], p.get("muscle") or {}
    still_in = [s for s in p["ranking"] if s not in out]
    top = max((cash[str(s)] for s in still_in), default=None)
    level = [s for s in still_in if cash[str(s)] == top]
    if len(level) < 2 or winner not in level:
        return Msg("log-bl-wins", seat=who(winner))
    others = [s for s in level if s != winner]
    if all(str(s) in muscle for s in level) and all(muscle[str(winner)] > muscle[str(s)] for s in others):
        how = Msg("log-bl-tie-muscle-card", cards=Join(Msg("log-bl-name-figure", name=who(s), n=muscle[str(s)])
                                                        for s in level))
    else:
        how = Msg("log-bl-tie-muscle-order")
    return Msg("log-bl-wins-tie", seat=who(winner), level=_and([who(s) for s in level]), cash=_money(top), how=how)


def game_ended(p: dict, who: Who) -> Msg:
    out = _forfeited(who)
    cash = Join(Msg("log-bl-cash-of-out" if s in out else "log-bl-cash-of", seat=who(s),
                    cash=_money(p["cash"][str(s)])) for s in p["ranking"])
    why = term("log-bl-ended-", p["reason"], cash=_money(data.WIN_CASH))
    return Msg("log-bl-game-ended", why=why, winner=_winner(p, who, out), cash=cash)


def ruling(p: dict, who: Who) -> Msg:
    fields = {k: v for k, v in p.items() if k not in ("kind", "reason", "was")}
    what = []
    for key, value in fields.items():
        if key == "seat":
            what.append(who(value) if value is not None else Msg("log-nobody"))
        elif key == "speakeasy":
            what.append(_s(value))
        elif key == "cash" and p["kind"] == "set_cash":
            # a total, hidden from other seats while it runs (cash.py): the payment after it shows
            what.append(Msg("log-bl-ruling-cash", cash=value) if value is not None else Msg("log-bl-ruling-cash-hidden"))
        elif key == "truck":
            what.append(_truck(value))
        elif key == "still":
            what.append(Msg("log-bl-ruling-new-still") if value == "new_remote" else _still(value))
        elif key == "size":
            what.append(term("log-bl-size-", value))
        elif key in ("count", "crates", "dice") and isinstance(value, int):
            what.append(Msg({"count": "log-bl-ruling-count", "crates": "log-bl-ruling-crates",
                             "dice": "log-bl-ruling-dice"}[key], n=value))
        else:
            what.append(Msg("log-bl-ruling-field", field=word(key), value=str(value)))
    was = p.get("was")
    return Msg("log-bl-ruling", kind=term("log-bl-ruling-", p["kind"]), what=Join(what, empty=Msg("log-bl-the-game")),
               was=str(was) if was is not None else "", had="no" if was is None else "yes", reason=p["reason"])
