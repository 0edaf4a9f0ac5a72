"""The server's own bot: plays a seat the organizer handed it (`seat_to_bot` ruling) until the
organizer hands it back (`seat_to_player`), like a zombie player on Board Game Arena.

After every append that leaves a bot's seat awaited, `install`'s hook enqueues `play_bots`
(service/jobs/bots.py) on the worker's clock queue, so the bot answers as soon as a worker
takes the job (a blocking pop: well under a second on an idle worker). The bot chooses among
the seat's legal examples, as any client may, and sends it through the same write loop as
a player, its actor marked `bot: true` (the record shows who moved).

Strategies: `random`, an example drawn by a generator seeded with the game, version and
seat (so a replayed decision is the same); `greedy`, the example that leaves the seat the
most cash right after it, worked out by service/bots/look_ahead.py on the ruleset's stand-in
of the game for that seat (hidden cards dealt again, a stand-in seed): the bot sees no more
than its seat would — no sealed bid, hand, deck order or die. Where a ruleset counts no cash
for a seat (booze_baron), greedy plays as random.
"""
from __future__ import annotations

import logging
import random
from typing import Callable

from rq import Queue
from rq.serializers import JSONSerializer

from events.store import VersionConflict
from service.bots import look_ahead
from service.runtime.queues import CLOCK_QUEUE
from service.rules.errors import RuleViolation

log = logging.getLogger(__name__)
JOB = "service.jobs.bots.play_bots"
MAX_MOVES = 2000
#: seconds RQ keeps a finished bot job
BOT_RESULT_TTL = 60


def bot_actor(seat: int) -> dict:
    """The actor the bot moves as: the seat, marked so the record shows who moved."""
    return {"kind": "seat", "seat": seat, "bot": True}


def bot_seats(state: dict) -> dict[int, str]:
    """seat -> strategy of every seat the server's bot plays."""
    return {int(seat): strategy for seat, strategy in (state.get("bots") or {}).items()}


def awaited_bots(games, state: dict) -> list[int]:
    if state.get("status") != "running" or not state.get("bots") or "annulled" in state:
        return []
    bots = bot_seats(state)
    return [seat for seat in games.ruleset_for(state["ruleset"]).waiting(state).get("seats", []) if seat in bots]


def examples(games, state: dict, seat: int) -> list[dict]:
    """The seat's legal examples as commands (parsed like a client's: defaults filled in)."""
    ruleset = games.ruleset_for(state["ruleset"])
    out = []
    for action in ruleset.legal_actions(state, seat).get("actions", []):
        schema = ruleset.command_schemas.get(action["type"])
        if schema is None:
            continue  # the engine's own (say, dispute): a bot has nothing to say
        out.extend(look_ahead.parsed(schema[0], example) for example in action["examples"])
    return out


def choose(games, state: dict, seat: int, strategy: str) -> dict | None:
    """The command the bot sends for `seat` now (None: it has no legal example)."""
    found = examples(games, state, seat)
    if not found:
        return None
    if strategy == "greedy":
        weigh = look_ahead.weigher(games, state, seat, bot_actor(seat))  # one stand-in for every example
        scored = [(weigh(command), n) for n, command in enumerate(found)]
        counted = [(cash, n) for cash, n in scored if cash is not None]
        if counted:
            return found[max(counted, key=lambda c: (c[0], -c[1]))[1]]
    pick = random.Random(f"{state['game_id']}:{state['version']}:{seat}")
    return pick.choice(found)


def play_bot_seats(games, game_id: str, max_moves: int = MAX_MOVES) -> int:
    """Move for every awaited bot seat until a player (or the clock) is awaited; the moves made."""
    moves = 0
    while moves < max_moves:
        state = games.load(game_id)
        awaited = awaited_bots(games, state)
        if not awaited:
            return moves
        seat = awaited[0]
        command = choose(games, state, seat, bot_seats(state)[seat])
        if command is None:
            return moves  # nothing it may send: the step's deadline (if any) moves on
        try:
            games.command(game_id, bot_actor(seat), command, expected=state["version"])
        except VersionConflict:
            continue  # someone moved meanwhile: look again
        except RuleViolation as refused:
            log.error("game %s: the bot's listed example %s for seat %s was refused: %s",
                      game_id, command, seat, refused.detail)
            return moves
        moves += 1
    return moves


def after_append_hook(games) -> Callable[[str, dict, list[dict]], None]:
    """`Games.after_append` entry: wake the bot when an append leaves one of its seats awaited
    (not after the bot's own moves: its job goes on until a player is awaited)."""

    def wake(game_id: str, after: dict, events: list[dict]) -> None:
        if not after.get("bots") or any((e.get("actor") or {}).get("bot") for e in events):
            return
        if awaited_bots(games, after):
            # Nobody reads a bot job's result (the moves are in the record): kept a minute, not an
            # hour, so RQ's keys do not grow with the pace of play (bench/archive.py); failures a week.
            Queue(CLOCK_QUEUE, connection=games.queue_redis, serializer=JSONSerializer).enqueue(
                JOB, game_id, job_id=f"bots-{game_id}-{after['version']}", result_ttl=BOT_RESULT_TTL,
                failure_ttl=7 * 86400)

    return wake


def install(games) -> None:
    games.after_append.append(after_append_hook(games))
