"""The organizer's `ruling` command (service/rules/bootleggers/rulings.py), pure.

Each kind: its event, its effect, money conservation, replay equality and the refusals.
"""
from __future__ import annotations

import copy

import pytest
from marshmallow import RAISE, ValidationError

from projections.core import empty_state, fold
from service.rules.bootleggers import RULESET
from service.rules.errors import RuleViolation

from .harness import ruleset_for
from .situations import table, to_step

ORG = {"kind": "organizer"}


def rule(t, **cmd):
    """Send a ruling as the organizer through the schema and decide, like the engine."""
    schema, _ = RULESET.command_schemas["ruling"]
    loaded = schema(unknown=RAISE).load(cmd)
    before = copy.deepcopy(t.state)
    drafts = RULESET.decide(t.state, ORG, {"type": "ruling", **loaded}, t.oracle())
    assert t.state == before, "decide mutated its input state"
    return t.apply(drafts, ORG)


def load_ruling(**cmd):
    schema, _ = RULESET.command_schemas["ruling"]
    return schema(unknown=RAISE).load(cmd)


def test_organizer_only_and_hidden_from_legal_actions():
    t = table(4)
    assert "ruling" in RULESET.organizer_commands
    with pytest.raises(RuleViolation) as err:
        RULESET.decide(t.state, {"kind": "seat", "seat": 1},
                       {"type": "ruling", "kind": "set_crates", "reason": "x", "seat": 1,
                        "crates": 3}, t.oracle())
    assert err.value.code == "organizer_only" and err.value.status == 403
    for seat in (1, 2, 3, 4):
        assert "ruling" not in {a["type"] for a in RULESET.legal_actions(t.state, seat)["actions"]}


def test_schema_shapes():
    assert load_ruling(kind="set_copper", reason="r", seat=None)["seat"] is None
    with pytest.raises(ValidationError) as err:
        load_ruling(kind="set_cash", reason="r", seat=1)
    assert "cash" in err.value.messages
    with pytest.raises(ValidationError) as err:
        load_ruling(kind="set_cash", reason="r", seat=1, cash=3, crates=2)
    assert "crates" in err.value.messages
    with pytest.raises(ValidationError) as err:
        load_ruling(kind="set_cash", seat=1, cash=3)
    assert "reason" in err.value.messages
    with pytest.raises(ValidationError):
        load_ruling(kind="set_cash", reason="", seat=1, cash=3)
    with pytest.raises(ValidationError):
        load_ruling(kind="set_crates", reason="r", seat=None, crates=3)
    with pytest.raises(ValidationError):
        load_ruling(kind="set_still", reason="r", seat=1, still="family", dice=5)
    with pytest.raises(ValidationError):
        load_ruling(kind="set_round", reason="r", round=5)
    with pytest.raises(ValidationError):
        load_ruling(kind="set_cash", reason="r", seat=1, cash=-1)


def test_set_cash_is_a_bank_payment():
    t = table(4)
    was = t.player(2)["cash"]
    drafts = rule(t, kind="set_cash", reason="miscounted pile", seat=2, cash=was + 5)
    assert [d["type"] for d in drafts] == ["ruling_applied", "cash_paid"]
    assert drafts[0]["payload"] == {"kind": "set_cash", "reason": "miscounted pile", "seat": 2,
                                    "cash": was + 5, "was": was}
    assert drafts[1]["payload"] == {"from": "bank", "to": 2, "amount": 5, "reason": "ruling"}
    drafts = rule(t, kind="set_cash", reason="back", seat=2, cash=1)
    assert drafts[1]["payload"] == {"from": 2, "to": "bank", "amount": was + 4, "reason": "ruling"}
    assert t.player(2)["cash"] == 1
    # every cash change is a cash_paid: the fold of cash_paid alone gives each seat's cash
    cash = {s: 0 for s in (1, 2, 3, 4)}
    for e in t.events:
        if e["type"] == "cash_paid":
            p = e["payload"]
            if p["from"] != "bank":
                cash[p["from"]] -= p["amount"]
            if p["to"] != "bank":
                cash[p["to"]] += p["amount"]
    assert cash == {p["seat"]: p["cash"] for p in t.game["players"]}


def test_set_influence_from_supply_and_levels():
    t = table(4)
    rule(t, kind="set_influence", reason="r", speakeasy="mothers", seat=3, count=5)
    s = t.speakeasy("mothers")
    assert s["influence"] == {"3": 5} and s["open"] and s["levels"] == {"3": "controlling"}
    assert t.player(3)["back_room"]["influence"] == 1        # not from the back room
    rule(t, kind="set_influence", reason="r", speakeasy="mothers", seat=3, count=0)
    assert t.speakeasy("mothers")["influence"] == {}
    assert t.speakeasy("mothers")["open"] is False
    rule(t, kind="set_influence", reason="r", speakeasy="texas_lils", seat=1, count=4)
    with pytest.raises(RuleViolation, match="5 circles and others hold 4"):
        rule(t, kind="set_influence", reason="r", speakeasy="texas_lils", seat=2, count=2)
    rule(t, kind="set_influence", reason="r", speakeasy="real_mccoy", seat=1, count=15)
    with pytest.raises(RuleViolation, match="0 markers at Mother's and 0 in supply"):
        rule(t, kind="set_influence", reason="r", speakeasy="mothers", seat=1, count=1)
    # lowering a count frees markers: they go back to the supply
    rule(t, kind="set_influence", reason="r", speakeasy="real_mccoy", seat=1, count=14)
    rule(t, kind="set_influence", reason="r", speakeasy="mothers", seat=1, count=1)
    with pytest.raises(RuleViolation, match="Police Chief"):
        rule(t, kind="set_influence", reason="r", speakeasy="omalleys", seat=2, count=1)
    with pytest.raises(RuleViolation) as err:
        rule(t, kind="set_influence", reason="r", speakeasy="volstead", seat=2, count=1)
    assert err.value.code == "unknown_speakeasy"
    with pytest.raises(RuleViolation) as err:
        rule(t, kind="set_crates", reason="r", seat=7, crates=1)
    assert err.value.code == "not_a_player"


