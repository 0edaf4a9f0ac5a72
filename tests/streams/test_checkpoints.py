"""Checkpoints: time travel folds at most CHECKPOINT_EVERY events, from a checkpoint that
checks against the chain and the server's seal as the snapshot does; a bad one is noted,
refolded and rewritten, an older server's (no seal) silently rewritten."""
from __future__ import annotations

import pytest

from events.canonical import dumps
from service.runtime.secret_key import Sealer, ServerKey
from service.streams.checkpoints import CHECKPOINT_EVERY, Checkpoints, checkpoints_key, unpack
from service.streams.verified import noted_damage
from tests.conftest import bearer

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


def test_the_write_loop_leaves_a_checkpoint_every_k_events_and_seals_the_creation(long_game, redis_client):
    game, games = long_game
    assert sorted(int(v) for v in redis_client.hkeys(checkpoints_key(game))) == [K, 2 * K]
    first = next(games.store.iter_all(game))
    assert games.checkpoints.creation(game) == (first["hash"], True)


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


def forger(redis_client) -> Checkpoints:
    """Checkpoints as a writer to Redis without the server's key would make them."""
    return Checkpoints(redis_client, sealer=Sealer("game", ServerKey("not-the-servers-key-" * 2)))


@pytest.mark.parametrize("damage", ["digest", "body", "head_hash", "forged_state", "forged_seal"])
def test_a_checkpoint_that_does_not_check_is_not_used_and_is_rewritten(long_game, redis_client, damage):
    game, games = long_game
    key, field = checkpoints_key(game), str(K)
    good = redis_client.hget(key, field)
    state = full_fold(games, game, K)
    if damage == "digest":
        bad = good[:130] + b"0" * 64 + good[194:]
    elif damage == "body":
        bad = good[:194] + b"not zlib"
    elif damage == "head_hash":  # a forged state that hashes right but stands on another event
        bad = forger(redis_client).pack(game, {**state, "head_hash": "f" * 64, "winner": 2})
    elif damage == "forged_state":  # the right event, a forged state, its digest recomputed
        bad = forger(redis_client).pack(game, {**state, "winner": 2})
    else:  # the server's checkpoint, sealed again under another key
        bad = forger(redis_client).pack(game, state)
    redis_client.hset(key, field, bad)
    assert dumps(games.load(game, at=K + 7)) == dumps(full_fold(games, game, K + 7))
    assert redis_client.hget(key, field) == good
    assert noted_damage(redis_client, game)["checkpoint"]["version"] == K


def test_an_older_servers_checkpoint_without_a_seal_is_rewritten_and_not_noted(long_game, redis_client):
    game, games = long_game
    key, field = checkpoints_key(game), str(K)
    good = redis_client.hget(key, field)
    fields = unpack(K, good)
    import zlib
    redis_client.hset(key, field, fields["d"] + zlib.compress(fields["s"], 6))  # the format before the seal
    assert dumps(games.load(game, at=K + 7)) == dumps(full_fold(games, game, K + 7))
    assert redis_client.hget(key, field) == good
    assert noted_damage(redis_client, game) == {}


def test_a_short_game_has_no_checkpoint_only_its_creation_seal(api, toy_app, toy_game, redis_client):
    game = toy_game[0]
    api.get(f"/v1/games/{game}?at=2", headers=bearer(toy_game[1]))
    assert not redis_client.exists(checkpoints_key(game))
    assert toy_app.extensions["games"].checkpoints.creation(game)[1] is True


def test_a_game_older_than_the_creation_seal_gets_it_from_a_read_that_folds_from_event_1(long_game, redis_client):
    from events.store import head_key

    game, games = long_game
    redis_client.hdel(head_key(game), "created", "created_seal")
    redis_client.delete(checkpoints_key(game))  # (a game older than the checkpoints too)
    games.load(game, at=K + 3)
    assert games.checkpoints.creation(game) == (next(games.store.iter_all(game))["hash"], True)
