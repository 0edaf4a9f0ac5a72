"""The hidden-role bootlegging game of seed 004 ("Booze Baron"): the pure rules kernel,
exported as `RULESET`.

Three Mobs, secret Booze cards, sealed simultaneous movement over six Locations, Tail /
Steal / Expose. Modules: data (numbers and house data), model (lookups), steps (the step
table), evolve (the fold), emitter (the Emitter), flow (the step loop), setup, actions (one
handler per command), commands (decide), scoring, legal (legal_actions/waiting/timeout),
views (hidden information), schemas, sentences (one log line per event type), result
(places for a tournament).
"""
from __future__ import annotations

from service.rules.common.binding import KernelRuleset

from . import commands, data, evolve, legal, setup, views
from .result import result
from .schemas import COMMAND_SCHEMAS, EVENT_SCHEMAS
from .sentences import SENTENCES


class BoozeBaronRuleset(KernelRuleset):
    name = data.RULESET_NAME
    version = data.VERSION
    command_schemas = COMMAND_SCHEMAS
    event_schemas = EVENT_SCHEMAS
    sentences = SENTENCES
    seat_range = (data.MIN_SEATS, data.MAX_SEATS)
    shuffle_start = staticmethod(setup.shuffle_start)
    result = staticmethod(result)  # optional hook: places and scores for a tournament (result.py)
    #: options it reads besides the engine's (rng, deadlines, dispute_window); the state shows
    #: only these (projections/views.public_options), not Bootleggers' rounds/influence defaults
    own_options = frozenset({"locations", "delivery_deck", "first_baron"})


RULESET = BoozeBaronRuleset(commands, evolve, legal, setup, views)

__all__ = ["RULESET", "BoozeBaronRuleset"]
