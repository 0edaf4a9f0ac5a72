"""Table talk lives in the `said` events, paged by GET /talk; the state keeps only a count."""
from __future__ import annotations

import pytest

from events.canonical import copy_value
from projections.core import TOP_LEVEL_EVENTS, evolve
from tests.conftest import bearer
from tests.rules.bootleggers import harness as bootleggers
from tests.rules.booze_baron import harness as booze_baron
from tests.rules.prohibition import harness as prohibition


def say(api, game, token, text):
    r = api.post(f"/v1/games/{game}/commands", json={"type": "say", "text": text}, headers=bearer(token))
    assert r.status_code == 201
    return r.get_json()["version"]


def test_talk_pages_oldest_first_and_next_after_continues(api, toy_game):
    game, org, tokens = toy_game
    versions = [say(api, game, tokens[i % 3], f"line {i}") for i in range(5)]
    say(api, game, org, "the organizer speaks")
    first = api.get(f"/v1/games/{game}/talk?limit=2").get_json()
    assert [e["text"] for e in first["entries"]] == ["line 0", "line 1"]
    assert first["entries"][0] == {"version": versions[0], "seat": 1, "name": "Alice", "text": "line 0",
                                   "recorded_at": first["entries"][0]["recorded_at"]}
    assert first["next_after"] == versions[1]
    rest = api.get(f"/v1/games/{game}/talk?after={first['next_after']}").get_json()
    assert [e["text"] for e in rest["entries"]] == ["line 2", "line 3", "line 4", "the organizer speaks"]
    assert rest["entries"][-1]["seat"] is None and "name" not in rest["entries"][-1]
    assert api.get(f"/v1/games/{game}/talk?after={rest['next_after']}").get_json()["entries"] == []
    assert api.get(f"/v1/games/{game}").get_json()["talk_count"] == 6


def test_the_state_does_not_grow_with_talk(api, toy_game):
    game, _, tokens = toy_game
    before = api.get(f"/v1/games/{game}").data
    for i in range(30):
        say(api, game, tokens[0], "blah " * 50)
    after = api.get(f"/v1/games/{game}").data
    assert abs(len(after) - len(before)) < 20  # the version and the count grew a digit or two


def test_talk_checks_its_query_and_token(api, toy_game):
    game, _, _ = toy_game
    assert api.get(f"/v1/games/{game}/talk?limit=0").status_code == 422
    assert api.get(f"/v1/games/{game}/talk?after=x").status_code == 422
    assert api.get(f"/v1/games/{game}/talk", headers=bearer("nope")).status_code == 401
    assert api.get("/v1/games/nosuch/talk").status_code == 404


def _nested_values(value, path=()):
    """(path, id, value) of every dict and list inside `value`."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if isinstance(inner, (dict, list)):
                yield (*path, key), id(inner), inner
                yield from _nested_values(inner, (*path, key))
    elif isinstance(value, list):
        for n, inner in enumerate(value):
            if isinstance(inner, (dict, list)):
                yield (*path, n), id(inner), inner
                yield from _nested_values(inner, (*path, n))


@pytest.mark.parametrize("ruleset", ["bootleggers", "prohibition", "booze_baron"])
def test_a_top_level_event_folds_into_a_shallow_copy_and_leaves_every_nested_value_alone(ruleset):
    """The write loop folds a batch of TOP_LEVEL_EVENTS (table talk) into a shallow copy of the
    state it decided on (service/streams/ledger.py): the fold must change nothing nested, or
    the writer's copy — and the retry after a refused append — would see the talk twice."""
    table = {"bootleggers": bootleggers.Table, "prohibition": prohibition.Table, "booze_baron": booze_baron.Table}
    t = table[ruleset](3)
    state = t.state
    pristine = copy_value(state)
    nested = list(_nested_values(state))
    for kind in TOP_LEVEL_EVENTS:
        event = {"type": kind, "payload": {"text": "hello", "seat": 1}, "version": state["version"] + 1,
                 "hash": "f" * 64, "recorded_at": "2024-01-01T00:00:00Z", "actor": {"kind": "seat", "seat": 1},
                 "game_id": "g1", "command_id": "c"}
        after = evolve(dict(state), event, t.ruleset_for)
        assert state == pristine  # the state decided on is as it was
        assert [(p, i) for p, i, _ in _nested_values(after)] == [(p, i) for p, i, _ in nested]
        assert after["version"] == state["version"] + 1 and after["head_hash"] == "f" * 64
    assert evolve(dict(state), {**event, "type": "said"}, t.ruleset_for)["talk_count"] == state["talk_count"] + 1
