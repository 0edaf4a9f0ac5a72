"""A tournament's pure kernel: `evolve` folds its events into its state (fold.py), the
`decide_*` functions turn a request into events or refuse it with a RuleViolation
(decide.py), and reads.py answers what both and the callers ask of a state.

No I/O, no clock, no randomness but the oracle handed in (the seating order is shuffled by
the RNG module from the tournament's committed seed and recorded in `round_seated`), so a
tournament's record folds to the same state everywhere and its seatings can be re-derived
once the seed is revealed (service/desk/tournament_verify.py).
"""
from __future__ import annotations

from .reads import (RESULT_EXTRAS, active, current_table, final_at, game_id_for, meetings, points_of,
                    result_of, round_open, table_for_game, table_of, table_points)
from .fold import empty_state, evolve, fold
from .decide import (decide_announce, decide_dispute, decide_drop, decide_finish, decide_no_show,
                     decide_register, decide_reinstate, decide_resolve, decide_say, decide_seat_round,
                     decide_table_result, no_show_drafts, replay_drafts, require_organizer)

STATUSES = ("registering", "running", "finished")

__all__ = ["RESULT_EXTRAS", "STATUSES", "active", "current_table", "decide_announce", "decide_dispute",
           "decide_drop", "decide_finish", "decide_no_show", "decide_register", "decide_reinstate",
           "decide_resolve", "decide_say", "decide_seat_round", "decide_table_result", "empty_state",
           "evolve", "final_at", "fold", "game_id_for", "meetings", "no_show_drafts", "points_of",
           "replay_drafts", "require_organizer", "result_of", "round_open", "table_for_game",
           "table_of", "table_points"]
