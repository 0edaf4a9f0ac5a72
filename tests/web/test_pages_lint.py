"""The pages' ES modules (service/web/*.js) pass ESLint with no error and no warning: its
recommended rules (an undefined name, an unused variable, a duplicate key, unreachable code) and
a few more that catch mistakes (tests/web/lint/eslint.config.mjs), pinned in
tests/web/lint/package-lock.json (`npm run lint` there runs the same).

`npm ci` installs ESLint into tests/web/lint/node_modules (git-ignored) only when it is missing
or older than the lock. Skipped, and saying so, on a machine without npm (.ci/run installs it)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support import npm

ROOT = Path(__file__).resolve().parents[2]
LINT = ROOT / "tests" / "web" / "lint"
PAGES = ROOT / "service" / "web"

pytestmark = pytest.mark.skipif(shutil.which("npm") is None,
                                reason="no npm on this machine (apt-get install nodejs npm; .ci/run does it): "
                                       "the pages' lint (ESLint) is skipped")


def run(command: list[str], cwd: Path, timeout: int, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False,
                          input=stdin, env={**os.environ, "NO_COLOR": "1"})


@pytest.fixture(scope="module")
def eslint() -> Path:
    """tests/web/lint/node_modules/.bin/eslint, installed from the lock when missing or stale."""
    return npm.installed(LINT) / "eslint"


def lint(eslint: Path, target: Path, text: str | None = None) -> list[dict]:
    """ESLint's JSON report of `target` (or of `text`, linted as if it were the file `target`)."""
    where = ["--stdin", "--stdin-filename", str(target)] if text is not None else [str(target)]
    done = run([str(eslint), "-c", str(LINT / "eslint.config.mjs"), "--format", "json", *where], ROOT, 300, text)
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"eslint gave no JSON report (exit {done.returncode}):\n{done.stdout}\n{done.stderr}")


def test_every_page_module_passes_eslint(eslint):
    report = lint(eslint, PAGES)
    linted = {Path(r["filePath"]).name for r in report}
    assert linted == {p.name for p in PAGES.glob("*.js")}, "every module of the pages is linted"
    found = [f"{Path(r['filePath']).name}:{m.get('line')}: {m.get('ruleId')}: {m['message']}"
             for r in report for m in r["messages"]]
    assert not found, "eslint:\n" + "\n".join(found)


def test_the_lint_finds_an_undefined_name(eslint):
    """The lint is live: a page module that uses a name nobody defined fails it."""
    report = lint(eslint, PAGES / "broken.js", "export function draw() { return boardd.width; }\n")
    assert [m["ruleId"] for r in report for m in r["messages"]] == ["no-undef"]
