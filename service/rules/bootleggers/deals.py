"""Deals between two mobsters: propose, accept (atomic), reject, withdraw; lapse at round end.

Either side may hold cash, unloaded crates, trucks (`trucks`: a sale; `rent_trucks`: a rental
for this round, returned after Phase 5 and operated by the renter as its own) and Thug cards,
plus a free-text `promise` that is recorded and never enforced. Influence is never tradable
(the schema refuses it). Thug cards are named by id on one's own side and by id or kind
(`"thug:hit"`) on the other's — a proposer cannot know the other hand's ids.

Proposing checks what is public (crates and trucks are on the table, and cash where the game
shows it — with `cash: "announced"` another seat's total is not, cash.py; of a hand only its
size), so a refusal never leaks a hidden card or total; accepting re-checks everything on both sides
and moves it in one `deal_accepted` event plus `cash_paid` events naming the counterpart.
"""
from __future__ import annotations

from service.rules.errors import Message, RuleViolation

from . import data, words
from .cash import hidden as totals_hidden
from .model import face_down, graft_due, muscle_displayed, player, truck
from .thugs.base import base

SIDE_KEYS = ("cash", "crates", "trucks", "rent_trucks", "thug_cards")
GOODS = ("crates", "trucks", "rent_trucks")


def loading_underway(g: dict) -> bool:
    """Crates and trucks change hands before loading (the deals step), not while it runs:
    the loading waits only on the seats that had something to load when it opened."""
    return base(g)["step"] == "load"


def _bad(code: str, detail: str, status: int = 409, *, message: Message | None = None) -> RuleViolation:
    return RuleViolation(code, detail, status=status, message=message)


def _tradable_truck(p: dict, tid: str) -> dict:
    t = truck(p, tid)
    if t is None or t.get("rented_from") is not None or t.get("favor"):
        raise _bad("not_yours", f"seat {p['seat']} does not own truck {tid!r} (rented and "
                   "Favor trucks cannot be sold or rented on)",
                   message=Message("problem-bl-not-own-truck", seat=str(p["seat"]), player=words.named(p),
                                   truck=words.truck(tid)))
    if t["load"] or t["at"]:
        raise _bad("truck_in_use", f"truck {tid} is loaded or on its way; only an empty truck "
                   "at home can change hands", message=Message("problem-bl-truck-in-use", truck=words.truck(tid)))
    return t


def _resolve_cards(p: dict, refs: list[str], hidden: bool) -> list[str]:
    """Card ids for `refs` from p's hand; with `hidden`, only the hand size is checked."""
    if hidden:  # only the hand's size is public (Windfall draws included: face down too)
        if len(refs) > face_down(p):
            raise _bad("insufficient_cards", f"seat {p['seat']} holds {face_down(p)} "
                       f"face-down card(s), not {len(refs)}",
                       message=Message("problem-bl-face-down-cards", seat=str(p["seat"]), player=words.named(p),
                                       held=face_down(p), asked=len(refs)))
        for r in refs:
            if not (r.startswith("thug:") and r.split("#")[0][5:] in data.THUG_KINDS):
                raise _bad("unknown_card", f"{r!r} is not a Thug card id or kind", 422,
                           message=Message("problem-bl-not-a-thug-card", card=str(r)))
        return list(refs)
    left, out = sorted(p["thug_cards"]), []
    for r in refs:
        pick = r if r in left else next((c for c in left if c.split("#")[0] == r), None)
        if pick is None:
            raise _bad("insufficient_cards", f"seat {p['seat']} does not hold {r!r}",
                       message=Message("problem-bl-card-not-held", seat=str(p["seat"]), player=words.named(p),
                                       card=words.card(r)))
        left.remove(pick)
        out.append(pick)
    return out


#: what a Mobster may not hand over while his payroll is owed (docs/rules.md "Payroll is owed
#: from the reveal"): the cash it is paid from and the trucks its graft is charged on
PAYROLL_HELD = ("cash", "trucks", "rent_trucks")


