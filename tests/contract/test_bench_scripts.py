"""Every benchmark script still loads: its imports resolve against the code as it is now (two
had rotted unseen: bench/desk.py imported a helper bench/game.py no longer has). Loading runs
no benchmark: each script starts only under `__main__`."""
from __future__ import annotations

import runpy
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.mark.parametrize("script", sorted(BENCH.glob("*.py")), ids=lambda p: p.name)
def test_the_bench_script_loads(script: Path):
    loaded = runpy.run_path(str(script), run_name="loaded_by_the_tests")
    assert callable(loaded.get("main")), f"{script.name} has no main()"
