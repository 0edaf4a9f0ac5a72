"""One log sentence per Bootleggers event type, for the game log (GET /v1/games/{id}/log).

`SENTENCES[type](payload, who) -> str`, the shape of booze_baron/sentences.py: `payload` is
the event *as the viewer may see it* (views.redact_event: a sealed bid, a face-down card or
another seat's hand is None), `who(seat) -> name`. A redacted payload yields a sentence that
names nothing hidden ("Bix bid (sealed)."). The engine adds "Round 3, Phase 1: " in front.
The end tells the tie-break when seats still in are level on cash, and marks the seats in
`who.forfeited` (the log's `who` carries it; see service/desk/sentences.py).
A test fails for an event type in schemas.EVENT_SPECS without a sentence here.
"""
from __future__ import annotations

from typing import Callable

from . import data
from .nouns import Who, _card, _home, _money, _n, _places, _s, _seats, _still, _truck, thug_name

_PAID_FOR = {"graft": "graft", "muscle": "their Muscle card", "truck_purchase": "a truck",
             "wholesale": "wholesale", "profit": "profit", "starting_cash": "starting cash",
             "ruling": "a ruling", "deal": "a deal"}
_STEPS = {"bid": "everyone bids a Muscle card, sealed", "choose_offer": "offers are taken in Muscle order",
          "place_influence": "influence is placed in Muscle order", "load": "everyone loads their trucks",
          "dispatch": "trucks are sent in Muscle order", "deals": "deals may be made",
          "public_dock": "the Public dock is asked", "vigorish": "A Little Vigorish is answered",
          "thug_window": "Thug cards may be declared", "reaction": "the table may answer a Thug card"}


#: events of a phase the state does not name (production, Phase 3, has no step; Phase 6's
#: bookkeeping comes before `round_ended` sets 6): the log's heading uses these instead.
#: Rented trucks going home and open deals lapsing are the end of Phase 5 (RULES.md), not
#: Phase 6: in the last round the game ends right after them, in Phase 5.
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


def _targets(t: dict | None, who: Who) -> str:
    """Where a Thug card aims, in words ("against Ada at Mother's")."""
    if not t:
        return ""
    parts = []
    if t.get("seat") is not None:
        parts.append(f"against {who(t['seat'])}")
    if t.get("speakeasy"):
        parts.append(f"at {_s(t['speakeasy'])}")
    if t.get("to_speakeasy"):
        parts.append(f"to {_s(t['to_speakeasy'])}")
    if t.get("still"):
        parts.append(f"on the {_still(t['still'])}")
    if t.get("truck"):
        parts.append(f"on {_truck(t['truck'])}")
    if t.get("markers"):
        parts.append("destroying " + ", ".join(f"{_n(n, 'marker')} of {who(int(s))}"
                                                for s, n in t["markers"].items()))
    if t.get("withdraw"):
        parts.append("withdrawing " + _places(t["withdraw"]))
    if t.get("count"):
        parts.append(f"for {_n(t['count'], 'marker')}")
    return (" " + " ".join(parts)) if parts else ""


def _side(side: dict | None) -> str:
    side = side or {}
    parts = []
    if side.get("cash"):
        parts.append(_money(side["cash"]))
    if side.get("crates"):
        parts.append(_n(side["crates"], "crate"))
    parts += [f"{_truck(t)} (sold)" for t in side.get("trucks") or []]
    parts += [f"{_truck(t)} (rented)" for t in side.get("rent_trucks") or []]
    cards = side.get("thug_cards")
    if isinstance(cards, int):
        parts.append(_n(cards, "Thug card"))
    elif cards:
        parts += [thug_name(c) for c in cards]
    return ", ".join(parts) or "nothing"


def _deal(p: dict, who: Who, accepted: bool) -> str:
    promise = f', promising "{p["promise"]}"' if p.get("promise") else ""
    if not accepted:
        return (f"{who(p['from'])} offers {who(p['to'])} deal {p['deal']}: {_side(p.get('give'))} "
                f"for {_side(p.get('get'))}{promise}.")
    # Accepted: the goods move in this event, any cash in the cash_paid events after it.
    moves = [f"{who(p[a])} hands over {_side(p.get(side))}" for a, side in (("from", "give"), ("to", "get"))
             if _side(p.get(side)) != "nothing"]
    return f"{who(p['to'])} accepts {who(p['from'])}'s deal {p['deal']}" + (": " + "; ".join(moves) if moves else "") + "."


