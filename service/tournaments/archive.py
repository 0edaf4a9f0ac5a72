"""A finished tournament leaves for the archive (service/streams/archive.py) like a game:
`TOURNAMENT_ARCHIVE_SECONDS` (default 1 day) after its end, with no dispute open, and only
once every table's game has left too — the sweeper archives those first, when they may go
(their dispute windows closed); a table still held (an open dispute) holds its tournament.
"""
from __future__ import annotations

import time
from typing import Callable

from events.store import GAMES
from service.streams.archive import ALREADY, ARCHIVED, GONE, Archiver


def tables_left(games: Archiver) -> Callable[[dict], str | None]:
    """`ready(state)` for the tournaments' archiver: None once every table's game is archived
    (each is archived here when it may be), else which are not yet and why."""
    def ready(state: dict) -> str | None:
        waiting = []
        for table in state.get("tables") or []:
            result = games.archive(table["game_id"])
            if result.outcome not in (ARCHIVED, ALREADY, GONE):
                waiting.append(f"{table['game_id']} ({result.outcome}{': ' + result.detail if result.detail else ''})")
        return f"tables not archived yet: {', '.join(waiting)}" if waiting else None
    return ready


def archivers_for(games, tournaments=None, now: Callable[[], float] = time.time) -> dict[str, Archiver]:
    """The archivers of the games' ledger and, given, the tournaments'."""
    found = {GAMES: Archiver(games, now=now)}
    if tournaments is not None:
        found[tournaments.NS] = Archiver(tournaments, ready=tables_left(found[GAMES]), now=now)
    return found
