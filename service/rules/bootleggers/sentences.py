"""One log sentence per Bootleggers event type, for the game log (GET /v1/games/{id}/log).

`SENTENCES[type](payload, who) -> Msg`, the shape of booze_baron/sentences.py: a message id
with named parameters (service/i18n/message.py), worded by the reader's catalog
(service/i18n/locales/<lang>/log.ftl, ids `log-bl-…`), so each player at a table reads their
own language. `payload` is the event *as the viewer may see it* (views.redact_event: a sealed
bid, a face-down card or another seat's hand is None), `who(seat) -> name`. A redacted payload
yields a sentence that names nothing hidden ("Bix bid (sealed)."). The engine adds "Round 3,
Phase 1: " in front. The end tells the tie-break when seats still in are level on cash, and
marks the seats in `who.forfeited` (the log's `who` carries it; see service/desk/sentences.py).
A test fails for an event type in schemas.EVENT_SPECS without a sentence here. Pure.
"""
from __future__ import annotations

from typing import Callable

from service.i18n.message import Join, Msg, from_data

from . import data
from .deal_sentences import deal
from .ending_sentences import game_ended as _game_ended, ruling as _ruling
from .nouns import (Who, _card, _home, _money, _places, _s, _seats, _still, _truck, count, term,
                    thug_name, word)

#: events of a phase the state does not name (production, Phase 3, has no step; Phase 6's
#: bookkeeping comes before `round_ended` sets 6): the log's heading uses these instead.
#: Rented trucks going home and open deals lapsing are the end of Phase 5 (docs/rules.md "A
#: round, step by step"), not Phase 6: in the last round the game ends right after them, in
#: Phase 5.
_PHASE_OF = {"copper_moved": 3, "cash_announced": 6}
_PHASE_OF_DICE = {"production": 3, "demand": 5}
_PHASE_OF_INFLUENCE = {"heat": 6, "heat_last_place": 6}


def log_phase(event: dict, phase):
    """The phase an event belongs to, for the log's "Round 3, Phase N" (the state's otherwise)."""
    p, kind = event.get("payload") or {}, event.get("type")
    if kind == "dice_rolled":
        return _PHASE_OF_DICE.get(p.get("purpose"), phase)
    if kind == "influence_gained":
        return _PHASE_OF_INFLUENCE.get(p.get("reason"), phase)
    return _PHASE_OF.get(kind, phase)


def _targets(t: dict | None, who: Who) -> Join:
    """Where a Thug card aims, in words ("against Ada at Mother's"), each part its own message."""
    t = t or {}
    parts = []
    if t.get("seat") is not None:
        parts.append(Msg("log-bl-aim-seat", seat=who(t["seat"])))
    if t.get("speakeasy"):
        parts.append(Msg("log-bl-aim-at", speakeasy=_s(t["speakeasy"])))
    if t.get("to_speakeasy"):
        parts.append(Msg("log-bl-aim-to", speakeasy=_s(t["to_speakeasy"])))
    if t.get("still"):
        parts.append(Msg("log-bl-aim-still", still=_still(t["still"])))
    if t.get("truck"):
        parts.append(Msg("log-bl-aim-truck", truck=_truck(t["truck"])))
    if t.get("markers"):
        parts.append(Msg("log-bl-aim-destroying", markers=Join(
            Msg("log-bl-markers-of", n=n, seat=who(int(s))) for s, n in t["markers"].items())))
    if t.get("withdraw"):
        parts.append(Msg("log-bl-aim-withdrawing", places=_places(t["withdraw"])))
    if t.get("count"):
        parts.append(Msg("log-bl-aim-count", n=t["count"]))
    return Join(parts, sep="common-space-sep", before="common-space-sep")


def _paid_for(reason: str) -> Msg:
    return thug_name(reason) if reason in data.THUG_KINDS else term("log-bl-paid-", reason)


