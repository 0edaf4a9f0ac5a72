"""Golden playthroughs (complete recorded games) replayed with today's code: shared by
tests/golden (Bootleggers) and tests/rules/booze_baron. A diff means a rule changed how a
recorded game unfolds; if that is on purpose, re-record with `make golden` and review the
diff of the .state.json files."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from events.canonical import loads
from events.envelope import first_break
from projections.core import fold


def load_events(here: Path, name: str) -> list[dict]:
    return [loads(line) for line in (here / f"{name}.events.jsonl").read_text().splitlines()]


def assert_replays_to_the_recorded_state(here: Path, name: str, rulesets: dict,
                                         ruleset: str | None = None) -> None:
    """The chain holds, and folding it gives the recorded finished state (of `ruleset`)."""
    events = load_events(here, name)
    assert first_break(events) is None, "the recorded chain is broken"
    replayed = json.loads(json.dumps(fold(events, rulesets.__getitem__), sort_keys=True))
    recorded = json.loads((here / f"{name}.state.json").read_text())
    assert replayed["status"] == "finished"
    if ruleset is not None:
        assert replayed["ruleset"] == ruleset
    if replayed != recorded:
        diff = sorted(k for k in set(replayed["game"]) | set(recorded["game"])
                      if replayed["game"].get(k) != recorded["game"].get(k))
        pytest.fail(f"{name} replays differently (game fields {diff}); run `make golden` "
                    "if the rule change is intended")
