"""`bootleggers log|export|report GAME` against a running server (real HTTP, werkzeug's
server on the test Redis), URL and token from flags or the environment."""
from __future__ import annotations

import json
import random

from click.testing import CliRunner

from service.cli import main
from tests.support.bots import open_table, play


def test_log_export_and_report_from_the_command_line(app, served):
    table = open_table(app.test_client(), 3, {"rounds": 8}, names=["Ada", "Bix", "Cora"])
    play(table, random.Random(4))
    runner = CliRunner()
    env = {"BOOTLEGGERS_URL": served, "BOOTLEGGERS_TOKEN": table.organizer}

    log = runner.invoke(main, ["log", table.game_id], env=env)
    assert log.exit_code == 0, log.output
    assert "\nRound 1, Phase 1\n" in log.output and "The seed is revealed" in log.output
    assert len([l for l in log.output.splitlines() if l.startswith("  ")]) == table.state()["version"]

    exported = runner.invoke(main, ["export", table.game_id], env=env)
    assert exported.exit_code == 0
    record = json.loads(exported.stdout_bytes)
    assert record["complete"] and len(record["events"]) == table.state()["version"]

    report = runner.invoke(main, ["report", table.game_id, "--url", served, "--token", table.organizer])
    assert report.exit_code == 0 and report.output.startswith("<!DOCTYPE html>")


def test_a_refusal_prints_the_servers_sentence(app, served):
    table = open_table(app.test_client(), 3)
    out = CliRunner().invoke(main, ["export", table.game_id, "--url", served])
    assert out.exit_code == 1 and "401" in out.output and "token" in out.output
    down = CliRunner().invoke(main, ["log", table.game_id, "--url", "http://127.0.0.1:9"])
    assert down.exit_code == 1 and "cannot reach" in down.output
