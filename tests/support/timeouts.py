"""A game nobody plays, on the clock (in-process, frozen time, a real Redis): every
deadline passes and the ruleset's defaults apply until the game ends."""
from __future__ import annotations

from freezegun import freeze_time

from service import bootstrap, clock
from service.clock.fire import sweep
from service.table.games import Games
from service.rules.registry import rulesets


def play_out_by_timeouts(redis_client, ruleset: str, seats: int, deadlines: dict,
                         sweeps: int) -> tuple[Games, str, dict]:
    """(games, game id, last state) after at most `sweeps` deadlines of 31 s each; the
    first deadline is the `move` step's."""
    with freeze_time("2030-01-01T00:00:00Z") as frozen:
        games = bootstrap.in_process(redis_client, rulesets=rulesets(), hooks=(clock.install,)).games
        game = games.create(ruleset, seats, {"deadlines": deadlines,
                                             "rng": {"mode": "seeded"}})["game_id"]
        for n in range(seats):
            games.join(game, "ABCDEFGHI"[n])
        games.start(game, {"kind": "organizer"})
        assert games.load(game)["deadline"]["step"] == "move"
        for _ in range(sweeps):
            frozen.tick(31)
            sweep(games)
            state = games.load(game)
            if state["status"] == "finished":
                break
        return games, game, state
