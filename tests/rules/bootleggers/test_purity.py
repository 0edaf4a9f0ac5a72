"""The rules kernel is pure: no web, queue, clock or randomness imports under service/rules."""
from __future__ import annotations

import ast
import pathlib

FORBIDDEN = {"flask", "redis", "rq", "random", "time", "datetime"}
ROOT = pathlib.Path(__file__).resolve().parents[3] / "service" / "rules"


def test_no_forbidden_imports():
    bad = []
    files = sorted(ROOT.rglob("*.py"))
    assert files
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            bad += [f"{path.relative_to(ROOT)}: {n}" for n in names
                    if n.split(".")[0] in FORBIDDEN]
    assert bad == []


def test_modules_stay_small():
    big = [p.name for p in (ROOT / "bootleggers").glob("*.py") if len(p.read_text().splitlines()) > 400]
    assert big == []