def payroll_owed(g: dict, seat: int) -> bool:
    """From the reveal until the seat's payroll (graft + Muscle card cost) is paid."""
    return muscle_displayed(g) and not player(g, seat)["payroll_paid"]


def _check_payroll(g: dict, seat: int, side: dict) -> None:
    held = [k for k in PAYROLL_HELD if side.get(k)]
    if held and payroll_owed(g, seat):
        p = player(g, seat)
        owed = graft_due(g, seat) + data.muscle_cost(p["displayed_muscle"])
        what = "cash" if held == ["cash"] else "trucks" if "cash" not in held else "cash or trucks"
        raise _bad("payroll_pending", f"seat {seat} has not paid this round's payroll yet "
                   f"(graft and Muscle card, ${owed}G, at its turn in Phase 1); the payroll is "
                   "owed from the reveal (rulebook Phase 1, 5a: \"this cost represents the "
                   "Mobster's payroll for this Round\"), so no deal moves its "
                   f"{what} away until it is paid",
                   message=Message("problem-bl-payroll-pending", seat=str(seat), player=words.named(p),
                                   owed=words.money(owed), what="cash" if held == ["cash"] else
                                   "trucks" if "cash" not in held else "both"))


def check_side(g: dict, seat: int, side: dict, hidden: bool, cash_hidden: bool = False,
               asker: int | None = None) -> dict:
    """What `seat` hands over, checked against what it holds now; normalized.

    `cash_hidden` (cash.py: `cash: "announced"`, game running): `seat`'s total is not on the
    table for `asker`, the seat whose command this is — a proposal asking another seat for cash
    is not checked against its cash (the acceptance is), and no refusal names another seat's
    total."""
    p, out = player(g, seat), {}
    if loading_underway(g) and any(side.get(k) for k in GOODS):
        raise _bad("loading_underway", "crates and trucks change hands in the deals step, before "
                   "loading; while loading runs, deal in cash, Thug cards and promises",
                   message=Message("problem-bl-loading-underway"))
    _check_payroll(g, seat, side)
    cash, crates = side.get("cash", 0), side.get("crates", 0)
    secret = cash_hidden and asker is not None and asker != seat
    if cash:
        if hidden and secret:
            pass        # another seat's total is its own: the acceptance checks it
        elif p["cash"] < cash:
            raise _bad("insufficient_cash", f"seat {seat} does not have ${cash}G any more"
                       if secret else f"seat {seat} has ${p['cash']}G, not ${cash}G",
                       message=Message("problem-bl-cash-gone", seat=str(seat), player=words.named(p),
                                       asked=words.money(cash)) if secret else
                       Message("problem-bl-cash-short", seat=str(seat), player=words.named(p),
                               has=words.money(p["cash"]), asked=words.money(cash)))
        out["cash"] = cash
    if crates:
        if p["crates"] < crates:
            raise _bad("insufficient_crates", f"seat {seat} has {p['crates']} unloaded "
                       f"crate(s), not {crates}",
                       message=Message("problem-bl-crates-short", seat=str(seat), player=words.named(p),
                                       has=p["crates"], asked=crates))
        out["crates"] = crates
    seen = set()
    for key in ("trucks", "rent_trucks"):
        ids = list(side.get(key) or [])
        for tid in ids:
            if tid in seen:
                raise _bad("duplicate_truck", f"truck {tid} is named twice", 422,
                           message=Message("problem-bl-truck-twice", truck=words.truck(tid)))
            seen.add(tid)
            _tradable_truck(p, tid)
        if ids:
            out[key] = sorted(ids)
    if side.get("thug_cards"):
        out["thug_cards"] = _resolve_cards(p, list(side["thug_cards"]), hidden)
    return out


def _deal(g: dict, deal_id: str) -> dict:
    d = next((d for d in g["deals"] if d["deal"] == deal_id), None)
    if d is None:
        open_ids = ", ".join(d["deal"] for d in g["deals"]) or "none"
        raise _bad("unknown_deal", f"there is no open deal {deal_id!r}; open deals: {open_ids}",
                   message=Message("problem-bl-unknown-deal", deal=str(deal_id),
                                   deals=words.listing(d["deal"] for d in g["deals"])))
    return d


