"""Phase 1, Muscle: turning the truck card, dealing offers, sealed bids, payroll, offers."""
from __future__ import annotations

from service.rules.errors import Message, RuleViolation

from . import data, words
from .model import (graft_due, improvements_in_supply, markers_in_supply, muscle_order,
                    player, remote_stills_in_play)


def deal_round_cards(em) -> None:
    """Truck card turned if none is showing; one Men of Action card per offer space. An
    empty deck is rebuilt from the shuffled discard pile (a recorded `deck_shuffled`)."""
    g = em.game
    if g["offers"]["truck"] is None and g["decks"]["trucks"]["draw"]:
        em.emit("truck_card_turned", {"card": g["decks"]["trucks"]["draw"][0]})
    slots: list[dict] = []
    for slot in g["offers"]["slots"]:
        moa = g["decks"]["men_of_action"]
        if len(moa["draw"]) <= len(slots) and moa["discard"]:
            if slots:
                em.emit("offers_dealt", {"slots": slots})
                slots = []
            order = em.oracle.shuffle("men_of_action", sorted(moa["discard"]))
            em.emit("deck_shuffled", {"deck": "men_of_action", "order": order,
                                      "reason": data.RESHUFFLE_REASON})
        moa = g["decks"]["men_of_action"]
        if len(moa["draw"]) <= len(slots):
            break
        slots.append({"slot": slot["slot"], "card": moa["draw"][len(slots)]})
    if slots:
        em.emit("offers_dealt", {"slots": slots})


def bid(em, seat: int, cmd: dict) -> None:
    hand = player(em.game, seat)["muscle_hand"]
    if cmd["card"] not in hand:
        raise RuleViolation("unknown_card", f"Muscle card {cmd['card']} is not in your hand; "
                            f"you hold {', '.join(map(str, hand))}",
                            message=Message("problem-bl-muscle-not-in-hand", card=str(cmd["card"]),
                                            hand=words.listing(hand)))
    em.emit("bid_placed", {"seat": seat, "card": cmd["card"]})


def reveal(em) -> None:
    g = em.game
    bids = {str(p["seat"]): p["bid"] for p in g["players"]}
    order = sorted((p["seat"] for p in g["players"]), key=lambda s: -bids[str(s)])
    em.emit("bids_revealed", {"bids": bids, "order": order})


def payroll(em, seat: int) -> None:
    """Graft ($1G per Small/Medium, $2G per Large) plus the Muscle card's cost; a player
    short of cash pays all he has, and no debt is kept."""
    p = player(em.game, seat)
    graft, cost = graft_due(em.game, seat), data.muscle_cost(p["displayed_muscle"])
    paid_graft = min(graft, p["cash"])
    paid_cost = min(cost, p["cash"] - paid_graft)
    em.emit("payroll", {"seat": seat, "graft": graft, "muscle_cost": cost,
                        "paid": paid_graft + paid_cost, "cash_before": p["cash"]})
    em.pay(seat, "bank", paid_graft, "graft")
    em.pay(seat, "bank", paid_cost, "muscle")


def offer_card(g: dict, offer) -> str | None:
    if offer == "truck":
        return g["offers"]["truck"]
    if isinstance(offer, int) and 1 <= offer <= len(g["offers"]["slots"]):
        return g["offers"]["slots"][offer - 1]["card"]
    return None


def _describe_offers(g: dict) -> str:
    parts = []
    if g["offers"]["truck"]:
        parts.append(f'"truck" ({data.card_name(g["offers"]["truck"])})')
    for s in g["offers"]["slots"]:
        if s["card"]:
            parts.append(f'{s["slot"]} ({data.card_name(s["card"])})')
    return ", ".join(parts) or "none"


def _offers_said(g: dict) -> list:
    """The offers as catalog messages (`_describe_offers` in a reader's language)."""
    parts = []
    if g["offers"]["truck"]:
        parts.append(Message("problem-bl-offer", offer="truck", card=words.card(g["offers"]["truck"])))
    for s in g["offers"]["slots"]:
        if s["card"]:
            parts.append(Message("problem-bl-offer", offer=str(s["slot"]), card=words.card(s["card"])))
    return parts


def offers_left(g: dict) -> list:
    """The offers still face up, lowest-numbered Men of Action space first, the Truck space
    (which has no number) last."""
    slots = [s["slot"] for s in g["offers"]["slots"] if s["card"]]
    return slots + (["truck"] if g["offers"]["truck"] else [])


def default_offer(g: dict) -> dict:
    """docs/rules.md "Timeouts": the clock's choice for a seat that let its deadline pass (and a
    forfeited seat's) — the lowest-numbered offer left; a Double Still Improvement gives
    two dice (it can always be had; a Remote Still may run out). `pass` only when no offer
    is left at all (both decks ran dry)."""
    left = offers_left(g)
    if not left:
        return {"type": "pass"}
    cmd = {"type": "take_offer", "offer": left[0]}
    if data.card_kind(offer_card(g, left[0])) == "double_still_improvement":
        cmd["choice"] = "dice"
    return cmd


