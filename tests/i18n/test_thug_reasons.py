"""Why a declared Thug card went back to its hand reads in the reader's language: the event
records the refusal's message in no language (`why`, version 2 of `thug_returned` and
`thug_resolved`) beside its English; an older event (version 1, no `why`) reads as recorded;
the others see neither."""
from __future__ import annotations

import json

from service.desk import sentences
from service.i18n.message import Join, Msg, And, as_data, from_data
from service.rules.bootleggers import RULESET
from service.rules.bootleggers.schemas import EVENT_SCHEMAS, EVENT_UPCASTERS
from tests.rules.bootleggers.situations import play
from tests.rules.bootleggers.test_thug_windows import window_with_two_hits

NAMES = {1: "Ada", 2: "Bix", 3: "Cora", 4: "Dee"}.get


def returned_event() -> dict:
    t = window_with_two_hits()
    play(t, 4, "thug:hit#2", speakeasy="mothers", seat=1)
    play(t, 2, "thug:hit#1", speakeasy="mothers", seat=1)
    return next(e for e in t.events if e["type"] == "thug_returned")


def test_a_returned_card_says_why_in_each_language():
    event = returned_event()
    p = event["payload"]
    assert "seat 1 has no influence marker" in p["reason"]            # the English, for old readers
    assert p["why"]["id"].startswith("problem-bl-") and json.loads(json.dumps(p["why"])) == p["why"]
    assert EVENT_SCHEMAS["thug_returned"][1] == 2 and not EVENT_SCHEMAS["thug_returned"][0]().validate(p)
    german = sentences.text("de", event, RULESET, NAMES)
    english = sentences.text("en", event, RULESET, NAMES)
    assert "von Dee geht zurück auf die Hand (" in german and "Mother's" in german, german
    assert "influence marker" not in german and "Einfluss-Figur" in german, german
    assert "influence marker" in english and "seat 1" not in english, english     # the name, not the seat
    assert sentences.text("xx", event, RULESET, NAMES).count("⟦") >= 3


def test_an_older_event_reads_as_recorded_and_others_see_no_reason():
    event = returned_event()
    old = {**event, "schema_version": 1, "payload": {k: v for k, v in event["payload"].items() if k != "why"}}
    assert EVENT_UPCASTERS[("thug_returned", 1)](dict(old["payload"])) == old["payload"]
    assert f"({old['payload']['reason']})" in sentences.text("de", old, RULESET, NAMES)
    seen = RULESET.redact_event(event, {"kind": "seat", "seat": 1})["payload"]
    assert seen == {"seat": 4, "card": None, "kind": None, "reason": None}


def test_a_message_survives_being_recorded():
    said = Msg("log-bl-returned", seat="Ada", card=Msg("log-bl-thug-hit"), n=3,
               why=And([Msg("log-bl-thug-moll"), "Bix"]), some=Join([], empty=Msg("log-nobody"), sep="common-clause-sep"))
    data = as_data(said)
    assert json.loads(json.dumps(data)) == data and from_data(data) == said
    assert from_data(data).params["why"].__class__ is And