def propose(em, seat: int, cmd: dict) -> None:
    g = em.game
    to = cmd["to"]
    if to not in [p["seat"] for p in g["players"]] or to == seat:
        raise _bad("bad_target", "a deal is proposed to another seat in this game", 422,
                   message=Message("problem-bl-deal-to-other"))
    mine = sum(1 for d in g["deals"] if d["from"] == seat)
    if mine >= data.MAX_OPEN_DEALS:
        raise _bad("too_many_deals", f"you already have {mine} open proposals; withdraw one "
                   "or wait for an answer", message=Message("problem-bl-too-many-deals", count=mine))
    secret = totals_hidden(em.state)
    give = check_side(g, seat, cmd.get("give") or {}, hidden=False)
    get = check_side(g, to, cmd.get("get") or {}, hidden=True, cash_hidden=secret, asker=seat)
    promise = (cmd.get("promise") or "").strip()
    if not give and not get and not promise:
        raise _bad("empty_deal", "a deal needs something on one side or a promise", 422,
                   message=Message("problem-bl-empty-deal"))
    em.emit("deal_proposed", {"deal": f"d{g['deal_seq'] + 1}", "from": seat, "to": to,
                              "give": give, "get": get, "promise": promise})


def acceptable(g: dict, d: dict, cash_hidden: bool = False) -> tuple[dict, dict]:
    """Both sides re-checked in full, thug cards resolved to ids; raises when stale (asked by
    the seat the deal is proposed to: with `cash_hidden`, a refusal does not name the
    proposer's total)."""
    give = check_side(g, d["from"], d["give"], hidden=False, cash_hidden=cash_hidden, asker=d["to"])
    get = check_side(g, d["to"], d["get"], hidden=False)
    return give, get


def accept(em, seat: int, cmd: dict) -> None:
    g = em.game
    d = _deal(g, cmd["deal"])
    if d["to"] != seat:
        raise _bad("not_your_deal", f"deal {d['deal']} is proposed to seat {d['to']}",
                   message=Message("problem-bl-deal-for-other", deal=d["deal"], seat=str(d["to"]),
                                   player=words.who(g, d["to"])))
    give, get = acceptable(g, d, totals_hidden(em.state))
    strip = lambda side: {k: v for k, v in side.items() if k != "cash"}   # noqa: E731
    em.emit("deal_accepted", {"deal": d["deal"], "from": d["from"], "to": d["to"],
                              "give": strip(give), "get": strip(get), "promise": d["promise"]})
    em.pay(d["from"], d["to"], give.get("cash", 0), "deal", deal=d["deal"])
    em.pay(d["to"], d["from"], get.get("cash", 0), "deal", deal=d["deal"])


def reject(em, seat: int, cmd: dict) -> None:
    d = _deal(em.game, cmd["deal"])
    if d["to"] != seat:
        raise _bad("not_your_deal", f"deal {d['deal']} is proposed to seat {d['to']}",
                   message=Message("problem-bl-deal-for-other", deal=d["deal"], seat=str(d["to"]),
                                   player=words.who(em.game, d["to"])))
    em.emit("deal_rejected", {"deal": d["deal"], "seat": seat})


def withdraw(em, seat: int, cmd: dict) -> None:
    d = _deal(em.game, cmd["deal"])
    if d["from"] != seat:
        raise _bad("not_your_deal", f"deal {d['deal']} was proposed by seat {d['from']}",
                   message=Message("problem-bl-deal-by-other", deal=d["deal"], seat=str(d["from"]),
                                   player=words.who(em.game, d["from"])))
    em.emit("deal_withdrawn", {"deal": d["deal"], "seat": seat})


def lapse(em) -> None:
    if em.game["deals"]:
        em.emit("deals_lapsed", {"deals": [d["deal"] for d in em.game["deals"]]})


