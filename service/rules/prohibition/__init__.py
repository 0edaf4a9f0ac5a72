"""Prohibition (Warpspawn; seed 003): the pure rules kernel, exported as `RULESET`.

A roll-and-move smuggling game on a 24-space circular track with three Law pawns.
Modules: data (the track and numbers), model (lookups), table (the step table), evolve (the
fold), kernel (Emitter), flow (the turn loop), setup, actions (moves and landings),
commands (decide), legal (legal_actions/waiting/timeout), views, schemas, sentences.
"""
from __future__ import annotations

from . import data
from .commands import decide
from .evolve import evolve
from .legal import legal_actions, timeout, waiting
from .schemas import COMMAND_SCHEMAS, EVENT_SCHEMAS
from .sentences import SENTENCES
from .setup import setup, validate_options
from .views import lobby_view, redact_event, view


class ProhibitionRuleset:
    """Binds the kernel's functions to the names the engine calls."""

    name = data.RULESET_NAME
    version = data.VERSION
    seat_range = (data.MIN_SEATS, data.MAX_SEATS)
    command_schemas = COMMAND_SCHEMAS
    event_schemas = EVENT_SCHEMAS
    sentences = SENTENCES
    organizer_commands = frozenset()

    validate_options = staticmethod(validate_options)
    setup = staticmethod(setup)
    decide = staticmethod(decide)
    evolve = staticmethod(evolve)
    legal_actions = staticmethod(legal_actions)
    waiting = staticmethod(waiting)
    timeout = staticmethod(timeout)
    view = staticmethod(view)
    redact_event = staticmethod(redact_event)
    lobby_view = staticmethod(lobby_view)

    @staticmethod
    def sealed_since(state: dict) -> int | None:
        """Nothing in Prohibition is sealed."""
        return None


RULESET = ProhibitionRuleset()

__all__ = ["RULESET", "ProhibitionRuleset"]
