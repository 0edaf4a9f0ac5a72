"""The object the engine calls (service/rules/interface.py `Ruleset`), bound from a kernel.

Each ruleset subclasses `KernelRuleset` with its constants (name, version, schemas, seats)
and builds its one instance from the modules holding its pure functions; every function of
the interface must be found in exactly one of them, so a missing or doubled one fails at
import rather than at the first request.
"""
from __future__ import annotations

from types import ModuleType

#: the functions of interface.Ruleset a kernel provides (lobby_view is optional there,
#: but every hosted ruleset has one)
KERNEL_FUNCTIONS = ("validate_options", "setup", "decide", "evolve", "legal_actions",
                    "waiting", "timeout", "view", "redact_event", "lobby_view")


class KernelRuleset:
    """Binds a kernel's functions to the names the engine calls."""

    name: str
    version: str
    command_schemas: dict
    event_schemas: dict
    event_upcasters: dict = {}
    organizer_commands: frozenset[str] = frozenset()

    def __init__(self, *modules: ModuleType):
        for fn in KERNEL_FUNCTIONS:
            found = {getattr(m, fn) for m in modules if callable(getattr(m, fn, None))}
            if len(found) != 1:
                raise TypeError(f"{type(self).__name__}: {fn} is defined {len(found)} times "
                                "in its kernel modules, not once")
            setattr(self, fn, found.pop())

    @staticmethod
    def sealed_since(state: dict) -> int | None:
        """The version of the first sealed choice while it is hidden (the ruleset's evolve
        keeps it in `game.sealed_since`), else None."""
        return (state.get("game") or {}).get("sealed_since")
