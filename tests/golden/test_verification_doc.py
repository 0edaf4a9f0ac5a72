"""docs/verification.md is the specification an outside verifier is written from: its deck
lists must be the decks the rules shuffle, and its test vectors must hold."""
from __future__ import annotations

import hashlib
import hmac
import json
import re
from pathlib import Path

from events.canonical import canonical
from events.envelope import event_hash
from events.receipts import receipt
from service.rules.booze_baron import RULESET as BOOZE_BARON
from service.rules.booze_baron import data as booze
from service.rules.bootleggers import data
from tests.golden.test_golden import load_events

DOC = (Path(__file__).parents[2] / "docs" / "verification.md").read_text()


def listed_decks(ruleset: str) -> dict:
    """The `### `deck`: …` JSON lists of one ruleset's "Starting orders" section."""
    section = DOC.split(f"## Starting orders ({ruleset},", 1)[1].split("\n## ", 1)[0]
    return {name: json.loads(block) for name, block in
            re.findall(r"^### `(\w+)`: .*?```json\n(.*?)```", section, re.S | re.M)}


def test_the_documented_starting_orders_are_the_decks_the_rules_shuffle():
    assert listed_decks("Bootleggers") == data.starting_decks()


def test_the_documented_booze_baron_decks_are_its_starting_orders():
    listed = listed_decks("Booze Baron")
    assert listed == {f"booze_{m}": list(cards) for m, cards in booze.BOOZE_CARDS.items()}
    for deck, cards in listed.items():
        assert BOOZE_BARON.shuffle_start({"deck": deck, "order": cards[::-1]}, []) == cards
    assert f"Booze Baron, data version {booze.VERSION})" in DOC


def vectors() -> dict:
    block = re.search(r"```text\n(.*?)```", DOC.split("## Test vectors", 1)[1], re.S).group(1)
    return {k.strip(): v.strip() for k, v in (line.split("=", 1) for line in block.splitlines())}


def test_the_documented_test_vectors_hold():
    v = vectors()
    events = load_events("four_seats_short_game")
    seed = bytes.fromhex(v["seed"])
    assert events[0]["game_id"] == v["game_id"] and events[-1]["payload"]["seed"] == v["seed"]
    assert hashlib.sha256(seed).hexdigest() == v["seed_commitment"] == events[0]["payload"]["seed_commitment"]
    assert event_hash(events[1]) == events[1]["hash"] == v["hash of event 2"]
    die = hmac.new(seed, v["die message"].encode(), hashlib.sha256).hexdigest()
    assert die == v["die HMAC"] and int(die, 16) % 6 + 1 == int(v["die"]) == events[63]["payload"]["dice"][0]
    step = hmac.new(seed, v["shuffle message"].encode(), hashlib.sha256).hexdigest()
    assert step == v["shuffle HMAC"] and int(step, 16) % 18 == int(v["shuffle j"])
    _, game_id, version, head = v["receipt message"].split(":")
    assert head == events[int(version) - 1]["hash"]
    assert receipt(seed, game_id, int(version), head) == v["receipt"]
    shown = re.search(r"as canonical JSON without its `hash`.*?```json\n(.*?)\n```", DOC, re.S).group(1)
    assert shown.encode() == canonical({k: x for k, x in events[1].items() if k != "hash"})
