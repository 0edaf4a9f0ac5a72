"""Random bots play complete games through REST, knowing nothing but legal-actions.

Properties checked on every game: every listed example is accepted; money is conserved
(a player's cash changes only through `cash_paid` events, each naming its counterpart);
rebuilding from the stream equals the live state byte for byte; the hash chain holds.
`BOT_GAMES=200 make test` plays 200 games; the default keeps the suite quick.
"""
from __future__ import annotations

import os
import random

import pytest

from events.canonical import dumps
from events.envelope import first_break
from projections.core import empty_state, evolve
from tests.support.bots import open_table, play

CONFIGS = [(3, {}), (4, {}), (5, {}), (6, {}), (3, {"rounds": 8}), (4, {"influence": "anytime"}),
           (6, {"rounds": 8, "influence": "anytime"}), (5, {"rounds": 8})]
GAMES = int(os.environ.get("BOT_GAMES", len(CONFIGS)))


def cash(state: dict) -> dict[str, int]:
    return {str(p["seat"]): p["cash"] for p in state["game"]["players"]} if state.get("game") else {}


def assert_money_conserved(games, game_id: str) -> None:
    state = empty_state()
    for event in games.store.iter_all(game_id):
        before = cash(state)
        state = evolve(state, games.registry.upcast(event), games.ruleset_for)
        after = cash(state)
        if event["type"] == "cash_paid":
            p = event["payload"]
            assert p["amount"] > 0, event
            expected = dict(before)
            for side, sign in (("from", -1), ("to", 1)):
                if p[side] != "bank":
                    key = str(p[side])
                    expected[key] = expected.get(key, 0) + sign * p["amount"]
            assert after == expected, f"v{event['version']}: {before} -> {after} for {p}"
        elif before:
            assert after == before, f"cash changed outside cash_paid at v{event['version']} ({event['type']})"
    assert all(v >= 0 for v in cash(state).values())


@pytest.mark.parametrize("n", range(GAMES))
def test_random_bots_play_a_whole_game(app, n):
    seats, options = CONFIGS[n % len(CONFIGS)]
    table = open_table(app.test_client(), seats, options)
    final = play(table, random.Random(1000 + n), talk=0.02)
    games = app.extensions["games"]
    assert final["winner"] is not None
    assert dumps(games.rebuild(table.game_id)) == dumps(games.load(table.game_id))
    assert first_break(list(games.store.iter_all(table.game_id))) is None
    assert_money_conserved(games, table.game_id)
    kinds = {e["type"] for e in games.store.iter_all(table.game_id)}
    assert "deal_proposed" in kinds                 # bots negotiate from legal-actions too
    rounds = options.get("rounds", 12)
    assert final["round"] <= rounds