def _cash_paid(p: dict, who: Who) -> Msg:
    why = _paid_for(p["reason"])
    at = Join([Msg("log-bl-aim-at", speakeasy=_s(p["speakeasy"]))] if p.get("speakeasy") else [],
              before="common-space-sep")
    if p["from"] == "bank":
        return Msg("log-bl-cash-received", seat=who(p["to"]), amount=_money(p["amount"]), why=why, at=at)
    if p["to"] == "bank":
        return Msg("log-bl-cash-paid", seat=who(p["from"]), amount=_money(p["amount"]), why=why, at=at)
    return Msg("log-bl-cash-paid-to", seat=who(p["from"]), to=who(p["to"]), amount=_money(p["amount"]), why=why,
               at=at)


def _rolled(dice) -> Join:
    return Join(list(dice))


def _dice(p: dict, who: Who) -> Msg:
    purpose = p["purpose"]
    if purpose == "production":
        return Msg("log-bl-production-rolled", seat=who(p["seat"]), still=_still(p.get("still")),
                   dice=_rolled(p["dice"]), crates=count(p.get("crates", 0), "crate"),
                   copper="yes" if p.get("stopped_by_copper") else "no")
    if purpose == "demand":
        return Msg("log-bl-demand-rolled", speakeasy=_s(p.get("speakeasy")), dice=_rolled(p["dice"]),
                   crates=count(p.get("demand", 0), "crate"))
    why = thug_name(purpose) if purpose in data.THUG_KINDS else word(purpose)
    if p.get("seat") is not None:
        return Msg("log-bl-seat-rolls-for", seat=who(p["seat"]), dice=_rolled(p["dice"]), purpose=why)
    return Msg("log-bl-rolled-for", dice=_rolled(p["dice"]), purpose=why)


def _discarded_because(detail: str):
    """The two reasons phase1.py records for an unaffordable truck, in the reader's words; any
    other recorded reason as it was recorded."""
    for size, truck in data.TRUCKS.items():
        for cash in range(truck["price"]):
            if detail == f"you have ${cash}G and the {truck['name']} costs ${truck['price']}G":
                return Msg("log-bl-cannot-afford", cash=_money(cash), truck=term("log-bl-size-", size),
                           price=_money(truck["price"]))
    if detail == "no truck of that size is left in the supply":
        return Msg("log-bl-no-truck-left")
    return detail


def _offer_taken(p: dict, who: Who) -> Msg:
    card = _card(p["card"])
    if p["result"] == "discarded":
        return Msg("log-bl-offer-discarded", seat=who(p["seat"]), card=card,
                   why=_discarded_because(p.get("detail", "")))
    if p["result"] == "bought":
        return Msg("log-bl-offer-bought", seat=who(p["seat"]), card=card)
    if p.get("choice"):
        return Msg("log-bl-offer-taken-as", seat=who(p["seat"]), card=card, choice=term("log-bl-choice-", p["choice"]))
    return Msg("log-bl-offer-taken", seat=who(p["seat"]), card=card)


def _step_name(step) -> Msg:
    """A step by name, "choosing an offer" (`_step_now` says what happens in it)."""
    return term("log-bl-stepname-", step)


def _step_now(step) -> Msg:
    return term("log-bl-step-", step)


def _step(p: dict, who: Who) -> Msg:
    extra = []
    if p.get("speakeasy"):
        extra.append(Msg("log-bl-aim-at", speakeasy=_s(p["speakeasy"])))
    if p.get("truck"):
        extra.append(Msg("log-bl-for-truck", truck=_truck(p["truck"])))
    if p.get("window"):
        extra.append(Msg("log-bl-in-window", window=term("log-bl-window-", p["window"])))
    extra = Join(extra, sep="common-space-sep", before="common-space-sep")
    if not p["seats"]:
        return Msg("log-bl-step-idle", step=_step_now(p["step"]), where=extra)
    return Msg("log-bl-step-waits", step=_step_now(p["step"]), where=extra, seats=_seats(who, p["seats"]))


def _bid(p: dict, who: Who) -> Msg:
    if p.get("card") is not None:
        return Msg("log-bl-bid", seat=who(p["seat"]), card=p["card"])
    return Msg("log-bl-bid-sealed", seat=who(p["seat"]))


def _dealt(p: dict, who: Who) -> Msg:
    if p.get("cards") is not None:
        return Msg("log-bl-dealt-cards", seat=who(p["seat"]), cards=Join(p["cards"]))
    return Msg("log-bl-dealt-count", seat=who(p["seat"]), n=p.get("count") or 0)


