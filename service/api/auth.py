"""Who is calling: a bearer token becomes an actor of one game.

Tokens are never stored; their SHA-256 is recorded in the game's own events
(`game_created`, `seat_joined`), so a game's stream alone says who may act in it.
No token means a spectator. A command's token and game budgets (service/api/limits.py) are
spent here, once the token is known to the stream: never by a token that belongs to nobody.
"""
from __future__ import annotations

from flask import current_app, g, request

from service.api import limits
from service.api.problem_text import what as action
from service.api.problems import Problem
from service.rules.errors import Message
from service.table.games import token_hash
from service.api.request_log import note

SPECTATOR = {"kind": "spectator"}


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Problem(401, "bad_token", Message("problem-api-bad-token"))
    return token.strip()


def caller(state: dict) -> dict:
    """The actor this request speaks for in `state`'s game."""
    token = bearer_token()
    if token is None:
        note(actor="spectator")
        return dict(SPECTATOR)
    digest = token_hash(token)
    actor = (state.get("auth") or {}).get(digest)
    if actor is None:
        if dropped_entrant(state, digest):
            if request.method not in ("GET", "HEAD"):
                raise Problem(403, "entrant_dropped", Message("problem-api-entrant-dropped-seat"))
            note(actor="spectator")
            g.dropped_entrant = True   # reads as a spectator; `require` refuses it anything more
            return dict(SPECTATOR)
        raise Problem(401, "unknown_token", Message("problem-api-unknown-token"))
    note(actor=actor["kind"], **({"seat": actor["seat"]} if "seat" in actor else {}))
    limits.spend(state, digest)  # a command's budgets: only now that the token is known here
    return dict(actor)


def sight(state: dict, actor: dict) -> dict:
    """Whose eyes `actor` reads hidden information with. A tournament's organizer organizes
    every table, and anyone may both create a tournament and enter it: so at a running table
    of a tournament whose organizer does not see the tables (`organizer_sees_tables: false`,
    the default, shown to every entrant) the organizer reads as a spectator — rulings,
    disputes and the clock stay theirs; every hand is open to all once the game ends."""
    link = state.get("tournament") or {}
    if actor.get("kind") == "organizer" and link.get("organizer_blind") and state.get("status") != "finished":
        return {**SPECTATOR, "referee": True}   # a spectator's eyes; the disputes it answers stay readable
    return actor


def dropped_entrant(state: dict, digest: str) -> bool:
    """A tournament table's game no longer knows the token of an entrant who dropped (the
    director replaced the seat's token): the tournament still does, and says it is an entrant's."""
    link = state.get("tournament")
    tournaments = current_app.extensions.get("tournaments")
    if not link or tournaments is None:
        return False
    try:
        known = tournaments.load(link["tournament_id"]).get("auth") or {}
    except Exception:  # the tournament archived or damaged: the token stays unknown here
        return False
    return (known.get(digest) or {}).get("kind") == "entrant"


def require(actor: dict, *kinds: str, what: str) -> None:
    if actor["kind"] in kinds:
        return
    if actor["kind"] == "spectator" and g.get("dropped_entrant"):
        raise Problem(403, "entrant_dropped", Message("problem-api-entrant-dropped-not", what=action(what)))
    if actor["kind"] == "spectator":
        raise Problem(401, "token_required", Message("problem-api-token-required-to", what=action(what)))
    raise Problem(403, "forbidden", Message("problem-api-only-may", who="_".join(sorted(kinds)), what=action(what)))


def require_organizer_until_end(actor: dict, state: dict, what: str, damage: dict | None = None) -> None:
    """A game's or a tournament's whole record (export, audit, report) is its organizer's until
    it has ended and anyone's after (docs/verification.md); a damaged record has no proven end,
    so it stays the organizer's."""
    if state["status"] != "finished" or damage is not None:
        require(actor, "organizer", what=what)
