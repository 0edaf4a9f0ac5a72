"""The bot job: play the server's bot seats of one game until a player is awaited
(service/bots/seat_bots.py enqueues it after an append that leaves a bot seat awaited)."""
from __future__ import annotations

from service.jobs.context import connection, games_for
from service.bots.seat_bots import play_bot_seats


def play_bots(game_id: str) -> dict:
    return {"game_id": game_id, "moves": play_bot_seats(games_for(connection()), game_id)}
