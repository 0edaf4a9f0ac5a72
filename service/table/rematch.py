"""A finished game's rematch: the same players at a new table, dealt and running at once.

The new game takes the finished game's ruleset, seat count and options (always with fresh
seeded dice: a scripted game's script is not played twice), its organizer and every seat by
the token it has now (the hashes of the finished game's `auth`, a replaced player's new token
included), so every token of the old game opens the same place in the new one and no new
token has to travel. Seats the server's bot plays are handed to it again, with the same
strategy. The whole game is one append (created, `rematch_of`, seated, started, dealt), like
a tournament's table: it exists whole or not at all.

Its id is derived from the finished game's (`rematch_id`), so two players asking at once make
one game (the second append fails on the version and finds it made), and the old game needs
no new key and no new event to point at it: its stream may be sealed or archived. The new
game's first events record whose rematch it is (`rematch_of`), which is what makes the
derived id a pointer that can be trusted: a game under that id that does not say so is not
this game's rematch.
"""
from __future__ import annotations

import hashlib
import uuid

from events.store import VersionConflict
from projections.core import empty_state
from service.rules.errors import RuleViolation
from service.streams import rng
from service.table.games import GameNotFound, Games, json_copy

#: the event of the new game that names the game it is the rematch of
REMATCH_OF = "rematch_of"


def rematch_id(game_id: str) -> str:
    """The id the rematch of `game_id` has (16 hex digits, like any game's)."""
    return hashlib.sha256(f"rematch:{game_id}".encode()).hexdigest()[:16]


def check(state: dict) -> None:
    """Refuse a rematch of a game that is not over, or of a tournament's table."""
    if state["status"] != "finished":
        raise RuleViolation("game_not_finished", "a rematch is made once the game is over")
    if state.get("tournament"):
        raise RuleViolation("tournament_table", "this game is a tournament's table: the tournament seats its "
                            "own rounds, so it has no rematch")


def seats_of(state: dict) -> list[tuple[str, str]]:
    """(name, token hash) of every seat in order, as the finished game knows them now."""
    hashes = {a["seat"]: h for h, a in state["auth"].items() if a.get("kind") == "seat"}
    return [(s["name"], hashes[s["seat"]]) for s in sorted(state["seats"], key=lambda s: s["seat"])]


def organizer_of(state: dict) -> str:
    return next(h for h, a in state["auth"].items() if a.get("kind") == "organizer")


def drafts_for(games: Games, state: dict, new_id: str) -> list[dict]:
    """The new game's events, unsealed: created, `rematch_of`, seated, started, dealt, bots."""
    ruleset = games.ruleset_for(state["ruleset"])
    seed, commitment = games.seeds.new(new_id)
    organizer, system = {"kind": "organizer"}, {"kind": "system"}
    seats = seats_of(state)
    drafts = [{"type": "game_created", "actor": organizer, "payload": {
        "ruleset": ruleset.name, "ruleset_version": ruleset.version, "seats": len(seats),
        "options": {**state["options"], "rng": {"mode": "seeded"}}, "rng_mode": "seeded",
        "seed_commitment": commitment, "script": None, "organizer_token_hash": organizer_of(state)}},
        {"type": REMATCH_OF, "actor": system, "payload": {"game_id": state["game_id"], "version": state["version"]}}]
    drafts += [{"type": "seat_joined", "actor": {"kind": "seat", "seat": n},
                "payload": {"seat": n, "name": name, "token_hash": hashed}}
               for n, (name, hashed) in enumerate(seats, start=1)]
    now = games.now()
    lobby = games.fold_drafts({**empty_state(), "game_id": new_id}, drafts, organizer, now)
    scratch = {**json_copy(lobby), "status": "running"}
    oracle = rng.oracle_for(lobby["rng"], seed, 1)
    drafts += [{"type": "game_started", "actor": organizer, "payload": {}}, *ruleset.setup(scratch, oracle)]
    drafts += [{"type": "seat_given_to_bot", "actor": system, "payload": {
        "seat": int(seat), "strategy": strategy, "reason": "the server's bot played this seat in the game "
        "this one is the rematch of", "dispute": None}} for seat, strategy in sorted((state.get("bots") or {}).items())]
    return drafts


def found(games: Games, game_id: str) -> str | None:
    """The id of `game_id`'s rematch when it has been made, else None."""
    new_id = rematch_id(game_id)
    try:
        made = games.load(new_id)
    except GameNotFound:
        return None
    return new_id if (made.get(REMATCH_OF) or {}).get("game_id") == game_id else None


def open_rematch(games: Games, state: dict) -> tuple[str, bool]:
    """The rematch of the finished game `state`, made now unless it was already: (its id,
    whether this call made it)."""
    check(state)
    new_id = rematch_id(state["game_id"])
    if found(games, state["game_id"]):
        return new_id, False
    try:
        games._write(new_id, empty_state(), drafts_for(games, state, new_id), {"kind": "organizer"},
                     None, None, f"cmd_{uuid.uuid4().hex}")
    except VersionConflict:  # another player's ask made it first
        if found(games, state["game_id"]) is None:
            raise RuleViolation("rematch_taken", "the id of this game's rematch holds another game") from None
        return new_id, False
    return new_id, True
