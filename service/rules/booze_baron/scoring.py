"""End of game: each player's Coins, each Mob's score and the tie-breaks (seed p. 5-6).

+1 per Delivery card, +1 per Snitch token, +2 per Movement card held (own and collected),
-2 per Movement card collected from a mob-mate. 4-5 players: a player without a teammate
counts double. 7-8 players: a Mob of three counts its highest and lowest player only.
Ties: most opposing Bootleggers Exposed, then the last Mob with an Unexposed Bootlegger.
"""
from __future__ import annotations

from . import data
from .model import player, public_coins


def coins(g: dict, seat: int) -> int:
    p = player(g, seat)
    own_mob = sum(1 for c in p["collected"] if player(g, c["from"])["mob"] == p["mob"])
    return public_coins(p) - 2 * own_mob


def mob_scores(g: dict) -> dict[str, int]:
    n = len(g["players"])
    out = {}
    for mob in data.MOBS:
        members = [coins(g, p["seat"]) for p in g["players"] if p["mob"] == mob]
        if not members:
            continue
        if n in (4, 5) and len(members) == 1:
            score = 2 * members[0]
        elif n in (7, 8) and len(members) == 3:
            score = max(members) + min(members)
        else:
            score = sum(members)
        out[mob] = score
    return out


def _opposing_exposes(g: dict, mob: str) -> int:
    return sum(1 for e in g["exposures"] if e["by"] is not None
               and player(g, e["by"])["mob"] == mob and e["mob"] != mob)


def _moment(i: int, e: dict) -> tuple[int, int]:
    """When an exposure happened; those of one round's end (an empty deck) share a moment."""
    return (e["round"], 10 ** 6 if e["by"] is None else i)


def _last_standing(g: dict, mob: str) -> tuple[int, int]:
    """When the Mob lost its last Unexposed Bootlegger (still standing = latest of all)."""
    members = {p["seat"] for p in g["players"] if p["mob"] == mob}
    if any(not player(g, s)["exposed"] for s in members):
        return (10 ** 9, 0)
    return max(_moment(i, e) for i, e in enumerate(g["exposures"]) if e["seat"] in members)


def winners(g: dict) -> list[str]:
    scores = mob_scores(g)
    key = {m: (scores[m], _opposing_exposes(g, m), _last_standing(g, m)) for m in scores}
    best = max(key.values())
    return sorted(m for m in scores if key[m] == best)