def return_trucks(em) -> None:
    """After Phase 5: rented trucks go home, Favor trucks back to the supply."""
    out = []
    for p in em.game["players"]:
        for t in p["trucks"]:
            if t.get("favor"):
                out.append({"truck": t["id"], "from": p["seat"], "to": "supply"})
            elif t.get("rented_from") is not None:
                out.append({"truck": t["id"], "from": p["seat"], "to": t["rented_from"]})
    if out:
        em.emit("trucks_returned", {"returns": out})


# --- legal actions -------------------------------------------------------------------------------
def _examples(g: dict, seat: int, cash_hidden: bool = False) -> list[dict]:
    """With `cash_hidden`, what another seat could pay is not known to `seat` (cash.py): its
    examples ask for $1G or $2G as if it could (a proposal is not checked against the other's
    cash; the acceptance is)."""
    me, out = player(g, seat), []
    if sum(1 for d in g["deals"] if d["from"] == seat) >= data.MAX_OPEN_DEALS:
        return out
    home = [t["id"] for t in me["trucks"] if t.get("rented_from") is None
            and not t.get("favor") and not t["load"] and not t["at"]]
    goods = not loading_underway(g)
    for o in g["players"]:
        to = o["seat"]
        if to == seat:
            continue
        if cash_hidden:
            o = {**o, "cash": data.MAX_CASH}    # not read: every example is offered
        if goods and me["crates"] and o["cash"]:
            out.append({"to": to, "give": {"crates": 1}, "get": {"cash": 1}, "promise": ""})
        if goods and me["cash"] and o["crates"]:
            out.append({"to": to, "give": {"cash": 1}, "get": {"crates": 1}, "promise": ""})
        if goods and home and o["cash"]:
            out.append({"to": to, "give": {"rent_trucks": [home[0]]}, "get": {"cash": 1},
                        "promise": "bring it back in one piece"})
        if goods and len(home) > 1 and o["cash"] >= 2:
            out.append({"to": to, "give": {"trucks": [home[-1]]}, "get": {"cash": 2},
                        "promise": ""})
        if me["thug_cards"] and o["cash"] >= 2:
            out.append({"to": to, "give": {"thug_cards": [sorted(me["thug_cards"])[0]]},
                        "get": {"cash": 2}, "promise": ""})
        if me["cash"]:
            out.append({"to": to, "give": {"cash": 1}, "get": {},
                        "promise": "I'll keep my trucks out of Mother's"})
        if o["cash"]:  # a seat with nothing to give can still sell a promise
            out.append({"to": to, "give": {}, "get": {"cash": 1},
                        "promise": "my trucks stay out of your speakeasy this round"})
        out.append({"to": to, "give": {}, "get": {}, "promise": "no Hits between us this round"})
    return [ex for ex in out if not _held_back(g, seat, ex)]


def _held_back(g: dict, seat: int, ex: dict) -> bool:
    """An example a payroll still owed would refuse (`payroll_pending`)."""
    return any(payroll_owed(g, who) and any(side.get(k) for k in PAYROLL_HELD)
               for who, side in ((seat, ex["give"]), (ex["to"], ex["get"])))


def actions(g: dict, seat: int, action, cash_hidden: bool = False) -> list[dict]:
    out = []
    props = _examples(g, seat, cash_hidden)
    if props:
        out.append(action("propose_deal", {"to": {"choices": [p["seat"] for p in g["players"]
                                                              if p["seat"] != seat]},
                                           "give": {"keys": list(SIDE_KEYS)},
                                           "get": {"keys": list(SIDE_KEYS)},
                                           "promise": {"max_length": 500}}, props))
    to_me = [d["deal"] for d in g["deals"] if d["to"] == seat]
    ok = []
    for d in g["deals"]:
        if d["to"] == seat:
            try:
                acceptable(g, d)
                ok.append(d["deal"])
            except RuleViolation:
                pass
    mine = [d["deal"] for d in g["deals"] if d["from"] == seat]
    for kind, ids in (("accept_deal", ok), ("reject_deal", to_me), ("withdraw_deal", mine)):
        if ids:
            out.append(action(kind, {"deal": {"choices": ids}}, [{"deal": i} for i in ids]))
    return out
