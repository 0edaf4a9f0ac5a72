"""A page of events reads the same for both kinds of stream: `next_after` is the last version
on the page, and on an empty page the `after` asked for, so a reader pages a game and a
tournament with one loop and knows it is at the end."""
from __future__ import annotations

from tests.api.conftest import new_game


def _pages(client, path: str) -> list[dict]:
    pages, after = [], 0
    while True:
        page = client.get(f"{path}?after={after}&limit=2").get_json()
        pages.append(page)
        if not page["events"]:
            return pages
        assert page["next_after"] == page["events"][-1]["version"] > after
        after = page["next_after"]


def _read_whole(client, path: str) -> None:
    pages = _pages(client, path)
    versions = [e["version"] for page in pages for e in page["events"]]
    assert versions == list(range(1, pages[-1]["version"] + 1))     # every event once, in order
    assert pages[-1]["events"] == [] and pages[-1]["next_after"] == pages[-1]["version"]


def test_a_games_events_page_on_with_next_after_to_an_empty_page_that_says_where_it_stands(client):
    game = new_game(client, "bootleggers", seats=3)
    _read_whole(client, f"/v1/games/{game['id']}/events")


def test_a_tournaments_events_page_on_exactly_as_a_games(client):
    made = client.post("/v1/tournaments", json={"name": "Pages", "ruleset": "bootleggers", "rounds": 1,
                                                 "table_size": {"min": 3, "max": 4}})
    assert made.status_code == 201, made.get_json()
    tid, organizer = made.get_json()["tournament_id"], made.get_json()["organizer_token"]
    for n in range(1, 4):
        joined = client.post(f"/v1/tournaments/{tid}/entrants", json={"name": f"House {n}", "bot": "random"},
                             headers={"Authorization": f"Bearer {organizer}"})
        assert joined.status_code == 201, joined.get_json()
    _read_whole(client, f"/v1/tournaments/{tid}/events")
