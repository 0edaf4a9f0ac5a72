"""The checks every ruleset's `decide` makes the same way, with the same sentences."""
from __future__ import annotations

from service.rules.errors import Message, RuleViolation


def started(state: dict) -> dict:
    """`state["game"]`, or a refusal before the deal."""
    game = state.get("game")
    if game is None:
        raise RuleViolation("not_started", "the game has not started yet",
                            message=Message("problem-not-started"))
    return game


def seat_of(actor: dict) -> int:
    """The seat sending a game command; the organizer and spectators hold none."""
    if actor.get("kind") != "seat":
        raise RuleViolation("not_a_player", "only a seated player can send game commands",
                            status=403, message=Message("problem-seated-only"))
    return int(actor["seat"])


def require_player(game: dict, seat: int) -> None:
    if seat not in [p["seat"] for p in game["players"]]:
        raise RuleViolation("not_a_player", f"seat {seat} is not in this game", status=403,
                            message=Message("problem-seat-not-in-game", seat=str(seat)))
