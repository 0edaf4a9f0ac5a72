"""A Prohibition bot's taste, shared by the property tests and the golden recordings: half
the time it prefers a move that ends its pawn on a Culture space with Bankrolls (or a buy or
sale that does something); otherwise any listed example. Pure random play rarely empties the
Culture spaces; a smuggler who wants the money does."""
from __future__ import annotations

from service.rules.prohibition import data


def keen(game: dict, seat: int, examples: list[dict]) -> list[dict]:
    here = next(p for p in game["players"] if p["seat"] == seat)["space"]
    board = game["board"]
    out = [e for e in examples if e["type"] == "move" and e["pawn"] == "own"
           and board[data.step(here, e["die"], e["direction"]) - 1].get("bankrolls")]
    return out or [e for e in examples if e["type"] in ("buy", "sell")
                   and (e.get("cases") or e.get("accept"))] or examples


def choose(rng, game: dict, seat: int, examples: list[dict]) -> dict:
    return rng.choice(keen(game, seat, examples) if rng.random() < 0.5 else examples)


def pick_over_rest(rng, state: dict, seat: int, legal: dict) -> dict:
    """For tests/support/bots.play(pick=...): the organizer's state shows the whole board."""
    examples = [e for a in legal["actions"] if a["type"] != "say" for e in a["examples"]]
    return choose(rng, state, seat, examples)
