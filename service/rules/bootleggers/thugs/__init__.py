"""Thug cards: `play_thug`, the reaction window, thug windows and their legal actions.

Playing a card (docs/rules.md "Thug cards and deals") removes it from the hand and opens a
`reaction` step that interrupts whatever step was open (pushed on `game["frames"]`). Every
other seat holding a Thug card is asked; hand sizes are public, so waiting only on them
reveals nothing, and a seat with no card could not react anyway. When all have passed the
card is checked again and resolves (or fizzles if its target vanished); G-Men—Investigation
played meanwhile nullifies it. Investigation itself opens no window: the deck holds a single
Investigation, so nobody could answer it. The interrupted step then resumes.

Inside a `thug_window` a play is *declared*, not resolved ("Priority conflicts ... resolved in
favor of the Mobster wielding the highest Muscle", so not in favour of the fastest request):
`thug_declared` takes the card face down out of the hand and is the seat's answer, as `pass`
is. When every awaited seat has answered (or the deadline passed), the declarations settle one
at a time, highest Muscle first: a card whose targets still hold is revealed into its own
reaction window (`thug_revealed`) and resolves like any other; one whose target is gone goes
back to its holder's hand (`thug_returned`). After the last, the window asks everyone again.
Investigation and a kept Windfall draw are never declared: they conflict with nothing.
"""
from __future__ import annotations

from service.i18n.message import as_data
from service.rules.errors import Message, RuleViolation

from .. import data, words
from .. import placement
from ..model import muscle_order, muscle_rank, player
from . import influence, people, speakeasies, stills, trucks
from .base import displayed, holders

CARDS = {**influence.CARDS, **speakeasies.CARDS, **trucks.CARDS, **stills.CARDS,
         **people.CARDS}
assert set(CARDS) == set(data.THUG_KINDS), set(data.THUG_KINDS) ^ set(CARDS)

answer_vigorish = stills.answer_vigorish
INVESTIGATION = "g_men_investigation"


def _targets(cmd: dict) -> dict:
    return {k: v for k, v in cmd.items() if k not in ("type", "card") and v is not None}


def check(g: dict, seat: int, card: str, t: dict) -> tuple[str, dict]:
    """Validate a play of `card` by `seat`: ("thug", targets) or ("windfall", targets)."""
    displayed(g)
    p = player(g, seat)
    if people.windfall_entry(g, seat, card):
        if g["pending_thug"]:
            raise RuleViolation("thug_pending", "a Thug card is waiting to resolve; wait for "
                                "its reaction window to close", message=Message("problem-bl-thug-waiting"))
        if g["step"] == "vigorish":
            raise RuleViolation("thug_pending", "a Vigorish answer is awaited first",
                                message=Message("problem-bl-vigorish-first"))
        people.check_redeem(g, seat, card, t)
        return "windfall", t
    if card not in p["thug_cards"]:
        mine = ", ".join(p["thug_cards"] + [w["card"] for w in p["windfall"]]) or "none"
        raise RuleViolation("unknown_card", f"{card!r} is not in your hand; your Thug cards: "
                            f"{mine}", status=409,
                            message=Message("problem-bl-thug-not-in-hand", card=words.card(card),
                                            cards=[words.card(c) for c in p["thug_cards"]]
                                            + [words.card(w["card"]) for w in p["windfall"]] or "–"))
    kind = data.card_kind(card)[5:]
    if g["pending_thug"] and kind != INVESTIGATION:
        pend = g["pending_thug"]
        raise RuleViolation("thug_pending", f"seat {pend['seat']}'s "
                            f"{data.card_name(pend['card'])} is waiting to resolve; one Thug "
                            "card resolves at a time (only G-Men—Investigation may answer it)",
                            message=Message("problem-bl-one-thug-at-a-time", seat=str(pend["seat"]),
                                            player=words.who(g, pend["seat"]), card=words.card(pend["card"])))
    if g["step"] == "vigorish" and kind != INVESTIGATION:
        raise RuleViolation("thug_pending", "a Vigorish answer is awaited first",
                            message=Message("problem-bl-vigorish-first"))
    declare = kind != INVESTIGATION and in_window(g)
    if declare and seat in g["step_done"]:
        raise RuleViolation("already_answered", "you have answered this round of the Thug "
                            "window (declared a card or passed); the declared cards resolve in "
                            "Muscle order, then the window asks everyone again",
                            message=Message("problem-bl-already-answered"))
    targets = CARDS[kind].check(g, seat, t)
    unused = sorted(set(t) - set(targets))
    if unused:   # a field the card ignores is a client's mistake, not something to drop quietly
        takes = ", ".join(sorted(targets)) or "no targets"
        raise RuleViolation("unexpected_fields", f"{data.card_name(card)} takes {takes}; it has "
                            f"no {', '.join(unused)}", status=422,
                            message=Message("problem-bl-card-takes", card=words.card(card),
                                            takes=", ".join(sorted(targets)), unused=", ".join(unused))
                            if targets else Message("problem-bl-card-takes-nothing", card=words.card(card),
                                                    unused=", ".join(unused)))
    return ("declare" if declare else "thug"), targets


