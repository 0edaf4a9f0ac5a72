"""The service layer: every use case of a game, between HTTP (or a worker) and the store.

One loop runs every write: load the state (snapshot + tail), let a pure function decide
the events, seal them onto the hash chain, append with the expected version. When another
writer got in first the loop reloads and decides again; an `If-Match` version or an
idempotency key pins the command instead.
"""
from __future__ import annotations

import hashlib
import secrets
import uuid
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable, Iterable

import redis

from events.canonical import copy_value, dumps, loads
from events.engine_events import ENGINE_EVENT_SCHEMAS
from events.envelope import GENESIS_HASH, seal
from events.integrity import UNPARSABLE, RecordDamaged, check_event
from events.receipts import receipt
from events.registry import EventRegistry
from events.store import GAME_ID, EventStore, IndexUpdate, VersionConflict, idempotency_key
from projections.core import empty_state, evolve, fold
from projections import checkpoints
from projections.checkpoints import Checkpoints
from projections.snapshots import Snapshots
from service import lobby, lobby_index, metrics, rng, verified
from service.state_cache import StateCache
from service.redis_connect import is_cluster
from service.rules.errors import RuleViolation
from service import disputes

MAX_ATTEMPTS = 10
GAMES_INDEX = lobby_index.ALL


class GameNotFound(Exception):
    pass


class Busy(Exception):
    """Too many writers raced for one game; the client may simply retry."""


#: The instant a command was decided at, recorded as its events' `recorded_at` (set by
#: `Games.command` around its write), so a time-bound rule reads recorded times only.
DECIDED_AT: ContextVar[str | None] = ContextVar("decided_at", default=None)


@dataclass
class Outcome:
    version: int
    events: list[dict]
    state: dict
    duplicate: bool = False
    extra: dict = field(default_factory=dict)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def utc_now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def json_copy(state: dict) -> dict:
    return loads(dumps(state))


def seed_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:seed"


def summary_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:summary"


