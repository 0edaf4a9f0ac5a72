"""When a crashed child of ``bootleggers serve`` starts again, and how its death is told.

``bootleggers serve`` (service/cli/) restarts the RQ worker and the embedded Redis when they
die, after a delay that doubles with each crash in a row — 0.5 s, 1, 2, 4, 8, then 10 s at
most — and falls back to the first once the child has run a stable minute. Each death is one
JSON log line (service/runtime/logs.py) naming the child, its pid, its exit code or the signal
that killed it, how long it ran and when it restarts.

The settings come from the environment (the tests shorten them):

- ``RESTART_BACKOFF_SECONDS``: the first delay (0.5);
- ``RESTART_BACKOFF_MAX_SECONDS``: the longest (10);
- ``RESTART_STABLE_SECONDS``: the run after which a child counts as healthy again (60).

Production runs the Procfile's processes under a supervisor of its own (systemd, a
container runtime, a Procfile runner), which restarts them in its own way: nothing here is
needed there.
"""
from __future__ import annotations

import os
import signal
from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["Backoff", "Restarts", "exit_fields"]


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    raw = (env.get(name) or "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"{name} must be a number of seconds, not {raw!r}") from None
    if value < 0:
        raise ValueError(f"{name} must not be negative, not {raw!r}")
    return value


@dataclass
class Backoff:
    """The delay before each restart: `initial`, doubled after each crash up to `maximum`,
    back to `initial` after a child ran `stable` seconds before it died."""

    initial: float = 0.5
    maximum: float = 10.0
    stable: float = 60.0
    _next: float = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.maximum = max(self.maximum, self.initial)
        self._next = self.initial

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "Backoff":
        env = os.environ if env is None else env
        return cls(initial=_seconds(env, "RESTART_BACKOFF_SECONDS", 0.5),
                   maximum=_seconds(env, "RESTART_BACKOFF_MAX_SECONDS", 10.0),
                   stable=_seconds(env, "RESTART_STABLE_SECONDS", 60.0))

    def delay(self, ran_for: float | None) -> float:
        """Seconds to wait before starting again a child that died after `ran_for` seconds
        (None: it never came up)."""
        if ran_for is not None and ran_for >= self.stable:
            self._next = self.initial
        chosen = self._next
        self._next = min(self.maximum, self._next * 2)
        return chosen


@dataclass
class Restarts:
    """One restartable child's record: when it last started, when its restart is due."""

    backoff: Backoff
    started_at: float | None = None
    due_at: float | None = None  # a restart is scheduled for then (monotonic)
    count: int = 0  # restarts so far

    def started(self, now: float) -> None:
        self.started_at, self.due_at = now, None

    def died(self, now: float) -> float:
        """Schedule the restart; return its delay."""
        ran_for = None if self.started_at is None else now - self.started_at
        wait = self.backoff.delay(ran_for)
        self.started_at, self.due_at = None, now + wait
        return wait

    def failed(self, now: float) -> float:
        """A restart that did not come up: try again later, after a longer delay."""
        wait = self.backoff.delay(None)
        self.due_at = now + wait
        return wait

    @property
    def pending(self) -> bool:
        return self.due_at is not None

    def due(self, now: float) -> bool:
        return self.due_at is not None and now >= self.due_at


def exit_fields(returncode: int | None) -> dict[str, object]:
    """A dead process's end for a log line: `exit_code`, and `signal` when one killed it."""
    if returncode is None:
        return {"exit_code": None}
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return {"exit_code": returncode, "signal": name}
    return {"exit_code": returncode}
