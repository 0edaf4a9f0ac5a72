"""The pages' ES modules (service/web/*.js) pass TypeScript's type check with no error:
`tsc --checkJs --noEmit` over the plain JavaScript, with the types its JSDoc gives (a DOM lookup
cast to the input or table it is, the shapes in service/web/types.js) and the options in
tests/web/lint/tsconfig.json; TypeScript is pinned in tests/web/lint/package-lock.json beside
ESLint (`npm run types` there runs the same).

`npm ci` installs it into tests/web/lint/node_modules (git-ignored) only when it is missing or
older than the lock. Skipped, and saying so, on a machine without npm (.ci/run installs it)."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support import npm

ROOT = Path(__file__).resolve().parents[2]
LINT = ROOT / "tests" / "web" / "lint"
PAGES = ROOT / "service" / "web"
#: at most this many `@ts-ignore` / `@ts-expect-error` / `@ts-nocheck` in the pages, each with its reason
SILENCED_AT_MOST = 3

pytestmark = pytest.mark.skipif(shutil.which("npm") is None,
                                reason="no npm on this machine (apt-get install nodejs npm; .ci/run does it): "
                                       "the pages' type check (tsc --checkJs) is skipped")


@pytest.fixture(scope="module")
def tsc() -> Path:
    """tests/web/lint/node_modules/.bin/tsc, installed from the lock when missing or stale."""
    return npm.installed(LINT) / "tsc"


def check(tsc: Path, config: Path, *more: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(tsc), "-p", str(config), "--pretty", "false", *more], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, check=False, env={**os.environ, "NO_COLOR": "1"})


def test_every_page_module_passes_the_type_check(tsc):
    listed = check(tsc, LINT / "tsconfig.json", "--listFilesOnly")
    checked = {Path(line).name for line in listed.stdout.splitlines() if Path(line).parent == PAGES}
    assert checked == {p.name for p in PAGES.glob("*.js")}, "every module of the pages is type-checked"
    done = check(tsc, LINT / "tsconfig.json")
    assert done.returncode == 0 and "error TS" not in done.stdout, "tsc --checkJs:\n" + done.stdout + done.stderr


def test_the_check_finds_a_property_the_element_lacks(tsc, tmp_path):
    """The check is live: a page module that reads `.value` off a lookup not said to be an input fails it."""
    (tmp_path / "broken.js").write_text('export const seats = () => document.getElementById("seats").value;\n')
    (tmp_path / "tsconfig.json").write_text(json.dumps({"extends": str(LINT / "tsconfig.json"),
                                                        "include": [str(tmp_path / "broken.js")]}))
    done = check(tsc, tmp_path / "tsconfig.json")
    assert done.returncode != 0
    assert re.findall(r"error (TS\d+)", done.stdout) == ["TS2339"], done.stdout


def test_the_check_is_silenced_seldom_and_always_with_a_reason():
    silenced = [(p.name, line.strip()) for p in sorted(PAGES.glob("*.js"))
                for line in p.read_text(encoding="utf-8").splitlines() if re.search(r"@ts-(ignore|expect-error|nocheck)", line)]
    assert len(silenced) <= SILENCED_AT_MOST, silenced
    unexplained = [s for s in silenced if not re.search(r"@ts-(ignore|expect-error|nocheck)\b\s*\S", s[1])]
    assert not unexplained, f"say why on the line: {unexplained}"
