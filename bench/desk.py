"""The organizer's desk on a finished 6-seat, 12-round bot game: the log page by page (each
page folds the game from event 1 up to its `after`), the whole log, the report, and one
`?at=N&as=seat:K` read. Prints milliseconds (best of 3); measured on a shared machine, noisy.

    .venv/bin/python bench/desk.py
"""
from __future__ import annotations

import random
import sys
import timeit
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from service.app import create_app  # noqa: E402
from service.runtime.embedded_redis import EmbeddedRedis  # noqa: E402
from tests.support.bots import bearer, open_table, play  # noqa: E402


def main() -> None:
    with EmbeddedRedis.ephemeral() as server:
        client = create_app({"REDIS_URL": server.url, "RATE_LIMITS": "off"}).test_client()
        table = open_table(client, 6)
        final = play(table, random.Random(6))
        game, org, n = table.game_id, bearer(table.organizer), final["version"]
        print(f"game: {n} events")

        def ms(fn) -> float:
            return min(timeit.repeat(fn, number=1, repeat=3)) * 1000

        def get(path):
            r = client.get(path, headers=org)
            assert r.status_code == 200, r.get_data(as_text=True)
            return r

        def whole_log(limit):
            after = 0
            while True:
                page = get(f"/v1/games/{game}/log?after={after}&limit={limit}").get_json()
                if not page["entries"]:
                    return
                after = page["next_after"]

        print(f"log, first page of 100:   {ms(lambda: get(f'/v1/games/{game}/log?limit=100')):8.1f} ms")
        print(f"log, last page of 100:    {ms(lambda: get(f'/v1/games/{game}/log?after={n - 100}&limit=100')):8.1f} ms")
        print(f"log, all of it by 100s:   {ms(lambda: whole_log(100)):8.1f} ms")
        print(f"log, all of it by 1000s:  {ms(lambda: whole_log(1000)):8.1f} ms")
        print(f"report:                   {ms(lambda: get(f'/v1/games/{game}/report')):8.1f} ms")
        print(f"?at={n // 2}&as=seat:1:      {ms(lambda: get(f'/v1/games/{game}?at={n // 2}&as=seat:1')):8.1f} ms")


if __name__ == "__main__":
    main()
