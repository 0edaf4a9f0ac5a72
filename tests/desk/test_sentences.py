"""Every event type of every ruleset (and of the engine) has a log sentence; sentences read
real events for every viewer without failing, and name nothing a viewer may not see."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from events.engine_events import ENGINE_EVENT_SCHEMAS
from projections.views import view_event
from service.rules.registry import rulesets
from service.desk.game_log import Names
from service.desk.sentences import ENGINE_SENTENCES, has_sentence
from service.i18n.message import english

TESTS = Path(__file__).resolve().parents[1]
GOLDEN_FILES = sorted([*(TESTS / "golden").glob("*.events.jsonl"), *(TESTS / "rules" / "booze_baron" / "golden").glob("*.events.jsonl")])
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
    """Their payloads as the disputes record them."""
    filed = {"type": "dispute_filed", "version": 50, "actor": {"kind": "seat", "seat": 2},
             "payload": {"dispute": 1, "seat": 2, "about": 41, "text": "I bid 40, not 30"}}
    assert english(ENGINE_SENTENCES["dispute_filed"](filed, who)) == "Bix files dispute 1 about event 41: \u201cI bid 40, not 30\u201d"
    resolved = {"type": "dispute_resolved", "version": 51, "actor": {"kind": "organizer"},
                "payload": {"dispute": 1, "seat": 2, "decision": "upheld", "text": "misread", "rulings": []}}
    assert english(ENGINE_SENTENCES["dispute_resolved"](resolved, who)).startswith("The organizer upheld dispute 1 (Bix's)")
    forfeit = {"type": "seat_forfeited", "version": 52, "actor": {"kind": "organizer"},
               "payload": {"seat": 3, "reason": "left the table", "dispute": None}}
    assert english(ENGINE_SENTENCES["seat_forfeited"](forfeit, who)) == "The organizer rules that Cora forfeits. Reason: left the table."
    for kind in ("seat_replaced", "game_annulled", "result_amended"):
        assert kind in ENGINE_SENTENCES


def _render(event, ruleset):
    """No fallback here: a sentence function that fails on a real payload fails the test."""
    own = ruleset.sentences
    if event["type"] in own:
        return english(own[event["type"]](event["payload"], who))
    return english(ENGINE_SENTENCES[event["type"]](event, who))


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
    assert english(_bootleggers().sentences[kind](payload, who)) == text


def test_a_declared_thug_card_is_face_down_in_the_others_sentences():
    event = {"type": "thug_declared", "version": 9, "actor": {"kind": "seat", "seat": 1},
             "payload": {"seat": 1, "card": "thug:hit#2", "kind": "hit", "targets": {"seat": 2, "speakeasy": "mothers"}}}
    r = _bootleggers()
    assert "Hit" in _render(view_event(event, {"kind": "seat", "seat": 1}, r), r)
    hidden = _render(view_event(event, {"kind": "seat", "seat": 2}, r), r)
    assert hidden == "Ada declares a Thug card face down."


def test_the_report_pairs_a_dispute_with_its_resolution():
    from service.desk.report import _dispute, _disputes
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


@pytest.mark.parametrize("kind", ["deals_lapsed", "trucks_returned"])
def test_deals_lapsing_and_trucks_going_home_are_the_end_of_phase_5(kind):
    """docs/rules.md: at the end of Phase 5 — so in the last round the game's end, right after them,
    is not listed after a "Phase 6"."""
    assert _bootleggers().log_phase({"type": kind, "payload": {}}, 5) == 5


def test_a_dispute_another_seat_may_not_read_yet_is_no_quoted_none():
    """While the game runs another seat sees a dispute without its text (projections/views)."""
    hidden = {"type": "dispute_filed", "version": 50, "actor": {"kind": "seat", "seat": 2},
              "payload": {"dispute": 1, "seat": 2, "about": 41, "text": None}}
    assert english(ENGINE_SENTENCES["dispute_filed"](hidden, who)) == \
        "Bix files dispute 1 about event 41 (what it says is for the filer and the organizer only)."
    answer = {"type": "dispute_resolved", "version": 51, "actor": {"kind": "organizer"},
              "payload": {"dispute": 1, "seat": 2, "decision": "rejected", "text": None, "rulings": []}}
    assert english(ENGINE_SENTENCES["dispute_resolved"](answer, who)) == \
        "The organizer rejected dispute 1 (Bix's) (what it says is for the filer and the organizer only)."
    forfeit = {"type": "seat_forfeited", "version": 52, "actor": {"kind": "organizer"},
               "payload": {"seat": 3, "reason": "left the table", "dispute": 1}}
    assert english(ENGINE_SENTENCES["seat_forfeited"](forfeit, who)) == \
        "The organizer rules that Cora forfeits. Reason: left the table, answering dispute 1."


def test_the_log_names_the_disputed_event_and_the_forfeited_seat(client):
    """Through GET /log, as the filer, another seat and the organizer (the names are the seats')."""
    from tests.desk.helpers import ok, organizer, seat
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
                        (table.tokens[1], " (what it says is for the filer and the organizer only).")):
        texts = log(token)
        # each after the phase it happened in ("Round 1, Phase 1: ...")
        assert any(t.endswith(filed + said) for t in texts), texts[-6:]
        assert any(t.endswith(forfeited) for t in texts), texts[-6:]
        assert not [t for t in texts if "None" in t], texts


