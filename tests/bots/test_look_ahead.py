"""Greedy's look-ahead (service/bots/look_ahead.py) on the ruleset's stand-in: it leaves the seat
what it sees, lets it do what it may, and answers the same whatever is hidden from the seat —
others' hands, sealed bids, face-down cards and deck order (rules/bootleggers/stand_in.py)."""
from __future__ import annotations

import random

import pytest

from events.canonical import copy_value
from service.bots import look_ahead, seat_bots
from service.streams import rng
from service.rules.bootleggers import data
from tests.api.conftest import problem
from tests.support.bots import bearer, move, open_table
from tests.support.spec_validation import problems

SEAT_VIEWER = lambda n: {"kind": "seat", "seat": n}  # noqa: E731
STAND_IN_ORACLE = lambda state: rng.SeededOracle(look_ahead.LOOK_AHEAD_SEED, state["version"])  # noqa: E731


def states_of_a_random_game(client, app, seats: int, seed: int, every: int = 7):
    """Every `every`-th state of a random game of Bootleggers, with its awaited seats."""
    table = open_table(client, seats, {"rounds": 8})
    games = app.extensions["games"]
    rng = random.Random(seed)
    for step in range(2000):
        state = games.load(table.game_id)
        if state["status"] != "running":
            return
        if step % every == 0:
            yield games, state
        move(table, rng)


def hidden_changed(state: dict, seat: int, rng: random.Random) -> dict:
    """A twin of `state` that differs only in what `seat` cannot see."""
    twin = copy_value(state)
    g = twin["game"]
    others = [p for p in g["players"] if p["seat"] != seat]
    held = {c for p in g["players"] for c in p["muscle_hand"]} | {p["displayed_muscle"] for p in g["players"]}
    undealt = [c for c in range(1, 73) if c not in held]
    for p in others:
        if p["muscle_hand"] and undealt:          # a card it was not dealt in its place
            out = rng.choice([c for c in p["muscle_hand"] if c != p["bid"]] or [None])
            if out is not None:
                p["muscle_hand"] = sorted([c for c in p["muscle_hand"] if c != out] + [undealt.pop()])
        if p["has_bid"]:
            p["bid"] = rng.choice(p["muscle_hand"])  # another sealed bid
    draw = g["decks"]["men_of_action"]["draw"]
    for p in others:                               # a face-down Thug card swapped with one in the deck
        deck_thugs = [c for c in draw if data.card_kind(c).startswith("thug:")]
        if p["thug_cards"] and deck_thugs:
            mine, theirs = p["thug_cards"][0], deck_thugs[0]
            p["thug_cards"][0] = theirs
            draw[draw.index(theirs)] = mine
    rng.shuffle(draw)
    rng.shuffle(g["decks"]["trucks"]["draw"])
    return twin


def test_the_stand_in_leaves_the_seat_what_it_sees_and_what_it_may_do(client, app):
    checked = 0
    for games, state in states_of_a_random_game(client, app, 4, seed=3):
        ruleset = games.ruleset_for("bootleggers")
        for n in (1, 2, 3, 4):
            stand_in = ruleset.stand_in(state, n, STAND_IN_ORACLE(state))
            seen, seen_there = ruleset.view(state, SEAT_VIEWER(n)), ruleset.view(stand_in, SEAT_VIEWER(n))
            seen["declared"] = [d for d in seen["declared"] if d["seat"] == n]  # others' face-down: left out
            assert seen_there == seen
            assert ruleset.legal_actions(stand_in, n) == ruleset.legal_actions(state, n)
            every_card = [c for p in stand_in["game"]["players"] for c in p["thug_cards"]]
            every_card += [w["card"] for p in stand_in["game"]["players"] for w in p["windfall"]]
            every_card += stand_in["game"]["decks"]["men_of_action"]["draw"]
            every_card += stand_in["game"]["decks"]["men_of_action"]["discard"]
            assert len(every_card) == len(set(every_card))  # no card dealt twice
            muscle = [c for p in stand_in["game"]["players"] for c in p["muscle_hand"]]
            assert len(muscle) == len(set(muscle))
            checked += 1
    assert checked > 50


