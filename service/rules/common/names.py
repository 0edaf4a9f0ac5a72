"""A player's name for a refusal's message: every ruleset keeps `players` with `seat` and
`name`, and a refusal names the player (its seat number stays a parameter beside it)."""
from __future__ import annotations


def who(game: dict, seat) -> str:
    """The player's name at `seat` (`#<seat>` when that seat is not at the table)."""
    for p in game.get("players") or ():
        if str(p["seat"]) == str(seat):
            return named(p)
    return f"#{seat}"


def named(p: dict) -> str:
    """A player dict's name (`#<seat>` when it has none)."""
    return p.get("name") or f"#{p['seat']}"


def listing(items) -> str:
    """Ids as a player types them ("small_1, medium_2"), or "–" for none."""
    return ", ".join(map(str, items)) or "–"