def check_pass(g: dict) -> None:
    """docs/rules.md "Phase 1 choices are not optional": each Mobster "chooses one of
    the face up cards in an Offer Space (either the Truck card or a Men of Action card)"
    (Phase 1, 5b; step 7: "if one Mobster chose the Truck card rather than a Men of Action
    card") — there is no pass while an offer is left. Games recorded with a Phase-1 pass
    still fold: `passed` keeps its meaning; only `decide` no longer offers it."""
    if offers_left(g):
        raise RuleViolation("offer_required", "Phase 1 has no pass: each Mobster \"chooses one "
                            "of the face up cards in an Offer Space (either the Truck card or a "
                            f"Men of Action card)\" (Phase 1, 5b); take one of: {_describe_offers(g)}",
                            message=Message("problem-bl-offer-required", offers=_offers_said(g)))


def take_offer(em, seat: int, cmd: dict) -> None:
    g, offer, choice = em.game, cmd["offer"], cmd.get("choice")
    card = offer_card(g, offer)
    if card is None:
        raise RuleViolation("unknown_offer", f"there is no card in offer space {offer!r}; "
                            f"the offers are: {_describe_offers(g)}",
                            message=Message("problem-bl-unknown-offer", offer=str(offer),
                                            offers=_offers_said(g)))
    kind = data.card_kind(card)
    check_choice(g, card, choice)
    p = player(g, seat)
    if kind.startswith("truck:"):
        size = kind[6:]
        price = data.TRUCKS[size]["price"]
        if p["cash"] < price or not g["truck_supply"][size]:
            why = (f"you have ${p['cash']}G and the {data.TRUCKS[size]['name']} costs ${price}G"
                   if p["cash"] < price else "no truck of that size is left in the supply")
            em.emit("offer_taken", {"seat": seat, "offer": offer, "card": card,
                                    "result": "discarded", "detail": why})
            return
        em.pay(seat, "bank", price, "truck_purchase")
        em.emit("offer_taken", {"seat": seat, "offer": offer, "card": card, "result": "bought"})
        em.emit("truck_taken", {"seat": seat, "truck": g["truck_supply"][size][0],
                                "size": size, "reason": "bought"})
        return
    payload = {"seat": seat, "offer": offer, "card": card, "result": "taken"}
    if choice is not None:
        payload["choice"] = choice
    em.emit("offer_taken", payload)
    redeem(em, seat, kind, choice)


def check_choice(g: dict, card: str, choice) -> None:
    """A Double Still Improvement needs a valid choice; no other card takes one."""
    kind = data.card_kind(card)
    if choice is not None and kind != "double_still_improvement":
        raise RuleViolation("bad_choice", "a choice only applies to a Double Still Improvement "
                            f"card, not a {data.card_name(card)}", status=422,
                            message=Message("problem-bl-choice-not-applicable", card=words.card(card)))
    if kind == "double_still_improvement":
        if choice not in ("dice", "remote_still"):
            raise RuleViolation("choice_required", 'a Double Still Improvement card needs '
                                '"choice": "dice" (two dice) or "remote_still" (a new Remote '
                                'Still with one die)', status=422,
                                message=Message("problem-bl-choice-required"))
        if choice == "remote_still" and remote_stills_in_play(g) >= data.REMOTE_STILLS:
            raise RuleViolation("capacity", f"all {data.REMOTE_STILLS} Remote Stills are in "
                                'play; take two dice instead ("choice": "dice")',
                                message=Message("problem-bl-remote-stills-all-taken",
                                                count=data.REMOTE_STILLS))


def redeem(em, seat: int, kind: str, choice) -> None:
    """What an Influence / Still / Speakeasy Improvement card gives (offers and Windfall)."""
    g = em.game
    if kind in data.INFLUENCE_CARDS:
        n = min(data.INFLUENCE_CARDS[kind], markers_in_supply(g, seat))
        if n:
            em.emit("influence_gained", {"seat": seat, "count": n, "reason": "card"})
    elif kind == "single_still_improvement":
        em.emit("dice_gained", {"seat": seat, "count": 1})
    elif kind == "double_still_improvement" and choice == "dice":
        em.emit("dice_gained", {"seat": seat, "count": 2})
    elif kind == "double_still_improvement":
        used = {s["id"] for pl in g["players"] for s in pl["stills"]}
        sid = next(f"remote_{n}" for n in range(1, data.REMOTE_STILLS + 1)
                   if f"remote_{n}" not in used)
        em.emit("remote_still_opened", {"seat": seat, "still": sid})
    elif kind == "speakeasy_improvement":
        if improvements_in_supply(g) > 0:
            em.emit("improvement_gained", {"seat": seat, "count": 1})


def discard_unchosen(em) -> None:
    cards = [s["card"] for s in em.game["offers"]["slots"] if s["card"]]
    if cards:
        em.emit("offers_discarded", {"cards": cards})


def order_text(g: dict) -> str:
    return ", ".join(f"seat {s} ({player(g, s)['displayed_muscle']})" for s in muscle_order(g))
