"""`bootleggers verify` on the golden records: an intact record verifies; each kind of
tampering (a die, a deck order, a broken link, another seed, a cut record, a rewritten
history that only a player's receipt catches) fails, naming the first bad version."""
from __future__ import annotations

import json

import pytest
import rfc8785
from click.testing import CliRunner

from events.canonical import canonical
from events.envelope import event_hash
from events.receipts import receipt
from service.streams import rng
from service.desk import verification
from service.cli import main
from service.rules.bootleggers import data
from service.rules.registry import rulesets
from tests.golden.record import GAMES
from tests.golden.test_golden import load_events

RULESETS = rulesets()
GAME = "three_seats_full_game"


def check(events, receipts=None) -> verification.Report:
    return verification.verify(events, RULESETS.get, receipts)


def rechain(events: list[dict], start: int) -> None:
    """Recompute every hash from event `start` on: a forger who holds the store."""
    for event in events[start - 1:]:
        if event["version"] > 1:
            event["prev_hash"] = events[event["version"] - 2]["hash"]
        event["hash"] = event_hash(event)


def seed_of(events) -> bytes:
    return bytes.fromhex(next(e for e in events if e["type"] == "seed_revealed")["payload"]["seed"])


def receipts_for(events, versions) -> list[dict]:
    """What the server answered at these versions (it holds the seed all along)."""
    seed, game_id = seed_of(events), events[0]["game_id"]
    return [{"version": v, "receipt": receipt(seed, game_id, v, events[v - 1]["hash"])} for v in versions]