class Games:
    def __init__(self, client: redis.Redis, rulesets: dict, now: Callable[[], str] = utc_now):
        self.redis = client
        #: where RQ's queues are (a plain Redis even when `client` is a cluster)
        self.queue_redis = client
        self.store = EventStore(client)
        self.snapshots = Snapshots(client)
        self.checkpoints = Checkpoints(client)
        #: this process's copies of recently used states (service/state_cache.py)
        self.cache = StateCache()
        #: game id -> its seed: written once at creation, read by every command
        self._seeds: dict[str, bytes] = {}
        self.rulesets = rulesets
        self.now = now
        self.registry = EventRegistry()
        self.registry.register_all(ENGINE_EVENT_SCHEMAS)
        for ruleset in rulesets.values():
            self.registry.register_all(ruleset.event_schemas, owner=ruleset.name)
        self.after_append: list[Callable[[str, dict, list[dict]], None]] = []
        #: `append_index(game_id, after, events) -> IndexUpdate | None`: an index entry the
        #: append script writes with the events (the deadline index, service/clock).
        self.append_index: Callable[[str, dict, list[dict]], IndexUpdate | None] | None = None
        #: `closer(game_id, before, after) -> drafts`: engine events a batch must end with
        #: (the seed reveal, a new step's deadline); run until none adds anything.
        self.closers: list[Callable[[str, dict, dict], list[dict]]] = [self._reveal_seed]

    def ruleset_for(self, name: str):
        return self.rulesets[name]

    # ---- reading -------------------------------------------------------------
    def exists(self, game_id: str) -> bool:
        return bool(GAME_ID.fullmatch(game_id)) and self.store.exists(game_id)

    def fold_events(self, events: Iterable[dict], state: dict | None = None) -> dict:
        return fold((self.registry.upcast(e) for e in events), self.ruleset_for, state)

    def load(self, game_id: str, at: int | None = None, cached: bool = True) -> dict:
        """The state now, or as it stood after event `at`; everything it relies on checked
        (service/verified.py): RecordDamaged when the stored record does not hold together.
        A private copy: the caller may change it. `cached=False`: ignore this process's copy."""
        if not GAME_ID.fullmatch(game_id):
            raise GameNotFound(game_id)
        return verified.load_state(self, game_id, at, use_cache=cached)

    def rebuild(self, game_id: str) -> dict:
        """The state folded from event 1 (checked), ignoring every cache."""
        return self.fold_events(verified.checked_run(game_id, self.store.iter_entries(game_id), 0, GENESIS_HASH))

    def events(self, game_id: str, after: int = 0, limit: int = 100, upto: int | None = None,
               stored: bool = False) -> list[dict]:
        """Up to `limit` events after `after` (not past `upto`), checked: a page stops before
        the first damaged event, and a page that would begin with it raises RecordDamaged.
        As the code reads them (upcast), or `stored`: as hashed, for the public record."""
        if not self.exists(game_id):
            raise GameNotFound(game_id)
        upto = self.store.version(game_id) if upto is None else upto
        start = max(after - 1, 0)
        entries = self.store.iter_entries(game_id, start, min(upto, after + limit))
        prev_hash = GENESIS_HASH
        if after > 0:
            first = next(entries, (None, None))
            prev_hash = check_event(game_id, after, first[1], None)["hash"] if first[0] == after else None
        out = []
        try:
            for event in verified.checked_run(game_id, entries, after, prev_hash):
                out.append(event if stored else self.registry.upcast(event))
        except RecordDamaged:
            if not out:
                raise
        return out

    def list(self, status: str | None = None, limit: int = 100, after: str | None = None) -> tuple[list[dict], str | None]:
        """A page of summaries, newest first, and the cursor of the next page (None at the
        end): O(log N + limit) reads (service/lobby_index.py)."""
        ids, cursor = lobby_index.page(self.redis, status, limit, after)
        pipe = self.redis.pipeline(transaction=False)
        for game_id in ids:
            pipe.get(summary_key(game_id))
        return [loads(raw) for raw in pipe.execute() if raw], cursor

    def receipt(self, game_id: str, version: int, head_hash: str, revealed: str | None = None) -> dict | None:
        """What the caller keeps of an answer: `{version, receipt}` (events/receipts.py), or
        None for a game with no seed to key it (docs/verification.md). `revealed`: the seed
        in the state, for an imported game (whose seed was never stored apart)."""
        seed = self._stored_seed(game_id) or (bytes.fromhex(revealed) if revealed else None)
        if not seed:
            return None
        return {"version": version, "receipt": receipt(seed, game_id, version, head_hash)}

    # ---- use cases -----------------------------------------------------------
    def create(self, ruleset_name: str, seats: int, options: dict) -> dict:
        ruleset = self.rulesets[ruleset_name]
        game_id = uuid.uuid4().hex[:16]
        organizer_token = secrets.token_urlsafe(32)
        rng_options = options.get("rng") or {"mode": "seeded"}
        mode = rng_options.get("mode", "seeded")
        # Every game commits to a seed, scripted ones too: what the organizer does not
        # script (dice, decks, hands) comes from it (service/rng.py), revealed at the end.
        seed = rng.new_seed()
        self.redis.set(seed_key(game_id), seed.hex())
        self._seeds[game_id] = seed
        commitment, script = rng.commitment(seed), None
        if mode == "scripted":
            script = {k: rng_options[k] for k in ("dice", "decks", "hands") if rng_options.get(k) is not None}
        stored_options = {**options, "rng": {"mode": mode}}
        draft = {"type": "game_created", "payload": {
            "ruleset": ruleset.name, "ruleset_version": ruleset.version, "seats": seats,
            "options": stored_options, "rng_mode": mode, "seed_commitment": commitment,
            "script": script, "organizer_token_hash": token_hash(organizer_token)}}
        outcome = self._write(game_id, empty_state(), [draft], {"kind": "organizer"}, None, None, None)
        return {"game_id": game_id, "organizer_token": organizer_token,
                "seed_commitment": commitment, "scripted": sorted(script or {}), "version": outcome.version}

    def join(self, game_id: str, name: str) -> tuple[int, str, Outcome]:
        token = secrets.token_urlsafe(32)
        hashed = token_hash(token)

        def decide(state, oracle):
            drafts = lobby.decide_join(state, name, hashed)
            seat = drafts[0]["payload"]["seat"]
            return [{**d, "actor": {"kind": "seat", "seat": seat}} for d in drafts]

        outcome = self.execute(game_id, {"kind": "anyone"}, decide)
        return outcome.events[0]["payload"]["seat"], token, outcome

    def start(self, game_id: str, actor: dict, state: dict | None = None, **pins) -> Outcome:
        def decide(state, oracle):
            lobby.check_start(state, actor)
            started = {"type": "game_started", "payload": {}}
            scratch = json_copy(state)
            scratch["status"] = "running"
            ruleset = self.ruleset_for(state["ruleset"])
            return [started, *ruleset.setup(scratch, oracle)]

        return self.execute(game_id, actor, decide, fingerprint=dumps({"operation": "start"}), state=state, **pins)

    def command(self, game_id: str, actor: dict, command: dict, state: dict | None = None, **pins) -> Outcome:
        tokens = {seat: secrets.token_urlsafe(32) for seat in disputes.replaced_seats(command)}
        hashes = {seat: token_hash(token) for seat, token in tokens.items()}

        def decide(state, oracle):
            # Decided and recorded at one instant (the dispute window), taken afresh on each
            # attempt: an append that succeeds had no writer between its load and itself, so
            # recorded times still rise along the stream.
            now = self.now()
            DECIDED_AT.set(now)
            kind = command["type"]
            if kind == "say":
                return lobby.decide_say(state, actor, command["text"])
            if kind == "dispute":
                return disputes.decide_dispute(state, actor, command, now)
            ruleset = self.ruleset_for(state["ruleset"])
            rule = self._ruler(ruleset, actor, oracle, hashes, now)
            if kind == "resolve_dispute":
                return disputes.decide_resolve(state, actor, command, rule,
                                               lambda st, drafts, who: self.fold_drafts(st, drafts, who, now))
            if kind == "ruling":
                disputes.require_organizer(actor, "make a ruling")
                return rule(state, command, None)
            lobby.require_status(state, "running")
            organizers = getattr(ruleset, "organizer_commands", frozenset())
            if actor["kind"] == "organizer" and kind not in organizers:
                raise RuleViolation("seat_only", f"only a seated player may send {kind}", status=403)
            if actor["kind"] == "seat" and kind in organizers:
                raise RuleViolation("organizer_only", f"only the organizer may send {kind}", status=403)
            if actor["kind"] == "seat" and actor["seat"] in (state.get("forfeited") or ()):
                raise RuleViolation("seat_forfeited", f"seat {actor['seat']} has forfeited this game; "
                                    "its moves are made for it", status=403)
            if actor["kind"] == "seat" and str(actor["seat"]) in (state.get("bots") or {}) and not actor.get("bot"):
                raise RuleViolation("seat_played_by_bot", f"the organizer has handed seat {actor['seat']} to the "
                                    "server's bot; ask the organizer for it back (a seat_to_player ruling)",
                                    status=403)
            return ruleset.decide(state, actor, command, oracle)

        decided = DECIDED_AT.set(None)
        try:
            outcome = self.execute(game_id, actor, decide, fingerprint=dumps(command), state=state, **pins)
        finally:
            DECIDED_AT.reset(decided)
        if tokens and not outcome.duplicate:  # shown once, to the organizer; never stored
            outcome.extra["player_tokens"] = {str(seat): token for seat, token in tokens.items()}
        return outcome

    def _ruler(self, ruleset, actor: dict, oracle, hashes: dict, now: str):
        """`rule(state, ruling, dispute) -> drafts`: one ruling, the engine's or the ruleset's."""
        def rule(state, ruling, dispute):
            disputes.check_ruling_time(state, ruling["kind"], dispute)
            if ruling["kind"] in disputes.ENGINE_RULINGS:
                return disputes.decide_engine_ruling(
                    state, ruling, ruleset, oracle, dispute, hashes, actor,
                    lambda st, drafts, who: self.fold_drafts(st, drafts, who, now))
            if "ruling" not in getattr(ruleset, "organizer_commands", ()):
                raise RuleViolation("unknown_ruling", f"{state['ruleset']} has no ruling {ruling['kind']!r}; "
                                    "the engine's are forfeit, replace_player and annul", status=422)
            return ruleset.decide(state, actor, {"type": "ruling", **ruling}, oracle)
        return rule

    def fold_drafts(self, state: dict, drafts: list[dict], actor: dict, now: str) -> dict:
        """`state` with `drafts` applied (a copy, unsealed): what a later decision in the same
        append reads."""
        after = json_copy(state)
        for draft in drafts:
            after = evolve(after, {"type": draft["type"], "payload": json_copy(draft["payload"]),
                                   "version": after["version"] + 1, "hash": after.get("head_hash"),
                                   "recorded_at": now, "actor": draft.get("actor", actor),
                                   "game_id": after.get("game_id"), "command_id": None}, self.ruleset_for)
        return after

    def system(self, game_id: str, decide: Callable[[dict, object], list[dict]], **pins) -> Outcome:
        """Automatic work (timeouts, organizer tools) through the same loop."""
        return self.execute(game_id, {"kind": "system"}, decide, **pins)

    # ---- the write loop ------------------------------------------------------
    def execute(self, game_id: str, actor: dict, decide, *, expected: int | None = None,
                idempotency: str | None = None, fingerprint: str | None = None,
                state: dict | None = None) -> Outcome:
        """`state`: the state the caller just loaded (its first attempt decides on it, a
        retry after a conflict reloads); the caller must not use it afterwards."""
        if idempotency:
            # A key is the caller's own: another seat reusing it must neither see the first
            # answer (a sealed bid) nor learn from a refusal what the first command was.
            idempotency = f"{actor_scope(actor)}:{idempotency}"
        for _ in range(MAX_ATTEMPTS):
            state = state if state is not None else self.load(game_id)
            # The key is looked up after every load and before If-Match and the rules: the
            # append script stores it with the events, so a state that already holds the
            # first answer's events always finds the key, and a retry racing the first
            # attempt gets the first answer instead of "not your turn" or a conflict.
            prior = self.redis.get(idempotency_key(game_id, idempotency)) if idempotency else None
            if prior:
                return self._repeat(game_id, loads(prior), fingerprint)
            if expected is not None and expected != state["version"]:
                raise VersionConflict(expected, state["version"])
            oracle = rng.oracle_for(state["rng"], self._seed(game_id, state), state["version"] + 1)
            drafts = decide(state, oracle)
            try:
                return self._write(game_id, state, drafts, actor, idempotency, fingerprint,
                                   f"cmd_{uuid.uuid4().hex}")
            except VersionConflict:
                state = None
                metrics.CONFLICTS.inc()
                if expected is not None:
                    raise
        raise Busy(game_id)

    def _write(self, game_id, state, drafts, actor, idempotency, fingerprint, command_id) -> Outcome:
        after = copy_value(state)
        events = []
        marks = {}  # the checkpoints these events land on (projections/checkpoints.py)
        pending = list(drafts)
        while pending:
            sealed = seal(pending, game_id=game_id, first_version=after["version"] + 1,
                          prev_hash=after.get("head_hash") or "0" * 64, recorded_at=DECIDED_AT.get() or self.now(),
                          actor=actor, command_id=command_id, schema_version_of=self.registry.version_of)
            for event in sealed:
                self.registry.check(event["type"], event["payload"], owner=after.get("ruleset"))
                after = evolve(after, event, self.ruleset_for)
                if after["version"] % checkpoints.CHECKPOINT_EVERY == 0:
                    marks[after["version"]] = checkpoints.pack(after)
            events.extend(sealed)
            pending = [d for closer in self.closers for d in closer(game_id, state, after)]
        index = self.append_index(game_id, after, events) if self.append_index else None
        result = self.store.append(game_id, state["version"], events, idempotency,
                                   remember={"fingerprint": fingerprint}, index=index)
        if result.duplicate:
            return self._repeat(game_id, {"first": result.first_version, "last": result.last_version,
                                          "remember": result.remembered}, fingerprint)
        self._persist(state, after, marks)
        self.cache.put(game_id, after)
        for hook in self.after_append:
            hook(game_id, after, events)
        return Outcome(result.last_version, events, after)

    def _persist(self, before: dict, after: dict, marks: dict[int, bytes]) -> None:
        """What follows an append, in one round trip: the snapshot, the checkpoints it
        landed on, the game's line in the list and its place in the list's indexes. A
        cluster pipeline sends no scripts, and a Redis may have lost them (NoScriptError):
        then the snapshot is saved on its own."""
        queued = not is_cluster(self.redis)
        if not queued:
            self.snapshots.save(after["game_id"], after)
        try:
            self._write_after(before, after, marks, snapshot=queued)
        except redis.exceptions.NoScriptError:
            self.snapshots.save(after["game_id"], after)
            self._write_after(before, after, marks, snapshot=False)

    def save_summary(self, before: dict, after: dict) -> None:
        """The game's line in the list, and its place in the list's indexes."""
        self._write_after(before, after, {}, snapshot=False)

    def _write_after(self, before: dict, after: dict, marks: dict[int, bytes], snapshot: bool) -> None:
        # One MULTI on a plain Redis; on a cluster the indexes live in other slots, so it is
        # one non-transactional pipeline.
        pipe = self.redis.pipeline(transaction=not is_cluster(self.redis))
        if snapshot:
            self.snapshots.queue(pipe, after["game_id"], after)
        self.checkpoints.save(after["game_id"], marks, pipe)
        self._queue_summary(pipe, before, after)
        pipe.execute()

    @staticmethod
    def _queue_summary(pipe, before: dict, after: dict) -> None:
        pipe.set(summary_key(after["game_id"]), dumps(summary(after)))
        if before.get("status") != after["status"]:
            lobby_index.move(pipe, after["game_id"], after["created_at"], before.get("status"), after["status"])

    def _reveal_seed(self, game_id: str, before: dict, after: dict) -> list[dict]:
        """When a batch ends the game, the seed is revealed in the same batch."""
        if (before["status"] != "finished" and after["status"] == "finished"
                and after["rng"].get("seed_commitment") and after["rng"]["seed"] is None):
            seed = self._stored_seed(game_id)
            return [{"type": "seed_revealed", "payload": {"seed": seed.hex()}, "actor": {"kind": "system"}}]
        return []

    def _repeat(self, game_id: str, prior: dict, fingerprint: str | None) -> Outcome:
        remembered = prior.get("remember") or {}
        if fingerprint is not None and remembered.get("fingerprint") not in (None, fingerprint):
            raise RuleViolation("idempotency_key_reused", "this Idempotency-Key was already used for a "
                                "different command; use a new key for a new command", status=422)
        state = self.load(game_id)
        count = prior["last"] - prior["first"] + 1
        events = self.events(game_id, prior["first"] - 1, count)
        if len(events) != count:  # the first answer's events are damaged (events() stopped before)
            raise RecordDamaged(game_id, prior["first"] + len(events), UNPARSABLE,
                                f"event {prior['first'] + len(events)} of the first answer does not check")
        return Outcome(prior["last"], events, state, duplicate=True)

    def _seed(self, game_id: str, state: dict) -> bytes | None:
        """The game's secret seed; None for a scripted game created before they had one."""
        if not state.get("rng", {}).get("seed_commitment"):
            return None
        return self._stored_seed(game_id)

    def _stored_seed(self, game_id: str) -> bytes | None:
        """The seed key's value, remembered once read (it never changes once written)."""
        seed = self._seeds.get(game_id)
        if seed is None:
            raw = self.redis.get(seed_key(game_id))
            if raw is None:
                return None
            seed = self._seeds[game_id] = bytes.fromhex(raw.decode())
            if len(self._seeds) > 4096:
                self._seeds.pop(next(iter(self._seeds)))
        return seed


def actor_scope(actor: dict) -> str:
    return f"seat{actor['seat']}" if actor.get("kind") == "seat" else str(actor.get("kind"))


def summary(state: dict) -> dict:
    """The public line of a game in the list."""
    game = state.get("game") or {}
    return {"game_id": state["game_id"], "ruleset": state["ruleset"], "status": state["status"],
            "seats_total": state["seats_total"], "seats_taken": len(state["seats"]),
            "round": game.get("round"), "version": state["version"], "created_at": state["created_at"]}
