"""The round as a table of steps (docs/architecture.md, "The round as a table of steps").

One row per step that waits for players: its phase, who acts ("one" = one seat at a time in
the order the step was opened with, Muscle order; "all" = every listed seat at once), the
commands it takes, and what the clock does when its deadline (key = step name) passes.
What happens when a step completes lives in flow.py; `decide`, `legal_actions`, `waiting`
and `timeout` all read this one table so they cannot disagree.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    name: str
    phase: int
    mode: str                 # "one" (in order) | "all" (at once)
    commands: tuple[str, ...]
    timeout_default: str      # human description of docs/rules.md "Timeouts" default


STEPS: dict[str, Step] = {s.name: s for s in (
    Step("bid", 1, "all", ("bid",), "the lowest Muscle card in hand"),
    Step("choose_offer", 1, "one", ("take_offer", "pass"),
         "the lowest-numbered offer left (pass only when no offer is left)"),
    Step("place_influence", 2, "one", ("place_influence", "pass"), "place nothing"),
    Step("deals", 4, "all", ("pass",), "no deal"),
    Step("load", 4, "all", ("load", "pass"), "fill own trucks, biggest first"),
    Step("dispatch", 4, "one", ("dispatch", "pass"), "send every loaded truck to O'Malley's"),
    Step("public_dock", 5, "one", ("allow_public",), "refuse"),
    Step("thug_window", 0, "all", ("pass",), "pass (declare nothing)"),
    Step("reaction", 0, "all", ("pass",), "pass (let the card resolve)"),
    Step("vigorish", 0, "one", ("answer_vigorish",), "don't pay (the still stays idle)"),
)}

#: Commands accepted whenever Muscle cards are displayed, whatever the step.
FREE_COMMANDS = ("place_die", "place_improvement", "play_thug", "propose_deal", "accept_deal",
                 "reject_deal", "withdraw_deal")
#: ... except these while a Thug card or a Vigorish answer is pending (one thing at a time).
DEAL_COMMANDS = ("propose_deal", "accept_deal", "reject_deal", "withdraw_deal")
#: ... plus this one under the optional "anytime influence" rule.
ANYTIME_INFLUENCE = "place_influence"


def pending(game: dict) -> list[int]:
    """Seats the current step still waits for (in order)."""
    step = STEPS.get(game.get("step") or "")
    if step is None or game.get("finished"):
        return []
    left = [s for s in game["step_seats"] if s not in game["step_done"]]
    return left[:1] if step.mode == "one" else left
