"""DURABILITY=replica: an append is acknowledged only once a replica holds it (docs/api.md "Durability
setting", docs/durability.md).

A frozen replica (SIGSTOP: it confirms nothing) turns the answer into 503 with Retry-After; the
retry with the same Idempotency-Key gets the first answer once the replica has the event, and
after a failover that lost it, the retry records it once. DURABILITY=local answers at once.
The worker's writes (nobody waits for their answer) keep asking until a replica confirms.
"""
from __future__ import annotations

import os
import signal
import threading
import uuid

import httpx
import pytest
import redis

from service.runtime import durability
from service.runtime.redis_connect import NotConfirmed
from tests.support.bots import bearer, open_table

TIMEOUT_MS = 150


def served(monkeypatch, url: str, mode: str):
    """The web app on `url`, its appends acknowledged as `mode` says."""
    monkeypatch.setenv("DURABILITY", mode)
    monkeypatch.setenv("DURABILITY_TIMEOUT_MS", str(TIMEOUT_MS))
    from service.app import create_app
    return create_app({"REDIS_URL": url, "TESTING": True})


def say(table, text: str, key: str):
    return table.client.post(f"/v1/games/{table.game_id}/commands", json={"type": "say", "text": text},
                             headers={**bearer(table.tokens[1]), "Idempotency-Key": key})


def said(client: redis.Redis, game_id: str, text: str) -> list[int]:
    """The versions of the stream's `say` events of `text`."""
    from events.canonical import loads
    return [int(entry_id.split(b"-")[0]) for entry_id, fields in client.xrange(f"game:{{{game_id}}}:events")
            if loads(fields[b"e"])["type"] == "said" and loads(fields[b"e"])["payload"].get("text") == text]


def test_an_append_no_replica_confirms_is_503_and_its_retry_gets_the_first_answer(pair, monkeypatch):
    api = served(monkeypatch, pair.primary.url, "replica").test_client()
    table = open_table(api, 3)
    key = uuid.uuid4().hex
    with pair.replica_stopped():
        refused = say(table, "are you there?", key)
        assert refused.status_code == 503, refused.get_data(as_text=True)
        assert refused.mimetype == "application/problem+json" and refused.headers["Retry-After"] == "1"
        body = refused.get_json()
        assert body["code"] == "storage_unavailable" and "replica" in body["detail"]
        assert "Idempotency-Key" in body["detail"]
        [version] = said(pair.client(pair.primary), table.game_id, "are you there?")  # on the primary only
        assert say(table, "are you there?", key).status_code == 503  # still no replica: still not acknowledged
    again = say(table, "are you there?", key)
    assert again.status_code == 201, again.get_data(as_text=True)
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.get_json()["version"] == version
    assert said(pair.client(pair.primary), table.game_id, "are you there?") == [version]  # once


def test_local_durability_acknowledges_what_the_primary_holds(pair, monkeypatch):
    api = served(monkeypatch, pair.primary.url, "local").test_client()
    table = open_table(api, 3)
    with pair.replica_stopped():
        assert say(table, "quick", uuid.uuid4().hex).status_code == 201


def test_the_retry_after_a_failover_that_lost_the_append_records_it_once(pair, monkeypatch):
    api = served(monkeypatch, pair.primary.url, "replica").test_client()
    table = open_table(api, 3)  # (acknowledged: the replica holds the table)
    key = uuid.uuid4().hex
    pair.client(pair.replica).replicaof("no", "one")  # the link cut: the replica gets nothing more
    assert say(table, "lost?", key).status_code == 503
    before = int(pair.client(pair.primary).hget(f"game:{{{table.game_id}}}:head", "version"))
    # The failover: that replica is promoted without the event, and the old primary follows it.
    pair.attach(pair.primary, pair.replica)
    table.client = served(monkeypatch, pair.replica.url, "replica").test_client()
    assert said(pair.client(pair.replica), table.game_id, "lost?") == []
    again = say(table, "lost?", key)
    assert again.status_code == 201, again.get_data(as_text=True)
    assert again.headers.get("Idempotent-Replayed") is None  # recorded now, not found
    assert said(pair.client(pair.replica), table.game_id, "lost?") == [before]
    assert say(table, "lost?", key).headers.get("Idempotent-Replayed") == "true"  # and not twice


