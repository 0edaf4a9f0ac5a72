"""Fold Booze Baron drafts into state the way the engine will, without Redis or Flask
(the same idea as tests/rules/harness.py, for this ruleset): engine lobby events, then
RULESET.setup, then commands through their schema and `decide`, each draft wrapped in an
envelope and folded with projections.core.evolve."""
from __future__ import annotations

import copy
import json
import random

from marshmallow import RAISE

from projections.core import ENGINE_EVENTS, evolve as core_evolve
from service.rng import ScriptedOracle, SeededOracle
from service.rules.booze_baron import RULESET
from service.rules.booze_baron import data

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
ORGANIZER = {"kind": "organizer"}


def ruleset_for(name):
    assert name == "booze_baron"
    return RULESET


def booze_script(mobs: list[str]) -> dict:
    """A scripted `decks` entry that deals seat n the Mob mobs[n-1] (cards in seed order).
    The per-Mob piles stay in printed order when unscripted; only the pile is ordered."""
    n = len(mobs)
    size = data.pile_size(n)
    pile = [data.BOOZE_CARDS[m][r] for r in range(size // 3) for m in data.MOBS]
    decks = {}
    if n in (4, 7):
        rest = [c for m in data.MOBS for c in data.BOOZE_CARDS[m][size // 3:]]
        extra_mob = next(m for m in data.MOBS if mobs.count(m) > size // 3)
        extra = next(c for c in rest if data.MOB_OF[c] == extra_mob)
        decks["booze_rest"] = [extra] + [c for c in rest if c != extra]
        pile.append(extra)
    order, left = [], list(pile)
    for m in mobs:
        card = next(c for c in left if data.MOB_OF[c] == m)
        left.remove(card)
        order.append(card)
    decks["booze_pile"] = order + left
    return decks


class Table:
    def __init__(self, seats=4, options=None, script=None, seed=None, check=True):
        self.events: list[dict] = []
        self.state: dict = {"version": 0, "status": "none"}
        self.script = script
        self.seed = seed if seed is not None else b"\x07" * 32
        self.check = check
        opts = {"deadlines": {}, **(options or {})}
        rng = {"mode": "scripted", **script} if script is not None else {"mode": "seeded"}
        opts["rng"] = rng
        self._append({"type": "game_created", "payload": {
            "ruleset": "booze_baron", "ruleset_version": RULESET.version, "options": opts,
            "seats": seats, "rng_mode": rng["mode"], "seed_commitment": "c" * 64,
            "script": script, "organizer_token_hash": "org"}}, ORGANIZER)
        for n in range(1, seats + 1):
            self._append({"type": "seat_joined", "payload": {
                "seat": n, "name": NAMES[n - 1], "token_hash": f"t{n}"}}, {"kind": "seat", "seat": n})
        self._append({"type": "game_started", "payload": {}}, ORGANIZER)
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
        return self.apply(RULESET.timeout(copy.deepcopy(self.state), self.oracle()), {"kind": "system"})

    # -- reading --------------------------------------------------------------------------
    @property
    def game(self) -> dict:
        return self.state["game"]

    def p(self, seat: int) -> dict:
        return next(x for x in self.game["players"] if x["seat"] == seat)

    def waiting(self) -> list[int]:
        return RULESET.waiting(self.state)["seats"]

    def legal(self, seat: int) -> dict:
        return RULESET.legal_actions(self.state, seat)

    def moves(self, where: dict[int, str]) -> None:
        """Everybody chooses a Location (seat -> location id)."""
        for seat, loc in where.items():
            self.send(seat, {"type": "choose_move", "location": loc})

    def types(self, since: int = 0) -> list[str]:
        return [e["type"] for e in self.events[since:]]


def random_play(t: Table, rnd: random.Random, max_commands: int = 3000, timeouts: float = 0.0):
    """Play by legal-action examples only until the game ends."""
    for _ in range(max_commands):
        if t.state["status"] == "finished":
            return t
        waiting = t.waiting()
        assert waiting, f"nobody awaited at {t.state['version']}"
        if timeouts and rnd.random() < timeouts:
            t.timeout()
            continue
        seat = rnd.choice(waiting)
        actions = [a for a in t.legal(seat)["actions"] if a["examples"]]
        assert actions, f"seat {seat} is awaited but has no legal action"
        t.send(seat, rnd.choice(rnd.choice(actions)["examples"]))
    raise AssertionError("the game did not end")
