"""The checked-in document passes two external OpenAPI linters with no error and no warning:
Redocly CLI (its `recommended` ruleset, every warning raised to an error: api_spec/lint/redocly.yaml)
and Spectral (`spectral:oas`: api_spec/lint/.spectral.yaml), both pinned in
api_spec/lint/package-lock.json (`npm run lint` there runs the same two).

`npm ci` installs them into api_spec/lint/node_modules (git-ignored) only when it is missing
or older than the lock, so a second run costs only the two linters (a few seconds).
Skipped, and saying so, on a machine without npm (.ci/run installs it)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support import npm

ROOT = Path(__file__).resolve().parents[2]
LINT = ROOT / "api_spec" / "lint"
SPEC = ROOT / "api_spec" / "openapi.json"
#: No usage reports, no update notices (the machines reach only the package registries).
QUIET = {"REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true", "NO_COLOR": "1"}

pytestmark = pytest.mark.skipif(shutil.which("npm") is None,
                                reason="no npm on this machine (apt-get install nodejs npm; .ci/run does it): "
                                       "the OpenAPI linters (Redocly, Spectral) are skipped")


def run(command: list[str], timeout: int) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=LINT, capture_output=True, text=True, timeout=timeout, check=False,
                          env={**os.environ, **QUIET})


@pytest.fixture(scope="module")
def linters() -> Path:
    """api_spec/lint/node_modules/.bin, installed from the lock when it is missing or stale."""
    return npm.installed(LINT, QUIET)


def test_redocly_recommended_rules_find_nothing(linters):
    done = run([str(linters / "redocly"), "lint", str(SPEC), "--config", "redocly.yaml", "--format=json"],
               timeout=300)
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"redocly gave no JSON report (exit {done.returncode}):\n{done.stdout}\n{done.stderr}")
    found = [f"{p['severity']} {p['ruleId']}: {p['message']} at "
             f"{', '.join(place.get('pointer', '?') for place in p.get('location', []))}"
             for p in report["problems"]]
    totals = report["totals"]
    assert (totals["errors"], totals["warnings"], totals["ignored"]) == (0, 0, 0), \
        f"redocly lint: {totals}\n" + "\n".join(found[:60]) + f"\n{done.stderr}"
    assert done.returncode == 0, done.stdout + done.stderr


def test_spectral_oas_rules_find_nothing(linters, tmp_path):
    out = tmp_path / "spectral.json"
    done = run([str(linters / "spectral"), "lint", str(SPEC), "--ruleset", ".spectral.yaml",
                "--fail-severity=warn", "--format=json", "--output", str(out)], timeout=300)
    if not out.exists():
        pytest.fail(f"spectral gave no JSON report (exit {done.returncode}):\n{done.stdout}\n{done.stderr}")
    results = json.loads(out.read_text())
    severities = {0: "error", 1: "warning", 2: "info", 3: "hint"}
    found = [f"{severities.get(r['severity'], r['severity'])} {r['code']}: {r['message']} at "
             f"{'.'.join(map(str, r.get('path', [])))}" for r in results]
    counts = {name: sum(r["severity"] == level for r in results) for level, name in severities.items()}
    assert counts["error"] == 0 and counts["warning"] == 0, \
        f"spectral lint: {counts}\n" + "\n".join(found[:60]) + f"\n{done.stdout}{done.stderr}"
    assert done.returncode == 0, done.stdout + done.stderr
