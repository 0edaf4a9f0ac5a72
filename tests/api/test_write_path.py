"""The write path's cost and its races: one round trip per write, a handful of Redis
commands, writers of one game queued inside a process, a process's old copy never trusted.

Each test that counts runs its own Redis (INFO commandstats is the whole server's)."""
from __future__ import annotations

import threading
import time

import pytest
import redis

from service.runtime import metrics
from service.runtime.embedded_redis import EmbeddedRedis
from tests.api.conftest import bearer

SAY = {"type": "say", "text": "nice truck"}


@pytest.fixture
def own_redis():
    with EmbeddedRedis.ephemeral() as server:
        yield server.url


def an_app(url: str):
    from service.app import create_app
    return create_app({"REDIS_URL": url, "TESTING": True})


def started(api) -> tuple[str, str, list[str]]:
    created = api.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3}).get_json()
    tokens = [api.post(f"/v1/games/{created['game_id']}/seats", json={"name": n}).get_json()["player_token"]
              for n in ("Ada", "Bix", "Cora")]
    assert api.post(f"/v1/games/{created['game_id']}/start", headers=bearer(created["organizer_token"])).status_code == 201
    return created["game_id"], created["organizer_token"], tokens


class Trips:
    """Round trips the app's Redis client makes: commands (a script call is one) and pipelines."""

    def __init__(self, client: redis.Redis):
        self.count = 0
        command, pipeline = client.execute_command, client.pipeline

        def counted_command(*args, **options):
            self.count += 1
            return command(*args, **options)

        def counted_pipeline(*args, **kwargs):
            pipe = pipeline(*args, **kwargs)
            execute = pipe.execute

            def counted_execute(*a, **k):
                self.count += 1
                return execute(*a, **k)
            pipe.execute = counted_execute
            return pipe

        client.execute_command, client.pipeline = counted_command, counted_pipeline


def executed(client: redis.Redis) -> dict[str, int]:
    """Commands the Redis server ran, by name (a script's own calls included)."""
    return {name.removeprefix("cmdstat_"): row["calls"] for name, row in client.info("commandstats").items()}


def per_move(before: dict, after: dict, moves: int) -> dict[str, float]:
    ran = {name: (calls - before.get(name, 0)) / moves for name, calls in after.items()}
    return {name: n for name, n in ran.items() if n and name not in ("info", "config")}


def test_a_line_of_talk_is_one_round_trip_of_five_redis_commands(own_redis):
    """The append script checks the head (HMGET) and that the stream ends there (XREVRANGE),
    adds the event (XADD) and moves the head (HSET); the list line is rewritten only when what
    it shows changes, the snapshot every 8th event."""
    app = an_app(own_redis)
    api, server = app.test_client(), redis.Redis.from_url(own_redis)
    game, _, tokens = started(api)
    for token in tokens:  # this process now holds the game's state
        assert api.post(f"/v1/games/{game}/commands", json=SAY, headers=bearer(token)).status_code == 201
    trips = Trips(app.extensions["games"].redis)
    before = executed(server)
    for n in range(24):
        assert api.post(f"/v1/games/{game}/commands", json=SAY, headers=bearer(tokens[n % 3])).status_code == 201
    ran = per_move(before, executed(server), 24)
    assert trips.count == 24
    # every 8th event the script also saves the snapshot (one HSET more)
    assert ran == {"evalsha": 1, "hmget": 1, "xrevrange": 1, "xadd": 1, "hset": 1 + 3 / 24}
    listed = api.get("/v1/games").get_json()["games"][0]
    assert listed["version"] == api.get(f"/v1/games/{game}").get_json()["version"]


