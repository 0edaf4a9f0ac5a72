"""Legal actions (every example decide accepts; the two-dice plans; a target per robbable or
stingable pawn) and the timeout defaults of the step table (move: end the turn; buy:
nothing; sell: all)."""
from __future__ import annotations

from service.rules.prohibition import RULESET
from service.rules.prohibition.steps import STEPS

from .situations import law, place, table


def examples(t, seat, kind=None):
    la = RULESET.legal_actions(t.state, seat)
    return [e for a in la["actions"] for e in a["examples"] if kind in (None, e["type"])]


def test_move_examples_leave_out_landings_on_law_pawns_and_moved_law_pawns():
    t = table(action=(6, 6))
    t.send(1, {"type": "move", "die": 6, "pawn": "police", "direction": "cw"})   # police 7
    moves = examples(t, 1, "move")
    assert {"type": "move", "die": 6, "pawn": "own", "direction": "ccw"} not in moves   # 7: police
    assert not any(m["pawn"] == "police" for m in moves)
    assert len(moves) == 1 + 2 * 2                        # own cw; agent and fbi both ways


def test_doubles_are_one_die_value_and_plans_list_both_dice():
    t = table(action=(2, 5))
    la = RULESET.legal_actions(t.state, 1)
    plans = la["actions"][0]["params"]["plans"]
    assert len(plans) == 2 * 2 * 2                        # two orders x two ways x two ways
    assert {"dice": [5, 2], "directions": ["ccw", "cw"], "via": 8, "to": 10} in plans
    law(t, fbi=8)
    plans = RULESET.legal_actions(t.state, 1)["actions"][0]["params"]["plans"]
    assert not any(p["via"] == 8 or p["to"] == 8 for p in plans)
    t2 = table(action=(4, 4))
    assert sorted({m["die"] for m in examples(t2, 1, "move")}) == [4]
    assert len(RULESET.legal_actions(t2.state, 1)["actions"][0]["params"]["plans"]) == 4


def test_a_target_example_per_pawn_that_can_be_robbed_or_stung():
    t = table(seats=3, action=(3, 4))
    place(t, 2, 10, cases=3)
    place(t, 3, 10, cases=4)
    moves = examples(t, 1, "move")
    assert [m for m in moves if m["pawn"] == "own" and m["die"] == 3 and m["direction"] == "ccw"] == [
        {"type": "move", "die": 3, "pawn": "own", "direction": "ccw", "target": 2},
        {"type": "move", "die": 3, "pawn": "own", "direction": "ccw", "target": 3}]
    place(t, 2, 5)
    place(t, 3, 5)
    stings = [m for m in examples(t, 1, "move") if m["pawn"] == "agent" and m["die"] == 4
              and m["direction"] == "cw"]
    assert [m["target"] for m in stings] == [2, 3]


def test_every_example_is_accepted():
    t = table(seats=3, action=(3, 4))
    place(t, 2, 10, cases=3)
    place(t, 3, 10, cases=4)
    for ex in examples(t, 1):
        body = {k: v for k, v in ex.items() if k != "type"}
        RULESET.decide(t.state, {"kind": "seat", "seat": 1}, {"type": ex["type"], **body}, t.oracle())


def test_buy_and_sell_examples():
    t = table(action=(2, 4), production=(4, 1, 2))        # Rum Runners 3 Cases
    t.send(1, {"type": "move", "die": 2, "pawn": "own", "direction": "cw"})
    assert examples(t, 1) == [{"type": "buy", "cases": n} for n in range(4)]
    t.send(1, {"type": "buy", "cases": 3})
    t.send(1, {"type": "move", "die": 4, "pawn": "own", "direction": "ccw"})    # 11: Source, empty
    t3 = table(action=(4, 1))
    place(t3, 1, 13, cases=2)
    t3.send(1, {"type": "move", "die": 4, "pawn": "own", "direction": "cw"})
    assert examples(t3, 1) == [{"type": "sell", "accept": True}, {"type": "sell", "accept": False}]


def test_timeouts_apply_the_table_defaults():
    assert {name: s.default for name, s in STEPS.items()} == {
        "move": {"type": "end_turn"}, "buy": {"type": "buy", "cases": 0},
        "sell": {"type": "sell", "accept": True}}
    t = table(action=(2, 4), production=(4, 1, 2))
    t.send(1, {"type": "move", "die": 2, "pawn": "own", "direction": "cw"})
    n = len(t.events)
    t.timeout()                                           # buy: nothing
    assert t.types(n)[:2] == ["timed_out", "cases_bought"]
    assert t.events[n + 1]["payload"]["cases"] == 0 and t.waiting()["step"] == "move"
    t.timeout()                                           # move: end the turn
    assert t.game["turn"]["seat"] == 2
    assert [e["payload"] for e in t.events if e["type"] == "turn_ended"] == [
        {"seat": 1, "unused_dice": [4]}]
    t3 = table(action=(4, 1))
    place(t3, 1, 13, cases=2)
    t3.send(1, {"type": "move", "die": 4, "pawn": "own", "direction": "cw"})
    t3.timeout()                                          # sell: all
    assert t3.player(1)["cases"] == 0 and t3.space(17)["cases"] == 2


def test_waiting_names_the_step_and_its_opening():
    t = table(action=(2, 4), production=(4, 1, 2))
    w = RULESET.waiting(t.state)
    assert w["step"] == "move" and w["seats"] == [1] and w["since"]
    t.send(1, {"type": "move", "die": 2, "pawn": "own", "direction": "cw"})
    w2 = RULESET.waiting(t.state)
    assert w2["step"] == "buy" and w2["since"] > w["since"]
