"""What the tournament kernel reads off a folded state: its tables, who sits where, the points
the seating compares, when the standings become final, and how a finished game's result and a
table's points are read. Pure, like the rest of the kernel."""
from __future__ import annotations

import hashlib

from service.runtime import timeutil
from service.tournaments import scoring, seating

#: what a result records beyond version 1's fields (absent in older events)
RESULT_EXTRAS = {"ended_at": None, "forfeited": [], "stand_ins": []}


def game_id_for(tournament_id: str, round_no: int, table: int) -> str:
    """A table's game id, derived from its place in the tournament: a retry of a seating that
    was interrupted finds the games it already made instead of making more."""
    return hashlib.sha256(f"tournament:{tournament_id}:{round_no}:{table}".encode()).hexdigest()[:16]


def table_of(state: dict, round_no: int, table: int) -> dict:
    for t in state["tables"]:
        if t["round"] == round_no and t["table"] == table:
            return t
    raise KeyError((round_no, table))


def table_for_game(state: dict, game_id: str) -> dict | None:
    return next((t for t in state["tables"] if t["game_id"] == game_id), None)


def current_table(state: dict, entrant: int) -> tuple[dict, dict] | None:
    """The entrant's table in the latest round (and its seat there), if it sits at one."""
    for table in reversed(state["tables"]):
        if table["round"] != state["round"]:
            break
        for seat in table["seats"]:
            if seat["entrant"] == entrant:
                return table, seat
    return None


def meetings(state: dict) -> dict[int, dict[int, int]]:
    """How many tables each pair has shared (annulled tables and replays count: they met)."""
    return seating.meetings_from([s["entrant"] for s in t["seats"]] for t in state["tables"])


def active(state: dict) -> list[int]:
    return [e["entrant"] for e in state["entrants"] if not e["dropped"]]


def points_of(state: dict) -> dict[int, float]:
    """Points as the seating compares them: rounded to 9 decimals, so that totals equal as
    fractions (thirds, sixths under `placement`) are equal here whatever order the floats were
    added in (every total is a multiple of 1/120: 1e-9 separates any two that differ)."""
    return {row["entrant"]: round(row["points"], 9) for row in state["standings"]}


def final_at(state: dict) -> str | None:
    """When the standings become final: the last table's dispute window closes (its game's end
    plus the tables' `dispute_window`, default 24 h). None while that is not known: the
    tournament has not finished, a table's end was not recorded, or a dispute about the
    tournament is open."""
    if state["status"] != "finished" or any(d["state"] == "open" for d in state.get("disputes") or []):
        return None
    ends = [t["result"].get("ended_at") for t in state["tables"] if t["result"] is not None]
    if not ends:
        return state.get("ended_at")
    if any(end is None for end in ends):
        return None
    window = int((state["game_options"] or {}).get("dispute_window", 24 * 3600))
    return max(timeutil.shift(end, window) for end in ends)


def round_open(state: dict) -> list[dict]:
    """The tables of the latest round still without a result."""
    return [t for t in state["tables"] if t["round"] == state["round"] and t["result"] is None]


def scored(state: dict, table: dict) -> dict:
    """A finished table as scoring.py reads it: entrant ids (str) by seat, None for a bot;
    `unrated`: the seats whose entrant did not play it (the bot stood in after a ruling, or
    the seat was forfeited) — a house entrant's seat is its bot's from the start, and rated."""
    house = {e["entrant"] for e in state["entrants"] if e.get("bot")}
    result = table["result"]
    by_seat = {s["seat"]: s["entrant"] for s in table["seats"]}
    unrated = [str(s) for s in (result.get("stand_ins") or []) if by_seat.get(s) not in house]
    unrated += [str(s) for s in (result.get("forfeited") or [])]
    return {"round": table["round"], "table": table["table"],
            "seats": {str(s["seat"]): (None if s["entrant"] is None else str(s["entrant"])) for s in table["seats"]},
            "places": result["places"], "scores": result["scores"], "annulled": result["annulled"],
            "unrated": sorted(set(unrated))}


def result_of(ruleset, game: dict) -> dict | None:
    """What the tournament records of a finished game (its state, `ruleset` its rules):
    {version, head_hash, annulled, places, scores, score_name}; None while it runs. Pure:
    the server's job and the offline verification read a table the same way."""
    if game["status"] != "finished":
        return None
    annulled = bool(game.get("annulled"))
    found = None if annulled else ruleset.result(game)
    found = found or {"places": {}, "scores": {}, "score_name": None}
    return {"version": game["version"], "head_hash": game["head_hash"], "annulled": annulled,
            "places": {str(k): float(v) for k, v in found["places"].items()},
            "scores": {str(k): float(v) for k, v in found["scores"].items()},
            "score_name": found.get("score_name"), "ended_at": game.get("ended_at"),
            "forfeited": sorted(int(s) for s in game.get("forfeited") or ()),
            "stand_ins": sorted(int(s) for s in (game.get("bots") or {}))}


def table_points(state: dict, table: dict) -> dict[str, float]:
    """Seat -> what a finished table gave its entrants under the tournament's scoring."""
    if table["result"] is None:
        return {}
    return scoring.table_points(scored(state, table), state["scoring"])