def _declared(p: dict, who: Who) -> Msg:
    if p.get("card") is None:
        return Msg("log-bl-declares-hidden", seat=who(p["seat"]))
    return Msg("log-bl-declares", seat=who(p["seat"]), card=thug_name(p["kind"] or p["card"]),
               targets=_targets(p.get("targets"), who))


def _recorded_why(p: dict, english: str):
    """Why a Thug card went back or fizzled: since version 2 of those events a message in no
    language (`why`), said in the reader's; an older event's English (`reason`, `fizzled`) as
    recorded, events being forever."""
    return from_data(p["why"]) if p.get("why") else p.get(english)


def _returned(p: dict, who: Who) -> Msg:
    if p.get("card") is None:
        return Msg("log-bl-returned-hidden", seat=who(p["seat"]))
    reason = _recorded_why(p, "reason")
    return Msg("log-bl-returned", seat=who(p["seat"]), card=thug_name(p["kind"] or p["card"]),
               why=Join([Msg("log-bl-paren", text=reason)] if reason else [], before="common-space-sep"))


def _influence_declared(p: dict, who: Who) -> Msg:
    if p.get("placements") is None:
        return Msg("log-bl-influence-declared-hidden", seat=who(p["seat"]))
    return Msg("log-bl-influence-declared", seat=who(p["seat"]), places=_places(p["placements"]))


def _removed(p: dict, who: Who) -> Msg:
    fate = {"supply": "destroyed", "back_room": "withdrawn"}.get(p["to"], "moved")
    return Msg("log-bl-influence-removed", card=thug_name(p["reason"]), n=p["count"], seat=who(p["seat"]),
               speakeasy=_s(p["speakeasy"]), fate=fate, to=word(p["to"]))


def _resolved(p: dict, who: Who) -> Msg:
    if p.get("fizzled"):
        return Msg("log-bl-fizzles", seat=who(p["seat"]), card=thug_name(p["kind"]), why=_recorded_why(p, "fizzled"))
    return Msg("log-bl-takes-effect", seat=who(p["seat"]), card=thug_name(p["kind"]))


def _round_effect(p: dict, who: Who) -> Msg:
    where = []
    if p.get("speakeasy"):
        where.append(Msg("log-bl-aim-at", speakeasy=_s(p["speakeasy"])))
    if p.get("target") is not None:
        where.append(Msg("log-bl-aim-on", seat=who(p["target"])))
    return Msg("log-bl-round-effect", seat=who(p["seat"]), card=thug_name(p["kind"]),
               where=Join(where, sep="common-space-sep", before="common-space-sep"))


def _sold(p: dict, who: Who) -> Msg:
    dock = p["dock"] if p["dock"] in ("majority", "minority", "public", "line") else "other"
    return Msg("log-bl-crates-sold", seat=who(p["seat"]), crates=count(p["crates"], "crate"),
               speakeasy=_s(p["speakeasy"]), truck=_truck(p["truck"]), dock=dock, dock_word=word(p["dock"]))


def _selling_started(p: dict, who: Who) -> Msg:
    if not p["open"]:
        return Msg("log-bl-selling-closed", speakeasy=_s(p["speakeasy"]))
    if p["demand"] is None:
        return Msg("log-bl-selling-unlimited", speakeasy=_s(p["speakeasy"]))
    return Msg("log-bl-selling-demand", speakeasy=_s(p["speakeasy"]), crates=count(p["demand"], "crate"))


def _demand_changed(p: dict, who: Who) -> Msg:
    if p["demand"] is None:
        return Msg("log-bl-demand-unlimited", card=thug_name(p["reason"]), speakeasy=_s(p["speakeasy"]))
    return Msg("log-bl-demand-changed", card=thug_name(p["reason"]), speakeasy=_s(p["speakeasy"]),
               crates=count(p["demand"], "crate"), remaining=p["remaining"])


def _cargo_lost(p: dict, who: Who) -> Msg:
    reason = p["reason"]
    why = thug_name(reason) if reason in data.THUG_KINDS else term("log-bl-dumped-", reason)
    return Msg("log-bl-cargo-lost", seat=who(p["seat"]), truck=_truck(p["truck"]),
               crates=count(p["crates"], "crate"), why=why)


