"""What every Thug card module shares: the Card record, windows, and target lookups.

A card is three pure functions. `check(g, seat, t)` validates the targets against the table
(window included) and returns them normalized, raising RuleViolation with a sentence a
player understands; it runs when the card is played *and again when it resolves* (after the
reaction window), so a target that vanished meanwhile makes the card fizzle instead of
corrupting the table. `resolve(em, seat, t)` emits the effect. `candidates(g, seat)` yields
target dicts for legal-actions; only those `check` accepts are listed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from service.rules.errors import Message, RuleViolation

from .. import words
from ..model import find_truck, muscle_displayed, player, sname, speakeasy, still


@dataclass(frozen=True)
class Card:
    check: Callable[[dict, int, dict], dict]
    resolve: Callable[[object, int, dict], None]
    candidates: Callable[[dict, int], Iterable[dict]]


def bad(code: str, detail: str, status: int = 409, *, message: Message | None = None) -> RuleViolation:
    return RuleViolation(code, detail, status=status, message=message)


def need(t: dict, *names: str) -> None:
    missing = [n for n in names if t.get(n) is None]
    if missing:
        raise bad("missing_target", f"this card needs {', '.join(missing)}", 422,
                  message=Message("problem-bl-card-needs", fields=", ".join(missing)))


# --- where the round stands (the step under any reaction window) ---------------------------------
def base(g: dict) -> dict:
    """The interrupted step's frame if a reaction/Vigorish is open, else the game itself."""
    return g["frames"][0] if g["frames"] else g


def before_production(g: dict) -> bool:
    return base(g)["phase"] in (1, 2)


def shipping_phase(g: dict) -> bool:
    return base(g)["phase"] == 4


def after_loading(g: dict) -> bool:
    return shipping_phase(g) and base(g)["step"] not in ("deals", "load")


def before_phase4_ends(g: dict) -> bool:
    """Phase 4 is not over: unloaded crates are still held (they are lost or warehoused when
    the dispatch ends: flow._after_dispatch)."""
    b = base(g)
    return b["phase"] < 4 or b["step"] in ("deals", "load", "dispatch") or (
        b["step"] == "thug_window" and g.get("window") == "after_loading")


def displayed(g: dict) -> None:
    if not muscle_displayed(g):
        raise bad("wrong_step", "Thug cards are played only while Muscle cards are displayed "
                  "(from the Phase 1 reveal to the end of Phase 5)",
                  message=Message("problem-bl-thug-needs-muscle"))


# --- targets -----------------------------------------------------------------------------------------
def other_seat(g: dict, seat: int, target) -> int:
    seats = [p["seat"] for p in g["players"]]
    if target not in seats:
        raise bad("unknown_seat", f"there is no seat {target!r}; the seats are "
                  f"{', '.join(map(str, seats))}", 422,
                  message=Message("problem-no-such-seat", seat=str(target), seats=words.listing(seats)))
    if target == seat:
        raise bad("bad_target", "choose another mobster, not yourself",
                  message=Message("problem-bl-not-yourself"))
    return int(target)


def a_speakeasy(g: dict, sid, *, open_=True, omalleys=False) -> dict:
    s = speakeasy(g, sid) if isinstance(sid, str) else None
    if s is None:
        raise bad("unknown_speakeasy", f"there is no speakeasy {sid!r} in this game", 422,
                  message=Message("problem-bl-no-such-speakeasy", id=str(sid)))
    if s["id"] == "omalleys" and not omalleys:
        raise bad("bad_target", "this card cannot be played on O'Malley's",
                  message=Message("problem-bl-not-on-omalleys"))
    if open_ and not s["open"]:
        raise bad("speakeasy_closed", f"{sname(s['id'])} is closed; the card needs an open "
                  "speakeasy", message=Message("problem-bl-card-needs-open", speakeasy=words.speakeasy(s["id"])))
    return s


def truck_not_sold_from(g: dict, tr: dict) -> None:
    """A lined-up truck's cargo can be borrowed until its first crate is sold: at the
    speakeasy selling now, the trucks at the Majority and Minority docks (and anywhere
    under unlimited demand) have had their turn; a Public-dock truck has had it once the
    question about it was answered."""
    sel = g.get("selling") or {}
    if not tr["at"] or sel.get("speakeasy") != tr["at"]:
        return
    entry = next(e for e in speakeasy(g, tr["at"])["trucks"] if e["truck"] == tr["id"])
    waiting = (entry["dock"] == "public" and sel.get("remaining") is not None
               and entry["truck"] not in sel.get("asked", []) and not sel.get("refused"))
    if not waiting:
        raise bad("too_late", f"{tr['id']}'s turn to sell at {sname(tr['at'])} has come; its "
                  "cargo can be borrowed only until its first crate is sold",
                  message=Message("problem-bl-pigeon-too-late", truck=words.truck(tr["id"]),
                                  speakeasy=words.speakeasy(tr["at"])))


def still_selling(g: dict, s: dict, what: str, card: Message) -> None:
    """docs/rules.md "How late a card may come", one rule for the cards on a
    speakeasy's sales: playable while that speakeasy still has crates lined up to sell (a
    Public-dock question open there included), refused `too_late` once it has finished
    selling. The effect applies to the crates not yet sold."""
    sel = g.get("selling") or {}
    if s["id"] in (sel.get("done") or []):
        raise bad("too_late", f"{sname(s['id'])} has finished selling this round, so {what} "
                  "could change no sale there any more",
                  message=Message("problem-bl-sales-over", speakeasy=words.speakeasy(s["id"]), card=card))


def a_truck(g: dict, tid) -> tuple[dict, dict]:
    holder, t = find_truck(g, tid) if isinstance(tid, str) else (None, None)
    if t is None:
        raise bad("unknown_truck", f"there is no truck {tid!r} in play", 422,
                  message=Message("problem-bl-no-truck-in-play", truck=str(tid)))
    return holder, t


def a_still(g: dict, seat, sid) -> tuple[dict, dict]:
    seats = [p["seat"] for p in g["players"]]
    if seat not in seats:
        raise bad("unknown_seat", f"there is no seat {seat!r}", 422,
                  message=Message("problem-bl-no-seat", seat=str(seat)))
    p = player(g, seat)
    st = still(p, sid) if isinstance(sid, str) else None
    if st is None:
        raise bad("unknown_still", f"seat {seat} has no still {sid!r}; its stills are "
                  f"{', '.join(s['id'] for s in p['stills'])}", 422,
                  message=Message("problem-bl-seat-no-still", seat=str(seat), player=words.named(p),
                                  still=str(sid), stills=words.listing(s["id"] for s in p["stills"])))
    return p, st


def can_pay(g: dict, seat: int, amount: int, what: str, said: Message) -> None:
    """`what` costs `amount` (`said`: `what` as a catalog message)."""
    cash = player(g, seat)["cash"]
    if cash < amount:
        raise bad("insufficient_cash", f"{what} costs ${amount}G and you have ${cash}G",
                  message=Message("problem-bl-cannot-pay", what=said, cost=words.money(amount),
                                  has=words.money(cash)))


def holders(g: dict, but: int | None = None) -> list[int]:
    """Seats holding a face-down card (a Thug card or a kept Windfall draw), in Muscle order:
    hand sizes are public, which of them is a Thug card is not."""
    from ..model import face_down, muscle_order
    return [s for s in muscle_order(g) if s != but and face_down(player(g, s))]
