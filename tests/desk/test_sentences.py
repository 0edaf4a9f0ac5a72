"""Every event type of every ruleset (and of the engine) has a log sentence; sentences read
real events for every viewer without failing, and name nothing a viewer may not see."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from events.engine_events import ENGINE_EVENT_SCHEMAS
from projections.views import view_event
from service.rules.registry import rulesets
from service.sentences import ENGINE_SENTENCES, has_sentence

TESTS = Path(__file__).resolve().parents[1]
GOLDEN_FILES = sorted([*(TESTS / "golden").glob("*.events.jsonl"), *(TESTS / "booze_baron" / "golden").glob("*.events.jsonl")])
NAMES = {1: "Ada", 2: "Bix", 3: "Cora", 4: "Dee", 5: "Eli", 6: "Flo", 7: "Gus", 8: "Hal", 9: "Ivy"}
VIEWERS = [{"kind": "organizer"}, {"kind": "spectator"}, {"kind": "seat", "seat": 1}, {"kind": "seat", "seat": 2}]


def who(seat):
    return NAMES.get(int(seat), f"seat {seat}")


@pytest.mark.parametrize("name", sorted(rulesets()))
def test_every_event_type_of_every_ruleset_has_a_sentence(name):
    ruleset = rulesets()[name]
    missing = [t for t in [*ruleset.event_schemas, *ENGINE_EVENT_SCHEMAS] if not has_sentence(t, ruleset)]
    assert not missing, f"{name}: no log sentence for {missing}"


def test_the_dispute_and_engine_ruling_events_have_sentences():
    """Their payloads as the disputes branch (issue 15, item 3) records them."""
    filed = {"type": "dispute_filed", "version": 50, "actor": {"kind": "seat", "seat": 2},
             "payload": {"dispute": 1, "seat": 2, "about": 41, "text": "I bid 40, not 30"}}
    assert ENGINE_SENTENCES["dispute_filed"](filed, who) == "Bix files dispute 1 about event 41: \u201cI bid 40, not 30\u201d"
    resolved = {"type": "dispute_resolved", "version": 51, "actor": {"kind": "organizer"},
                "payload": {"dispute": 1, "seat": 2, "decision": "upheld", "text": "misread", "rulings": []}}
    assert ENGINE_SENTENCES["dispute_resolved"](resolved, who).startswith("The organizer upheld dispute 1 (Bix's)")
    forfeit = {"type": "seat_forfeited", "version": 52, "actor": {"kind": "organizer"},
               "payload": {"seat": 3, "reason": "left the table", "dispute": None}}
    assert ENGINE_SENTENCES["seat_forfeited"](forfeit, who) == "The organizer rules that Cora forfeits. Reason: left the table."
    for kind in ("seat_replaced", "game_annulled", "result_amended"):
        assert kind in ENGINE_SENTENCES


def _render(event, ruleset):
    """No fallback here: a sentence function that fails on a real payload fails the test."""
    own = ruleset.sentences
    if event["type"] in own:
        return own[event["type"]](event["payload"], who)
    return ENGINE_SENTENCES[event["type"]](event, who)


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.stem)
def test_every_golden_event_reads_as_a_sentence_for_every_viewer(path):
    events = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    ruleset = rulesets()[events[0]["payload"]["ruleset"]]
    for event in events:
        for viewer in VIEWERS:
            line = _render(view_event(event, viewer, ruleset), ruleset)
            assert isinstance(line, str) and len(line) > 5 and "None" not in line, (event, viewer, line)


def _bootleggers():
    return rulesets()["bootleggers"]


def test_a_bid_reads_with_its_card_for_the_bidder_and_sealed_for_the_others():
    bid = {"type": "bid_placed", "version": 40, "actor": {"kind": "seat", "seat": 2},
           "payload": {"seat": 2, "card": 28}}
    r = _bootleggers()
    assert _render(view_event(bid, {"kind": "seat", "seat": 2}, r), r) == "Bix bid 28."
    for viewer in ({"kind": "seat", "seat": 1}, {"kind": "spectator"}, {"kind": "organizer"}):
        assert _render(view_event(bid, viewer, r), r) == "Bix bid (sealed)."


@pytest.mark.parametrize("payload, text", [
    ({"speakeasy": "mothers", "seat": 1, "count": 1, "to": "supply", "reason": "hit"},
     "Hit: 1 marker of Ada at Mother's is destroyed."),
    ({"crates": 4, "dock": "line", "price": 2, "seat": 3, "speakeasy": "real_mccoy", "truck": "small_3"},
     "Cora sells 4 crates at The Real McCoy from Small Truck 3 (line dock)."),
    ({"seat": 2, "card": "thug:g_men_bust_a_speakeasy#1", "kind": "g_men_bust_a_speakeasy",
      "targets": {"speakeasy": "texas_lils"}, "reactors": [1]},
     "Bix plays G-Men—Bust a Speakeasy at Texas Lil's."),
])
def test_exact_sentences(payload, text):
    kind = {"hit": "influence_removed", "line": "crates_sold"}.get(payload.get("reason") or payload.get("dock"), "thug_played")
    assert _bootleggers().sentences[kind](payload, who) == text


def test_a_declared_thug_card_is_face_down_in_the_others_sentences():
    event = {"type": "thug_declared", "version": 9, "actor": {"kind": "seat", "seat": 1},
             "payload": {"seat": 1, "card": "thug:hit#2", "kind": "hit", "targets": {"seat": 2, "speakeasy": "mothers"}}}
    r = _bootleggers()
    assert "Hit" in _render(view_event(event, {"kind": "seat", "seat": 1}, r), r)
    hidden = _render(view_event(event, {"kind": "seat", "seat": 2}, r), r)
    assert hidden == "Ada declares a Thug card face down."


def test_the_report_pairs_a_dispute_with_its_resolution():
    from service.report import _dispute, _disputes
    rows = {}
    _dispute(rows, {"type": "dispute_filed", "version": 50, "actor": {"kind": "seat", "seat": 2},
                    "payload": {"dispute": 1, "seat": 2, "about": 41, "text": "I bid 40, not 30"}}, who)
    assert "open" in _disputes(rows)
    _dispute(rows, {"type": "dispute_resolved", "version": 51, "actor": {"kind": "organizer"},
                    "payload": {"dispute": 1, "seat": 2, "decision": "rejected", "text": "the record says 30",
                                "rulings": []}}, who)
    html = _disputes(rows)
    assert "<td class='n'>41</td>" in html
    assert "Bix" in html and "I bid 40, not 30" in html and "rejected" in html and "the record says 30" in html


@pytest.mark.parametrize("event, phase", [
    ({"type": "dice_rolled", "payload": {"purpose": "production", "dice": [5], "seat": 1}}, 3),
    ({"type": "copper_moved", "payload": {"from": None, "to": 2}}, 3),
    ({"type": "dice_rolled", "payload": {"purpose": "demand", "dice": [3]}}, 5),
    ({"type": "influence_gained", "payload": {"seat": 1, "count": 1, "reason": "heat"}}, 6),
    ({"type": "cash_announced", "payload": {"round": 4, "cash": {}}}, 6),
    ({"type": "influence_gained", "payload": {"seat": 1, "count": 1, "reason": "card"}}, 2),
])
def test_the_log_files_events_of_a_phase_without_a_step_under_that_phase(event, phase):
    """Production (Phase 3) has no step, and Phase 6's bookkeeping comes before the state says 6."""
    assert _bootleggers().log_phase(event, 2) == phase


