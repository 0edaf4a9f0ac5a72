"""DURABILITY=replica holds for imports too: a game's or a tournament's record imported while no
replica confirms it is answered 503 with Retry-After (on the primary, not acknowledged), as an
append is; the retry once a replica holds it is answered as a repeated import (a game: 409
`game_exists`, the record is here and held) or completes it (a tournament: the tables already
here are confirmed and the rest imported). DURABILITY=local answers at once.
"""
from __future__ import annotations

import pytest

from service.runtime.embedded_redis import EmbeddedRedis
from tests.faults.test_replica_ack import served
from tests.support.anchor import ORG, golden_record


def refused(answer) -> None:
    assert answer.status_code == 503, answer.get_data(as_text=True)
    assert answer.headers["Retry-After"] == "1" and answer.mimetype == "application/problem+json"
    assert answer.get_json()["code"] == "storage_unavailable" and "replica" in answer.get_json()["detail"]


def test_a_game_import_no_replica_confirms_is_503_and_its_retry_409_once_one_holds_it(pair, monkeypatch):
    api = served(monkeypatch, pair.primary.url, "replica").test_client()
    record = golden_record()
    with pair.replica_stopped():
        refused(api.post("/v1/games/import", json=record, headers=ORG))
        refused(api.post("/v1/games/import", json=record, headers=ORG))  # still no replica
    again = api.post("/v1/games/import", json=record, headers=ORG)
    assert again.status_code == 409 and again.get_json()["code"] == "game_exists", again.get_data(as_text=True)
    assert pair.client(pair.replica).exists(f"game:{{{record['game_id']}}}:head")


def test_under_local_an_import_is_answered_at_once(pair, monkeypatch):
    api = served(monkeypatch, pair.primary.url, "local").test_client()
    with pair.replica_stopped():
        imported = api.post("/v1/games/import", json=golden_record(), headers=ORG)
    assert imported.status_code == 201, imported.get_data(as_text=True)


@pytest.mark.slow
def test_a_tournament_import_no_replica_confirms_is_503_and_its_retry_completes_it(pair, monkeypatch):
    from service.app import create_app
    from tests.support.bots import bearer
    from tests.tournaments.test_tournament_rest import finished_tournament

    with EmbeddedRedis.ephemeral() as elsewhere:
        source = create_app({"REDIS_URL": elsewhere.url, "TESTING": True})
        made, exported = finished_tournament(source.test_client(), source, rounds=1)
    org = bearer(made["organizer_token"])
    api = served(monkeypatch, pair.primary.url, "replica").test_client()
    with pair.replica_stopped():
        refused(api.post("/v1/tournaments/import", json=exported, headers=org))
    done = api.post("/v1/tournaments/import", json=exported, headers=org)
    assert done.status_code == 201, done.get_data(as_text=True)
    assert done.get_json()["tables"] == len(exported["tables"])
    again = api.post("/v1/tournaments/import", json=exported, headers=org)
    assert again.status_code == 409 and again.get_json()["code"] == "tournament_exists"
    assert pair.client(pair.replica).exists(f"tournament:{{{made['tournament_id']}}}:head")