# ---- every result told right -------------------------------------------------------------
NAMED = Names(NAMES)


def _end(ruleset: str):
    own = rulesets()[ruleset].sentences
    told = own["booze_game_ended" if ruleset == "booze_baron" else "game_ended"]
    return lambda payload, names: english(told(payload, names))


def test_a_mob_wins_as_the_beer_mob_and_its_members():
    payload = {"winner": "beer", "winners": ["beer"], "mob_coins": {"beer": 32, "liquor": 28, "wine": 26},
               "mobs": {"1": "beer", "2": "wine", "3": "liquor", "4": "beer"}, "coins": {}, "booze": {},
               "reason": "fewer_than_two_unexposed"}
    assert _end("booze_baron")(payload, NAMED) == (
        "The game ends: fewer than two Bootleggers are still Unexposed. Coins by Mob: Beer 32, Liquor 28, "
        "Wine 26. The Beer mob (Ada and Dee) wins.")
    assert "beer win" not in _end("booze_baron")(payload, who)


def test_mobs_level_after_the_tie_breaks_share_the_win():
    payload = {"winner": "beer & wine", "winners": ["beer", "wine"], "mob_coins": {"beer": 30, "liquor": 28, "wine": 30},
               "mobs": {"1": "beer", "2": "wine", "3": "liquor"}, "coins": {}, "booze": {},
               "reason": "fewer_than_two_unexposed"}
    assert _end("booze_baron")(payload, NAMED).endswith(
        "The Beer and Wine mobs share the win with 30 Coins each (Beer: Ada; Wine: Bix).")


def _booze_ended(exposures: list[dict]) -> Names:
    """Names that know the game as it ended: seats 1 and 4 beer, 2 wine, 3 liquor."""
    mobs = {1: "beer", 2: "wine", 3: "liquor", 4: "beer"}
    exposed = {e["seat"] for e in exposures}
    game = {"players": [{"seat": s, "mob": m, "exposed": s in exposed} for s, m in mobs.items()],
            "exposures": exposures}
    return Names(NAMES, ended={"game": game, "status": "finished"})


@pytest.mark.parametrize("exposures, told", [
    ([{"seat": 2, "by": 1, "mob": "wine", "round": 3}, {"seat": 3, "by": None, "mob": "liquor", "round": 5}],
     "Tie-break: Beer and Wine are level at 30 Coins; more opposing Bootleggers Exposed decide it (Beer 1, Wine 0)."),
    ([{"seat": 2, "by": None, "mob": "wine", "round": 3}, {"seat": 3, "by": None, "mob": "liquor", "round": 5}],
     ("Tie-break: Beer and Wine are level at 30 Coins; level on opposing Bootleggers Exposed too (0 each), the "
      "Beer mob still has an Unexposed Bootlegger.")),
])
def test_the_booze_baron_tie_break_that_decided_is_told(exposures, told):
    payload = {"winner": "beer", "winners": ["beer"], "mob_coins": {"beer": 30, "liquor": 28, "wine": 30},
               "mobs": {"1": "beer", "2": "wine", "3": "liquor", "4": "beer"}, "coins": {}, "booze": {},
               "reason": "fewer_than_two_unexposed"}
    line = _end("booze_baron")(payload, _booze_ended(exposures))
    assert line.endswith("The Beer mob (Ada and Dee) wins. " + told), line
    # without the game (a bare `who`) both printed tie-breaks are named
    assert "the printed tie-breaks decide it" in _end("booze_baron")(payload, who)


