"""The engine's half of the fold: lobby events and bookkeeping every ruleset shares.

Events the engine owns are applied here; every other event is handed to the game's
ruleset. The state is a plain JSON-able dict so that a snapshot is just its canonical
JSON, and "replay equals live state" can be checked byte for byte.
"""
from __future__ import annotations

from typing import Any, Callable

from projections import disputes

CLOCK_EVENTS = frozenset({"deadline_set", "deadline_cleared", "deadline_extended", "deadline_expired",
                          "clock_paused", "clock_resumed"})
DISPUTE_EVENTS = frozenset({"dispute_filed", "dispute_resolved", "seat_forfeited", "seat_replaced",
                            "game_annulled", "result_amended", "seat_given_to_bot", "seat_given_back"})
ENGINE_EVENTS = (frozenset({"game_created", "rematch_of", "seat_joined", "game_started", "said", "seed_revealed"})
                 | CLOCK_EVENTS | DISPUTE_EVENTS)
"""Applied here; `dice_rolled` is counted here and then handed to the ruleset too."""
TOP_LEVEL_EVENTS = frozenset({"said"})
"""Events whose fold sets top-level scalars of the state and nothing nested (a count, the
version, the head hash): a writer may fold them into a shallow copy (service/streams/ledger.py)."""


def empty_state() -> dict[str, Any]:
    return {"version": 0, "status": "none"}


def evolve(state: dict, event: dict, ruleset_for: Callable[[str], Any]) -> dict:
    """Apply one event; `ruleset_for(name)` gives the ruleset object for non-engine events."""
    kind, p = event["type"], event["payload"]
    was = state.get("status")
    if kind == "game_created":
        state = {
            "game_id": event["game_id"],
            "ruleset": p["ruleset"],
            "ruleset_version": p["ruleset_version"],
            "status": "lobby",
            "created_at": event["recorded_at"],
            "options": p["options"],
            "seats_total": p["seats"],
            "seats": [],
            "rng": {"mode": p["rng_mode"], "seed_commitment": p.get("seed_commitment"),
                    "script": p.get("script"), "dice_used": 0, "seed": None},
            "auth": {p["organizer_token_hash"]: {"kind": "organizer"}},
            "talk_count": 0,
            "game": None,
            "winner": None,
        }
        if p.get("tournament"):  # a tournament's table (absent otherwise: older states fold as before)
            state["tournament"] = dict(p["tournament"])
    elif kind == "rematch_of":  # a rematch's pointer back (kept out of the served state: GET /rematch)
        state["rematch_of"] = {"game_id": p["game_id"], "version": p["version"]}
    elif kind == "seat_joined":
        state["seats"].append({"seat": p["seat"], "name": p["name"]})
        state["auth"][p["token_hash"]] = {"kind": "seat", "seat": p["seat"]}
    elif kind == "game_started":
        state["status"] = "running"
    elif kind == "said":
        disputes.said(state, event)
    elif kind == "seed_revealed":
        state["rng"]["seed"] = p["seed"]
    elif kind in CLOCK_EVENTS:
        _clock(state, kind, p, event)
    elif kind in DISPUTE_EVENTS:
        _dispute(state, kind, p, event)
    else:
        if kind == "dice_rolled":
            state["rng"]["dice_used"] += len(p["dice"])
        state = ruleset_for(state["ruleset"]).evolve(state, event)
    if was != "finished" and state["status"] == "finished":
        state["ended_at"] = event["recorded_at"]  # the dispute window counts from here
    state["version"] = event["version"]
    state["head_hash"] = event["hash"]
    return state


def _dispute(state: dict, kind: str, p: dict, event: dict) -> None:
    """Disputes (folded as a tournament's are: projections/disputes.py) and the engine's rulings
    (service/table/disputes.py). Their keys appear with the first such event, so a game without
    any folds as it always did."""
    if kind == "dispute_filed":
        disputes.dispute_filed(state, event)
    elif kind == "dispute_resolved":
        disputes.dispute_resolved(state, event)
    elif kind == "seat_forfeited":
        state.setdefault("forfeited", []).append(p["seat"])
    elif kind in ("seat_replaced", "seat_given_back"):
        state["auth"] = {h: a for h, a in state["auth"].items()
                         if not (a.get("kind") == "seat" and a.get("seat") == p["seat"])}
        state["auth"][p["token_hash"]] = {"kind": "seat", "seat": p["seat"]}
        if kind == "seat_given_back":
            state["bots"].pop(str(p["seat"]), None)
    elif kind == "seat_given_to_bot":
        state.setdefault("bots", {})[str(p["seat"])] = p["strategy"]
    elif kind in ("game_annulled", "result_amended"):
        annulled = kind == "game_annulled"
        if state["status"] == "finished":   # an amended result: the original stays in its event
            state.setdefault("amendments", []).append({
                "version": event["version"], "kind": "annulled" if annulled else "result_amended",
                "winner": None if annulled else p["winner"], "winner_was": p.get("winner_was"),
                "reason": p["reason"], "dispute": p.get("dispute")})
        if annulled:
            state["status"], state["annulled"] = "finished", {"reason": p["reason"], "version": event["version"]}
        state["winner"] = None if annulled else p["winner"]


def _clock(state: dict, kind: str, p: dict, event: dict) -> None:
    """`deadline`: the waiting step's deadline or None; `timeout_count`: how many steps timed
    out (who and where: service/desk/history.py, from the `deadline_expired` events)."""
    deadline = state.get("deadline")
    if kind == "deadline_set":
        state["deadline"] = {k: p[k] for k in ("step", "seats", "due_at", "step_version", "round", "paused_at") if k in p}
    elif kind in ("deadline_cleared", "deadline_expired"):
        state["deadline"] = None
    elif kind == "deadline_extended" and deadline:
        deadline["due_at"] = p["due_at"]
    elif kind == "clock_paused":
        state["clock_paused_at"] = p["paused_at"]
        if deadline:
            deadline["paused_at"] = p["paused_at"]
    elif kind == "clock_resumed":
        state["clock_paused_at"] = None
        if deadline:
            deadline.pop("paused_at", None)
            deadline["due_at"] = p["due_at"] or deadline["due_at"]
    if kind == "deadline_expired":
        state["timeout_count"] = state.get("timeout_count", 0) + 1


def fold(events, ruleset_for, state: dict | None = None) -> dict:
    state = state if state is not None else empty_state()
    for event in events:
        state = evolve(state, event, ruleset_for)
    return state