def _gained(p: dict, who: Who) -> Msg:
    reason = p["reason"]
    why = thug_name(reason) if reason in data.THUG_KINDS else term("log-bl-gained-", reason)
    return Msg("log-bl-influence-gained", seat=who(p["seat"]), n=p["count"], why=why)


def _loaded(p: dict, who: Who) -> Msg:
    return Msg("log-bl-trucks-loaded", seat=who(p["seat"]), loads=Join(
        (Msg("log-bl-load-on", crates=count(n, "crate"), truck=_truck(t)) for t, n in p["loads"].items()),
        empty=Msg("log-bl-nothing")))


def _dispatched(p: dict, who: Who) -> Msg:
    return Msg("log-bl-trucks-dispatched", seat=who(p["seat"]), routes=Join(
        (Msg("log-bl-route", truck=_truck(r["truck"]), speakeasy=_s(r["speakeasy"])) for r in p["routes"]),
        empty=Msg("log-bl-no-truck")))


def _timed_out(p: dict, who: Who) -> Msg:
    return Msg("log-bl-timed-out", seat=who(p["seat"]), step=_step_name(p["step"]),
               default=term("log-bl-default-", p["default"]))


def _recruited(p: dict, who: Who) -> Msg:
    return Msg("log-bl-recruited", card=thug_name("recruiting"), seat=who(p["seat"]), roll=p["roll"], markers=Join(
        (Msg("log-bl-markers-to", seat=who(int(s)), n=n) for s, n in p["markers"].items()),
        empty=Msg("log-bl-nobody-gains")))


def _idle(p: dict, who: Who) -> Msg:
    reason = p["reason"]
    why = thug_name("a_little_vigorish") if reason == "vigorish" else thug_name(reason) \
        if reason in data.THUG_KINDS else word(reason)
    return Msg("log-bl-still-idle", seat=who(p["seat"]), still=_still(p["still"]), why=why)


def _lapsed(p: dict, who: Who) -> Msg:
    return Msg("log-bl-deals-lapsed", deals=Join(p["deals"]), n=len(p["deals"]))


