"""Fold Prohibition drafts into state the way the engine does, without Redis or Flask.

Like tests/rules/harness.py (Bootleggers): the lobby from the engine's own events, then
RULESET.setup, then commands through the command schemas and `decide`, each draft wrapped
in an envelope and folded with projections.core.evolve; event payloads are checked
against the event schemas on the way.
"""
from __future__ import annotations

import copy
import json

from marshmallow import RAISE

from projections.core import ENGINE_EVENTS, evolve as core_evolve
from service.rng import ScriptedOracle, SeededOracle
from service.rules.prohibition import RULESET

NAMES = ["Alice", "Bob", "Charlie", "David", "Eve", "Frank"]


def ruleset_for(name):
    assert name == "prohibition"
    return RULESET


class Table:
    def __init__(self, seats=2, script=None, seed=None, check=True):
        self.events: list[dict] = []
        self.state: dict = {"version": 0, "status": "none"}
        self.script = script
        self.seed = seed if seed is not None else b"\x07" * 32
        self.check = check
        rng = {"mode": "scripted", **script} if script is not None else {"mode": "seeded"}
        opts = {"deadlines": {}, "rng": rng}
        self._append({"type": "game_created", "payload": {
            "ruleset": "prohibition", "ruleset_version": RULESET.version, "options": opts,
            "seats": seats, "rng_mode": rng["mode"], "seed_commitment": "c" * 64,
            "script": script, "organizer_token_hash": "org"}}, {"kind": "organizer"})
        for n in range(1, seats + 1):
            self._append({"type": "seat_joined", "payload": {
                "seat": n, "name": NAMES[n - 1], "token_hash": f"t{n}"}}, {"kind": "seat", "seat": n})
        self._append({"type": "game_started", "payload": {}}, {"kind": "organizer"})
        self.apply(RULESET.setup(copy.deepcopy(self.state), self.oracle()), {"kind": "system"})

    def oracle(self):
        if self.script is not None:
            return ScriptedOracle(self.script, self.state["rng"]["dice_used"])
        return SeededOracle(self.seed, self.state["version"] + 1)

    def _append(self, draft, actor):
        env = {"type": draft["type"], "schema_version": 1, "game_id": "g1",
               "version": self.state["version"] + 1, "recorded_at": "2024-01-01T00:00:00Z",
               "actor": draft.get("actor", actor), "command_id": f"c{len(self.events)}",
               "payload": copy.deepcopy(draft["payload"]), "prev_hash": "0", "hash": "0"}
        if self.check and env["type"] not in ENGINE_EVENTS:
            schema, _ = RULESET.event_schemas[env["type"]]
            schema(unknown=RAISE).load(env["payload"])
        self.state = core_evolve(self.state, env, ruleset_for)
        self.events.append(env)

    def apply(self, drafts, actor):
        for d in drafts:
            self._append(d, actor)
        if self.check:
            assert json.loads(json.dumps(self.state)) == self.state
        return drafts

    def send(self, seat, cmd):
        kind = cmd["type"]
        schema, _ = RULESET.command_schemas[kind]
        loaded = schema(unknown=RAISE).load({k: v for k, v in cmd.items() if k != "type"})
        before = copy.deepcopy(self.state)
        actor = {"kind": "seat", "seat": seat}
        drafts = RULESET.decide(self.state, actor, {"type": kind, **loaded}, self.oracle())
        assert self.state == before, "decide mutated its input state"
        return self.apply(drafts, actor)

    def timeout(self):
        return self.apply(RULESET.timeout(self.state, self.oracle()), {"kind": "system"})

    @property
    def game(self):
        return self.state["game"]

    def player(self, seat):
        return self.game["players"][seat - 1]

    def space(self, n):
        return self.game["board"][n - 1]

    def waiting(self):
        w = RULESET.waiting(self.state)
        return {"step": w["step"], "seats": w["seats"]}

    def since(self, n):
        return self.events[n:]

    def types(self, n=0):
        return [e["type"] for e in self.events[n:]]
