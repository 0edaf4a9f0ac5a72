"""Deadlines as engine events: which step gets one, and the organizer's clock controls.

Everything here is a pure function of a state and a time, so the arithmetic is tested
in-process (freezegun) and the worker and the web app can never disagree about it.

Identity of a waiting step. A deadline belongs to the step the game waited on when it was
set; its `step_version` is the version of its own `deadline_set` event (unique, rising).
A batch opens a *new* step — and so a new deadline — when, comparing the waiting before
and after the batch:

- the step name or the round changed, or a new step of the same name opened (the ruleset's
  `since`: the next Public-dock question to the same player is a new question), or
- someone is awaited who was not awaited before (the next seat's turn in a step taken in
  turn order; a card that asks everyone again), or
- the deadline was consumed (`deadline_expired`) or there was none.

Seats dropping out of a step taken all at once (three sealed bids of four are in) keep the
step, and its deadline, as it was.
"""
from __future__ import annotations

from service.runtime import timeutil
from service.rules.errors import RuleViolation

SYSTEM = {"kind": "system"}
MAX_EXTEND_SECONDS = 7 * 24 * 3600

#: Engine event types this package records (schemas: events/engine_events.py).
DEADLINE_SET = "deadline_set"
DEADLINE_CLEARED = "deadline_cleared"
DEADLINE_EXTENDED = "deadline_extended"
DEADLINE_EXPIRED = "deadline_expired"
CLOCK_PAUSED = "clock_paused"
CLOCK_RESUMED = "clock_resumed"
CLOCK_EVENTS = frozenset({DEADLINE_SET, DEADLINE_CLEARED, DEADLINE_EXTENDED, DEADLINE_EXPIRED,
                          CLOCK_PAUSED, CLOCK_RESUMED})


def _table(options: dict) -> dict:
    return (options or {}).get("deadlines") or {}


def seconds_for(options: dict, step: str) -> int:
    """`options["deadlines"][step]`, else its `default`; 0 = wait forever."""
    table = _table(options)
    if step in table:
        return int(table[step] or 0)
    return int(table.get("default") or 0)


def round_of(state: dict):
    game = state.get("game")
    return game.get("round") if isinstance(game, dict) else None


def waiting(ruleset, state: dict) -> dict:
    if state.get("status") != "running" or state.get("game") is None:
        return {"step": None, "seats": []}
    w = ruleset.waiting(state) or {}
    return {"step": w.get("step"), "seats": sorted(w.get("seats") or []), "since": w.get("since")}


def same_step(ruleset, before: dict, after: dict, current: dict) -> bool:
    """Does the deadline `current` still belong to the step `after` waits on?"""
    w_before, w_after = waiting(ruleset, before), waiting(ruleset, after)
    return (current["step"] == w_after["step"] == w_before["step"]
            and w_after["since"] == w_before["since"]
            and current.get("round") == round_of(after) == round_of(before)
            and set(w_after["seats"]) <= set(w_before["seats"]))


def closer_drafts(ruleset, before: dict, after: dict, now_iso: str) -> list[dict]:
    """The deadline events a batch must end with (`Games.closers`); [] when settled.

    Runs again after its own events are folded, so it must recognise its own work: a
    deadline set in this very batch (`step_version > before["version"]`) stands.
    """
    current = after.get("deadline")
    w = waiting(ruleset, after)
    seconds = seconds_for(after.get("options") or {}, w["step"]) if w["step"] and w["seats"] else 0
    if not seconds:
        if current is not None:
            return [{"type": DEADLINE_CLEARED, "payload": {"step_version": current["step_version"]},
                     "actor": SYSTEM}]
        return []
    if current is not None and (current["step_version"] > before.get("version", 0)
                                or same_step(ruleset, before, after, current)):
        return []
    due = timeutil.shift(now_iso, seconds)
    payload = {"step": w["step"], "seats": w["seats"], "seconds": seconds, "due_at": due,
               "step_version": after["version"] + 1, "round": round_of(after)}
    if after.get("clock_paused_at"):
        payload["paused_at"] = now_iso  # set while paused: counts from the resume
    return [{"type": DEADLINE_SET, "payload": payload, "actor": SYSTEM}]


# ---- the organizer's controls (decide functions for Games.execute) -----------------------
def _require_running(state: dict) -> None:
    if state.get("status") != "running":
        raise RuleViolation("game_not_running", "the clock runs only while the game is running")


def _require_clock(state: dict) -> None:
    if not any(int(v or 0) for v in _table(state.get("options")).values()):
        raise RuleViolation("no_deadlines", "this game was created without deadlines (option "
                            "`deadlines`), so it has no clock to pause or resume")


def _clock_now(state: dict, deadline: dict, now_iso: str) -> str:
    """Where the deadline's clock stands: at the pause (or at its own setting, if it was set
    while paused) while the clock is stopped, else now."""
    return deadline.get("paused_at") or state.get("clock_paused_at") or now_iso


def decide_pause(state: dict, now_iso: str) -> list[dict]:
    _require_running(state)
    _require_clock(state)
    if state.get("clock_paused_at"):
        raise RuleViolation("clock_paused", f"the clock has been paused since {state['clock_paused_at']}")
    deadline = state.get("deadline")
    payload = {"paused_at": now_iso, "step_version": deadline["step_version"] if deadline else None}
    return [{"type": CLOCK_PAUSED, "payload": payload}]


def decide_resume(state: dict, now_iso: str) -> list[dict]:
    _require_running(state)
    _require_clock(state)
    if not state.get("clock_paused_at"):
        raise RuleViolation("clock_running", "the clock is not paused")
    deadline = state.get("deadline")
    payload = {"resumed_at": now_iso, "paused_seconds": _seconds_between(state["clock_paused_at"], now_iso),
               "step_version": None, "due_at": None}
    if deadline:
        paused_for = _seconds_between(_clock_now(state, deadline, now_iso), now_iso)
        payload.update(step_version=deadline["step_version"],
                       due_at=timeutil.shift(deadline["due_at"], paused_for))
    return [{"type": CLOCK_RESUMED, "payload": payload}]


def decide_extend(state: dict, seconds: int, now_iso: str) -> list[dict]:
    """`seconds` more than the deadline had left — counted from now (or from the pause)
    when it has already passed and not yet fired: a passed deadline extended by 60 s gives
    the awaited seats 60 s, not a due time still in the past."""
    _require_running(state)
    deadline = state.get("deadline")
    if not deadline:
        raise RuleViolation("no_deadline", "the game is not waiting on a step with a deadline")
    if not 1 <= seconds <= MAX_EXTEND_SECONDS:
        raise RuleViolation("invalid_seconds", f"extend by 1 to {MAX_EXTEND_SECONDS} seconds", status=422)
    base = max(deadline["due_at"], _clock_now(state, deadline, now_iso), key=timeutil.parse)
    return [{"type": DEADLINE_EXTENDED, "payload": {
        "step_version": deadline["step_version"], "seconds": seconds,
        "due_at": timeutil.shift(base, seconds)}}]


def expired_draft(deadline: dict, seats: list[int]) -> dict:
    """`seats`: who is still awaited when the deadline fires — the seats that timed out."""
    return {"type": DEADLINE_EXPIRED, "actor": SYSTEM, "payload": {
        "step": deadline["step"], "seats": sorted(seats), "step_version": deadline["step_version"],
        "due_at": deadline["due_at"], "round": deadline.get("round")}}


def _seconds_between(start_iso: str, end_iso: str) -> float:
    return max(0.0, (timeutil.parse(end_iso) - timeutil.parse(start_iso)).total_seconds())
