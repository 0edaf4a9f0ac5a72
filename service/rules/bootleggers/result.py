"""The ruleset hook `result` (service/rules/interface.py): a finished game's places and
scores, for a tournament's standings."""
from __future__ import annotations

from .forfeits import ranking


def result(state: dict) -> dict | None:
    """Places by the final ranking: most cash first, ties by Muscle (flow.end_of_phase5), so
    every seat still in has a place of its own; forfeited seats come last, sharing the last
    place — also after a `result_amended` (a forfeit after the end): the ranking is read
    again with the state's forfeits. Scores: final cash. None while running or annulled."""
    g = state.get("game")
    if state.get("annulled") or not g or not g.get("finished"):
        return None
    out = set(state.get("forfeited") or ())
    order = ranking(g, g["final_cash"], out)
    still_in = [s for s in order if s not in out]
    places = {str(s): i for i, s in enumerate(still_in, start=1)}
    places.update({str(s): len(still_in) + 1 for s in order if s in out})
    return {"places": places, "scores": {str(s): g["final_cash"][str(s)] for s in order},
            "score_name": "cash"}