def test_a_rules_command_is_one_round_trip(own_redis):
    app = an_app(own_redis)
    api, server = app.test_client(), redis.Redis.from_url(own_redis)
    game, org, tokens = started(api)
    trips, moves, before = Trips(app.extensions["games"].redis), 0, executed(server)
    for _ in range(12):
        state = api.get(f"/v1/games/{game}", headers=bearer(org)).get_json()
        seat = state["waiting_for"][0]
        legal = api.get(f"/v1/games/{game}/legal-actions", headers=bearer(tokens[seat - 1])).get_json()
        example = next(a for a in legal["actions"] if a["type"] != "say" and a.get("examples"))["examples"][0]
        reads = trips.count
        sent = api.post(f"/v1/games/{game}/commands", json=example,
                        headers={**bearer(tokens[seat - 1]), "If-Match": str(legal["version"])})
        assert sent.status_code == 201, sent.get_json()
        assert trips.count - reads == 1  # (a checkpoint, every 100 events, or a new status add one)
        moves += 1
    ran = per_move(before, executed(server), moves)
    # the reads (two per move here) and the write: no MULTI, no separate snapshot or list write
    assert "multi" not in ran and "set" not in ran and ran["evalsha"] == 3


def test_seats_of_one_table_writing_at_once_in_one_process_take_turns(own_redis):
    app = an_app(own_redis)
    game, _, tokens = started(app.test_client())
    conflicts = metrics.CONFLICTS._value.get()
    answers: list[int] = []

    def talk(token: str) -> None:
        api = app.test_client()
        for _ in range(15):
            answers.append(api.post(f"/v1/games/{game}/commands", json=SAY, headers=bearer(token)).status_code)

    threads = [threading.Thread(target=talk, args=(token,)) for token in tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [201] * 45
    assert metrics.CONFLICTS._value.get() == conflicts  # queued behind the game's lock, never raced
    games = app.extensions["games"]
    assert games.load(game)["talk_count"] == 45 and games.load(game) == games.rebuild(game)


def test_a_copy_behind_the_record_is_never_trusted(redis_url, redis_client):
    """Two processes on one Redis: each writes on its own copy of the state only while no other
    writer got in; a seat the other process seated is known here, a token it replaced is not."""
    one, other = an_app(redis_url), an_app(redis_url)
    api_one, api_other = one.test_client(), other.test_client()
    created = api_one.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3}).get_json()
    game, org = created["game_id"], created["organizer_token"]
    first = api_one.post(f"/v1/games/{game}/seats", json={"name": "Ada"}).get_json()["player_token"]
    later = [api_other.post(f"/v1/games/{game}/seats", json={"name": n}).get_json()["player_token"]
             for n in ("Bix", "Cora")]
    # one's copy knows only Ada: Cora's line is decided again on the record, not refused
    assert api_one.post(f"/v1/games/{game}/commands", json=SAY, headers=bearer(later[1])).status_code == 201
    assert api_other.post(f"/v1/games/{game}/start", headers=bearer(org)).status_code == 201
    ruling = {"type": "ruling", "kind": "replace_player", "seat": 1, "reason": "Ada had to leave"}
    replaced = api_other.post(f"/v1/games/{game}/commands", json=ruling, headers=bearer(org))
    assert replaced.status_code == 201, replaced.get_json()
    # one's copy still maps Ada's old token to seat 1: the record does not
    refused = api_one.post(f"/v1/games/{game}/commands", json=SAY, headers=bearer(first))
    assert refused.status_code == 401 and refused.get_json()["code"] == "unknown_token"
    new_token = replaced.get_json()["player_tokens"]["1"]
    assert api_one.post(f"/v1/games/{game}/commands", json=SAY, headers=bearer(new_token)).status_code == 201
    games = one.extensions["games"]
    assert games.load(game) == games.rebuild(game)


