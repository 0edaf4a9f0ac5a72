"""The log's sentences for a deal between players (sentences.py gathers them with the others):
what each side gives, and on acceptance who hands over what (any cash follows in the cash_paid
events). Pure.
"""
from __future__ import annotations

from service.i18n.message import Join, Msg

from .nouns import Who, _money, _truck, count, thug_name


def _side(side: dict | None) -> Join:
    side = side or {}
    parts = []
    if side.get("cash"):
        parts.append(_money(side["cash"]))
    if side.get("crates"):
        parts.append(count(side["crates"], "crate"))
    parts += [Msg("log-bl-truck-sold", truck=_truck(t)) for t in side.get("trucks") or []]
    parts += [Msg("log-bl-truck-rented", truck=_truck(t)) for t in side.get("rent_trucks") or []]
    cards = side.get("thug_cards")
    if isinstance(cards, int):
        parts.append(count(cards, "thug_card"))
    elif cards:
        parts += [thug_name(c) for c in cards]
    return Join(parts, empty=Msg("log-bl-nothing"))


def deal(p: dict, who: Who, accepted: bool) -> Msg:
    promise = p.get("promise") or ""
    if not accepted:
        return Msg("log-bl-deal-proposed", by=who(p["from"]), to=who(p["to"]), deal=p["deal"],
                   give=_side(p.get("give")), get=_side(p.get("get")), promise=promise,
                   promised="yes" if promise else "no")
    # Accepted: the goods move in this event, any cash in the cash_paid events after it.
    moves = [Msg("log-bl-hands-over", seat=who(p[a]), goods=_side(p.get(side)))
             for a, side in (("from", "give"), ("to", "get")) if _side(p.get(side))]
    return Msg("log-bl-deal-accepted", seat=who(p["to"]), by=who(p["from"]), deal=p["deal"],
               moves=Join(moves, sep="common-clause-sep"), moved="yes" if moves else "no")
