"""A client generated from the checked-in document is enough to play: openapi-python-client
generates it without a warning, a bot written only against it (generated_bot.py) passes
`mypy --strict` and plays three whole games of three to six seats, no command refused."""
from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import httpx
import pytest

from tests.support.generated_client import BIN, generated_client

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Iterator[Path]:
    """The directory holding the generated package `client`, on sys.path while the module runs."""
    yield from generated_client(tmp_path_factory.mktemp("generated"))


def test_the_bot_type_checks_strictly_against_the_generated_client(generated):
    run = subprocess.run([str(BIN / "mypy"), "--strict", "--follow-imports=silent", "--no-incremental",
                          "--cache-dir", str(generated / ".mypy"), str(HERE / "generated_bot.py")],
                         capture_output=True, text=True, env={"MYPYPATH": str(generated), "PATH": str(BIN)})
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("ruleset,seats", [("bootleggers", 3), ("prohibition", 4), ("booze_baron", 6)])
def test_the_bot_plays_a_whole_game_through_the_generated_client(generated, app, ruleset, seats):
    sys.path.insert(0, str(HERE))
    try:
        bot = importlib.import_module("generated_bot")
    finally:
        sys.path.remove(str(HERE))
    final = bot.play("http://referee", ruleset, seats, seed=seats,
                     httpx_args={"transport": httpx.WSGITransport(app=app)})
    state = app.test_client().get(f"/v1/games?status=finished").get_json()
    assert final > 10 and any(g["version"] == final for g in state["games"])