def first(events, kind, after=0) -> dict:
    return next(e for e in events if e["type"] == kind and e["version"] > after)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_golden_record_verifies(name):
    events = load_events(name)
    report = check(events, receipts_for(events, [1, len(events) // 2, len(events)]))
    assert report.ok, verification.render(report)
    assert [c.name for c in report.checks] == ["chain", "seed", "dice", "shuffles", "receipts"]
    assert report.first_bad is None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_canonical_json_is_rfc8785_for_every_golden_event(name):
    """docs/verification.md says a verifier may use any RFC 8785 (JCS) implementation."""
    for event in load_events(name):
        body = {k: v for k, v in event.items() if k != "hash"}
        assert canonical(body) == rfc8785.dumps(body), event["version"]
        assert canonical(event) == rfc8785.dumps(event), event["version"]


def edit_die(events):
    event = first(events, "dice_rolled", after=100)
    event["payload"]["dice"][0] = event["payload"]["dice"][0] % 6 + 1
    rechain(events, event["version"])
    return event["version"], "dice"


def edit_shuffle(events):
    event = next(e for e in events if e["type"] == "deck_shuffled" and e["payload"]["deck"] == "trucks")
    order = event["payload"]["order"]
    order[0], order[-1] = order[-1], order[0]
    rechain(events, event["version"])
    return event["version"], "shuffles"


def edit_muscle_quarter(events):
    event = first(events, "deck_shuffled")
    event["payload"]["order"] = sorted(event["payload"]["order"])
    rechain(events, event["version"])
    return event["version"], "shuffles"


def break_link(events):
    event = first(events, "cash_paid", after=200)
    event["payload"]["amount"] += 1  # hashes left as they were
    return event["version"], "chain"


def other_seed(events):
    event = first(events, "seed_revealed")
    event["payload"]["seed"] = "ab" * 32
    rechain(events, event["version"])
    return event["version"], "seed"


def cut_before_the_reveal(events):
    del events[-1]
    return len(events) + 1, "seed"


TAMPERINGS = {"a die, re-chained": edit_die, "a Truck deck order, re-chained": edit_shuffle,
              "a Muscle quarter left unshuffled, re-chained": edit_muscle_quarter,
              "a payment, chain left alone": break_link, "another seed, re-chained": other_seed,
              "the record cut before the seed": cut_before_the_reveal}


@pytest.mark.parametrize("tamper", sorted(TAMPERINGS))
def test_each_tampering_fails_naming_its_version(tamper, tmp_path):
    events = load_events(GAME)
    version, failing = TAMPERINGS[tamper](events)
    report = check(events)
    assert not report.ok and report.first_bad == version, verification.render(report)
    assert [c.name for c in report.checks if c.ok is False] == [failing]

    path = tmp_path / "record.json"
    path.write_text(json.dumps({"format": "bootleggers-game-record", "events": events}))
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1, result.output
    assert f"NOT VERIFIED: the first bad version is {version}" in result.output


def test_a_history_rewritten_and_rechained_is_caught_by_one_receipt(tmp_path):
    """Re-chained from an edit that touches no die or shuffle, the record is self-consistent;
    a receipt a player kept from after the edit is what catches it."""
    events = load_events(GAME)
    kept = receipts_for(events, [50, 400, 700])
    edited = first(events, "cash_paid", after=300)
    edited["payload"]["amount"] += 5
    rechain(events, edited["version"])
    assert check(events).ok, "without receipts the rewrite is invisible"

    report = check(events, kept)
    assert not report.ok and report.first_bad == 400
    assert "2 of 3 receipts do not match; the first is for version 400" in report.checks[-1].detail

    record, receipts = tmp_path / "record.json", tmp_path / "receipts.json"
    record.write_text(json.dumps({"events": events}))
    # receipts as a client keeps them: whole answers, the receipt inside
    receipts.write_text(json.dumps([{"version": r["version"], "events": [], "receipt": r} for r in kept]))
    result = CliRunner().invoke(main, ["verify", str(record), "--receipts", str(receipts)])
    assert result.exit_code == 1 and "the first bad version is 400" in result.output, result.output
    assert CliRunner().invoke(main, ["verify", str(record)]).exit_code == 0


def test_a_forged_or_late_receipt_fails_naming_its_version(tmp_path):
    events = load_events(GAME)
    kept = receipts_for(events, [10, 20])
    kept[1]["receipt"] = kept[1]["receipt"][::-1]
    report = check(events, kept)
    assert not report.ok and report.first_bad == 20
    beyond = receipts_for(events, [len(events)])
    beyond[0]["version"] += 1  # a receipt for an event the record does not hold: history cut
    report = check(events, beyond)
    assert report.first_bad == len(events) + 1 and "ends at event" in report.checks[-1].detail


def test_a_reshuffled_discard_pile_starts_from_its_cards_sorted():
    """No golden game empties the Men of Action deck; its reshuffle is checked the same way."""
    events = load_events(GAME)
    seed, version = seed_of(events), len(events) + 1
    pile = ["thug:hit#2", "single_influence#3", "double_influence#1", "thug:hit#1"]
    reshuffle = {"type": "deck_shuffled", "version": version, "command_id": "cmd_x",
                 "payload": {"deck": "men_of_action", "reason": data.RESHUFFLE_REASON,
                             "order": rng.seeded_shuffle(seed, version, "men_of_action", sorted(pile))}}
    created = events[0]["payload"]
    shuffle_start = RULESETS["bootleggers"].shuffle_start
    assert verification.check_shuffles([*events, reshuffle], created, seed, shuffle_start).ok
    reshuffle["payload"]["order"] = pile
    assert verification.check_shuffles([*events, reshuffle], created, seed, shuffle_start).first_bad == version


def test_unreadable_input_exits_2(tmp_path):
    path = tmp_path / "record.json"
    path.write_text('{"format": "something else"}')
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 2 and "neither a game record" in result.output
    path.write_text("[{]")
    assert CliRunner().invoke(main, ["verify", str(path)]).exit_code == 2


def test_an_event_that_is_no_envelope_fails_at_its_position():
    events = load_events(GAME)
    del events[5]["recorded_at"]
    report = check(events)
    assert report.first_bad == 6 and not report.ok


def test_the_json_report_names_every_check(tmp_path):
    events = load_events(GAME)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(events))  # a bare list of events (the /events pages) will do
    result = CliRunner().invoke(main, ["verify", "--json", str(path)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["ok"] is True and report["first_bad"] is None and report["events"] == len(events)
    assert [c["name"] for c in report["checks"]] == ["chain", "seed", "dice", "shuffles"]
