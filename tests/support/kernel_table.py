"""Fold a ruleset's drafts into state the way the engine does, without Redis or Flask.

`KernelTable` builds the lobby from the engine's own events (game_created, seat_joined,
game_started), calls RULESET.setup, and then sends commands through the command schema and
`decide`, wrapping each draft in an envelope and folding it with projections.core.evolve;
event payloads are checked against the ruleset's event schemas on the way. Each ruleset's
tests subclass it (tests/rules, tests/rules/prohibition, tests/rules/booze_baron `harness.py`) with
its RULESET, default options and reading conveniences.
"""
from __future__ import annotations

import orjson
from typing import Callable

from marshmallow import RAISE

from events.canonical import copy_value
from projections.core import ENGINE_EVENTS, evolve as core_evolve
from service.rules.common import loading
from service.streams.rng import ScriptedOracle, SeededOracle

ORGANIZER = {"kind": "organizer"}
SYSTEM = {"kind": "system"}


def lookup(ruleset) -> Callable[[str], object]:
    """`ruleset_for` for projections.core: this one ruleset, by its name only."""
    def ruleset_for(name):
        assert name == ruleset.name
        return ruleset
    return ruleset_for


class KernelTable:
    RULESET = None
    NAMES = ["Alice", "Bob", "Charlie", "David", "Eve", "Frank"]
    #: options every game of these tests gets unless a test says otherwise (`rng` is added)
    DEFAULT_OPTIONS: dict = {"deadlines": {}}
    #: False: every envelope's command_id is "c"; True: "c0", "c1", ... by event count
    NUMBERED_COMMANDS = True

    def __init__(self, seats, options=None, script=None, seed=None, check=True):
        self.events: list[dict] = []
        self.state: dict = {"version": 0, "status": "none"}
        self.script = script
        self.seed = seed if seed is not None else b"\x07" * 32
        self.check = check
        self.ruleset_for = lookup(self.RULESET)
        rng = {"mode": "scripted", **script} if script is not None else {"mode": "seeded"}
        opts = {**self.DEFAULT_OPTIONS, **(options or {}), "rng": rng}
        self._append({"type": "game_created", "payload": {
            "ruleset": self.RULESET.name, "ruleset_version": self.RULESET.version,
            "options": opts, "seats": seats, "rng_mode": rng["mode"], "seed_commitment": "c" * 64,
            "script": script, "organizer_token_hash": "org"}}, ORGANIZER)
        for n in range(1, seats + 1):
            self._append({"type": "seat_joined", "payload": {
                "seat": n, "name": self.NAMES[n - 1], "token_hash": f"t{n}"}}, {"kind": "seat", "seat": n})
        self._append({"type": "game_started", "payload": {}}, ORGANIZER)
        self.apply(self.RULESET.setup(copy_value(self.state), self.oracle()), SYSTEM)

    # -- plumbing -------------------------------------------------------------------------
    def oracle(self):
        if self.script is not None:
            return ScriptedOracle(self.script, self.state["rng"]["dice_used"])
        return SeededOracle(self.seed, self.state["version"] + 1)

    def _append(self, draft, actor):
        command_id = f"c{len(self.events)}" if self.NUMBERED_COMMANDS else "c"
        env = {"type": draft["type"], "schema_version": 1, "game_id": "g1",
               "version": self.state["version"] + 1, "recorded_at": "2024-01-01T00:00:00Z",
               "actor": draft.get("actor", actor), "command_id": command_id,
               "payload": copy_value(draft["payload"]), "prev_hash": "0", "hash": "0"}
        if self.check and env["type"] not in ENGINE_EVENTS:
            schema, _ = self.RULESET.event_schemas[env["type"]]
            loading.load(schema, env["payload"], unknown=RAISE)
        self.state = core_evolve(self.state, env, self.ruleset_for)
        self.events.append(env)

    def apply(self, drafts, actor):
        for d in drafts:
            self._append(d, actor)
        if self.check:
            assert orjson.loads(orjson.dumps(self.state)) == self.state  # JSON all the way down
        return drafts

    def send(self, seat, cmd):
        kind = cmd["type"]
        schema, _ = self.RULESET.command_schemas[kind]
        loaded = loading.load(schema, {k: v for k, v in cmd.items() if k != "type"}, unknown=RAISE)
        before = copy_value(self.state)
        actor = {"kind": "seat", "seat": seat}
        drafts = self.RULESET.decide(self.state, actor, {"type": kind, **loaded}, self.oracle())
        assert self.state == before, "decide mutated its input state"
        return self.apply(drafts, actor)

    def timeout(self):
        before = copy_value(self.state)
        drafts = self.RULESET.timeout(self.state, self.oracle())
        assert self.state == before, "timeout mutated its input state"
        return self.apply(drafts, SYSTEM)

    # -- reading --------------------------------------------------------------------------
    @property
    def game(self) -> dict:
        return self.state["game"]

    def since(self, n):
        return self.events[n:]

    def types(self, since: int = 0) -> list[str]:
        return [e["type"] for e in self.events[since:]]
