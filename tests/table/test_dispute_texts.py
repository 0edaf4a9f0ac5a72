"""A dispute's text sealed before decide (service/table/dispute_texts.py): the kernels record
what they are handed and never hold the words or the key; a sealed text opens only under the
server's key, for the dispute and the text it was sealed for; version 1 events read as before."""
from __future__ import annotations

import pytest

from events.engine_events import ENGINE_EVENT_SCHEMAS, ENGINE_UPCASTERS
from events.registry import EventRegistry
from projections.views import view_event
from service.runtime.secret_key import ServerKey
from service.table import disputes
from service.table.dispute_texts import DisputeTexts
from service.tournaments import kernel

KEY = ServerKey("a test server key, not a real one")
NOW = "2026-11-28T00:00:00Z"
RUNNING = {"status": "running", "version": 7, "disputes": [], "options": {}}


def texts(key: ServerKey = KEY) -> DisputeTexts:
    return DisputeTexts("game", key)


def test_decide_records_the_sealed_text_it_is_handed_and_refuses_the_words():
    """The pure decide gets `text_sealed` from the table layer and records it as it is: the same
    inputs give the same drafts, and a command still holding the words is not decided."""
    seat = {"kind": "seat", "seat": 2}
    cmd = {"type": "dispute", "version": 3, "text_sealed": "v1.opaque-nonce.opaque-body"}
    drafts = disputes.decide_dispute(RUNNING, seat, cmd, NOW)
    assert drafts == disputes.decide_dispute(RUNNING, seat, cmd, NOW)
    assert drafts[0]["payload"] == {"dispute": 1, "seat": 2, "about": 3, "text_sealed": cmd["text_sealed"]}
    with pytest.raises(ValueError, match="sealed before decide"):
        disputes.decide_dispute(RUNNING, seat, {"type": "dispute", "version": 3, "text": "the words"}, NOW)
    filed = {**RUNNING, "disputes": [{"dispute": 1, "seat": 2, "state": "open"}]}
    answer = disputes.decide_resolve(filed, {"kind": "organizer"}, {"type": "resolve_dispute", "dispute": 1,
                                     "decision": "rejected", "text_sealed": "v1.n.b"}, None,
                                     lambda state, drafts, actor: state)
    assert answer[0]["payload"]["text_sealed"] == "v1.n.b" and "text" not in answer[0]["payload"]


def test_the_tournament_kernel_records_the_sealed_text_too():
    state = {"version": 4, "entrants": [{"entrant": 1, "dropped": False}], "disputes": []}
    drafts = kernel.decide_dispute(state, {"kind": "entrant", "entrant": 1}, 2, "v1.n.b")
    assert drafts[0]["payload"] == {"dispute": 1, "seat": 1, "about": 2, "text_sealed": "v1.n.b"}
    state["disputes"] = [{"dispute": 1, "entrant": 1, "state": "open"}]
    answer = kernel.decide_resolve(state, {"kind": "organizer"}, 1, "upheld", "v1.m.c")
    assert answer[0]["payload"]["text_sealed"] == "v1.m.c" and "text" not in answer[0]["payload"]


