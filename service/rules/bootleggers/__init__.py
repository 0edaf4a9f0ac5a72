"""Bootleggers (Eagle Games, 2004): the pure rules kernel, exported as `RULESET`.

The whole game, Thug cards and deals included. The engine calls the `Ruleset` protocol of
service/rules/interface.py; modules: data (numbers), model (lookups, influence levels),
steps (the step table), evolve + evolve_thugs (the fold), thugs/ (one module per family of
Thug cards, the reaction window), deals,
emitter (the Emitter), flow (the step loop), setup, phase1, placement, production, shipping,
selling, commands (decide), legal (legal_actions/waiting/timeout), views, stand_in (a
seat's look-ahead without its hidden information), result (places for a tournament), schemas.
"""
from __future__ import annotations

from service.rules.common.binding import KernelRuleset

from . import commands, data, evolve, legal, setup, views
from .stand_in import stand_in
from .commands import forfeit
from .schemas import COMMAND_SCHEMAS, EVENT_SCHEMAS, EVENT_UPCASTERS
from .report import report_rounds
from .result import result
from .sentences import SENTENCES, log_phase


class BootleggersRuleset(KernelRuleset):
    name = data.RULESET_NAME
    version = data.VERSION
    command_schemas = COMMAND_SCHEMAS
    event_schemas = EVENT_SCHEMAS
    event_upcasters = EVENT_UPCASTERS
    sentences = SENTENCES
    organizer_commands = frozenset({"ruling"})

    shuffle_start = staticmethod(data.shuffle_start)
    report_rounds = staticmethod(report_rounds)
    log_phase = staticmethod(log_phase)
    forfeit = staticmethod(forfeit)  # optional hook: a forfeited seat (commands.py, forfeits.py)
    stand_in = staticmethod(stand_in)  # optional hook: a seat's look-ahead (stand_in.py)
    result = staticmethod(result)  # optional hook: places and scores for a tournament (result.py)


RULESET = BootleggersRuleset(commands, evolve, legal, setup, views)

__all__ = ["RULESET", "BootleggersRuleset"]
