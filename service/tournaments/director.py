"""The director: what a tournament's decisions mean for its tables' games.

After `round_seated`, each table's game is made in one append (its id derived from its place
in the tournament): created, its seats taken by the entrants' own tokens (one token per
entrant for every table), started with the tournament's `game_options`, bot seats handed to
the server's bot. After `entrant_no_show`, the seat gets the policy (`seat_to_bot` or
`forfeit`) in its game; when the entrant has dropped out of the tournament, its token is also
revoked at that table (a `replace_player` ruling whose new token nobody is given), so that its
game refuses it from then on (docs/service-decisions.md, "A dropped entrant is out"). Every
step looks at the game first and does only what is missing, and a game is never half made,
so the director may run any number of times, even at once — after the organizer's
`seat_round`, and from the sweeper after a crash between the tournament's append and the
games' (results.py).
"""
from __future__ import annotations

import logging
import secrets

from events.store import VersionConflict
from service.rules.errors import RuleViolation
from service.table.games import GameNotFound, Games
from service.streams.ledger import Outcome, token_hash

log = logging.getLogger(__name__)
SYSTEM = {"kind": "system"}


def entrant_hashes(state: dict) -> dict[int, str]:
    """Entrant -> the hash of its token (the tournament's auth table holds it)."""
    return {a["entrant"]: h for h, a in state["auth"].items() if a.get("kind") == "entrant"}


def organizer_hash(state: dict) -> str:
    return next(h for h, a in state["auth"].items() if a.get("kind") == "organizer")


def command(tournaments, games: Games, tournament_id: str, actor: dict, body: dict, **pins) -> Outcome:
    """A tournament's command, then what it asks of the tables' games: a round seated (or a
    table to replay) opens its tables, a no-show's seat gets its policy. The tournament's
    append is the truth; a crash between it and the games' is made good by the sweeper."""
    outcome = tournaments.command(tournament_id, actor, body, **pins)
    follow(games, outcome)
    return outcome


def follow(games: Games, outcome: Outcome) -> None:
    """The director's step after the tournament's events in `outcome`."""
    if any(e["type"] in ("round_seated", "table_replayed") for e in outcome.events):
        open_tables(games, outcome.state)
    if any(e["type"] == "entrant_no_show" for e in outcome.events):
        apply_no_shows(games, outcome.state)


def open_tables(games: Games, state: dict, round_no: int | None = None) -> int:
    """Make, fill and start every table of the round (the latest by default) that is not yet
    in play; how many games were touched."""
    round_no = state["round"] if round_no is None else round_no
    touched = 0
    for table in state["tables"]:
        if table["round"] == round_no and table["result"] is None:
            touched += open_table(games, state, table)
    return touched


def open_table(games: Games, state: dict, table: dict) -> int:
    """Make the table's game whole in one append (Games.open_table) unless it is there; then
    give any no-show's seat its policy. 1 when the game was made here."""
    game_id, names = table["game_id"], {e["entrant"]: e["name"] for e in state["entrants"]}
    made = 0
    if not games.exists(game_id):
        hashes = entrant_hashes(state)
        house = {e["entrant"]: e["bot"] for e in state["entrants"] if e.get("bot")}
        seats = [(names[s["entrant"]], hashes[s["entrant"]]) if s["entrant"] is not None
                 else (f"Bot {s['seat']}", token_hash(secrets.token_urlsafe(32)))  # nobody holds its token
                 for s in table["seats"]]
        bots = {s["seat"]: s["bot"] or house[s["entrant"]] for s in table["seats"]
                if s["bot"] or s["entrant"] in house}
        try:
            games.open_table(state["ruleset"], state["game_options"], game_id=game_id,
                             organizer_token_hash=organizer_hash(state), seats=seats, bots=bots,
                             tournament={"tournament_id": state["tournament_id"], "round": table["round"],
                                         "table": table["table"],
                                         "organizer_blind": not state.get("organizer_sees_tables", True)})
            made = 1
        except VersionConflict:
            pass  # another director (the sweeper, a retry) made it meanwhile: it is whole
    for seat in table["seats"]:
        if seat.get("no_show"):
            game = games.load(game_id)
            apply_policy(games, game, seat["seat"], seat["no_show"], state["bot_strategy"])
            revoke_if_dropped(games, state, game, seat)
    return made


def apply_policy(games: Games, game: dict, seat: int, policy: str, strategy: str) -> None:
    """Give the seat to the server's bot, or forfeit it, unless its game already shows that."""
    if game["status"] != "running":
        return
    if policy == "bot":
        if str(seat) in (game.get("bots") or {}) or seat in (game.get("forfeited") or []):
            return
        ruling = {"kind": "seat_to_bot", "seat": seat, "strategy": strategy,
                  "reason": "the tournament's bot plays this seat"}
    else:
        if seat in (game.get("forfeited") or []):
            return
        ruling = {"kind": "forfeit", "seat": seat, "reason": "the entrant did not play (the tournament's no-show rule)"}
    try:
        games.command(game["game_id"], SYSTEM, {"type": "ruling", **ruling})
    except RuleViolation as refused:  # e.g. the game ended meanwhile: nothing left to hand over
        log.info("tournament table %s seat %s: %s not applied: %s", game["game_id"], seat, policy, refused.detail)


def apply_no_shows(games: Games, state: dict) -> int:
    """Every recorded no-show whose game does not show the policy yet."""
    done = 0
    for table in state["tables"]:
        if table["result"] is not None:
            continue
        for seat in table["seats"]:
            if seat.get("no_show"):
                try:
                    game = games.load(table["game_id"])
                except GameNotFound:
                    continue  # open_tables makes it first
                apply_policy(games, game, seat["seat"], seat["no_show"], state["bot_strategy"])
                revoke_if_dropped(games, state, game, seat)
                done += 1
    return done


#: the reason the record gives for a dropped entrant's seat changing hands
DROPPED_REASON = "the entrant dropped out of the tournament: its token no longer acts at this table"


def revoke_if_dropped(games: Games, state: dict, game: dict, seat: dict) -> bool:
    """A dropped entrant is out of its table still in play: its seat's token is replaced by one
    nobody is given (the engine's `replace_player` ruling, by the system), so the game refuses
    the entrant's token for commands, talk, disputes and legal actions (the seat itself plays on
    under the no-show policy, already applied). Nothing when the entrant has not dropped (a
    no-show may still come back: `seat_to_player`), the game is over, or the seat's token is no
    longer the entrant's. True when a ruling was recorded here."""
    entrant = seat.get("entrant")
    if entrant is None or not state["entrants"][entrant - 1]["dropped"] or game["status"] != "running":
        return False
    held = (game.get("auth") or {}).get(entrant_hashes(state).get(entrant))
    if held != {"kind": "seat", "seat": seat["seat"]}:
        return False  # revoked already (by this, or another director racing it)
    try:  # (the key: two directors racing here record one ruling)
        games.command(game["game_id"], SYSTEM, {"type": "ruling", "kind": "replace_player", "seat": seat["seat"],
                                                "reason": DROPPED_REASON},
                      idempotency=f"tournament-drop-{state['tournament_id']}-{entrant}-{seat['seat']}")
    except RuleViolation as refused:  # e.g. the game ended meanwhile: nothing is left to act on
        log.info("tournament table %s seat %s: the dropped entrant's token not revoked: %s",
                 game["game_id"], seat["seat"], refused.detail)
        return False
    return True