def test_trucks_from_and_back_to_the_supply():
    t = table(3)
    supply = copy.deepcopy(t.game["truck_supply"])
    drafts = rule(t, kind="give_truck", reason="r", seat=1, size="large")
    assert [d["type"] for d in drafts] == ["ruling_applied", "truck_taken"]
    assert drafts[1]["payload"] == {"seat": 1, "truck": "large_1", "size": "large",
                                    "reason": "ruling"}
    rule(t, kind="give_truck", reason="r", seat=2, size="large")
    rule(t, kind="give_truck", reason="r", seat=3, size="large")
    with pytest.raises(RuleViolation, match="no Large Truck is left"):
        rule(t, kind="give_truck", reason="r", seat=1, size="large")
    rule(t, kind="remove_truck", reason="r", seat=2, truck="large_2")
    assert t.game["truck_supply"]["large"] == ["large_2"]
    assert [x["id"] for x in t.player(2)["trucks"]] == ["small_2"]
    rule(t, kind="remove_truck", reason="r", seat=1, truck="large_1")
    rule(t, kind="remove_truck", reason="r", seat=3, truck="large_3")
    assert t.game["truck_supply"] == supply
    with pytest.raises(RuleViolation) as err:
        rule(t, kind="remove_truck", reason="r", seat=1, truck="small_2")
    assert err.value.code == "unknown_truck"


def test_remove_truck_refuses_a_loaded_truck():
    t = table(3, dice=[6, 6, 6])
    to_step(t, "load")
    tid = t.player(1)["trucks"][0]["id"]
    t.send(1, {"type": "load", "loads": {tid: 4}})
    with pytest.raises(RuleViolation, match="loaded crates never move"):
        rule(t, kind="remove_truck", reason="r", seat=1, truck=tid)


def test_set_crates_and_stills():
    t = table(4)
    rule(t, kind="set_crates", reason="r", seat=4, crates=9)
    assert t.player(4)["crates"] == 9
    rule(t, kind="set_still", reason="r", seat=1, still="family", dice=3)
    drafts = rule(t, kind="set_still", reason="r", seat=2, still="new_remote", dice=2)
    assert drafts[0]["payload"]["still"] == "remote_1" and drafts[0]["payload"]["was"] is None
    rule(t, kind="set_still", reason="r", seat=2, still="remote_1", dice=4)
    assert t.player(1)["stills"][0]["dice"] == 3
    assert t.player(2)["stills"][1] == {"id": "remote_1", "dice": 4, "last_roll": []}
    with pytest.raises(RuleViolation) as err:
        rule(t, kind="set_still", reason="r", seat=3, still="remote_1", dice=1)
    assert err.value.code == "unknown_still"
    for n in range(5):
        rule(t, kind="set_still", reason="r", seat=3, still="new_remote", dice=1)
    with pytest.raises(RuleViolation, match="all 6 Remote Stills"):
        rule(t, kind="set_still", reason="r", seat=4, still="new_remote", dice=1)


def test_improvements_within_squares_and_markers():
    t = table(6)
    with pytest.raises(RuleViolation, match="2 improvement squares"):
        rule(t, kind="set_improvements", reason="r", speakeasy="mothers", count=3)
    with pytest.raises(RuleViolation, match="O'Malley's has 0"):
        rule(t, kind="set_improvements", reason="r", speakeasy="omalleys", count=1)
    rule(t, kind="set_improvements", reason="r", speakeasy="volstead", count=5)
    rule(t, kind="set_improvements", reason="r", speakeasy="real_mccoy", count=4)
    rule(t, kind="set_improvements", reason="r", speakeasy="barleycorns", count=3)
    with pytest.raises(RuleViolation, match="only 0 of the 12"):
        rule(t, kind="set_improvements", reason="r", speakeasy="texas_lils", count=1)
    rule(t, kind="set_improvements", reason="r", speakeasy="barleycorns", count=1)
    rule(t, kind="set_improvements", reason="r", speakeasy="texas_lils", count=1)
    assert t.speakeasy("barleycorns")["improvements"] == 1


def test_set_copper_and_replay_equals_live():
    t = table(4)
    rule(t, kind="set_copper", reason="r", seat=3)
    assert t.game["copper_at"] == 3
    rule(t, kind="set_copper", reason="r", seat=None)
    assert t.game["copper_at"] is None
    rule(t, kind="set_influence", reason="r", speakeasy="barleycorns", seat=2, count=4)
    rule(t, kind="give_truck", reason="r", seat=2, size="medium")
    rule(t, kind="set_still", reason="r", seat=4, still="new_remote", dice=2)
    assert fold(t.events, ruleset_for, empty_state()) == t.state


def test_rulings_refused_after_the_end():
    t = table(4)
    t.game["finished"], t.game["winner"] = True, 1
    with pytest.raises(RuleViolation) as err:
        rule(t, kind="set_copper", reason="r", seat=1)
    assert err.value.code == "game_finished"


def test_ruling_in_a_step_keeps_the_step():
    t = table(4, dice=[1, 1, 1, 1])
    to_step(t, "deals")
    waiting = t.waiting()
    rule(t, kind="set_crates", reason="deal: Alice sold 3 crates to Bob", seat=1, crates=4)
    assert t.waiting() == waiting and t.game["step"] == "deals"