def test_the_table_layer_seals_the_text_for_its_dispute_and_only_the_server_key_opens_it():
    sealer = texts()
    cmd = sealer.sealed_command("g1", {**RUNNING, "disputes": [{}, {}]}, {"type": "dispute", "version": 3,
                                                                         "text": "seat 1 peeked"})
    assert "text" not in cmd and cmd["text_sealed"].startswith("v1.")
    assert "seat 1 peeked" not in cmd["text_sealed"]
    assert sealer.open("g1", 3, "filed", cmd["text_sealed"]) == "seat 1 peeked"  # the third filing
    again = sealer.sealed_command("g1", {**RUNNING, "disputes": [{}, {}]}, {"type": "dispute", "version": 3,
                                                                           "text": "seat 1 peeked"})
    assert again["text_sealed"] != cmd["text_sealed"]  # a fresh nonce each time
    # bound to its place: not another dispute, text, game or namespace; not another server's key
    assert sealer.open("g1", 2, "filed", cmd["text_sealed"]) is None
    assert sealer.open("g1", 3, "answer", cmd["text_sealed"]) is None
    assert sealer.open("g2", 3, "filed", cmd["text_sealed"]) is None
    assert DisputeTexts("tournament", KEY).open("g1", 3, "filed", cmd["text_sealed"]) is None
    assert texts(ServerKey("another deployment's key, not ours")).open("g1", 3, "filed", cmd["text_sealed"]) is None
    assert sealer.open("g1", 3, "filed", "not a sealed text") is None
    answer = sealer.sealed_command("g1", RUNNING, {"type": "resolve_dispute", "dispute": 2, "decision": "upheld",
                                                   "text": "agreed"})
    assert sealer.open("g1", 2, "answer", answer["text_sealed"]) == "agreed"
    assert sealer.sealed_command("g1", RUNNING, {"type": "say", "text": "hi"}) == {"type": "say", "text": "hi"}


def test_both_versions_of_the_schemas_check_and_version_1_upcasts_unchanged():
    registry = EventRegistry()
    registry.register_all(ENGINE_EVENT_SCHEMAS)
    for (kind, version), step in ENGINE_UPCASTERS.items():
        registry.add_upcaster(kind, version, step)
    sealed = texts().seal("g1", 1, "filed", "é" * 2000)  # the longest text, in two-byte characters
    v2 = {"dispute": 1, "seat": 2, "about": 3, "text_sealed": sealed}
    assert registry.version_of("dispute_filed") == registry.version_of("dispute_resolved") == 2
    assert registry.validate("dispute_filed", v2) == {}
    v1 = {"dispute": 1, "seat": 2, "about": 3, "text": "in the open"}
    upcast = registry.upcast({"type": "dispute_filed", "schema_version": 1, "payload": v1})
    assert upcast["payload"] == v1 and registry.validate("dispute_filed", upcast["payload"]) == {}
    assert registry.validate("dispute_filed", {**v2, "text": "both"})
    assert registry.validate("dispute_filed", {k: v for k, v in v2.items() if k != "text_sealed"})
    assert registry.validate("dispute_filed", {**v2, "text_sealed": "v1.short.x"})


@pytest.mark.parametrize("finished", [False, True])
def test_a_sealed_text_is_opened_for_its_filer_and_the_organizer_only(finished):
    sealer = texts()
    event = {"type": "dispute_filed", "game_id": "g1", "version": 9, "schema_version": 2,
             "payload": {"dispute": 1, "seat": 2, "about": 3, "text_sealed": sealer.seal("g1", 1, "filed", "mine")}}
    def shown(viewer):
        return view_event(event, viewer, None, finished, texts=sealer)["payload"].get("text")
    expected = {"organizer": "mine", "filer": "mine", "other seat": None, "spectator": None, "referee": "mine"}
    if finished:  # the record as stored: the words only beside it (DisputeTexts.sidecar)
        expected = dict.fromkeys(expected)
    viewers = {"organizer": {"kind": "organizer"}, "filer": {"kind": "seat", "seat": 2},
               "other seat": {"kind": "seat", "seat": 1}, "spectator": {"kind": "spectator"},
               "referee": {"kind": "spectator", "referee": True}}
    assert {name: shown(viewer) for name, viewer in viewers.items()} == expected
    assert [s["text"] for s in sealer.sidecar([event], viewers["filer"])] == ["mine"]
    assert sealer.sidecar([event], viewers["other seat"]) == []
    # a version 1 event: null for others while the game runs, public as stored after the end
    old = {**event, "schema_version": 1, "payload": {"dispute": 1, "seat": 2, "about": 3, "text": "open"}}
    assert view_event(old, viewers["other seat"], None, finished, texts=sealer)["payload"]["text"] == (
        "open" if finished else None)
