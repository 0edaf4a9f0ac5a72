"""The tournament job: a finished table's result into its tournament
(service/tournaments/results.py enqueues it after the append that ends or amends the game)."""
from __future__ import annotations

from service.jobs.context import connection, games_for, tournaments_for
from service.tournaments.results import table_result as record


def table_result(tournament_id: str, game_id: str) -> dict:
    conn = connection()
    return {"tournament_id": tournament_id, "game_id": game_id,
            "outcome": record(tournaments_for(conn), games_for(conn), tournament_id, game_id)}
