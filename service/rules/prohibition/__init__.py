"""Prohibition (Warpspawn; seed 003): the pure rules kernel, exported as `RULESET`.

A roll-and-move smuggling game on a 24-space circular track with three Law pawns.
Modules: data (the track and numbers), model (lookups), steps (the step table), evolve (the
fold), emitter (the Emitter), flow (the turn loop), setup, actions (moves and landings),
commands (decide), legal (legal_actions/waiting/timeout), views, schemas, sentences, result
(places for a tournament).
"""
from __future__ import annotations

from service.rules.common.binding import KernelRuleset

from . import commands, data, evolve, legal, setup, views
from .result import result
from .schemas import COMMAND_SCHEMAS, EVENT_SCHEMAS
from .sentences import SENTENCES


class ProhibitionRuleset(KernelRuleset):
    name = data.RULESET_NAME
    version = data.VERSION
    command_schemas = COMMAND_SCHEMAS
    event_schemas = EVENT_SCHEMAS
    sentences = SENTENCES
    seat_range = (data.MIN_SEATS, data.MAX_SEATS)
    stand_in = staticmethod(views.stand_in)  # optional hook: a seat's look-ahead
    result = staticmethod(result)  # optional hook: places and scores for a tournament (result.py)
    cash_field = "bankrolls"  # what greedy counts (service/bots/look_ahead.py): Prohibition's money
    #: options it reads besides the engine's (rng, deadlines, dispute_window): none. The
    #: state shows only these (projections/views.public_options), not Bootleggers' defaults.
    own_options = frozenset()

    @staticmethod
    def sealed_since(state: dict) -> int | None:
        """Nothing in Prohibition is sealed."""
        return None


RULESET = ProhibitionRuleset(commands, evolve, legal, setup, views)

__all__ = ["RULESET", "ProhibitionRuleset"]
