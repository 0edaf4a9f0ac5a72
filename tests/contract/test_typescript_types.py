"""TypeScript clients get their types from the same document: openapi-typescript (from the npm
registry, pinned in clients/typescript/package.json) generates them without a warning and a
typed bot (clients/typescript/src/bot.ts) compiles against them with `tsc --strict`.
Skipped, and saying so, on a machine without npm (.ci/run installs it)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2] / "clients" / "typescript"


@pytest.mark.skipif(shutil.which("npm") is None, reason="no npm on this machine (apt-get install nodejs npm; "
                                                         ".ci/run does it): the TypeScript check is skipped")
def test_the_typescript_types_generate_and_a_typed_bot_compiles(tmp_path):
    work = tmp_path / "typescript"
    shutil.copytree(PROJECT, work, ignore=shutil.ignore_patterns("node_modules", "schema.d.ts"))
    (tmp_path / "api_spec").mkdir()
    shutil.copy(PROJECT.parents[1] / "api_spec" / "openapi.json", tmp_path / "api_spec" / "openapi.json")
    # package.json reads ../../api_spec/openapi.json: the same layout one level down
    nested = tmp_path / "clients"
    nested.mkdir()
    work = Path(shutil.move(str(work), nested / "typescript"))
    install = subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=work,
                             capture_output=True, text=True, timeout=600)
    assert install.returncode == 0, install.stdout + install.stderr
    check = subprocess.run(["npm", "run", "check"], cwd=work, capture_output=True, text=True, timeout=600)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "⚠" not in check.stdout + check.stderr, check.stdout + check.stderr
    assert "LegalActions" in (work / "src" / "schema.d.ts").read_text()