def thaw_later(pair, seconds: float) -> threading.Timer:
    """The frozen replica resumes after `seconds` (the caller SIGCONTs it again at the end)."""
    timer = threading.Timer(seconds, os.kill, (pair.replica.pid, signal.SIGCONT))
    timer.start()
    return timer


def test_the_official_client_retries_until_a_replica_confirms(pair, monkeypatch):
    from bootleggers_client import AuthenticatedClient
    from bootleggers_client.models import SayCommand
    from bootleggers_play import send

    app = served(monkeypatch, pair.primary.url, "replica")
    table = open_table(app.test_client(), 3)
    answers = []

    class Counting(httpx.WSGITransport):
        def handle_request(self, request):
            response = super().handle_request(request)
            if request.method == "POST":
                answers.append((response.status_code, request.headers["Idempotency-Key"]))
            return response

    client = AuthenticatedClient(base_url="http://referee", token=table.tokens[1],
                                 httpx_args={"transport": Counting(app=app)})
    with pair.replica_stopped():
        thaw = thaw_later(pair, 0.5)
        try:
            answer = send(client, table.game_id, SayCommand.from_dict({"type": "say", "text": "hold on"}))
        finally:
            thaw.cancel()
    assert answers[0][0] == 503 and answers[-1][0] == 201 and len({key for _, key in answers}) == 1, answers
    assert said(pair.client(pair.primary), table.game_id, "hold on") == [answer.version]


def test_a_workers_write_waits_for_the_replica_instead_of_giving_up(pair):
    from service import bootstrap
    from service.rules.registry import rulesets

    client = redis.Redis.from_url(pair.primary.url)

    def games(patience: float):
        return bootstrap.in_process(client, rulesets=rulesets(), hooks=(), durability=durability.Durability(
            durability.REPLICA, TIMEOUT_MS, patience=patience)).games

    patient, impatient = games(patience=30), games(patience=0)
    game_id = patient.create("bootleggers", 3, {})["game_id"]
    with pair.replica_stopped():
        with pytest.raises(NotConfirmed):
            impatient.join(game_id, "Ada")  # (on the primary, not acknowledged)
        thaw = thaw_later(pair, 0.5)
        try:
            seat, _, outcome = patient.join(game_id, "Bix")  # returns once the replica has it
        finally:
            thaw.cancel()
    assert seat == 2 and outcome.version == 3
    assert redis.Redis.from_url(pair.replica.url).xrange(f"game:{{{game_id}}}:events", "3-0", "3-0")


def test_the_setting(pair):
    assert durability.setting({}).mode is None and durability.setting({"DURABILITY": "Replica"}).mode == "replica"
    with pytest.raises(durability.BadSetting):
        durability.setting({"DURABILITY": "sometimes"})
    with pytest.raises(durability.BadSetting):
        durability.setting({"DURABILITY_TIMEOUT_MS": "0"})
    undecided = durability.setting({})
    assert undecided.waits(pair.client(pair.primary))  # a replica is connected: replica
    alone = redis.Redis.from_url(pair.replica.url)
    pair.client(pair.replica).replicaof("no", "one")
    assert not durability.setting({}).waits(alone)  # no replica: local


def test_replicas_hold_says_which_heads_a_failover_cannot_take_back(pair, monkeypatch):
    api = served(monkeypatch, pair.primary.url, "local").test_client()
    table = open_table(api, 3)
    primary = pair.client(pair.primary)
    version = int(primary.hget(f"game:{{{table.game_id}}}:head", "version"))
    head = primary.hget(f"game:{{{table.game_id}}}:head", "head").decode()
    heads = [("game", table.game_id, version, head), ("game", table.game_id, version, "f" * 64)]
    assert durability.replicas_hold(primary, heads, TIMEOUT_MS) == [True, False]  # (not that event)
    pair.client(pair.replica).replicaof("no", "one")
    assert say(table, "unheld", uuid.uuid4().hex).status_code == 201  # local: acknowledged on the primary alone
    version, head = version + 1, primary.hget(f"game:{{{table.game_id}}}:head", "head").decode()
    assert durability.replicas_hold(primary, [("game", table.game_id, version, head)], TIMEOUT_MS) == [False]
