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

Nothing else wakes the bot, so a job that never runs would leave its game standing forever:
the worker's sweeper (`OwedMoves`) looks for running games that owe the bot a move and that
no job will make — a job a full Redis failed, one a killed worker took with it, one the hook
could not enqueue — and enqueues it again.
"""
from __future__ import annotations

import logging
import os
import random
import time
from dataclasses import dataclass
from typing import Callable

from rq import Queue
from rq.job import Job
from rq.serializers import JSONSerializer

from events.integrity import RecordDamaged
from events.store import VersionConflict, head_key
from service.bots import look_ahead
from service.runtime.queues import CLOCK_QUEUE
from service.rules.errors import RuleViolation
from service.streams import list_index
from service.table.games import GameNotFound

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
            # (Redis full: the ledger leaves this out, and the worker's sweeper, OwedMoves, finds it)
            enqueue(games, game_id, job_id(game_id, after["version"]))

    return wake


def job_id(game_id: str, version: int) -> str:
    """The bot job its after-append hook enqueues for the game at `version`."""
    return f"bots-{game_id}-{version}"


def enqueue(games, game_id: str, job: str, at_front: bool = False) -> None:
    # Nobody reads a bot job's result (the moves are in the record): kept a minute, not an
    # hour, so RQ's keys do not grow with the pace of play (bench/archive.py); failures a week.
    Queue(CLOCK_QUEUE, connection=games.queue_redis, serializer=JSONSerializer).enqueue(
        JOB, game_id, job_id=job, result_ttl=BOT_RESULT_TTL, failure_ttl=7 * 86400, at_front=at_front)


def stall_seconds() -> float:
    return float(os.environ.get("BOT_STALL_SECONDS", "10"))


#: a job in one of these is in hand: a worker takes it (service/jobs/worker.py `requeue_lost` puts
#: back one a killed worker took with it)
WAITING = {"queued", "deferred", "scheduled"}
#: the longest a game that still owes a bot move waits between two jobs the sweep enqueues for it
MOST_BETWEEN_TRIES = 300.0


@dataclass
class _Seen:
    version: int
    next_look: float  # time.monotonic() from which the sweep looks at it (again)
    settled: bool = False  # looked at at this version: no bot move owed
    tries: int = 0  # jobs the sweep enqueued for it at this version
    last_job: str | None = None
    graced: bool = False  # a job seen running at this version was given one more stall


class OwedMoves:
    """The sweeper's look for running games that owe the server's bot a move and that no job will
    make: the job failed (a full Redis refused its writes, a bug), its worker was killed -9
    while running it, or the hook never enqueued it (Redis full right after the append).

    Each sweep reads the head version of every running game (one pipelined round trip); a
    game that has stood still `BOT_STALL_SECONDS` (10 s) is loaded once at that version: if a bot
    seat is awaited and its job is neither waiting in the queue nor (within the stall) running,
    a new job is enqueued — again after 2×, 4× ... the stall (up to 5 minutes) while the game
    still stands there. `everything=True` (the worker's start, the first sweep after Redis was
    full or away) looks at every game at once, not only those the running index lists (a list
    line a full Redis refused may be behind). A bot job run twice is harmless: each move carries
    the version it was decided on."""

    def __init__(self, games, stall: float | None = None, clock: Callable[[], float] = time.monotonic):
        self.games = games
        self.stall = stall_seconds() if stall is None else stall
        self.clock = clock
        self.seen: dict[str, _Seen] = {}

    def sweep(self, everything: bool = False) -> list[str]:
        """Enqueue the owed bot jobs; their ids."""
        client = self.games.redis
        index = list_index.ALL if everything else list_index.by_status("running")
        ids = [raw.decode() if isinstance(raw, bytes) else raw for raw in client.zrange(index, 0, -1)]
        pipe = client.pipeline(transaction=False)  # (not MGET: the heads span cluster slots)
        for game_id in ids:
            pipe.hget(head_key(game_id), "version")
        heads = {g: int(v) for g, v in zip(ids, pipe.execute() if ids else []) if v is not None}
        now, enqueued = self.clock(), []
        seen = {}
        for game_id, version in heads.items():
            entry = self.seen.get(game_id)
            if entry is None or entry.version != version:
                entry = _Seen(version, now if everything else now + self.stall)
            elif everything and not entry.settled:
                entry.next_look = min(entry.next_look, now)
            seen[game_id] = entry
            if entry.settled or now < entry.next_look:
                continue
            job = self._look(game_id, entry, now)
            if job is not None:
                enqueued.append(job)
        if everything:
            self.seen = seen
        else:  # games that left the running index: forgotten; the others kept
            self.seen.update(seen)
            for game_id in [g for g in self.seen if g not in seen]:
                del self.seen[game_id]
        return enqueued

    def _look(self, game_id: str, entry: _Seen, now: float) -> str | None:
        try:
            state = self.games.load(game_id)
        except GameNotFound:
            entry.settled = True
            return None
        except RecordDamaged:  # its bot waits for the record's repair; the others' sweep goes on
            entry.settled = True
            return None
        if state["version"] != entry.version or not awaited_bots(self.games, state):
            entry.settled = state["version"] == entry.version
            return None
        statuses = self._statuses([job_id(game_id, entry.version), entry.last_job])
        if any(status in WAITING for status in statuses):
            entry.next_look = now + self.stall  # in hand: a worker will take it
            return None
        if "started" in statuses and not entry.graced:
            entry.graced = True  # running (or its worker died with it): one more stall to move
            entry.next_look = now + self.stall
            return None
        entry.tries += 1
        entry.last_job = f"{job_id(game_id, entry.version)}-again{entry.tries}"
        entry.next_look = now + min(MOST_BETWEEN_TRIES, self.stall * 2 ** entry.tries)
        enqueue(self.games, game_id, entry.last_job, at_front=True)
        log.warning("game %s owes the bot a move at version %d and no job will make it (%s): enqueued %s",
                    game_id, entry.version, "/".join(s or "none" for s in statuses), entry.last_job)
        return entry.last_job

    def _statuses(self, ids: list[str | None]) -> list[str | None]:
        wanted = [i for i in ids if i]
        pipe = self.games.queue_redis.pipeline(transaction=False)
        for found in wanted:
            pipe.hget(Job.redis_job_namespace_prefix + found, "status")
        return [s.decode() if isinstance(s, bytes) else s for s in pipe.execute()]


def install(games) -> None:
    games.after_append.append(after_append_hook(games))