def test_a_dispute_another_seat_may_not_read_yet_is_no_quoted_none():
    """While the game runs another seat sees a dispute without its text (projections/views)."""
    hidden = {"type": "dispute_filed", "version": 50, "actor": {"kind": "seat", "seat": 2},
              "payload": {"dispute": 1, "seat": 2, "about": 41, "text": None}}
    assert ENGINE_SENTENCES["dispute_filed"](hidden, who) == \
        "Bix files dispute 1 about event 41 (what it says stays the filer's until the game ends)."
    answer = {"type": "dispute_resolved", "version": 51, "actor": {"kind": "organizer"},
              "payload": {"dispute": 1, "seat": 2, "decision": "rejected", "text": None, "rulings": []}}
    assert ENGINE_SENTENCES["dispute_resolved"](answer, who) == \
        "The organizer rejected dispute 1 (Bix's) (what it says stays the filer's until the game ends)."
    forfeit = {"type": "seat_forfeited", "version": 52, "actor": {"kind": "organizer"},
               "payload": {"seat": 3, "reason": "left the table", "dispute": 1}}
    assert ENGINE_SENTENCES["seat_forfeited"](forfeit, who) == \
        "The organizer rules that Cora forfeits. Reason: left the table, answering dispute 1."


def test_the_log_names_the_disputed_event_and_the_forfeited_seat(client):
    """Through GET /log, as the filer, another seat and the organizer (the names are the seats')."""
    from tests.disputes.helpers import ok, organizer, seat
    from tests.support.bots import bearer, open_table
    table = open_table(client, 3, names=["Ada", "Bix", "Cora"])
    ok(seat(table, 2, {"type": "dispute", "version": 3, "text": "Cora left"}))
    ok(organizer(table, {"type": "resolve_dispute", "dispute": 1, "decision": "upheld", "text": "she did",
                         "rulings": [{"kind": "forfeit", "seat": 3, "reason": "left the table"}]}))

    def log(token):
        r = client.get(f"/v1/games/{table.game_id}/log?limit=1000", headers=bearer(token))
        assert r.status_code == 200, r.get_data(as_text=True)
        return [e["text"] for e in r.get_json()["entries"]]

    filed = "Bix files dispute 1 about event 3"
    forfeited = "The organizer rules that Cora forfeits. Reason: left the table, answering dispute 1."
    for token, said in ((table.tokens[2], ": \u201cCora left\u201d"), (table.organizer, ": \u201cCora left\u201d"),
                        (table.tokens[1], " (what it says stays the filer's until the game ends).")):
        texts = log(token)
        # each after the phase it happened in ("Round 1, Phase 1: ...")
        assert any(t.endswith(filed + said) for t in texts), texts[-6:]
        assert any(t.endswith(forfeited) for t in texts), texts[-6:]
        assert not [t for t in texts if "None" in t], texts
