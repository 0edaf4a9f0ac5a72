"""Views: Prohibition has no hidden information. The board, every pawn, every player's
Bankrolls and Cases and every die are public at the table, so every viewer sees the same
state and events (always copies). The engine still hides the seed until the end."""
from __future__ import annotations

from events.canonical import copy_value

from . import data
from .evolve import board


def view(state: dict, viewer: dict) -> dict:
    """The game, with `winners` always shown: null while the game runs; every seat that
    shares the win once it is over. A game that ended before wins were shared named
    one winner in its stored `game_ended`, and keeps it: `[winner]`."""
    game = copy_value(state.get("game"))
    if game is not None and "winners" not in game:
        game["winners"] = [game["winner"]] if game.get("finished") else None
    return game


def stand_in(state: dict, seat: int, oracle) -> dict:
    """A seat's look-ahead game (service/bots/look_ahead.py): with nothing hidden, the game itself
    (the look-ahead rolls with a stand-in seed)."""
    return {**state, "game": view(state, {"kind": "seat", "seat": seat})}


def redact_event(event: dict, viewer: dict) -> dict:
    return copy_value(event)


def lobby_view(state: dict) -> dict:
    """Before the deal: the board as it will start, and the house round limit the game
    will have (`round_limit`, as in play)."""
    return {"board": board(), "law": None, "round": None, "phase": None,
            "round_limit": data.ROUND_LIMIT}