PROHIBITION_TIE = {"winner": 1, "ranking": [1, 2, 3], "reason": "culture_empty", "tied_on_bankrolls": [1, 2],
                   "bankrolls": {"1": 23, "2": 23, "3": 5}, "cases": {"1": 3, "2": 1, "3": 0}}
PROHIBITION_NAMES = Names({1: "Eliot Ness", 2: "Nucky", 3: "Al"})


def test_tied_mobsters_share_the_win_in_a_sentence():
    shared = {**PROHIBITION_TIE, "winner": None, "winners": [1, 2]}
    assert _end("prohibition")(shared, PROHIBITION_NAMES) == (
        "The game ends: the last Culture Bankroll is taken. Eliot Ness and Nucky share the win with 23 Bankrolls "
        "each. Bankrolls: Eliot Ness 23, Nucky 23, Al 5.")


@pytest.mark.parametrize("cases, how", [
    ({"1": 3, "2": 1, "3": 0}, "more Cases decide it (Eliot Ness 3, Nucky 1)."),
    ({"1": 2, "2": 2, "3": 0}, "Cases (Eliot Ness 2, Nucky 2), then the later in the turn order decide it."),
])
def test_a_prohibition_game_ended_before_shared_wins_tells_its_tie_break(cases, how):
    """Events are forever: an old `game_ended` named one winner on the Cases tie-break of then."""
    line = _end("prohibition")({**PROHIBITION_TIE, "cases": cases}, PROHIBITION_NAMES)
    assert line == ("The game ends: the last Culture Bankroll is taken. Eliot Ness wins. Tie-break: Eliot Ness "
                    f"and Nucky are level at 23 Bankrolls; {how} Bankrolls: Eliot Ness 23, Nucky 23, Al 5.")


def test_a_bootleggers_tie_on_cash_tells_the_muscle_tie_break():
    golden = [json.loads(line) for line in (TESTS / "golden" / "four_seats_short_game.events.jsonl").read_text().splitlines()]
    (end,) = [e["payload"] for e in golden if e["type"] == "game_ended"]
    assert _end("bootleggers")(end, NAMED) == (
        "The game ends (the last round is over). Ada wins. Tie-break: Ada, Bix, Cora and Dee are level at $0G; "
        "the higher Muscle card decides it (Ada 71, Bix 57, Cora 46, Dee 17). Cash: Ada $0G, Bix $0G, Cora $0G, "
        "Dee $0G.")


def test_a_forfeited_seat_is_marked_in_the_end_line():
    """A forfeited $30G beside an $18G winner: it cannot win, and the line says why."""
    payload = {"winner": 1, "ranking": [1, 2, 3], "cash": {"1": 18, "2": 5, "3": 30},
               "muscle": {"1": 40, "2": 20, "3": 60}, "reason": "cash_100"}
    assert _end("bootleggers")(payload, Names(NAMES, forfeited=[3])) == (
        "The game ends (someone reached $100G). Ada wins. Cash: Ada $18G, Bix $5G, Cora $30G (forfeited).")
    prohibition = {**PROHIBITION_TIE, "winner": 2, "winners": [2], "ranking": [2, 3, 1],
                   "bankrolls": {"1": 30, "2": 18, "3": 5}, "tied_on_bankrolls": [2]}
    assert _end("prohibition")(prohibition, Names(NAMES, forfeited=[1])).endswith(
        "Bix wins. Bankrolls: Bix 18, Cora 5, Ada 30 (forfeited).")
