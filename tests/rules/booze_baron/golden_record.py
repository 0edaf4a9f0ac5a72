"""Re-record the Booze Baron golden playthroughs (`make golden`) — only when a rule changed
on purpose. Each is a complete seeded game played by random bots through the REST API on a
throwaway embedded Redis, stored as its events (`golden/<name>.events.jsonl`) and its final
state (`golden/<name>.state.json`); test_golden.py replays the events and diffs. Same
format as tests/golden/record.py.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from events.canonical import dumps

HERE = Path(__file__).parent / "golden"
GAMES = {
    "booze_three_seats": (3, {}, 5),
    "booze_four_seats_extra_card": (4, {"first_baron": 2}, 9),
    "booze_seven_seats_two_snitches": (7, {}, 21),
    "booze_nine_seats": (9, {}, 4),
}


def write(name: str, events: list[dict], state: dict) -> None:
    (HERE / f"{name}.events.jsonl").write_text("".join(dumps(e) + "\n" for e in events))
    (HERE / f"{name}.state.json").write_text(json.dumps(state, indent=1, sort_keys=True,
                                                        ensure_ascii=False) + "\n")


def main() -> None:
    if "--refold" in sys.argv[1:]:  # the projection changed, not the rules (tests/golden/record.py)
        from tests.golden.record import refold
        return refold(HERE, GAMES)
    from service.app import create_app
    from service.runtime.embedded_redis import EmbeddedRedis
    from tests.support.bots import play

    from .rest import open_booze_table

    with EmbeddedRedis.ephemeral() as server:
        app = create_app({"REDIS_URL": server.url})
        games = app.extensions["games"]
        for name, (seats, options, bot_seed) in GAMES.items():
            table = open_booze_table(app.test_client(), seats, options)
            play(table, random.Random(bot_seed), talk=0.02)
            events = list(games.store.iter_all(table.game_id))
            write(name, events, games.rebuild(table.game_id))
            print(f"recorded {name}: {len(events)} events")


if __name__ == "__main__":
    main()
