"""A table's result flows into its tournament by itself, reliably.

- `install(games)`: an after-append hook on the games' ledger. When an append finishes a
  tournament table's game (the batch that reveals its seed), or changes the result of a
  finished one (a ruling answering a dispute: forfeit, annul), it enqueues `table_result`
  — never writing the tournament's stream from the game's append.
- `table_result(tournaments, games, tournament_id, game_id)` (the job): reads the game's result
  from its own record (the ruleset's `result` hook) and records it in the tournament
  (`table_finished`, or `table_result_amended` when it changed); run twice, it appends once.
- `sweep(tournaments, games)`: for every running tournament, does what a crash may have left
  undone — tables not yet made or started (the director), no-shows not yet applied, results
  not yet recorded. The clock worker's sweeper runs it every few seconds.
"""
from __future__ import annotations

import logging

from rq import Queue
from rq.serializers import JSONSerializer

from events.store import head_key
from service.runtime.queues import CLOCK_QUEUE
from service.table.games import GameNotFound, Games
from service.tournaments import director, kernel
from service.tournaments.ledger import Tournaments

log = logging.getLogger(__name__)
JOB = "service.jobs.tournaments.table_result"
#: events after which a tournament table's result may be new or different
RESULT_EVENTS = frozenset({"seed_revealed", "result_amended", "game_annulled"})


def game_result(games: Games, game: dict) -> dict | None:
    """What the tournament records of a finished game: {version, head_hash, annulled, places,
    scores, score_name}; None while it runs."""
    return kernel.result_of(games.ruleset_for(game["ruleset"]), game)


def table_result(tournaments: Tournaments, games: Games, tournament_id: str, game_id: str) -> str:
    game = games.load(game_id)
    result = game_result(games, game)
    if result is None:
        return "running"
    outcome = tournaments.record_result(tournament_id, game_id, result)
    opened_replay(games, outcome)
    return "unchanged" if outcome is None else "recorded"


def opened_replay(games: Games, outcome) -> None:
    """An annulled table the rules replay (`table_replayed`) is made and started at once."""
    if outcome is not None and any(e["type"] == "table_replayed" for e in outcome.events):
        director.open_tables(games, outcome.state)


def after_append_hook(games: Games):
    def enqueue(game_id: str, after: dict, events: list[dict]) -> None:
        link = after.get("tournament")
        if not link or after["status"] != "finished" or not any(e["type"] in RESULT_EVENTS for e in events):
            return
        Queue(CLOCK_QUEUE, connection=games.queue_redis, serializer=JSONSerializer).enqueue(
            JOB, link["tournament_id"], game_id, job_id=f"tournament-result-{game_id}-{after['version']}",
            result_ttl=3600, failure_ttl=7 * 86400)

    return enqueue


def install(games: Games) -> None:
    games.after_append.append(after_append_hook(games))


def sweep(tournaments: Tournaments, games: Games) -> int:
    """Finish what a crash left undone in every running tournament; how many things it did."""
    done = 0
    for tournament_id in tournaments.running():
        try:
            done += sweep_one(tournaments, games, tournament_id)
        except Exception:  # one damaged tournament must not stop the others
            log.exception("tournament sweep of %s failed", tournament_id)
    return done


def sweep_one(tournaments: Tournaments, games: Games, tournament_id: str) -> int:
    state = tournaments.load(tournament_id)
    done = 0
    recorded = [t for t in state["tables"] if t["result"] is not None]
    pipe = games.redis.pipeline(transaction=False)
    for table in recorded:  # one round trip: which recorded games have moved on since
        pipe.hget(head_key(table["game_id"]), "version")
    moved = {t["game_id"] for t, v in zip(recorded, pipe.execute()) if int(v or 0) > t["result"]["version"]}
    for table in state["tables"]:
        if table["result"] is not None and table["game_id"] not in moved:
            continue
        try:
            game = games.load(table["game_id"])
        except GameNotFound:
            game = None
        if game is None or game["status"] == "lobby":
            done += director.open_table(games, state, table)
            continue
        result = game_result(games, game)
        outcome = None if result is None else tournaments.record_result(tournament_id, table["game_id"], result)
        if outcome is not None:
            opened_replay(games, outcome)
            done += 1
    done += director.apply_no_shows(games, tournaments.load(tournament_id))
    return done