def _cash_paid(p: dict, who: Who) -> str:
    why = _PAID_FOR.get(p["reason"], p["reason"].replace("_", " "))
    at = f" at {_s(p['speakeasy'])}" if p.get("speakeasy") else ""
    if p["from"] == "bank":
        return f"{who(p['to'])} receives {_money(p['amount'])} ({why}{at})."
    if p["to"] == "bank":
        return f"{who(p['from'])} pays {_money(p['amount'])} for {why}{at}."
    return f"{who(p['from'])} pays {who(p['to'])} {_money(p['amount'])} ({why}{at})."


def _dice(p: dict, who: Who) -> str:
    rolled = ", ".join(map(str, p["dice"]))
    purpose = p["purpose"]
    if purpose == "production":
        stop = " — stopped by the Copper" if p.get("stopped_by_copper") else ""
        return (f"{who(p['seat'])}'s {_still(p.get('still'))} rolls {rolled}: "
                f"{_n(p.get('crates', 0), 'crate')}{stop}.")
    if purpose == "demand":
        return f"Demand at {_s(p.get('speakeasy'))}: rolled {rolled}, {_n(p.get('demand', 0), 'crate')}."
    who_ = f"{who(p['seat'])} rolls" if p.get("seat") is not None else "Rolled"
    return f"{who_} {rolled} for {purpose.replace('_', ' ')}."


def _offer_taken(p: dict, who: Who) -> str:
    card = _card(p["card"])
    if p["result"] == "discarded":
        return f"{who(p['seat'])} cannot take the {card} and it is discarded ({p.get('detail', '')})."
    if p["result"] == "bought":
        return f"{who(p['seat'])} buys the {card}."
    choice = f" ({p['choice'].replace('_', ' ')})" if p.get("choice") else ""
    return f"{who(p['seat'])} takes {card}{choice}."


def _step(p: dict, who: Who) -> str:
    what = _STEPS.get(p["step"], p["step"].replace("_", " "))
    extra = ""
    if p.get("speakeasy"):
        extra += f" at {_s(p['speakeasy'])}"
    if p.get("truck"):
        extra += f" for {_truck(p['truck'])}"
    if p.get("window"):
        extra += f" ({p['window'].replace('_', ' ')})"
    if not p["seats"]:
        return f"Now {what}{extra}; nobody has anything to do."
    return f"Now {what}{extra}; waiting for {_seats(who, p['seats'])}."


def _bid(p: dict, who: Who) -> str:
    return f"{who(p['seat'])} bid {p['card']}." if p.get("card") is not None else f"{who(p['seat'])} bid (sealed)."


def _dealt(p: dict, who: Who) -> str:
    if p.get("cards") is not None:
        return f"{who(p['seat'])} is dealt Muscle cards {', '.join(map(str, p['cards']))}."
    return f"{who(p['seat'])} is dealt {_n(p.get('count') or 0, 'Muscle card')}."


def _declared(p: dict, who: Who) -> str:
    if p.get("card") is None:
        return f"{who(p['seat'])} declares a Thug card face down."
    return f"{who(p['seat'])} declares {thug_name(p['kind'] or p['card'])}{_targets(p.get('targets'), who)}, face down."


def _returned(p: dict, who: Who) -> str:
    if p.get("card") is None:
        return f"{who(p['seat'])}'s declared card goes back to their hand."
    why = f" ({p['reason']})" if p.get("reason") else ""
    return f"{who(p['seat'])}'s {thug_name(p['kind'] or p['card'])} goes back to their hand{why}."


def _influence_declared(p: dict, who: Who) -> str:
    if p.get("placements") is None:
        return f"{who(p['seat'])} declares an influence placement face down."
    return f"{who(p['seat'])} declares influence, face down: {_places(p['placements'])}."


def _removed(p: dict, who: Who) -> str:
    fate = {"supply": "destroyed", "back_room": "withdrawn to the back room"}.get(p["to"], f"moved to {p['to']}")
    return (f"{thug_name(p['reason'])}: {_n(p['count'], 'marker')} of {who(p['seat'])} at "
            f"{_s(p['speakeasy'])} {'is' if p['count'] == 1 else 'are'} {fate}.")


def _resolved(p: dict, who: Who) -> str:
    if p.get("fizzled"):
        return f"{who(p['seat'])}'s {thug_name(p['kind'])} fizzles: {p['fizzled']}."
    return f"{who(p['seat'])}'s {thug_name(p['kind'])} takes effect."


