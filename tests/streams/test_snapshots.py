"""Snapshots are a cache: a read folds only the tail, and the result equals a rebuild."""
from __future__ import annotations

from events.canonical import dumps
from service.streams.snapshots import snapshot_key
from tests.conftest import bearer


def test_reads_fold_from_the_snapshot_and_equal_a_full_rebuild(api, toy_app, toy_game, redis_client):
    game, org, tokens = toy_game
    for i in range(30):
        api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(tokens[i % 3]))
    games = toy_app.extensions["games"]
    live = games.load(game)
    assert dumps(live) == dumps(games.rebuild(game))
    # the writes save one every SNAPSHOT_EVERY events: a cold read folds fewer than that after it
    saved = int(redis_client.hget(snapshot_key(game), "v"))
    assert live["version"] - games.SNAPSHOT_EVERY < saved <= live["version"] and saved % games.SNAPSHOT_EVERY == 0
    games.cache.clear()
    assert dumps(games.load(game)) == dumps(live)


def test_a_stale_snapshot_only_costs_the_tail(api, toy_app, toy_game, redis_client):
    game, org, tokens = toy_game
    games = toy_app.extensions["games"]
    old = games.load(game)
    for i in range(5):
        api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(tokens[0]))
    games.snapshots.save(game, old, replace=True)
    assert dumps(games.load(game)) == dumps(games.rebuild(game))


def test_time_travel_before_the_snapshot_folds_from_the_start(api, toy_app, toy_game):
    game, org, tokens = toy_game
    api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(tokens[0]))
    games = toy_app.extensions["games"]
    past = games.load(game, at=3)
    assert past["version"] == 3 and [s["seat"] for s in past["seats"]] == [1, 2]


def test_a_snapshot_is_never_rolled_back(toy_app, toy_game):
    snapshots = toy_app.extensions["games"].snapshots
    game = toy_game[0]
    current = toy_app.extensions["games"].load(game)
    older = {**current, "version": current["version"] - 1}
    assert snapshots.save(game, older) is False
    assert int(snapshots.redis.hget(snapshot_key(game), "v")) == current["version"]
