"""The hidden-role bootlegging game of seed 004 ("Booze Baron"): the pure rules kernel,
exported as `RULESET`.

Three Mobs, secret Booze cards, sealed simultaneous movement over six Locations, Tail /
Steal / Expose. Modules: data (numbers and house data), model (lookups), table (the step
table), evolve (the fold), kernel (Emitter), flow (the step loop), setup, actions (one
handler per command), commands (decide), scoring, legal (legal_actions/waiting/timeout),
views (hidden information), schemas, sentences (one log line per event type).
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


class BoozeBaronRuleset:
    """Binds the kernel's functions to the names the engine calls."""

    name = data.RULESET_NAME
    version = data.VERSION
    command_schemas = COMMAND_SCHEMAS
    event_schemas = EVENT_SCHEMAS
    sentences = SENTENCES
    organizer_commands = frozenset()
    seat_range = (data.MIN_SEATS, data.MAX_SEATS)

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
        """The version of this Move Phase's first sealed Movement card until the reveal."""
        return (state.get("game") or {}).get("sealed_since")


RULESET = BoozeBaronRuleset()

__all__ = ["RULESET", "BoozeBaronRuleset"]
