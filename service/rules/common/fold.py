"""The engine-owned part of every ruleset's `evolve` (interface.py, "state")."""
from __future__ import annotations

from typing import Callable


def fold_game(game: dict | None, kind: str, payload: dict, setup_type: str,
              new_game: Callable[[dict], dict], on_event: dict[str, Callable[[dict, dict], None]]) -> dict:
    """The game after one event: the ruleset's `setup_type` makes it (`new_game`), every other
    type changes it in place by its own function in `on_event` (a type without one, such as
    talk, leaves the game as it is)."""
    if kind == setup_type:
        return new_game(payload)
    change = on_event.get(kind)
    if change is not None:
        change(game, payload)
    return game


def settle(state: dict, kind: str, payload: dict, end_type: str,
           pending: Callable[[dict], list]) -> dict:
    """After one event is folded into `state["game"]`: the ruleset's end event (`end_type`)
    finishes the game for the engine (`status`, `winner`), and `game.waiting_for` keeps the
    seats the current step awaits. Returns `state`."""
    if kind == end_type:
        state["status"] = "finished"
        state["winner"] = payload["winner"]
    state["game"]["waiting_for"] = pending(state["game"])
    return state


def track_sealed(game: dict, kind: str, version: int | None, sealed: str, revealed: str) -> None:
    """`game.sealed_since`: the version of the first `sealed` event (a hidden choice) until
    the `revealed` event; binding.KernelRuleset.sealed_since reads it. The version is None
    in decide's own draft fold, so a draft never starts the window."""
    if kind == sealed and game.get("sealed_since") is None:
        game["sealed_since"] = version
    elif kind == revealed:
        game["sealed_since"] = None
