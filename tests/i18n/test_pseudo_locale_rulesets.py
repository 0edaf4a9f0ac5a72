"""The pseudo-locale run over HTTP for Prohibition and Booze Baron, as for Bootleggers: a whole
game played through the API, then its log read in `xx` (every word from the catalog shows
wrapped in ⟦…⟧; a word outside them did not come from a catalog), in German (no message id,
no unfilled parameter), and a refusal in `xx` wrapped too."""
from __future__ import annotations

import random
import re

import pytest

from tests.rules.prohibition.bot import pick_over_rest
from tests.support.bots import bearer, open_table, play

#: (ruleset, seats, seed, the bot's taste, a command of the ruleset sent once the game is over)
GAMES = [("prohibition", 3, 7, pick_over_rest, "end_turn"), ("booze_baron", 4, 4, None, "pass_turn")]
NAMES = ["Ada", "Bix", "Cora", "Dee"]


def log(client, table, lang: str) -> list[dict]:
    """Every entry of the game's log, as the organizer reads it in `lang`."""
    entries, after = [], 0
    while True:
        answer = client.get(f"/v1/games/{table.game_id}/log?after={after}&limit=1000&lang={lang}",
                            headers=bearer(table.organizer))
        assert answer.status_code == 200 and answer.headers["Content-Language"] == lang
        page = answer.get_json()
        entries += page["entries"]
        if not page["entries"] or page["next_after"] >= page["version"]:
            return entries
        after = page["next_after"]


def outside_the_catalog(text: str) -> str:
    """What is left of a text once every ⟦…⟧ (innermost first) is taken out."""
    while True:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if shorter == text:
            return text
        text = shorter


@pytest.mark.parametrize(("ruleset", "seats", "seed", "pick", "late"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_reads_from_the_catalog(client, ruleset, seats, seed, pick, late):
    table = open_table(client, seats, ruleset=ruleset, names=NAMES[:seats])
    final = play(table, random.Random(seed), pick=pick)
    assert final["status"] == "finished"

    pseudo = log(client, table, "xx")
    assert len(pseudo) == final["version"] > 20
    for entry in pseudo:
        text = entry["text"]
        assert "{" not in text and not re.search(r"\b(log|report|problem)-[a-z]", text), text
        assert not re.search(r"[^\W\d_]", outside_the_catalog(text)), text     # no letter outside ⟦…⟧
        if entry["heading"]:
            assert entry["heading"].startswith("⟦") and entry["heading"].endswith("⟧"), entry["heading"]

    german = log(client, table, "de")
    assert [e["version"] for e in german] == [e["version"] for e in pseudo]
    for entry in german:
        assert "{" not in entry["text"] and "⟦" not in entry["text"], entry["text"]
        assert not re.search(r"\b(log|report|problem)-[a-z]", entry["text"]), entry["text"]
    assert german[-1]["heading"] and german[-1]["text"] != log(client, table, "en")[-1]["text"]

    refused = client.post(f"/v1/games/{table.game_id}/commands?lang=xx", json={"type": late},
                          headers=bearer(table.tokens[1]))
    body = refused.get_json()
    assert refused.status_code == 409 and body["code"] == "game_finished", body
    assert body["detail"].startswith("⟦") and body["detail"].endswith("⟧") and body["title"].startswith("⟦"), body