def _round_effect(p: dict, who: Who) -> str:
    where = f" at {_s(p['speakeasy'])}" if p.get("speakeasy") else ""
    on = f" on {who(p['target'])}" if p.get("target") is not None else ""
    return f"{who(p['seat'])}'s {thug_name(p['kind'])} holds for this round{where}{on}."


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _forfeited(who: Who) -> frozenset:
    """The seats ruled out when the sentence is read (the log's `who` knows them; a bare
    function does not)."""
    return getattr(who, "forfeited", None) or frozenset()


def _winner(p: dict, who: Who, out: frozenset) -> str:
    """"Ada wins.", with the tie-break when seats still in are level on cash (RULES.md: a tie
    goes to the higher Muscle card of the final round)."""
    winner, cash, muscle = p["winner"], p["cash"], p.get("muscle") or {}
    still_in = [s for s in p["ranking"] if s not in out]
    top = max((cash[str(s)] for s in still_in), default=None)
    level = [s for s in still_in if cash[str(s)] == top]
    if len(level) < 2 or winner not in level:
        return f"{who(winner)} wins."
    others = [s for s in level if s != winner]
    if all(str(s) in muscle for s in level) and all(muscle[str(winner)] > muscle[str(s)] for s in others):
        how = "the higher Muscle card decides it (" + ", ".join(f"{who(s)} {muscle[str(s)]}" for s in level) + ")"
    else:
        how = "the Muscle order decides it"
    return f"{who(winner)} wins. Tie-break: {_and([who(s) for s in level])} are level at {_money(top)}; {how}."


def _game_ended(p: dict, who: Who) -> str:
    out = _forfeited(who)
    cash = ", ".join(f"{who(s)} {_money(p['cash'][str(s)])}" + (" (forfeited)" if s in out else "")
                     for s in p["ranking"])
    why = {"last_round": "the last round is over", "cash": f"someone reached {_money(data.WIN_CASH)}",
           "cash_100": f"someone reached {_money(data.WIN_CASH)}"}.get(p["reason"], p["reason"].replace("_", " "))
    return f"The game ends ({why}). {_winner(p, who, out)} Cash: {cash}."


def _ruling(p: dict, who: Who) -> str:
    fields = {k: v for k, v in p.items() if k not in ("kind", "reason", "was")}
    what = []
    for key, value in fields.items():
        if key == "seat":
            what.append(who(value) if value is not None else "nobody")
        elif key == "speakeasy":
            what.append(_s(value))
        elif key == "cash" and p["kind"] == "set_cash":
            # a total, hidden from other seats while it runs (cash.py): the payment after it shows
            what.append(f"cash {value}" if value is not None else "cash (a total only that seat sees)")
        else:
            what.append(f"{key} {value}")
    was = f" (was {p['was']})" if p.get("was") is not None else ""
    return (f"The organizer rules {p['kind'].replace('_', ' ')}: {', '.join(what) or 'the game'}{was}. "
            f"Reason: {p['reason']}")


