"""The round as a table of steps (docs/architecture.md): each waiting step, who acts ("all" at
once, sealed; "one" at a time in Action order), the commands it takes and its timeout
default. decide, legal_actions, waiting and timeout all read this one table; flow.py says
what happens when a step completes."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    name: str
    phase: str
    mode: str                  # "all" | "one"
    commands: tuple[str, ...]
    timeout_default: str


STEPS: dict[str, Step] = {s.name: s for s in (
    Step("move", "move", "all", ("choose_move",),
         "the first Location, in table order, the player may visit"),
    Step("action", "action", "one", ("deliver", "tail", "trigger_event", "pass_turn"),
         "pass_turn (do nothing)"),
    Step("follow_up", "action", "one", ("steal", "expose", "drop_tail"),
         "drop_tail (neither Steal nor Expose)"),
)}


def pending(g: dict) -> list[int]:
    """Seats the current step still waits for, in order."""
    if g is None or g.get("finished") or g.get("step") not in STEPS:
        return []
    if g["step"] == "follow_up":
        return [g["tail"]["seat"]]
    left = [s for s in g["step_seats"] if s not in g["step_done"]]
    return left[:1] if STEPS[g["step"]].mode == "one" else left
