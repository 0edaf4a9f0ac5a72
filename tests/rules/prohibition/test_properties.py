"""Property tests: random bots play whole Prohibition games from legal-action examples only.

2-6 seats. Along the way: every listed example is accepted by decide; a command from a
seat not awaited is refused with RuleViolation; nothing goes negative; timeouts apply. At
the end: the game ended (by the Culture spaces or the round limit); Bankrolls and Cases are
accounted for by the events (money enters only as the starting 3D6 and the 24 Culture
Bankrolls, and moves only by buying, selling and Culture takes; Cases enter only by
shipments and leave only by consumption and confiscation); replay equals live byte for
byte; and every viewer sees the same thing (Prohibition has no hidden information).
PROHIBITION_GAMES=200 raises the number of games (default 12).
"""
from __future__ import annotations

import copy
import functools
import json
import os
import random

import pytest

from projections.core import fold
from service.rules.common import loading
from service.rules.errors import RuleViolation
from service.rules.prohibition import RULESET, data

from .bot import choose
from .harness import Table, ruleset_for

GAMES = int(os.environ.get("PROHIBITION_GAMES", "12"))
VIEWERS = [{"kind": "seat", "seat": 1}, {"kind": "seat", "seat": 2}, {"kind": "spectator"},
           {"kind": "organizer"}]


def _examples(la):
    return [e for a in la["actions"] for e in a["examples"]]


@functools.lru_cache(maxsize=None)
def play(seats: int, seed: int) -> Table:
    rnd = random.Random(seed)
    t = Table(seats, seed=seed.to_bytes(32, "big"))
    moves = 0
    while not t.game["finished"]:
        moves += 1
        assert moves < 20000, "game does not end"
        w = t.waiting()
        assert w["seats"] == t.game["waiting_for"] and len(w["seats"]) == 1, w
        if rnd.random() < 0.02:
            t.timeout()
            continue
        seat = w["seats"][0]
        stranger = rnd.choice([s for s in range(1, seats + 1) if s != seat])
        assert RULESET.legal_actions(t.state, stranger)["actions"] == []
        with pytest.raises(RuleViolation):
            t.send(stranger, {"type": "end_turn"})
        la = RULESET.legal_actions(t.state, seat)
        assert la["step"] == t.game["step"]
        examples = _examples(la)
        if moves % 7 == 0:
            for ex in examples:
                schema, _ = RULESET.command_schemas[ex["type"]]
                body = loading.load(schema, {k: v for k, v in ex.items() if k != "type"})
                RULESET.decide(t.state, {"kind": "seat", "seat": seat},
                               {"type": ex["type"], **body}, t.oracle())
        t.send(seat, choose(rnd, t.game, seat, examples))
        assert all(p["bankrolls"] >= 0 and p["cases"] >= 0 for p in t.game["players"])
        assert all(s.get("cases", 0) >= 0 and s.get("bankrolls", 0) >= 0 for s in t.game["board"])
    return t


def configs():
    for i in range(GAMES):
        yield pytest.param(2 + i % 5, i, id=f"g{i}-{2 + i % 5}p")


def _ledger(events):
    money, cases = {}, {"shipped": 0, "consumed": 0, "confiscated": 0}
    for e in events:
        p, kind = e["payload"], e["type"]
        if kind == "dice_rolled" and p["purpose"] == "starting_bankrolls":
            money[p["seat"]] = money.get(p["seat"], 0) + sum(p["dice"])
        elif kind == "dice_rolled" and p["purpose"] == "shipment":
            cases["shipped"] += sum(p["dice"])
        elif kind == "cases_bought":
            assert p["cost"] == p["cases"] * data.CASE_PRICE
            money[p["seat"]] -= p["cost"]
        elif kind == "cases_sold":
            assert p["paid"] == p["cases"] * data.SALE_PRICE
            money[p["seat"]] += p["paid"]
        elif kind == "culture_bankroll_taken":
            money[p["seat"]] += 1
        elif kind == "cases_consumed":
            cases["consumed"] += sum(p["spaces"].values())
        elif kind == "cases_confiscated":
            cases["confiscated"] += p["cases"]
    return money, cases


@pytest.mark.parametrize("seats,seed", list(configs()))
def test_random_game(seats, seed):
    t = play(seats, seed)
    g = t.game
    ended = [e for e in t.events if e["type"] == "game_ended"]
    assert len(ended) == 1 and ended[0] is t.events[-1]
    reason = ended[0]["payload"]["reason"]
    culture = sum(s.get("bankrolls", 0) for s in g["board"])
    assert (reason == "culture_empty") == (culture == 0)
    assert g["round"] <= data.ROUND_LIMIT and g["winner"] == t.state["winner"]
    best = max(p["bankrolls"] for p in g["players"])
    assert g["winners"] == sorted(p["seat"] for p in g["players"] if p["bankrolls"] == best)
    assert g["winner"] == (g["winners"][0] if len(g["winners"]) == 1 else None)
    assert g["ranking"][:len(g["winners"])] == g["winners"]
    # Bankrolls: each seat's equals its ledger; the Culture spaces lost exactly the takes
    money, cases = _ledger(t.events)
    assert {p["seat"]: p["bankrolls"] for p in g["players"]} == money
    takes = sum(e["type"] == "culture_bankroll_taken" for e in t.events)
    assert culture == 12 * data.CULTURE_BANKROLLS - takes
    # Cases: what was shipped is held, on the board, drunk or confiscated
    held = sum(p["cases"] for p in g["players"]) + sum(s.get("cases", 0) for s in g["board"])
    assert cases["shipped"] == held + cases["consumed"] + cases["confiscated"]
    # replay from scratch equals live state, byte for byte
    replay = fold(copy.deepcopy(t.events), ruleset_for)
    assert json.dumps(replay, sort_keys=True) == json.dumps(t.state, sort_keys=True)
    # nothing is hidden in Prohibition: every viewer sees the same state and events
    for viewer in VIEWERS:
        assert RULESET.view(t.state, viewer) == g
        for e in t.events[-30:]:
            assert RULESET.redact_event(e, viewer) == e
    with pytest.raises(RuleViolation) as err:
        t.send(1, {"type": "end_turn"})
    assert err.value.code == "game_finished"


def test_both_endings_happen_over_the_games():
    """Random games with a keen bot end by the printed rule (no Culture Bankroll left)."""
    reasons = {play(*p.values).events[-1]["payload"]["reason"] for p in configs()}
    assert "culture_empty" in reasons
