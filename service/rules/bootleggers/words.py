"""The nouns a Bootleggers refusal names, as catalog messages (service/rules/errors.Message):
a speakeasy, a card, a truck, a still, a step, a sum of money, a player. The HTTP layer
renders them in the reader's language ("Large Truck 2" / "Großer Lkw 2"); the kernel's
English `detail` keeps its own words."""
from __future__ import annotations

from service.rules.common.names import listing, named, who
from service.rules.errors import Message

from . import data

__all__ = ["card", "closed_why", "listing", "money", "named", "speakeasy", "step", "still", "thug",
           "truck", "truck_size", "who"]


def money(amount) -> Message:
    """"$3G" / "3 Riesen"."""
    return Message("problem-bl-money", amount=amount)


def speakeasy(sid) -> Message:
    return Message("problem-bl-speakeasy", id=str(sid))


def card(card) -> Message:
    """Any card id or kind: a Thug card, a Men of Action card, a Truck card."""
    kind = data.card_kind(str(card))
    if kind.startswith("thug:"):
        return Message("problem-bl-thug", kind=kind[5:])
    if kind.startswith("truck:"):
        return Message("problem-bl-truck-card", size=kind[6:])
    return Message("problem-bl-moa", kind=kind)


def thug(kind: str) -> Message:
    return Message("problem-bl-thug", kind=kind)


def truck(tid) -> Message:
    """A truck miniature ("small_3": Small Truck 3)."""
    size, _, number = str(tid).rpartition("_")
    if size not in data.TRUCKS:
        size, number = "other", str(tid)
    return Message("problem-bl-truck", size=size, number=number)


def truck_size(size: str) -> Message:
    return Message("problem-bl-truck-size", size=size)


def still(sid) -> Message:
    """"family" (the Family Still) or "remote_2" (Remote Still 2)."""
    kind, _, number = str(sid).partition("_")
    if kind not in ("family", "remote"):
        kind, number = "other", str(sid)
    return Message("problem-bl-still", kind=kind, number=number)


def step(step) -> Message:
    """Where the game stands ("Phase 1 sealed bidding")."""
    return Message("problem-bl-step", step=str(step or "automatic"))



def closed_why(game: dict, s: dict) -> Message:
    """Why a speakeasy is closed (model.closed_because, as a message)."""
    if s["id"] in (game.get("effects") or {}).get("busted", []):
        return Message("problem-bl-closed-busted")
    return Message("problem-bl-closed-shaded", shaded=s["shaded"], placed=sum(s["influence"].values()))
