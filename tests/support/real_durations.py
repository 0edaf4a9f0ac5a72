"""The suite's real wall-clock times, per test and per directory, printed at the end of a run.

pytest's own ``--durations`` reads ``time.perf_counter`` through a module attribute, which
freezegun replaces while a clock test runs: such tests read as an hour or as 1.9e9 s. This
plugin keeps the real clock inside a closure (freezegun patches module attributes, never
closures) and measures setup + call + teardown of each test. Under pytest-xdist the figure
travels to the controller in the report's ``user_properties``.

``REAL_DURATIONS=N`` (default 25) sets how many of the slowest tests are listed; 0 turns the
summary off.
"""

from __future__ import annotations

import os
import time
from collections import defaultdict

import pytest


def _real_clock():
    clock = time.perf_counter  # bound now, before any freezegun patch; never re-read

    def now() -> float:
        return clock()

    return now


_now = _real_clock()
_started: dict[str, float] = {}
_seconds: dict[str, float] = {}
_PROPERTY = "real_seconds"


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    _started[item.nodeid] = _now()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    if call.when == "teardown":
        started = _started.pop(item.nodeid, None)
        if started is not None:
            outcome.get_result().user_properties.append((_PROPERTY, _now() - started))


def pytest_runtest_logreport(report):
    if report.when != "teardown":
        return
    for name, value in report.user_properties:
        if name == _PROPERTY:
            _seconds[report.nodeid] = value


def _directory(nodeid: str) -> str:
    path = nodeid.split("::", 1)[0]
    parts = path.split("/")
    return "/".join(parts[:2]) if len(parts) > 2 else path


def pytest_terminal_summary(terminalreporter, config):
    if hasattr(config, "workerinput") or not _seconds:
        return
    top = int(os.environ.get("REAL_DURATIONS", "25") or 0)
    if top <= 0:
        return
    write = terminalreporter.write_line
    terminalreporter.section("real wall-clock seconds (setup + call + teardown)")
    by_dir: dict[str, list[float]] = defaultdict(list)
    for nodeid, seconds in _seconds.items():
        by_dir[_directory(nodeid)].append(seconds)
    write("per directory (summed over workers: divide by the worker count for wall time):")
    for name, values in sorted(by_dir.items(), key=lambda kv: -sum(kv[1])):
        write(f"  {sum(values):8.1f} s  {len(values):5d} tests  {name}")
    write(f"slowest {top} tests:")
    for nodeid, seconds in sorted(_seconds.items(), key=lambda kv: -kv[1])[:top]:
        write(f"  {seconds:8.1f} s  {nodeid}")