SENTENCES: dict[str, Callable[[dict, Who], str]] = {
    "game_setup": lambda p, who: (f"Bootleggers begins: {_seats(who, [x['seat'] for x in p['players']])}; "
                                  f"{p['rounds']} rounds, influence {p['influence_mode']}."),
    "deck_shuffled": lambda p, who: f"The {p['deck'].replace('_', ' ')} deck is shuffled.",
    "muscle_dealt": _dealt,
    "cash_paid": _cash_paid,
    "truck_taken": lambda p, who: f"{who(p['seat'])} gets {_truck(p['truck'])} ({p['reason']}).",
    "round_started": lambda p, who: f"Round {p['round']} begins.",
    "truck_card_turned": lambda p, who: f"The {_card(p['card'])} is turned up.",
    "offers_dealt": lambda p, who: "On offer: " + ", ".join(f"{s['slot']}. {_card(s['card'])}" for s in p["slots"]) + ".",
    "step_started": _step,
    "bid_placed": _bid,
    "bids_revealed": lambda p, who: ("Bids revealed: " + ", ".join(f"{who(int(s))} {c}" for s, c in p["bids"].items())
                                     + f". Muscle order: {_seats(who, p['order'])}."),
    "payroll": lambda p, who: (f"Payroll: {who(p['seat'])} owes graft {_money(p['graft'])} and Muscle "
                               f"{_money(p['muscle_cost'])}, and pays {_money(p['paid'])}."),
    "offer_taken": _offer_taken,
    "passed": lambda p, who: f"{who(p['seat'])} passes ({p['step'].replace('_', ' ')}).",
    "influence_gained": lambda p, who: f"{who(p['seat'])} gains {_n(p['count'], 'influence marker')} ({p['reason'].replace('_', ' ')}).",
    "dice_gained": lambda p, who: f"{who(p['seat'])} gains {_n(p['count'], 'still die')}.",
    "improvement_gained": lambda p, who: f"{who(p['seat'])} gains {_n(p['count'], 'speakeasy improvement')}.",
    "remote_still_opened": lambda p, who: f"{who(p['seat'])} opens {_still(p['still'])}.",
    "offers_discarded": lambda p, who: f"Untaken offers are discarded: {', '.join(_card(c) for c in p['cards']) or 'none'}.",
    "influence_placed": lambda p, who: f"{who(p['seat'])} places influence: {_places(p['placements'])}.",
    "die_placed": lambda p, who: f"{who(p['seat'])} puts a die on their {_still(p['still'])}.",
    "improvement_placed": lambda p, who: f"{who(p['seat'])} improves {_s(p['speakeasy'])}.",
    "dice_rolled": _dice,
    "copper_moved": lambda p, who: f"The Copper moves to {who(p['to'])}'s family still.",
    "trucks_loaded": lambda p, who: f"{who(p['seat'])} loads " + (", ".join(
        f"{_n(n, 'crate')} on {_truck(t)}" for t, n in p["loads"].items()) or "nothing") + ".",
    "crates_dumped": lambda p, who: f"{who(p['seat'])} loses {_n(p['crates'], 'crate')} ({p['reason'].replace('_', ' ')}).",
    "trucks_dispatched": lambda p, who: f"{who(p['seat'])} sends " + (", ".join(
        f"{_truck(r['truck'])} to {_s(r['speakeasy'])}" for r in p["routes"]) or "no truck") + ".",
    "cargo_lost": lambda p, who: (f"{who(p['seat'])}'s {_truck(p['truck'])} loses {_n(p['crates'], 'crate')} "
                                  f"({thug_name(p['reason']) if p['reason'].startswith('g_men') else p['reason'].replace('_', ' ')})."),
    "selling_started": lambda p, who: (f"Selling at {_s(p['speakeasy'])}: "
                                       + ("closed." if not p["open"] else "unlimited demand." if p["demand"] is None
                                          else f"demand {_n(p['demand'], 'crate')}.")),
    "demand_changed": lambda p, who: (f"{thug_name(p['reason'])} at {_s(p['speakeasy'])}: "
                                      + ("unlimited demand from now on." if p["demand"] is None
                                         else f"demand {_n(p['demand'], 'crate')}, {_n(p['remaining'], 'crate')} still to be bought.")),
    "crates_sold": lambda p, who: (f"{who(p['seat'])} sells {_n(p['crates'], 'crate')} at {_s(p['speakeasy'])} "
                                   f"from {_truck(p['truck'])} ({p['dock']} dock)."),
    "public_dock_answered": lambda p, who: (f"{who(p['seat'])} {'allows' if p['allow'] else 'refuses'} "
                                            f"{_truck(p['truck'])} at the Public dock of {_s(p['speakeasy'])}."),
    "selling_finished": lambda p, who: f"Selling at {_s(p['speakeasy'])} is over: {_n(p['sold'], 'crate')} sold.",
    "cash_announced": lambda p, who: f"Cash after round {p['round']}: " + ", ".join(
        f"{who(int(s))} {_money(c)}" for s, c in p["cash"].items()) + ".",
    "round_ended": lambda p, who: f"Round {p['round']} ends.",
    "game_ended": _game_ended,
    "timed_out": lambda p, who: (f"{who(p['seat'])} ran out of time at {p['step'].replace('_', ' ')}; "
                                 f"the table plays {p['default'].replace('_', ' ')} for them."),
    "ruling_applied": _ruling,
    "thug_played": lambda p, who: f"{who(p['seat'])} plays {thug_name(p['kind'])}{_targets(p['targets'], who)}.",
    "thug_declared": _declared,
    "thug_revealed": lambda p, who: f"{who(p['seat'])} reveals {thug_name(p['kind'])}{_targets(p['targets'], who)}.",
    "thug_returned": _returned,
    "influence_declared": _influence_declared,
    "influence_revealed": lambda p, who: (f"{who(p['seat'])} reveals influence {_places(p['placements'])}; "
                                          f"placed: {_places(p['placed'])}."),
    "investigation_played": lambda p, who: (f"{who(p['seat'])} answers with G-Men—Investigation against "
                                            f"{who(p['on_seat'])}'s {_card(p['on_card'])}."),
    "thug_resolved": _resolved,
    "step_resumed": lambda p, who: f"Back to: {_STEPS.get(p['step'], p['step'].replace('_', ' '))}.",
    "round_effect": _round_effect,
    "influence_removed": _removed,
    "influence_added": lambda p, who: (f"{thug_name(p['reason'])}: {who(p['seat'])} adds "
                                       f"{_n(p['count'], 'marker')} at {_s(p['speakeasy'])}."),
    "improvement_moved": lambda p, who: (f"{who(p['seat'])} moves an improvement from {_s(p['from'])} "
                                         f"to {_s(p['to'])}."),
    "die_moved": lambda p, who: (f"{thug_name(p['reason'])}: {who(p['seat'])} takes a die from "
                                 f"{who(p['from_seat'])}'s {_still(p['from_still'])} to their {_still(p['to'])}."),
    "still_destroyed": lambda p, who: (f"{thug_name(p['reason'])}: {who(p['seat'])}'s {_still(p['still'])} "
                                       f"is destroyed with {_n(p['dice'], 'die')}."),
    "die_destroyed": lambda p, who: f"{thug_name(p['reason'])}: {who(p['seat'])} loses a die from their {_still(p['still'])}.",
    "still_idle": lambda p, who: f"{who(p['seat'])}'s {_still(p['still'])} produces nothing this round ({p['reason'].replace('_', ' ')}).",
    "vigorish_demanded": lambda p, who: (f"{who(p['to'])} demands {_money(p['amount'])} from {who(p['seat'])} "
                                         f"for their {_still(p['still'])} (A Little Vigorish)."),
    "vigorish_answered": lambda p, who: (f"{who(p['seat'])} {'pays' if p['pay'] else 'refuses to pay'} "
                                         f"{who(p['to'])} {_money(p['amount'])} for their {_still(p['still'])}."),
    "truck_hijacked": lambda p, who: (f"Hijack: {who(p['seat'])}'s {_truck(p['with_truck'])} takes the place of "
                                      f"{who(p['from_seat'])}'s {_truck(p['truck'])} at {_s(p['speakeasy'])} "
                                      f"with {_n(p['crates'], 'crate')}."),
    "cargo_hijacked": lambda p, who: (f"Hijack: {who(p['seat'])} takes {_n(p['crates'], 'crate')} from "
                                      f"{who(p['from_seat'])}'s {_truck(p['truck'])} onto {_truck(p['with_truck'])}."),
    "truck_stolen": lambda p, who: f"{who(p['seat'])} takes {who(p['from_seat'])}'s {_truck(p['truck'])}.",
    "cargo_diverted": lambda p, who: (f"{who(p['seat'])} diverts {who(p['from_seat'])}'s {_truck(p['truck'])} "
                                      f"to {_s(p['speakeasy'])}."),
    "trucks_relined": lambda p, who: (f"The trucks at {_s(p['speakeasy'])} line up: "
                                      + (", ".join(_truck(e.get("truck")) for e in p["line"]) or "none") + "."),
    "crates_warehoused": lambda p, who: f"{who(p['seat'])} keeps {_n(p['crates'], 'crate')} in the warehouse.",
    "moll_spent": lambda p, who: (f"{who(p['seat'])}'s Moll costs {who(p['target'])} {_money(p['paid'])} "
                                  f"(rolled {p['roll']})."),
    "recruited": lambda p, who: (f"Recruiting: {who(p['seat'])} rolls {p['roll']}; " + (", ".join(
        f"{who(int(s))} {_n(n, 'marker')}" for s, n in p["markers"].items()) or "nobody gains") + "."),
    "windfall_drawn": lambda p, who: (f"{who(p['seat'])} draws {_card(p['card'])} with Windfall." if p.get("card")
                                      else f"{who(p['seat'])} draws a card with Windfall."),
    "windfall_used": lambda p, who: f"{who(p['seat'])} uses their Windfall draw, {_card(p['card'])}.",
    "trucks_returned": lambda p, who: "Rented and loaned trucks go home: " + (", ".join(
        f"{_truck(r['truck'])} to {_home(r['to'], who)}" for r in p["returns"]) or "none") + ".",
    "deal_proposed": lambda p, who: _deal(p, who, False),
    "deal_accepted": lambda p, who: _deal(p, who, True),
    "deal_rejected": lambda p, who: f"{who(p['seat'])} rejects deal {p['deal']}.",
    "deal_withdrawn": lambda p, who: f"{who(p['seat'])} withdraws deal {p['deal']}.",
    "deals_lapsed": lambda p, who: f"Open deals lapse: {', '.join(p['deals'])}.",
}
