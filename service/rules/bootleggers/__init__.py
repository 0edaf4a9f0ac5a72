"""Bootleggers (Eagle Games, 2004): the pure rules kernel, exported as `RULESET`.

The whole game, Thug cards and deals included. The engine calls the `Ruleset` protocol of
service/rules/interface.py; modules: data (numbers), model (lookups, influence levels),
table (the step table), evolve + evolve_thugs (the fold), thugs/ (one module per family of
Thug cards, the reaction window), deals,
kernel (Emitter), flow (the step loop), setup, phase1, placement, production, shipping,
selling, commands (decide), legal (legal_actions/waiting/timeout), views, schemas.
"""
from __future__ import annotations

from . import data
from .commands import decide
from .evolve import evolve
from .forfeits import forfeit
from .legal import legal_actions, timeout, waiting
from .schemas import COMMAND_SCHEMAS, EVENT_SCHEMAS
from .setup import setup, validate_options
from .views import lobby_view, redact_event, view


class BootleggersRuleset:
    """Binds the kernel's functions to the names the engine calls."""

    name = data.RULESET_NAME
    version = data.VERSION
    command_schemas = COMMAND_SCHEMAS
    event_schemas = EVENT_SCHEMAS
    organizer_commands = frozenset({"ruling"})
    forfeit = staticmethod(forfeit)  # optional hook: a forfeited seat (forfeits.py)

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
        """The version of this round's first sealed bid while bids are hidden, else None."""
        return (state.get("game") or {}).get("sealed_since")


RULESET = BootleggersRuleset()

__all__ = ["RULESET", "BootleggersRuleset"]
