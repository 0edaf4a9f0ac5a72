"""The game as sentences (`GET /v1/games/{id}/log`), redacted for the reader.

Each event is redacted for the viewer first (projections.views.view_event, as `/events`
serves it) and then rendered (service/sentences.py), so a sealed bid reads "Bix bid
(sealed)." to everyone but Bix. An entry carries the round and phase the game stood at
once the event was applied (`state["game"]["round"]` / `["phase"]`, which every ruleset
keeps, or the ruleset's `log_phase`), and its text starts with that heading, "Round 3, Phase 1: …"; consecutive entries
with the same round and phase form one group. One entry per event, so `after`/`next_after`
page exactly as `/events` does.
"""
from __future__ import annotations

from projections.core import empty_state, evolve
from projections.views import view_event
from service.sentences import sentence


def names_of(state: dict):
    names = {int(s["seat"]): s["name"] for s in state.get("seats", [])}
    return lambda seat: names.get(int(seat), f"seat {seat}") if seat is not None else "nobody"


def position(state: dict, event: dict | None = None, ruleset=None) -> tuple[object, object]:
    """The round and phase an event belongs to: the state's once it is applied, unless the
    ruleset's optional `log_phase(event, phase)` knows better (a phase with no step)."""
    game = state.get("game") or {}
    phase = game.get("phase")
    if event is not None and hasattr(ruleset, "log_phase") and game.get("round") is not None:
        phase = ruleset.log_phase(event, phase)
    return game.get("round"), phase


def heading(round_, phase) -> str:
    if round_ is None:
        return ""
    if phase is None or phase == "":
        return f"Round {round_}: "
    if isinstance(phase, int):
        return f"Round {round_}, Phase {phase}: "
    return f"Round {round_}, {str(phase).replace('_', ' ')}: "


def actor_of(event: dict, who) -> dict:
    actor = dict(event.get("actor") or {"kind": "system"})
    if actor.get("kind") == "seat":
        actor["name"] = who(actor["seat"])
    return actor


def entries(games, game_id: str, current: dict, viewer: dict, after: int, limit: int) -> tuple[list[dict], int]:
    """`limit` entries after version `after` for `viewer`, and the `next_after` to page on."""
    ruleset = games.ruleset_for(current["ruleset"])
    finished = current["status"] == "finished"
    who = names_of(current)
    state = games.load(game_id, at=after) if after > 0 else empty_state()
    out = []
    events = games.events(game_id, after, limit)
    for event in events:
        state = evolve(state, event, games.ruleset_for)
        shown = view_event(event, viewer, ruleset, finished)
        round_, phase = position(state, event, ruleset)
        out.append({"version": event["version"], "round": round_, "phase": phase,
                    "actor": actor_of(event, who),
                    "text": heading(round_, phase) + sentence(shown, ruleset, who)})
    return out, (events[-1]["version"] if events else after)
