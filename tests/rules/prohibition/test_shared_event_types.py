"""Prohibition shares event type names with Bootleggers (`dice_rolled`, `step_started`,
`game_setup`, `game_ended`, `timed_out`) with payloads of its own. The engine checks each
game's events against its own ruleset's schemas, so both games start, and a finished
Prohibition game exported from one server imports on another."""
from __future__ import annotations

import random

import pytest
import redis

from service.table.games import Games
from service.rules.registry import rulesets
from tests.support.bots import bearer, open_table, play

from .bot import pick_over_rest


def test_each_ruleset_is_checked_against_its_own_schemas(redis_client):
    registry = Games(redis_client, rulesets()).registry
    shared = set(rulesets()["bootleggers"].event_schemas) & set(rulesets()["prohibition"].event_schemas)
    assert {"dice_rolled", "step_started", "game_setup", "game_ended", "timed_out"} <= shared
    prohibition = {"data_version": "warpspawn.1", "round_limit": 60, "players": []}
    bootleggers = {"data_version": "2004.1", "rounds": 12, "influence_mode": "phase", "players": []}
    assert registry.validate("game_setup", prohibition, "prohibition") == {}
    assert registry.validate("game_setup", bootleggers, "bootleggers") == {}
    assert registry.validate("game_setup", bootleggers, "prohibition")
    assert registry.validate("game_setup", prohibition, "bootleggers")


def test_both_games_start_on_one_server(client):
    for ruleset, seats in (("bootleggers", 3), ("prohibition", 2)):
        table = open_table(client, seats, ruleset=ruleset)
        assert table.state()["status"] == "running", ruleset


@pytest.fixture
def target(redis_url):
    url = redis_url.rsplit("/", 1)[0] + "/6"
    conn = redis.Redis.from_url(url)
    conn.flushdb()
    from service.app import create_app
    yield create_app({"REDIS_URL": url, "TESTING": True}).test_client()
    conn.flushdb()
    conn.close()


def test_a_finished_prohibition_game_moves_to_another_server(client, target):
    table = open_table(client, 3, ruleset="prohibition")
    play(table, random.Random(4), pick=pick_over_rest)
    record = client.get(f"/v1/games/{table.game_id}/export", headers=bearer(table.organizer)).get_json()
    assert record["complete"] is True
    r = target.post("/v1/games/import", json=record, headers=bearer(table.organizer))
    assert r.status_code == 201, r.get_data(as_text=True)
    here = client.get(f"/v1/games/{table.game_id}").get_json()
    there = target.get(f"/v1/games/{table.game_id}").get_json()
    assert here == there and there["status"] == "finished"
