"""Checkpoints: time travel folds at most CHECKPOINT_EVERY events, from a checkpoint that
checks against the chain as the snapshot does; a bad one is noted, refolded and rewritten."""
from __future__ import annotations

import pytest

from events.canonical import dumps
from projections.checkpoints import CHECKPOINT_EVERY, checkpoints_key
from service.verified import noted_damage
from tests.engine.conftest import bearer

K = CHECKPOINT_EVERY


@pytest.fixture
def long_game(api, toy_app, toy_game):
    """A toy game of 2K + 30 events (table talk), and the Games service."""
    game, org, tokens = toy_game
    games = toy_app.extensions["games"]
    while games.load(game)["version"] < 2 * K + 30:
        assert api.post(f"/v1/games/{game}/commands", json={"type": "say", "text": "x"},
                        headers=bearer(tokens[0])).status_code == 201
    return game, games


def full_fold(games, game, at):
    return games.fold_events(e for e in games.store.iter_all(game) if e["version"] <= at)


def counting_reads(games, monkeypatch) -> list[int]:
    """How many stored events the next reads fetch from the stream."""
    seen = []
    iter_entries = games.store.iter_entries

    def counted(*args, **kwargs):
        for item in iter_entries(*args, **kwargs):
            seen.append(item[0])
            yield item

    monkeypatch.setattr(games.store, "iter_entries", counted)
    return seen


def test_the_write_loop_leaves_a_checkpoint_every_k_events(long_game, redis_client):
    game, games = long_game
    assert sorted(int(v) for v in redis_client.hkeys(checkpoints_key(game))) == [K, 2 * K]


def test_time_travel_equals_a_fold_from_event_one_and_reads_at_most_k_events(long_game, monkeypatch):
    game, games = long_game
    seen = counting_reads(games, monkeypatch)
    for at in (1, K - 1, K, K + 1, 2 * K - 1, 2 * K + 5):
        seen.clear()
        assert dumps(games.load(game, at=at)) == dumps(full_fold(games, game, at))
        assert len(seen) < K
    assert seen == list(range(2 * K + 1, 2 * K + 6))


def test_missing_checkpoints_are_written_by_the_first_read_past_them(long_game, redis_client, monkeypatch):
    game, games = long_game
    redis_client.delete(checkpoints_key(game))
    assert dumps(games.load(game, at=2 * K + 3)) == dumps(full_fold(games, game, 2 * K + 3))
    assert sorted(int(v) for v in redis_client.hkeys(checkpoints_key(game))) == [K, 2 * K]
    seen = counting_reads(games, monkeypatch)
    games.load(game, at=2 * K + 3)
    assert len(seen) == 3


@pytest.mark.parametrize("damage", ["digest", "body", "head_hash"])
def test_a_checkpoint_that_does_not_check_is_not_used_and_is_rewritten(long_game, redis_client, damage):
    game, games = long_game
    key, field = checkpoints_key(game), str(K)
    good = redis_client.hget(key, field)
    if damage == "digest":
        bad = b"0" * 64 + good[64:]
    elif damage == "body":
        bad = good[:64] + b"not zlib"
    else:  # a forged state that hashes right but stands on another event
        from projections.checkpoints import pack
        state = full_fold(games, game, K)
        bad = pack({**state, "head_hash": "f" * 64, "winner": 2})
    redis_client.hset(key, field, bad)
    assert dumps(games.load(game, at=K + 7)) == dumps(full_fold(games, game, K + 7))
    assert redis_client.hget(key, field) == good
    assert noted_damage(redis_client, game)["checkpoint"]["version"] == K


def test_a_short_game_has_no_checkpoint(api, toy_game, redis_client):
    game = toy_game[0]
    api.get(f"/v1/games/{game}?at=2", headers=bearer(toy_game[1]))
    assert not redis_client.exists(checkpoints_key(game))
