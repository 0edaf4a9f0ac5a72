"""`GET /v1/games`: newest first, a page at a time by cursor, reading only the page's games."""
from __future__ import annotations

import pytest

from service.streams import list_index
from tests.api.conftest import new_game, problem


def all_pages(api, query: str = "", limit: int = 2) -> list[list[str]]:
    pages, after = [], None
    while True:
        url = f"/v1/games?limit={limit}{query}" + (f"&after={after}" if after else "")
        answer = api.get(url).get_json()
        pages.append([g["game_id"] for g in answer["games"]])
        after = answer["next"]
        if after is None:
            return pages
        assert len(pages) < 50


def test_pages_cover_every_game_once_newest_first(api):
    made = [new_game(api, join=0, start=False)["id"] for _ in range(5)]
    pages = all_pages(api)
    assert pages == [made[4:2:-1], made[2:0:-1], made[:1]]
    assert api.get("/v1/games?limit=5").get_json()["next"] is None
    assert [g["game_id"] for g in api.get("/v1/games").get_json()["games"]] == made[::-1]


def test_games_created_meanwhile_do_not_shift_a_page(api):
    made = [new_game(api, join=0, start=False)["id"] for _ in range(4)]
    first = api.get("/v1/games?limit=2").get_json()
    newer = new_game(api, join=0, start=False)["id"]
    second = api.get(f"/v1/games?limit=2&after={first['next']}").get_json()
    assert [g["game_id"] for g in second["games"]] == [made[1], made[0]] and newer not in str(second)


def test_status_pages_follow_each_game_as_it_moves(api):
    lobby = [new_game(api, join=0, start=False)["id"] for _ in range(3)]
    running = [new_game(api)["id"] for _ in range(3)]
    assert sum(all_pages(api, "&status=running"), []) == running[::-1]
    assert sum(all_pages(api, "&status=lobby"), []) == lobby[::-1]
    assert all(g["status"] == "running" for g in api.get("/v1/games?status=running").get_json()["games"])


def test_a_page_reads_only_its_own_games(api, redis_client):
    for _ in range(30):
        new_game(api, join=0, start=False)
    redis_client.config_resetstat()
    answer = api.get("/v1/games?limit=2").get_json()
    stats = redis_client.info("commandstats")
    assert len(answer["games"]) == 2 and answer["next"]
    assert stats["cmdstat_get"]["calls"] == 2  # the page's summaries, not all 30
    assert stats["cmdstat_zrevrangebyscore"]["calls"] == 1


def test_same_creation_time_is_ordered_by_id(redis_client):
    for game_id in ("a", "b", "c", "d"):
        redis_client.zadd(list_index.ALL, {game_id: 1000.0})
    first, cursor = list_index.page(redis_client, None, 3, None)
    rest, end = list_index.page(redis_client, None, 3, cursor)
    assert (first, rest, end) == (["d", "c", "b"], ["a"], None)


@pytest.mark.parametrize("cursor", ["nonsense!", "bm9waXBl", list_index.encode(1.0, "bad id")])
def test_a_cursor_the_server_did_not_give_is_422(api, cursor):
    body = problem(api.get(f"/v1/games?after={cursor}"), 422, "invalid_fields")
    assert "after" in body["errors"]


def test_games_listed_before_the_status_indexes_are_backfilled_once(make_app, redis_client, api):
    made = [new_game(api)["id"] for _ in range(2)]
    for status in list_index.STATUSES:
        redis_client.delete(list_index.by_status(status))
    redis_client.delete(list_index.BACKFILLED)
    fresh = make_app().test_client()
    assert [g["game_id"] for g in fresh.get("/v1/games?status=running").get_json()["games"]] == made[::-1]
