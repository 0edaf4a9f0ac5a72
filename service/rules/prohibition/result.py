"""The ruleset hook `result` (service/rules/interface.py): a finished game's places and
scores, for a tournament's standings."""
from __future__ import annotations


def result(state: dict) -> dict | None:
    """Places by Bankrolls: seats level on Bankrolls share the place (docs/rules-decisions.md:
    tied Mobsters share the win — the game's `winners`), so places run 1, 1, 3... A game
    recorded before shared wins named one `winner` by Cases and turn order; it is placed
    the same way, by Bankrolls alone. Forfeited seats come after every seat still in,
    sharing the last place. Scores: Bankrolls. None while running or annulled."""
    g = state.get("game")
    if state.get("annulled") or not g or not g.get("finished"):
        return None
    out = set(state.get("forfeited") or ())
    bankrolls = {p["seat"]: p["bankrolls"] for p in g["players"]}
    still_in = [s for s in bankrolls if s not in out]
    places = {str(s): 1 + sum(1 for o in still_in if bankrolls[o] > bankrolls[s]) for s in still_in}
    places.update({str(s): len(still_in) + 1 for s in bankrolls if s in out})
    return {"places": places, "scores": {str(s): b for s, b in bankrolls.items()},
            "score_name": "bankrolls"}
