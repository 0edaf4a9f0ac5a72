"""Lookups on the Prohibition game state (pure, no changes)."""
from __future__ import annotations

from . import data


def player(game: dict, seat) -> dict:
    return next(p for p in game["players"] if p["seat"] == int(seat))


def space(game: dict, number: int) -> dict:
    return game["board"][number - 1]


def law_at(game: dict, number: int) -> list[str]:
    return [pawn for pawn, at in game["law"].items() if at == number]


def pawns_at(game: dict, number: int) -> list[dict]:
    return [p for p in game["players"] if p["space"] == number]


def culture_left(game: dict) -> int:
    return sum(s.get("bankrolls", 0) for s in game["board"])


def pawn_space(game: dict, seat: int, pawn: str) -> int:
    return player(game, seat)["space"] if pawn == "own" else game["law"][pawn]


def steal_targets(game: dict, seat: int, to: int) -> list[int]:
    """Opponents a pawn landing on `to` would rob: only when the mover holds no Cases."""
    if player(game, seat)["cases"] > 0:
        return []
    return [p["seat"] for p in pawns_at(game, to) if p["seat"] != seat and p["cases"] > 0]


def sting_targets(game: dict, to: int) -> list[int]:
    """Player pawns the Agent landing on `to` may sting: every one there, the mover's own
    included, with or without Cases — "If there are more than one Player Pawns on the space,
    you pick which one is stung" (seed 003; docs/rules.md). None when no pawn there has
    Cases: whichever is picked, nothing is confiscated."""
    pawns = pawns_at(game, to)
    return [p["seat"] for p in pawns] if any(p["cases"] > 0 for p in pawns) else []


def targets(game: dict, seat: int, pawn: str, to: int) -> list[int]:
    if pawn == "own":
        return steal_targets(game, seat, to)
    if pawn == "agent":
        return sting_targets(game, to)
    return []


def destination(game: dict, seat: int, pawn: str, die: int, direction: str) -> int:
    return data.step(pawn_space(game, seat, pawn), die, direction)
