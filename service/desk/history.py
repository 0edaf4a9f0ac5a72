"""What grows with a game's length, read from its events instead of its state.

The state holds what the rules need now (so reading it costs the same at event 50 as at
event 5,000); table talk and the clock's timeouts are history: they live in the events
(`said`, `deadline_expired`) and are paged from there, checked as every event read is.
"""
from __future__ import annotations

from typing import Iterator

SCAN_PAGE = 500


def events_of(games, game_id: str, kind: str, after: int, upto: int,
              first_page: int = SCAN_PAGE) -> Iterator[tuple[int, dict | None]]:
    """(version scanned, event of `kind` or None) for every event after `after` up to `upto`,
    read `first_page` events first, then twice as many each time (up to SCAN_PAGE)."""
    cursor, size = after, first_page
    while cursor < upto:
        page = games.events(game_id, cursor, size, upto=upto)
        size = min(SCAN_PAGE, size * 2)
        if not page:
            return
        for event in page:
            cursor = event["version"]
            yield cursor, event if event["type"] == kind else None


def talk_page(games, state: dict, after: int, limit: int) -> tuple[list[dict], int]:
    """Up to `limit` lines of table talk after version `after`, and the version to page on
    from (the last one looked at, so a next page never scans the same events again)."""
    names = {seat["seat"]: seat["name"] for seat in state.get("seats", [])}
    lines, cursor = [], after
    for cursor, event in events_of(games, state["game_id"], "said", after, state["version"], min(limit, SCAN_PAGE)):
        if event is None:
            continue
        seat = event["actor"].get("seat")
        line = {"version": event["version"], "seat": seat, "text": event["payload"]["text"],
                "recorded_at": event["recorded_at"]}
        if seat in names:
            line["name"] = names[seat]
        lines.append(line)
        if len(lines) == limit:
            break
    return lines, cursor


def timeouts(games, game_id: str, upto: int | None = None) -> list[dict]:
    """Who timed out where: {version, at, step, seats, round, due_at}, oldest first (up to
    version `upto`, by default the head)."""
    upto = games.store.version(game_id) if upto is None else upto
    return [{"version": e["version"], "at": e["recorded_at"],
             **{k: e["payload"].get(k) for k in ("step", "seats", "round", "due_at")}}
            for _, e in events_of(games, game_id, "deadline_expired", 0, upto) if e is not None]