def test_a_write_that_loses_the_race_catches_up_from_the_refusal_without_a_read(redis_url, redis_client):
    """The other process appended first: the refused append brings back the events missed,
    checked against the chain this process holds, and the command is decided again on them —
    two round trips, no read."""
    one, other = an_app(redis_url), an_app(redis_url)
    api_one, api_other = one.test_client(), other.test_client()
    game, _, tokens = started(api_one)
    assert api_other.post(f"/v1/games/{game}/commands", json=SAY, headers=bearer(tokens[1])).status_code == 201
    assert api_one.post(f"/v1/games/{game}/commands", json=SAY, headers=bearer(tokens[0])).status_code == 201
    for token in tokens:  # the other process moves on three times
        assert api_other.post(f"/v1/games/{game}/commands", json=SAY, headers=bearer(token)).status_code == 201
    trips = Trips(one.extensions["games"].redis)
    answer = api_one.post(f"/v1/games/{game}/commands", json=SAY, headers=bearer(tokens[2]))
    assert answer.status_code == 201 and trips.count == 2
    games = one.extensions["games"]
    assert answer.get_json()["version"] == games.load(game)["version"]
    assert games.load(game) == games.rebuild(game) and games.load(game)["talk_count"] == 6


def test_events_a_refusal_brings_back_that_do_not_continue_the_chain_are_never_folded(redis_url, redis_client):
    """A forged event after the head this process knows (its hash not linking): the write falls
    back to a checked read, which names the damage — nothing is appended."""
    from events.canonical import dumps, loads
    from events.store import stream_key

    one, other = an_app(redis_url), an_app(redis_url)
    api_one, api_other = one.test_client(), other.test_client()
    game, _, tokens = started(api_one)
    assert api_one.post(f"/v1/games/{game}/commands", json=SAY, headers=bearer(tokens[0])).status_code == 201
    assert api_other.post(f"/v1/games/{game}/commands", json=SAY, headers=bearer(tokens[1])).status_code == 201
    stored = [(entry_id, loads(fields[b"e"])) for entry_id, fields in redis_client.xrange(stream_key(game))]
    stored[-1][1]["prev_hash"] = "ab" * 32  # the other process's event, no longer linked to the one before
    redis_client.delete(stream_key(game))
    for entry_id, event in stored:
        redis_client.xadd(stream_key(game), {"e": dumps(event)}, id=entry_id)
    version = one.extensions["games"].store.version(game)
    refused = api_one.post(f"/v1/games/{game}/commands", json=SAY, headers=bearer(tokens[2]))
    assert refused.status_code == 409 and refused.get_json()["code"] == "record_damaged"
    assert one.extensions["games"].store.version(game) == version


def test_a_writer_that_keeps_losing_claims_the_next_append(redis_url, redis_client):
    """Another process's writers, whose copies are always current, could win every race: a
    writer refused twice running claims the next append, and the others wait for it."""
    from events.store import head_key
    from service.streams.errors import Busy
    from service.streams.ledger import CLAIM_AFTER

    one, other = an_app(redis_url), an_app(redis_url)
    game, _, tokens = started(one.test_client())
    games_one, games_other = one.extensions["games"], other.extensions["games"]
    state = games_one.load(game)
    actor = {"kind": "seat", "seat": 1}
    lines = [{"type": "say", "text": f"line {n}"} for n in range(CLAIM_AFTER + 1)]
    for line in lines[:CLAIM_AFTER]:  # `other` wins twice while `one` is behind
        games_other.command(game, actor, line)
    stale = dict(state)
    outcome = games_one.command(game, actor, lines[-1], state=stale)  # refused, caught up, appended
    assert outcome.version == state["version"] + CLAIM_AFTER + 1
    # a claim stands: the other process's writer is told to wait, and nothing is appended
    redis_client.hset(head_key(game), "turn", f"{games_one.writer_id}:{int(time.time() * 1000) + 60_000}")
    before = games_other.store.version(game)
    with pytest.raises(Busy):  # (it waited out every attempt: the claimant never came)
        games_other.execute(game, actor, lambda st, oracle: [{"type": "said", "payload": {"text": "me first"}}])
    assert games_other.store.version(game) == before
    # the claimant's append lands and clears the claim
    games_one.command(game, actor, {"type": "say", "text": "my turn"})
    assert redis_client.hget(head_key(game), "turn") is None
    games_other.command(game, actor, {"type": "say", "text": "and mine"})
    assert games_one.load(game) == games_one.rebuild(game)