def test_what_is_hidden_from_the_seat_changes_neither_its_stand_in_nor_its_look_ahead(client, app):
    rng, compared, bids_hidden = random.Random(11), 0, 0
    for games, state in states_of_a_random_game(client, app, 4, seed=5, every=5):
        ruleset = games.ruleset_for("bootleggers")
        for n in ruleset.waiting(state)["seats"]:
            twin = hidden_changed(state, n, rng)
            assert twin != state or not any(p["muscle_hand"] for p in state["game"]["players"])
            assert ruleset.view(twin, SEAT_VIEWER(n)) == ruleset.view(state, SEAT_VIEWER(n))  # what n sees
            oracle = STAND_IN_ORACLE(state)  # the same version: the same stand-in seed
            assert ruleset.stand_in(twin, n, oracle) == ruleset.stand_in(state, n, STAND_IN_ORACLE(state))
            for command in seat_bots.examples(games, state, n):
                assert (look_ahead.cash_after(games, twin, n, command)
                        == look_ahead.cash_after(games, state, n, command))
            compared += 1
            bids_hidden += any(p["has_bid"] for p in state["game"]["players"] if p["seat"] != n)
    assert compared > 30 and bids_hidden > 0  # sealed bids of others were among the hidden


def test_every_legal_example_is_counted_on_the_stand_in(client, app):
    counted = uncounted = 0
    for games, state in states_of_a_random_game(client, app, 3, seed=8, every=3):
        for n in games.ruleset_for("bootleggers").waiting(state)["seats"]:
            for command in seat_bots.examples(games, state, n):
                cash = look_ahead.cash_after(games, state, n, command)
                counted, uncounted = counted + (cash is not None), uncounted + (cash is None)
    assert counted > 100 and uncounted == 0


@pytest.mark.parametrize("ruleset, counted", [("prohibition", True), ("booze_baron", False)])
def test_other_rulesets_look_ahead_where_they_count_cash(client, app, ruleset, counted):
    table = open_table(client, 3, ruleset=ruleset)
    games = app.extensions["games"]
    state = games.load(table.game_id)
    n = games.ruleset_for(ruleset).waiting(state)["seats"][0]
    cash = [look_ahead.cash_after(games, state, n, c) for c in seat_bots.examples(games, state, n)]
    assert all(c is not None for c in cash) if counted else all(c is None for c in cash)


def test_legal_actions_lists_the_cash_each_example_leaves_when_asked(client, app):
    table = open_table(client, 4)
    games, rng = app.extensions["games"], random.Random(2)
    differing = 0
    for _ in range(120):
        state = games.load(table.game_id)
        for n in games.ruleset_for("bootleggers").waiting(state)["seats"]:
            url = f"/v1/games/{table.game_id}/legal-actions"
            plain = client.get(url, headers=bearer(table.tokens[n])).get_json()
            answer = client.get(f"{url}?look_ahead=cash", headers=bearer(table.tokens[n])).get_json()
            assert problems("LegalActions", answer) == []
            assert [{k: v for k, v in a.items() if k != "cash_after"} for a in answer["actions"]] == plain["actions"]
            assert all("cash_after" not in a for a in plain["actions"]) and "cash" not in plain
            assert answer["awaited"] is plain["awaited"] is True
            assert answer["cash"] == state["game"]["players"][n - 1]["cash"]
            for action in answer["actions"]:
                expected = [None if action["type"] == "say" else
                            look_ahead.cash_after(games, state, n, look_ahead.parsed(
                                games.ruleset_for("bootleggers").command_schemas[action["type"]][0], e))
                            for e in action["examples"]]
                assert action["cash_after"] == expected
            differing += len({c for a in answer["actions"] for c in a["cash_after"] if c is not None}) > 1
        others = [n for n in (1, 2, 3, 4) if n not in games.ruleset_for("bootleggers").waiting(state)["seats"]]
        for n in others:  # someone else's turn: deals and talk may be listed, but the game does not wait
            assert client.get(f"/v1/games/{table.game_id}/legal-actions",
                              headers=bearer(table.tokens[n])).get_json()["awaited"] is False
        move(table, rng)
    assert differing > 0
    refused = client.get(f"/v1/games/{table.game_id}/legal-actions?look_ahead=dice", headers=bearer(table.tokens[1]))
    assert "`look_ahead` must be cash" in problem(refused, 422, "invalid_fields")["detail"]