def in_window(g: dict) -> bool:
    """Plays are declared while a thug window (not a reaction inside it) is open."""
    return g["step"] == "thug_window"


def window_seats(g: dict) -> list[int]:
    """Who a thug window waits for: the seats holding a face-down card, and under "anytime
    influence" the seats that could place a marker (their placements settle here too)."""
    seats = holders(g)
    if g["influence_mode"] == "anytime":
        seats = [s for s in muscle_order(g) if s in seats or placement.can_place(g, s)]
    return seats


def play(em, seat: int, cmd: dict) -> None:
    g, card = em.game, cmd["card"]
    what, t = check(g, seat, card, _targets(cmd))
    if what == "windfall":
        people.redeem(em, seat, card, t)
        return
    kind = data.card_kind(card)[5:]
    if what == "declare":
        em.emit("thug_declared", {"seat": seat, "card": card, "kind": kind, "targets": t})
        return
    if kind == INVESTIGATION:
        pend = g["pending_thug"] if t["target"] == "pending" else None
        em.emit("investigation_played", {
            "seat": seat, "card": card, "target": t["target"],
            "on_seat": pend["seat"] if pend else t["seat"],
            "on_card": pend["card"] if pend else player(g, t["seat"])["union_boss"]})
        if pend:
            resume(em)
        return
    em.emit("thug_played", {"seat": seat, "card": card, "kind": kind, "targets": t,
                            "reactors": holders(g, but=seat)})


def resume(em) -> None:
    """Pop the interrupted step. An interrupted thug window with declarations left settles
    the next one (its seats have all answered); with none left it asks everyone again."""
    g = em.game
    frame = g["frames"][-1]
    payload = {"step": frame["step"]}
    if frame["step"] == "thug_window" and not g.get("declared"):
        payload["seats"] = window_seats(g)
    em.emit("step_resumed", payload)


def _why(gone: RuleViolation) -> dict:
    """The refusal's reason as a message id with parameters (`why`, schema version 2), in no
    language, so the log says it in the reader's; `reason`/`fizzled` keep its English."""
    return {"why": as_data(gone.message)} if gone.message is not None else {}


def settle(em) -> bool:
    """The thug window's answers are all in: settle its declarations, highest Muscle first.
    Returns True when the window is over (nothing was declared), False when a declared card
    waits in its reaction window or the window asks everyone again."""
    g = em.game
    settled = False
    while g.get("declared"):
        d = max(g["declared"], key=lambda x: (muscle_rank(g, x["seat"]), -x["seat"]))
        settled = True
        if "placements" in d:                       # a declared placement under anytime
            fits = placement.what_still_fits(g, d["seat"], d["placements"])
            em.emit("influence_revealed", {"seat": d["seat"], "placements": d["placements"],
                                           "placed": fits})
            continue
        base = {"seat": d["seat"], "card": d["card"], "kind": d["kind"]}
        try:
            t = CARDS[d["kind"]].check(g, d["seat"], dict(d["targets"]))
        except RuleViolation as gone:
            em.emit("thug_returned", {**base, "reason": gone.detail, **_why(gone)})
            continue
        em.emit("thug_revealed", {**base, "targets": t, "reactors": holders(g, but=d["seat"])})
        return False
    seats = window_seats(g)
    if settled and seats:
        em.emit("step_started", {"phase": g["phase"], "step": "thug_window", "seats": seats,
                                 "window": g["window"]})
        return False
    return True


def resolve_pending(em) -> None:
    """The reaction window closed with no Investigation: the card takes effect."""
    g = em.game
    pend = g["pending_thug"]
    base = {"seat": pend["seat"], "card": pend["card"], "kind": pend["kind"]}
    card = CARDS[pend["kind"]]
    try:
        t = card.check(g, pend["seat"], dict(pend["targets"]))
    except RuleViolation as gone:
        em.emit("thug_resolved", {**base, "fizzled": gone.detail, **_why(gone)})
        resume(em)
        return
    em.emit("thug_resolved", base)
    card.resolve(em, pend["seat"], t)
    if g["step"] != "vigorish":
        resume(em)


def plays(g: dict, seat: int) -> list[dict]:
    """Complete `play_thug` bodies this seat may send now (each checked): every valid target
    of every card in the hand (for Safe-house and Mob War, every single-speakeasy or
    one-each split; other splits of the same markers are accepted too)."""
    if not player(g, seat)["thug_cards"] and not player(g, seat)["windfall"]:
        return []
    out = []
    for card in sorted(set(player(g, seat)["thug_cards"])):
        kind = data.card_kind(card)[5:]
        for t in CARDS[kind].candidates(g, seat):
            try:
                check(g, seat, card, dict(t))
            except RuleViolation:
                continue
            out.append({"card": card, **t})
    for card, t in people.redeem_candidates(g, seat):
        try:
            check(g, seat, card, dict(t))
        except RuleViolation:
            continue
        out.append({"card": card, **t})
    return out


__all__ = ["CARDS", "play", "resolve_pending", "resume", "settle", "plays", "answer_vigorish",
           "holders", "window_seats"]
