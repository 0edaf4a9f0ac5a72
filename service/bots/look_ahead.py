"""What a command would leave a seat, worked out without foresight: greedy's measure, for the
server's bot (service/bots/seat_bots.py) and for any client (`legal-actions?look_ahead=cash`).

The command is applied to the ruleset's stand-in of the game for that seat (interface.py
`stand_in`: the seat's own view with everything hidden from it dealt again) and rolls its
dice with a stand-in seed, never the game's: neither a bot nor a client may learn from the
answer a die, a sealed bid, a hand or a card order its seat could not see.
"""
from __future__ import annotations

from typing import Callable

from events.canonical import copy_value
from service.rules.common import loading
from service.streams import rng

#: the look-ahead's seed (never the game's: no foresight of dice)
LOOK_AHEAD_SEED = bytes(32)


def cash_after(games, state: dict, seat: int, command: dict, actor: dict | None = None) -> int | None:
    """The seat's cash right after `command` on its stand-in (None: not counted — the ruleset
    has no stand-in or no cash, or the command cannot be applied there)."""
    return weigher(games, state, seat, actor)(command)


def cash_now(games, state: dict, seat: int) -> int | None:
    """The seat's cash now, as greedy counts it (None where it counts none)."""
    ruleset = games.ruleset_for(state["ruleset"])
    return _cash(ruleset, state, seat) if _looks_ahead(ruleset, state) else None


def cash_after_examples(games, state: dict, seat: int, actions: list[dict]) -> list[dict]:
    """`actions` (legal-actions) each with `cash_after`: the seat's cash right after each of
    its examples, in their order (None: not counted, say table talk). One stand-in for all."""
    ruleset = games.ruleset_for(state["ruleset"])
    weigh = weigher(games, state, seat)
    out = []
    for action in actions:
        schema = ruleset.command_schemas.get(action["type"])
        cash = [None if schema is None else weigh(parsed(schema[0], example)) for example in action["examples"]]
        out.append({**action, "cash_after": cash})
    return out


def parsed(schema: type, example: dict) -> dict:
    """A listed example as the referee reads it (its defaults filled in), as a client sends it."""
    return {"type": example["type"], **loading.load(schema, {k: v for k, v in example.items() if k != "type"})}


def weigher(games, state: dict, seat: int, actor: dict | None = None) -> Callable[[dict], int | None]:
    """command -> the seat's cash right after it on the seat's stand-in (built once, for
    weighing several commands)."""
    ruleset = games.ruleset_for(state["ruleset"])
    if not _looks_ahead(ruleset, state):
        return lambda command: None
    actor = actor or {"kind": "seat", "seat": seat}
    before = ruleset.stand_in(state, seat, rng.SeededOracle(LOOK_AHEAD_SEED, state["version"]))

    def weigh(command: dict) -> int | None:
        oracle = rng.SeededOracle(LOOK_AHEAD_SEED, state["version"] + 1)
        try:
            drafts = ruleset.decide(copy_value(before), actor, command, oracle)
            after = games.fold_drafts(before, drafts, actor, games.now())
        except Exception:  # noqa: BLE001 - an example the stand-in cannot take is not counted, never a failure
            return None
        return _cash(ruleset, after, seat)

    return weigh


def _looks_ahead(ruleset, state: dict) -> bool:
    """A running game of a ruleset with a stand-in (interface.py: optional)."""
    return getattr(ruleset, "stand_in", None) is not None and state.get("status") == "running"


def _cash(ruleset, state: dict, seat: int) -> int | None:
    players = (state.get("game") or {}).get("players") or []
    field = getattr(ruleset, "cash_field", "cash")
    cash = next((p.get(field) for p in players if p.get("seat") == seat), None)
    return cash if isinstance(cash, int) and not isinstance(cash, bool) else None
