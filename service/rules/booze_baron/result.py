"""The ruleset hook `result` (service/rules/interface.py): a finished game's places and
scores, for a tournament's standings."""
from __future__ import annotations


def result(state: dict) -> dict | None:
    """A Mob wins, so a seat's place is its Mob's (docs/rules-decisions.md, "Tournaments: a
    Mob's result as placements"): every member of the winning Mob(s) shares place 1; the
    other Mobs follow by their Mob's Coins (the score that decided the game), Mobs level on
    Coins sharing a place; places count seats (1, 1, 3, 3, 5, 5 with three Mobs of two).
    Forfeited seats come after every seat still in, sharing the last place. Scores: each
    seat's own Coins. None while running or annulled."""
    g = state.get("game")
    if state.get("annulled") or not g or not g.get("finished") or not g.get("result"):
        return None
    res = g["result"]
    won, mob_coins = set(res["winners"]), res["mob_coins"]
    mob = {int(s): m for s, m in res["mobs"].items()}
    out = set(state.get("forfeited") or ())
    still_in = [s for s in sorted(mob) if s not in out]

    def rank(m: str) -> tuple:
        return (m not in won, -mob_coins.get(m, 0))

    places = {str(s): 1 + sum(1 for o in still_in if rank(mob[o]) < rank(mob[s])) for s in still_in}
    places.update({str(s): len(still_in) + 1 for s in sorted(mob) if s in out})
    return {"places": places, "scores": {str(s): res["coins"][str(s)] for s in sorted(mob)},
            "score_name": "coins"}
