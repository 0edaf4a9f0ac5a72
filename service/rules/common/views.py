"""What every ruleset's views do alike (interface.py `view` / `redact_event`)."""
from __future__ import annotations


def seat_of(viewer: dict) -> int | None:
    """The viewer's seat; None for the organizer and spectators."""
    return int(viewer["seat"]) if viewer.get("kind") == "seat" else None


def hide_shuffle_order(payload: dict) -> None:
    """A `deck_shuffled` as a non-organizer sees it: how many cards, not their order
    (interface.py: deck order is the organizer's)."""
    payload["count"] = len(payload.get("order") or [])
    payload["order"] = None