SENTENCES: dict[str, Callable[[dict, Who], Msg]] = {
    "game_setup": lambda p, who: Msg("log-bl-game-setup", seats=_seats(who, [x["seat"] for x in p["players"]]),
                                     rounds=p["rounds"], mode=term("log-bl-influence-mode-", p["influence_mode"])),
    "deck_shuffled": lambda p, who: Msg("log-bl-deck-shuffled", deck=term("log-bl-deck-", p["deck"])),
    "muscle_dealt": _dealt,
    "cash_paid": _cash_paid,
    "truck_taken": lambda p, who: Msg("log-bl-truck-taken", seat=who(p["seat"]), truck=_truck(p["truck"]),
                                      why=term("log-bl-truck-for-", p["reason"])),
    "round_started": lambda p, who: Msg("log-bl-round-started", round=p["round"]),
    "truck_card_turned": lambda p, who: Msg("log-bl-truck-card-turned", card=_card(p["card"])),
    "offers_dealt": lambda p, who: Msg("log-bl-offers-dealt", offers=Join(
        Msg("log-bl-offer-slot", slot=p_s["slot"], card=_card(p_s["card"])) for p_s in p["slots"])),
    "step_started": _step,
    "bid_placed": _bid,
    "bids_revealed": lambda p, who: Msg("log-bl-bids-revealed", bids=Join(
        Msg("log-bl-name-figure", name=who(int(s)), n=c) for s, c in p["bids"].items()),
        order=_seats(who, p["order"])),
    "payroll": lambda p, who: Msg("log-bl-payroll", seat=who(p["seat"]), graft=_money(p["graft"]),
                                  muscle=_money(p["muscle_cost"]), paid=_money(p["paid"])),
    "offer_taken": _offer_taken,
    "passed": lambda p, who: Msg("log-bl-passed", seat=who(p["seat"]), step=_step_name(p["step"])),
    "influence_gained": _gained,
    "dice_gained": lambda p, who: Msg("log-bl-dice-gained", seat=who(p["seat"]), n=p["count"]),
    "improvement_gained": lambda p, who: Msg("log-bl-improvement-gained", seat=who(p["seat"]), n=p["count"]),
    "remote_still_opened": lambda p, who: Msg("log-bl-remote-still-opened", seat=who(p["seat"]),
                                              still=_still(p["still"])),
    "offers_discarded": lambda p, who: Msg("log-bl-offers-discarded", cards=Join(
        (_card(c) for c in p["cards"]), empty=Msg("log-bl-none"))),
    "influence_placed": lambda p, who: Msg("log-bl-influence-placed", seat=who(p["seat"]),
                                           places=_places(p["placements"])),
    "die_placed": lambda p, who: Msg("log-bl-die-placed", seat=who(p["seat"]), still=_still(p["still"])),
    "improvement_placed": lambda p, who: Msg("log-bl-improvement-placed", seat=who(p["seat"]),
                                             speakeasy=_s(p["speakeasy"])),
    "dice_rolled": _dice,
    "copper_moved": lambda p, who: Msg("log-bl-copper-moved", seat=who(p["to"])),
    "trucks_loaded": _loaded,
    "crates_dumped": lambda p, who: Msg("log-bl-crates-dumped", seat=who(p["seat"]),
                                        crates=count(p["crates"], "crate"), why=term("log-bl-dumped-", p["reason"])),
    "trucks_dispatched": _dispatched,
    "cargo_lost": _cargo_lost,
    "selling_started": _selling_started,
    "demand_changed": _demand_changed,
    "crates_sold": _sold,
    "public_dock_answered": lambda p, who: Msg("log-bl-public-dock-allowed" if p["allow"] else
                                               "log-bl-public-dock-refused", seat=who(p["seat"]),
                                               truck=_truck(p["truck"]), speakeasy=_s(p["speakeasy"])),
    "selling_finished": lambda p, who: Msg("log-bl-selling-finished", speakeasy=_s(p["speakeasy"]),
                                           crates=count(p["sold"], "crate"), n=p["sold"]),
    "cash_announced": lambda p, who: Msg("log-bl-cash-announced", round=p["round"], cash=Join(
        Msg("log-bl-cash-of", seat=who(int(s)), cash=_money(c)) for s, c in p["cash"].items())),
    "round_ended": lambda p, who: Msg("log-bl-round-ended", round=p["round"]),
    "game_ended": _game_ended,
    "timed_out": _timed_out,
    "ruling_applied": _ruling,
    "thug_played": lambda p, who: Msg("log-bl-thug-played", seat=who(p["seat"]), card=thug_name(p["kind"]),
                                      targets=_targets(p["targets"], who)),
    "thug_declared": _declared,
    "thug_revealed": lambda p, who: Msg("log-bl-thug-revealed", seat=who(p["seat"]), card=thug_name(p["kind"]),
                                        targets=_targets(p["targets"], who)),
    "thug_returned": _returned,
    "influence_declared": _influence_declared,
    "influence_revealed": lambda p, who: Msg("log-bl-influence-revealed", seat=who(p["seat"]),
                                             places=_places(p["placements"]), placed=_places(p["placed"])),
    "investigation_played": lambda p, who: Msg("log-bl-investigation", seat=who(p["seat"]), on=who(p["on_seat"]),
                                               card=_card(p["on_card"]), investigation=thug_name("g_men_investigation")),
    "thug_resolved": _resolved,
    "step_resumed": lambda p, who: Msg("log-bl-step-resumed", step=_step_now(p["step"]), name=_step_name(p["step"])),
    "round_effect": _round_effect,
    "influence_removed": _removed,
    "influence_added": lambda p, who: Msg("log-bl-influence-added", card=thug_name(p["reason"]), seat=who(p["seat"]),
                                          n=p["count"], speakeasy=_s(p["speakeasy"])),
    "improvement_moved": lambda p, who: Msg("log-bl-improvement-moved", seat=who(p["seat"]), source=_s(p["from"]),
                                            target=_s(p["to"])),
    "die_moved": lambda p, who: Msg("log-bl-die-moved", card=thug_name(p["reason"]), seat=who(p["seat"]),
                                    victim=who(p["from_seat"]), source=_still(p["from_still"]), target=_still(p["to"])),
    "still_destroyed": lambda p, who: Msg("log-bl-still-destroyed", card=thug_name(p["reason"]), seat=who(p["seat"]),
                                          still=_still(p["still"]), n=p["dice"]),
    "die_destroyed": lambda p, who: Msg("log-bl-die-destroyed", card=thug_name(p["reason"]), seat=who(p["seat"]),
                                        still=_still(p["still"])),
    "still_idle": _idle,
    "vigorish_demanded": lambda p, who: Msg("log-bl-vigorish-demanded", by=who(p["to"]), amount=_money(p["amount"]),
                                            seat=who(p["seat"]), still=_still(p["still"]),
                                            card=thug_name("a_little_vigorish")),
    "vigorish_answered": lambda p, who: Msg("log-bl-vigorish-paid" if p["pay"] else "log-bl-vigorish-refused",
                                            seat=who(p["seat"]), to=who(p["to"]), amount=_money(p["amount"]),
                                            still=_still(p["still"])),
    "truck_hijacked": lambda p, who: Msg("log-bl-truck-hijacked", seat=who(p["seat"]), truck=_truck(p["with_truck"]),
                                         victim=who(p["from_seat"]), theirs=_truck(p["truck"]),
                                         speakeasy=_s(p["speakeasy"]), crates=count(p["crates"], "crate"),
                                         card=thug_name("hijack")),
    "cargo_hijacked": lambda p, who: Msg("log-bl-cargo-hijacked", seat=who(p["seat"]), crates=count(p["crates"], "crate"),
                                         victim=who(p["from_seat"]), theirs=_truck(p["truck"]),
                                         truck=_truck(p["with_truck"]), card=thug_name("hijack")),
    "truck_stolen": lambda p, who: Msg("log-bl-truck-stolen", seat=who(p["seat"]), victim=who(p["from_seat"]),
                                       truck=_truck(p["truck"])),
    "cargo_diverted": lambda p, who: Msg("log-bl-cargo-diverted", seat=who(p["seat"]), victim=who(p["from_seat"]),
                                         truck=_truck(p["truck"]), speakeasy=_s(p["speakeasy"])),
    "trucks_relined": lambda p, who: Msg("log-bl-trucks-relined", speakeasy=_s(p["speakeasy"]), line=Join(
        (_truck(e.get("truck")) for e in p["line"]), empty=Msg("log-bl-none"))),
    "crates_warehoused": lambda p, who: Msg("log-bl-crates-warehoused", seat=who(p["seat"]),
                                            crates=count(p["crates"], "crate")),
    "moll_spent": lambda p, who: Msg("log-bl-moll-spent", seat=who(p["seat"]), target=who(p["target"]),
                                     amount=_money(p["paid"]), roll=p["roll"], card=thug_name("moll")),
    "recruited": _recruited,
    "windfall_drawn": lambda p, who: (Msg("log-bl-windfall-drawn", seat=who(p["seat"]), card=_card(p["card"]),
                                          windfall=thug_name("windfall")) if p.get("card")
                                      else Msg("log-bl-windfall-drawn-hidden", seat=who(p["seat"]),
                                               windfall=thug_name("windfall"))),
    "windfall_used": lambda p, who: Msg("log-bl-windfall-used", seat=who(p["seat"]), card=_card(p["card"]),
                                        windfall=thug_name("windfall")),
    "trucks_returned": lambda p, who: Msg("log-bl-trucks-returned", returns=Join(
        (Msg("log-bl-route-home", truck=_truck(r["truck"]), home=_home(r["to"], who)) for r in p["returns"]),
        empty=Msg("log-bl-none"))),
    "deal_proposed": lambda p, who: deal(p, who, False),
    "deal_accepted": lambda p, who: deal(p, who, True),
    "deal_rejected": lambda p, who: Msg("log-bl-deal-rejected", seat=who(p["seat"]), deal=p["deal"]),
    "deal_withdrawn": lambda p, who: Msg("log-bl-deal-withdrawn", seat=who(p["seat"]), deal=p["deal"]),
    "deals_lapsed": _lapsed,
}
