"""A toy ruleset with waiting steps and timeouts, for the clock's tests (and the bench).

Two rounds; in each, seats roll in turn order (step `bid`, one seat awaited at a time:
every turn is a new step with its own deadline). After the last roll of round 2 the game
ends. `timeout` rolls for the awaited seat, marked as a timeout (actor system, the seat in
the payload) — the docs/rules.md shape of a default. The option `influence: "anytime"` (borrowed:
the API accepts only real game options) turns a round into a step taken all at once
(every seat that has not rolled is awaited).

The worker process finds it through `BOOTLEGGERS_RULESETS=tests.clock.timed_toy:rulesets`.
"""
from __future__ import annotations

from marshmallow import Schema, fields

from service.rules.errors import RuleViolation
from tests.streams.toy import Toy

ROUNDS = 2
SYSTEM = {"kind": "system"}


class Rolled(Schema):
    purpose = fields.String(required=True)
    dice = fields.List(fields.Integer(), required=True)
    seat = fields.Integer(required=True)
    timeout = fields.Boolean()


class RoundOpened(Schema):
    round = fields.Integer(required=True)


class Finished(Schema):
    winner = fields.Integer()


class TimedToy(Toy):
    name = "toy"
    version = "timed-1"
    event_schemas = {**Toy.event_schemas, "dice_rolled": (Rolled, 1), "round_opened": (RoundOpened, 1),
                     "toy_finished": (Finished, 1)}

    def setup(self, state, oracle):
        return [*super().setup(state, oracle), {"type": "round_opened", "payload": {"round": 1}}]

    def evolve(self, state, event):
        kind, p = event["type"], event["payload"]
        if kind == "round_opened":
            state["game"]["round"], state["game"]["rolled"] = p["round"], []
            return state
        state = super().evolve(state, event)
        if kind == "dice_rolled":
            state["game"]["rolled"].append(p["seat"])
        return state

    def _awaited(self, state):
        game = state.get("game") or {}
        if state.get("status") != "running" or "round" not in game:
            return []
        left = [s["seat"] for s in state["seats"] if s["seat"] not in game["rolled"]]
        return left if state["options"].get("influence") == "anytime" else left[:1]

    def waiting(self, state):
        seats = self._awaited(state)
        return {"step": "bid" if seats else None, "seats": seats}

    def _roll(self, state, seat, oracle, timeout=False):
        payload = {"purpose": f"toy:{seat}", "dice": oracle.dice(f"toy:{seat}", 1), "seat": seat}
        draft = {"type": "dice_rolled", "payload": payload}
        if timeout:
            payload["timeout"] = True
            draft["actor"] = dict(SYSTEM)
        return draft

    def _after(self, state, drafts):
        """Open the next round or end the game once everyone has rolled."""
        scratch = {**state, "game": {**state["game"], "rolled": list(state["game"]["rolled"])}}
        scratch["game"]["rolled"] += [d["payload"]["seat"] for d in drafts if d["type"] == "dice_rolled"]
        if len(scratch["game"]["rolled"]) < len(state["seats"]):
            return drafts
        totals = dict(state["game"]["totals"])
        for d in drafts:
            if d["type"] == "dice_rolled":
                totals[str(d["payload"]["seat"])] += sum(d["payload"]["dice"])
        if state["game"]["round"] < ROUNDS:
            return [*drafts, {"type": "round_opened", "payload": {"round": state["game"]["round"] + 1}, "actor": dict(SYSTEM)}]
        best = max(totals, key=lambda s: (totals[s], -int(s)))
        return [*drafts, {"type": "toy_finished", "payload": {"winner": int(best)}, "actor": dict(SYSTEM)}]

    def decide(self, state, actor, command, oracle):
        if command["type"] != "roll":
            raise RuleViolation("not_now", "only `roll` in this toy")
        if actor["seat"] not in self._awaited(state):
            raise RuleViolation("not_your_turn", "wait for your turn")
        return self._after(state, [self._roll(state, actor["seat"], oracle)])

    def timeout(self, state, oracle):
        return self._after(state, [self._roll(state, seat, oracle, timeout=True) for seat in self._awaited(state)])


TIMED_TOY = TimedToy()


def rulesets() -> dict:
    return {"toy": TIMED_TOY}
