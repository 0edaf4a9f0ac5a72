"""The contract every event store must honour, run against a real Redis server.

Run by `make test` against the bundled redis-server (6.2) and by .ci/run again against the
machine's own redis-server (7) when there is one.
"""
from __future__ import annotations

import threading

import pytest

from events.canonical import dumps
from events.envelope import GENESIS_HASH, first_break, seal
from events.store import BrokenChain, EventStore, MalformedBatch, VersionConflict, stream_key

GAME = "contract"


def batch(store: EventStore, n: int = 1, game: str = GAME, text: str = "x", version=None, head=None):
    current, current_head = store.head(game)
    return seal([{"type": "said", "payload": {"text": f"{text}{i}"}} for i in range(n)],
                game_id=game, first_version=(current if version is None else version) + 1,
                prev_hash=current_head if head is None else head, recorded_at="2026-11-22T00:00:00Z",
                actor={"kind": "system"}, command_id=None, schema_version_of=lambda t: 1)


@pytest.fixture
def store(redis_client):
    return EventStore(redis_client)


def test_first_append_gets_version_one(store):
    result = store.append(GAME, 0, batch(store))
    assert (result.first_version, result.last_version, result.duplicate) == (1, 1, False)
    assert [e["version"] for e in store.read(GAME)] == [1]


def test_stale_expected_version_is_refused_with_current_version(store):
    store.append(GAME, 0, batch(store, 3))
    with pytest.raises(VersionConflict) as err:
        store.append(GAME, 1, batch(store, 1, version=1))
    assert err.value.current == 3
    assert len(store.read(GAME)) == 3


def test_duplicate_version_is_refused(store):
    first = batch(store)
    store.append(GAME, 0, first)
    with pytest.raises(VersionConflict):
        store.append(GAME, 0, batch(store, version=0, head=GENESIS_HASH))
    assert store.read(GAME) == first


def test_batch_is_all_or_nothing(store):
    store.append(GAME, 0, batch(store, 2))
    bad = batch(store, 5, head="f" * 64)
    with pytest.raises(BrokenChain):
        store.append(GAME, 2, bad)
    assert store.version(GAME) == 2
    assert len(store.read(GAME)) == 2
    store.append(GAME, 2, batch(store, 5))
    assert [e["version"] for e in store.read(GAME)] == list(range(1, 8))


def test_idempotent_retry_adds_nothing_and_returns_first_result(store):
    events = batch(store, 2)
    first = store.append(GAME, 0, events, idempotency="cmd-1", remember={"answer": 42})
    retry = store.append(GAME, 0, events, idempotency="cmd-1", remember={"answer": 0})
    assert retry.duplicate and (retry.first_version, retry.last_version) == (1, 2)
    assert retry.remembered == {"answer": 42} == first.remembered
    assert store.version(GAME) == 2
    # even after the stream moved on, the key answers with the first result
    store.append(GAME, 2, batch(store))
    assert store.append(GAME, 0, events, idempotency="cmd-1").last_version == 2
    assert store.version(GAME) == 3


def test_ten_racing_writers_lose_nothing(store, redis_client):
    writers, appends = 10, 50
    errors = []

    def writer(n):
        try:
            local = EventStore(redis_client)
            done = 0
            while done < appends:
                version, head = local.head(GAME)
                events = seal([{"type": "said", "payload": {"text": f"w{n}-{done}"}}], game_id=GAME,
                              first_version=version + 1, prev_hash=head, recorded_at="t",
                              actor={"kind": "system"}, command_id=None, schema_version_of=lambda t: 1)
                try:
                    local.append(GAME, version, events)
                    done += 1
                except VersionConflict:
                    continue
        except Exception as exc:  # pragma: no cover - surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    stored = list(store.iter_all(GAME))
    assert [e["version"] for e in stored] == list(range(1, writers * appends + 1))
    assert sorted(e["payload"]["text"] for e in stored) == sorted(
        f"w{n}-{i}" for n in range(writers) for i in range(appends))
    assert first_break(stored) is None


def test_chain_verifies_and_a_hand_edit_is_found_at_its_version(store, redis_client):
    for _ in range(6):
        store.append(GAME, store.version(GAME), batch(store, 2))
    events = list(store.iter_all(GAME))
    assert first_break(events) is None
    # rewrite the stream by hand with event 7 altered (streams cannot be edited in place)
    key = stream_key(GAME)
    redis_client.delete(key)
    for event in events:
        if event["version"] == 7:
            event = {**event, "payload": {"text": "forged"}}
        redis_client.xadd(key, {"e": dumps(event)}, id=f"{event['version']}-0")
    assert first_break(list(store.iter_all(GAME))) == 7


def test_a_batch_must_be_this_games_next_versions_each_linked(store):
    store.append(GAME, 0, batch(store, 2))
    good = batch(store, 3)
    unlinked = [good[0], {**good[1], "prev_hash": "f" * 64}, good[2]]
    skipping = [good[0], good[2]]
    other_game = batch(store, 1, game="other", version=2, head=good[0]["prev_hash"])
    for bad in (unlinked, skipping, other_game, []):
        with pytest.raises(MalformedBatch):
            store.append(GAME, 2, bad)
    assert store.version(GAME) == 2 and len(store.read(GAME)) == 2
    store.append(GAME, 2, good)
    assert store.version(GAME) == 5


def test_read_pages_after_a_version(store):
    store.append(GAME, 0, batch(store, 10))
    assert store.read(GAME, limit=0) == [] and store.read_raw(GAME, limit=0) == []
    assert [e["version"] for e in store.read(GAME, after=4, limit=3)] == [5, 6, 7]
    assert [e["version"] for e in store.iter_all(GAME, after=8)] == [9, 10]
    assert [e["version"] for e in store.iter_all(GAME, upto=2)] == [1, 2]


def test_nothing_trims_the_stream(store, redis_client):
    store.append(GAME, 0, batch(store, 1200))
    assert redis_client.xlen(stream_key(GAME)) == 1200
    assert len(list(store.iter_all(GAME))) == 1200
