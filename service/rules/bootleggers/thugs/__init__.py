"""Thug cards: `play_thug`, the reaction window, thug windows and their legal actions.

Playing a card (RULES.md "Thug cards and deals") removes it from the hand and opens a
`reaction` step that interrupts whatever step was open (pushed on `game["frames"]`). Every
other seat holding a Thug card is asked; hand sizes are public, so waiting only on them
reveals nothing, and a seat with no card could not react anyway. When all have passed the
card is checked again and resolves (or fizzles if its target vanished); G-Men—Investigation
played meanwhile nullifies it. Investigation itself opens no window: the deck holds a single
Investigation, so nobody could answer it. The interrupted step then resumes — a thug window
asks everyone again.
"""
from __future__ import annotations

from service.rules.errors import RuleViolation

from .. import data
from ..model import player
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
                                "its reaction window to close")
        if g["step"] == "vigorish":
            raise RuleViolation("thug_pending", "a Vigorish answer is awaited first")
        people.check_redeem(g, seat, card, t)
        return "windfall", t
    if card not in p["thug_cards"]:
        mine = ", ".join(p["thug_cards"] + [w["card"] for w in p["windfall"]]) or "none"
        raise RuleViolation("unknown_card", f"{card!r} is not in your hand; your Thug cards: "
                            f"{mine}", status=409)
    kind = data.card_kind(card)[5:]
    if g["pending_thug"] and kind != INVESTIGATION:
        pend = g["pending_thug"]
        raise RuleViolation("thug_pending", f"seat {pend['seat']}'s "
                            f"{data.card_name(pend['card'])} is waiting to resolve; one Thug "
                            "card resolves at a time (only G-Men—Investigation may answer it)")
    if g["step"] == "vigorish" and kind != INVESTIGATION:
        raise RuleViolation("thug_pending", "a Vigorish answer is awaited first")
    targets = CARDS[kind].check(g, seat, t)
    unused = sorted(set(t) - set(targets))
    if unused:   # a field the card ignores is a client's mistake, not something to drop quietly
        takes = ", ".join(sorted(targets)) or "no targets"
        raise RuleViolation("unexpected_fields", f"{data.card_name(card)} takes {takes}; it has "
                            f"no {', '.join(unused)}", status=422)
    return "thug", targets


def play(em, seat: int, cmd: dict) -> None:
    g, card = em.game, cmd["card"]
    what, t = check(g, seat, card, _targets(cmd))
    if what == "windfall":
        people.redeem(em, seat, card, t)
        return
    kind = data.card_kind(card)[5:]
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
    """Pop the interrupted step; an interrupted thug window asks every holder again."""
    g = em.game
    frame = g["frames"][-1]
    payload = {"step": frame["step"]}
    if frame["step"] == "thug_window":
        payload["seats"] = holders(g)
    em.emit("step_resumed", payload)


def resolve_pending(em) -> None:
    """The reaction window closed with no Investigation: the card takes effect."""
    g = em.game
    pend = g["pending_thug"]
    base = {"seat": pend["seat"], "card": pend["card"], "kind": pend["kind"]}
    card = CARDS[pend["kind"]]
    try:
        t = card.check(g, pend["seat"], dict(pend["targets"]))
    except RuleViolation as gone:
        em.emit("thug_resolved", {**base, "fizzled": gone.detail})
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


__all__ = ["CARDS", "play", "resolve_pending", "resume", "plays", "answer_vigorish", "holders"]
