"""What the README, the docs and /docs tell a reader works as told: every curl line that sends
JSON says so (`Content-Type: application/json`; without it the API answers 415), "Reviewing a
dispute" (docs/api.md) runs the CLI from the virtualenv `make serve` made (a bare `bootleggers`
is not on PATH), and every ruleset the server hosts is in the README's games list and in the
document's description."""
from __future__ import annotations

import re
from pathlib import Path

from service.rules.registry import rulesets

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
API_DOC = ROOT / "docs" / "api.md"
#: the README and every page of docs/ a reader follows from it
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
TITLES = {"bootleggers": "Bootleggers", "prohibition": "Prohibition", "booze_baron": "Booze Baron"}


def section(title: str, page: Path = README) -> str:
    """The section under a heading `title` (any level), up to the next heading of its level or above."""
    text = page.read_text()
    found = re.search(rf"^(#+) {re.escape(title)}\n", text, re.M)
    assert found, f"{page.name} has no section {title!r}"
    level = len(found.group(1))
    end = re.compile(rf"^#{{1,{level}}} ", re.M).search(text, found.end())
    return text[found.start():end.start() if end else None]


def curl_commands(text: str) -> list[str]:
    """Every curl command, its continuation lines (a trailing backslash) joined."""
    joined = re.sub(r"\\\n\s*", " ", text)
    return [line.strip() for line in joined.splitlines() if re.search(r"\bcurl\b", line)]


def test_every_curl_line_that_sends_json_says_so():
    sending = [c for page in PAGES for c in curl_commands(page.read_text()) if re.search(r"\s(-d|--data)\s", c)]
    assert len(sending) > 10
    assert [c for c in sending if "Content-Type: application/json" not in c] == []
    disputes = [c for c in curl_commands(section("Disputes and rulings", API_DOC)) if "/commands" in c]
    assert len(disputes) == 2 and all("Content-Type: application/json" in c for c in disputes)


def test_client_with_the_readmes_headers_files_a_dispute_and_without_is_415(client):
    """The docs' dispute line, as sent: with its headers the command is accepted."""
    from tests.support.bots import bearer, open_table
    table = open_table(client, 3)
    body = '{"type": "dispute", "version": 2, "text": "I bid 40, not 30, in round 3"}'
    bare = client.post(f"/v1/games/{table.game_id}/commands", data=body, headers=bearer(table.tokens[2]))
    assert bare.status_code == 415
    typed = client.post(f"/v1/games/{table.game_id}/commands", data=body,
                        headers={**bearer(table.tokens[2]), "Content-Type": "application/json"})
    assert typed.status_code == 201, typed.get_data(as_text=True)


def test_reviewing_a_dispute_runs_the_cli_from_the_virtualenv():
    lines = section("Reviewing a dispute", API_DOC).splitlines()
    calls = [line for line in lines if re.search(r"(^|\s)(\S*/)?bootleggers (log|export|report|verify)\b", line)]
    assert len(calls) >= 3
    assert all(".venv/bin/bootleggers " in line for line in calls), calls


def test_every_ruleset_is_in_the_games_list_and_in_the_documents_description(client):
    games = section("Games")
    spec = client.get("/openapi.json").get_json()
    for name in rulesets():
        assert f"- `{name}`" in games, name
        assert TITLES[name] in spec["info"]["description"], spec["info"]["description"]
