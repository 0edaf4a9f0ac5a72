"""docs/architecture.md's "Module by module" names every module of the server, each once, and
no module that is gone: a reader finds where a job lives from the map alone. Each block lists
bare names under the packages its heading names in backticks; the rulesets' shared shape
(a heading that says "share") must exist in every ruleset it names."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "docs" / "architecture.md"
PACKAGES = ("service", "events", "projections", "api_spec")


def blocks() -> list[tuple[str, list[str]]]:
    """Each code block of the section with the line just above it (its heading)."""
    text = MAP.read_text()
    start = text.index("### Module by module")
    section = text[start:text.index("\n## ", start)]
    return [(heading, [line.split()[0] for line in body.splitlines() if line.strip()])
            for heading, body in re.findall(r"([^\n]+)\n```\n(.*?)```", section, re.S)]


def named() -> tuple[set[str], list[str]]:
    found, wrong = set(), []
    for heading, names in blocks():
        bases = re.findall(r"`([\w/]+/)`", heading)
        assert bases, f"a block of the map has no package in its heading: {heading!r}"
        for name in names:
            there = [base + name for base in bases if (ROOT / base / name).is_file()]
            if "share" in heading and len(there) != len(bases):
                wrong.append(f"{name}: not in every package of {heading!r}")
            elif "share" not in heading and len(there) != 1:
                wrong.append(f"{name} under {bases}: " + ("no such module" if not there else f"ambiguous {there}"))
            found.update(there)
    return found, wrong


def test_the_map_names_every_module_and_none_that_is_gone():
    modules = {str(p.relative_to(ROOT)) for package in PACKAGES for p in (ROOT / package).rglob("*.py")
               if p.name != "__init__.py" and "__pycache__" not in p.parts}
    found, wrong = named()
    assert wrong == []
    assert sorted(modules - found) == [], "modules the map in docs/architecture.md does not name"
    assert len(found) > 150
