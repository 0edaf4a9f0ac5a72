"""The per-process state cache (service/streams/state_cache.py): never stale, and it saves round trips.

Two `Games` on one real Redis stand for two server processes."""
from __future__ import annotations

import pytest
import redis
from redis.client import Pipeline

from events.canonical import dumps, loads
from service.streams.snapshots import snapshot_key
from service.table.games import Games
from service.streams.ledger import token_hash
from service.streams.state_cache import SharedStateChanged, StateCache
from tests.streams.toy import TOY

SEATS = {"kind": "seat"}


class CountingRedis(redis.Redis):
    """A client that counts its round trips: single commands and pipelines (one each)."""
    trips = 0

    def execute_command(self, *args, **options):
        self.trips += 1
        return super().execute_command(*args, **options)

    def pipeline(self, transaction=True, shard_hint=None):
        outer = self

        class Counted(Pipeline):
            def execute(self, raise_on_error=True):
                outer.trips += 1
                return super().execute(raise_on_error)

        return Counted(self.connection_pool, self.response_callbacks, transaction, shard_hint)


def started(games: Games) -> str:
    game_id = games.create("toy", 3, {})["game_id"]
    for name in ("Ann", "Bob", "Cy"):
        games.join(game_id, name)
    games.start(game_id, {"kind": "organizer"})
    return game_id


def roll(games: Games, game_id: str, seat: int = 1, state: dict | None = None):
    return games.command(game_id, {**SEATS, "seat": seat}, {"type": "roll", "count": 1}, state=state)


def two_processes(redis_url: str) -> tuple[Games, Games]:
    return (Games(redis.Redis.from_url(redis_url), {"toy": TOY}),
            Games(redis.Redis.from_url(redis_url), {"toy": TOY}))


def test_another_process_write_is_seen_at_once(redis_url, redis_client):
    one, other = two_processes(redis_url)
    game_id = started(one)
    cached = one.load(game_id)
    assert one.cache.peek(game_id).version == cached["version"]
    for seat in (1, 2, 3):
        roll(other, game_id, seat)
    seen = one.load(game_id)
    assert seen["version"] == cached["version"] + 3
    assert dumps(seen) == dumps(one.rebuild(game_id))


def test_a_caller_may_change_what_it_loaded(redis_url, redis_client):
    games, _ = two_processes(redis_url)
    game_id = started(games)
    first = games.load(game_id)
    first["status"] = "scribbled"
    first["seats"].clear()
    assert dumps(games.load(game_id)) == dumps(games.rebuild(game_id))


def test_a_cached_state_is_plain_json(redis_url, redis_client):
    """Folded states go into the cache as they are: a tuple or a set in one would make a warm
    read differ from a cold one (which parses JSON)."""
    games, _ = two_processes(redis_url)
    game_id = started(games)
    roll(games, game_id)
    state = games.cache.state(games.cache.peek(game_id))
    assert loads(dumps(state)) == state


def test_a_copy_the_chain_does_not_continue_from_is_not_used(redis_url, redis_client):
    """Another process's history (a rewritten record, a restored backup): the cached copy
    does not link to what Redis holds, so it is dropped and the state read cold."""
    one, other = two_processes(redis_url)
    game_id = started(one)
    one.load(game_id)
    forged = {**one.cache.state(one.cache.peek(game_id)), "head_hash": "ab" * 32, "status": "forged"}
    one.cache.put(game_id, forged)
    assert one.load(game_id)["status"] == "running"
    roll(other, game_id)
    forged = {**other.load(game_id), "status": "forged"}
    forged["version"] -= 1
    one.cache.put(game_id, forged)
    assert dumps(one.load(game_id)) == dumps(one.rebuild(game_id))


def test_a_warm_read_is_one_round_trip_without_the_snapshot(redis_url, redis_client):
    games = Games(CountingRedis.from_url(redis_url), {"toy": TOY})
    game_id = started(games)
    games.load(game_id)
    before = games.redis.trips
    monitor_from = hmgets(redis_client)
    state = games.load(game_id)
    assert games.redis.trips - before == 1
    assert state["version"] == int(redis_client.hget(snapshot_key(game_id), "v"))
    assert hmgets(redis_client) == monitor_from + 1  # the snapshot's body was not read


