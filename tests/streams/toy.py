"""A toy ruleset for engine tests: proves the engine hosts any ruleset and lets the lobby,
store, views and RNG be tested apart from Bootleggers.

Each seat holds a secret number; `roll` rolls a die for the seat (an event); `finish` ends
the game, the highest total winning.
"""
from __future__ import annotations

import copy

from marshmallow import Schema, fields, validate

from service.rules.errors import RuleViolation


class Nothing(Schema):
    pass


class Roll(Schema):
    count = fields.Integer(strict=True, load_default=1, validate=validate.Range(1, 3))


class Dealt(Schema):
    secrets = fields.Dict()


class Finished(Schema):
    winner = fields.Integer()


class DiceRolled(Schema):
    purpose = fields.String(required=True)
    dice = fields.List(fields.Integer(), required=True)
    seat = fields.Integer()


class Toy:
    name = "toy"
    version = "1"
    command_schemas = {"roll": (Roll, "any time"), "finish": (Nothing, "any time")}
    event_schemas = {"secrets_dealt": (Dealt, 1), "toy_finished": (Finished, 1), "dice_rolled": (DiceRolled, 1)}

    def validate_options(self, options, seats):
        return {}

    def shuffle_start(self, payload, before):
        return list(range(1, 10)) if payload.get("deck") == "numbers" else None

    def setup(self, state, oracle):
        order = oracle.shuffle("numbers", list(range(1, 10)))
        return [{"type": "deck_shuffled", "payload": {"deck": "numbers", "order": order}},
                {"type": "secrets_dealt", "payload": {"secrets": {str(s["seat"]): order[i] for i, s in enumerate(state["seats"])}}}]

    def decide(self, state, actor, command, oracle):
        if command["type"] == "roll":
            return [{"type": "dice_rolled", "payload": {"purpose": f"toy:{actor['seat']}",
                                                         "dice": oracle.dice("toy", command["count"]), "seat": actor["seat"]}}]
        totals = state["game"]["totals"]
        if not any(totals.values()):
            raise RuleViolation("nothing_rolled", "nobody has rolled yet; roll before you finish")
        best = max(totals, key=lambda s: (totals[s], -int(s)))
        return [{"type": "toy_finished", "payload": {"winner": int(best)}}]

    def evolve(self, state, event):
        p = event["payload"]
        if event["type"] == "deck_shuffled":
            state["game"] = {"deck": p["order"], "secrets": {}, "totals": {}}
        elif event["type"] == "secrets_dealt":
            state["game"]["secrets"] = p["secrets"]
            state["game"]["totals"] = {seat: 0 for seat in p["secrets"]}
        elif event["type"] == "dice_rolled":
            state["game"]["totals"][str(p["seat"])] += sum(p["dice"])
        elif event["type"] == "toy_finished":
            state["status"], state["winner"] = "finished", p["winner"]
        return state

    def legal_actions(self, state, seat):
        return {"phase": "play", "step": "roll", "actions": [
            {"type": "roll", "params": {"count": {"min": 1, "max": 3}}, "examples": [{"type": "roll", "count": 1}]}]}

    def waiting(self, state):
        return {"step": "roll", "seats": [s["seat"] for s in state["seats"]]}

    def timeout(self, state, oracle):
        return []

    def view(self, state, viewer):
        game = state["game"]
        mine = str(viewer.get("seat")) if viewer["kind"] == "seat" else None
        secrets = {s: (n if viewer["kind"] == "organizer" or s == mine else None) for s, n in game["secrets"].items()}
        return {"secrets": secrets, "totals": dict(game["totals"])}

    def redact_event(self, event, viewer):
        event = copy.deepcopy(event)
        if event["type"] == "secrets_dealt" and viewer["kind"] != "organizer":
            mine = str(viewer.get("seat"))
            event["payload"]["secrets"] = {s: (n if s == mine else None) for s, n in event["payload"]["secrets"].items()}
        return event


TOY = Toy()
