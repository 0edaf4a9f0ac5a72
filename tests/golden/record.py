"""Re-record the golden playthroughs (`make golden`) — only when a rule changed on purpose.

Each golden game is a complete seeded game played by random bots through the REST API on
a throwaway embedded Redis, stored as its event stream (`<name>.events.jsonl`, one
canonical event per line) and its final state (`<name>.state.json`, organizer's full
state). tests/golden/test_golden.py replays the events with today's code and diffs.

Each entry names its ruleset; `python -m tests.golden.record NAME ...` records only the
named games (a new ruleset's games, without re-rolling everybody else's).

`--refold` keeps the recorded events and rewrites only the states from them: for a change
of the projection (a new derived field) rather than of the rules, since recorded events
are forever.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from events.canonical import dumps

HERE = Path(__file__).parent
GAMES = {  # name: (ruleset, seats, options, bot seed)
    "three_seats_full_game": ("bootleggers", 3, {}, 7),
    "four_seats_short_game": ("bootleggers", 4, {"rounds": 8}, 11),
    "six_seats_anytime_influence": ("bootleggers", 6, {"influence": "anytime"}, 13),
    "prohibition_two_seats": ("prohibition", 2, {}, 17),
    "prohibition_five_seats": ("prohibition", 5, {}, 19),
}


def bot_taste(ruleset: str):
    """A ruleset's bot `pick` (tests/support/bots.play), or None for the uniform choice."""
    if ruleset == "prohibition":
        from tests.rules.prohibition.bot import pick_over_rest
        return pick_over_rest
    return None


def write(name: str, events: list[dict], state: dict) -> None:
    (HERE / f"{name}.events.jsonl").write_text("".join(dumps(e) + "\n" for e in events))
    (HERE / f"{name}.state.json").write_text(json.dumps(state, indent=1, sort_keys=True, ensure_ascii=False) + "\n")


def refold(here: Path = HERE, names=GAMES) -> None:
    """Rewrite the states of the games `names` under `here` from their recorded events."""
    from events.canonical import loads
    from projections.core import fold
    from service.rules.registry import rulesets

    known = rulesets()
    for name in names:
        lines = (here / f"{name}.events.jsonl").read_text().splitlines()
        events = [loads(line) for line in lines]
        state = fold(events, known.__getitem__)
        (here / f"{name}.state.json").write_text(json.dumps(state, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
        print(f"refolded {name}: {len(events)} events")


def main() -> None:
    if "--refold" in sys.argv[1:]:
        return refold()
    only = [a for a in sys.argv[1:] if not a.startswith("--")]
    unknown = sorted(set(only) - set(GAMES))
    if unknown:
        raise SystemExit(f"no golden game named {', '.join(unknown)}; the games are {', '.join(GAMES)}")
    from service.app import create_app
    from service.runtime.embedded_redis import EmbeddedRedis
    from tests.support.bots import open_table, play

    with EmbeddedRedis.ephemeral() as server:
        app = create_app({"REDIS_URL": server.url})
        games = app.extensions["games"]
        for name, (ruleset, seats, options, bot_seed) in GAMES.items():
            if only and name not in only:
                continue
            table = open_table(app.test_client(), seats, options, ruleset=ruleset)
            play(table, random.Random(bot_seed), talk=0.02, pick=bot_taste(ruleset))
            events = list(games.store.iter_all(table.game_id))
            write(name, events, games.rebuild(table.game_id))
            print(f"recorded {name}: {len(events)} events")


if __name__ == "__main__":
    main()