def test_a_command_after_its_load_costs_one_round_trip(redis_url, redis_client):
    """The append script writes the list line (and, when due, the snapshot) with the events;
    the handler's load is the command's (no second load, the seed remembered)."""
    games = Games(CountingRedis.from_url(redis_url), {"toy": TOY})
    game_id = started(games)
    state = games.load(game_id)
    before = games.redis.trips
    outcome = roll(games, game_id, 1, state=state)
    assert games.redis.trips - before == 1
    assert outcome.version == state["version"] + 1
    assert dumps(games.load(game_id)) == dumps(games.rebuild(game_id))


def hmgets(redis_client) -> int:
    """HMGETs the server ran: the read script's head read, plus one when it reads a snapshot's body."""
    return redis_client.info("commandstats").get("cmdstat_hmget", {}).get("calls", 0)


def test_a_copy_a_few_events_behind_folds_them_rather_than_read_the_snapshot(redis_url, redis_client):
    one, other = two_processes(redis_url)
    game_id = started(one)
    one.load(game_id)
    for seat in (1, 2, 3):
        roll(other, game_id, seat)  # the snapshot is now at the head, 3 events past one's copy
    before = hmgets(redis_client)
    assert dumps(one.load(game_id)) == dumps(one.rebuild(game_id))
    assert hmgets(redis_client) == before + 1
    for n in range(12):  # far behind: the snapshot is cheaper
        roll(other, game_id, 1 + n % 3)
    before = hmgets(redis_client)
    assert dumps(one.load(game_id)) == dumps(one.rebuild(game_id))
    assert hmgets(redis_client) == before + 2


def test_the_write_loops_own_state_is_read_without_a_copy_and_a_change_to_it_is_caught():
    """`held_shared` gives a writer the state the last optimistic write left, itself (no copy);
    a state changed after it was put fails the next hand-out (the suite runs with the check)."""
    cache = StateCache()
    cache.check_shared = True
    state = {"version": 3, "head_hash": "h", "game": {"cash": 5}}
    cache.put("g", state, shared=True)
    assert cache.shared(cache.peek("g")) is state
    assert cache.state(cache.peek("g")) == state and cache.state(cache.peek("g")) is not state
    state["game"]["cash"] = 6  # a bug: someone changed the shared state
    with pytest.raises(SharedStateChanged):
        cache.shared(cache.peek("g"))
    cache.put("g", {**state, "version": 4})  # not shared: handed out as a copy
    assert cache.shared(cache.peek("g")) == {**state, "version": 4}
    assert cache.shared(cache.peek("g")) is not cache.shared(cache.peek("g"))


def test_a_say_decided_on_the_shared_state_leaves_it_as_it_was(redis_client):
    games = Games(redis_client, {"toy": TOY})
    game = games.create("toy", 2, {})["game_id"]
    _, token, _ = games.join(game, "Alice")
    actor = games.load(game)["auth"][token_hash(token)]
    games.command(game, actor, {"type": "say", "text": "warm"}, state=games.load(game), optimistic=True)
    shared = games.held_shared(game)
    before = dumps(shared)
    outcome = games.command(game, actor, {"type": "say", "text": "hello"}, state=shared, optimistic=True)
    assert dumps(shared) == before and outcome.state["talk_count"] == shared["talk_count"] + 1
    assert games.held_shared(game) is outcome.state


def test_a_catch_up_folds_talk_onto_a_shallow_copy_and_anything_else_onto_a_deep_one(redis_client):
    games = Games(redis_client, {"toy": TOY})
    state = {"version": 1, "game": {"cash": [1, 2]}}
    said = [(2, dumps({"type": "said", "payload": {"text": "hi"}}).encode())]
    moved = said + [(3, dumps({"type": "game_started", "payload": {}}).encode())]
    for missed, deep in ((said, False), (moved, True), ([(2, None)], True), ([(2, b"{not json")], True)):
        copy = games._copy_for(state, missed)
        assert copy == state and copy is not state
        assert (copy["game"] is not state["game"]) == deep
