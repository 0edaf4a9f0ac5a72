"""Who is calling: a bearer token becomes an actor of one game.

Tokens are never stored; their SHA-256 is recorded in the game's own events
(`game_created`, `seat_joined`), so a game's stream alone says who may act in it.
No token means a spectator.
"""
from __future__ import annotations

from flask import request

from service.api.problems import Problem
from service.table.games import token_hash
from service.api.request_log import note

SPECTATOR = {"kind": "spectator"}


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Problem(401, "bad_token", "send your token as `Authorization: Bearer <token>`")
    return token.strip()


def caller(state: dict) -> dict:
    """The actor this request speaks for in `state`'s game."""
    token = bearer_token()
    if token is None:
        note(actor="spectator")
        return dict(SPECTATOR)
    actor = (state.get("auth") or {}).get(token_hash(token))
    if actor is None:
        raise Problem(401, "unknown_token", "this token belongs to no seat or organizer of this game")
    note(actor=actor["kind"], **({"seat": actor["seat"]} if "seat" in actor else {}))
    return dict(actor)


def require(actor: dict, *kinds: str, what: str) -> None:
    if actor["kind"] in kinds:
        return
    if actor["kind"] == "spectator":
        raise Problem(401, "token_required", f"you need a token to {what}: send `Authorization: Bearer <token>`")
    names = " or ".join("a seated player" if k == "seat" else "the organizer" for k in kinds)
    raise Problem(403, "forbidden", f"only {names} may {what}")
