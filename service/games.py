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
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable, Iterable

import redis

from events.canonical import dumps, loads
from events.engine_events import ENGINE_EVENT_SCHEMAS
from events.envelope import seal
from events.registry import EventRegistry
from events.store import GAME_ID, EventStore, VersionConflict
from projections.core import empty_state, evolve, fold
from projections.snapshots import Snapshots
from service import lobby, lobby_index, metrics, rng
from service.rules.errors import RuleViolation

MAX_ATTEMPTS = 10
GAMES_INDEX = lobby_index.ALL


class GameNotFound(Exception):
    pass


class Busy(Exception):
    """Too many writers raced for one game; the client may simply retry."""


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
        self.store = EventStore(client)
        self.snapshots = Snapshots(client)
        self.rulesets = rulesets
        self.now = now
        self.registry = EventRegistry()
        self.registry.register_all(ENGINE_EVENT_SCHEMAS)
        for ruleset in rulesets.values():
            self.registry.register_all(ruleset.event_schemas)
        self.after_append: list[Callable[[str, dict, list[dict]], None]] = []
        #: `closer(game_id, before, after) -> drafts`: engine events a batch must end with
        #: (the seed reveal, a new step's deadline); run until none adds anything.
        self.closers: list[Callable[[str, dict, dict], list[dict]]] = [self._reveal_seed]

    def ruleset_for(self, name: str):
        return self.rulesets[name]

    # ---- reading -------------------------------------------------------------
    def exists(self, game_id: str) -> bool:
        return bool(GAME_ID.match(game_id)) and self.store.exists(game_id)

    def fold_events(self, events: Iterable[dict], state: dict | None = None) -> dict:
        return fold((self.registry.upcast(e) for e in events), self.ruleset_for, state)

    def load(self, game_id: str, at: int | None = None) -> dict:
        """The state now, or as it stood after event `at`."""
        if not self.exists(game_id):
            raise GameNotFound(game_id)
        state = self.snapshots.load(game_id)
        if state is None or (at is not None and state["version"] > at):
            state = empty_state()
        tail = list(self.store.iter_all(game_id, after=state["version"], upto=at))
        state = self.fold_events(tail, state)
        if at is None and tail:
            self.snapshots.save(game_id, state)
        return state

    def rebuild(self, game_id: str) -> dict:
        """The state folded from event 1, ignoring every cache."""
        return self.fold_events(self.store.iter_all(game_id))

    def events(self, game_id: str, after: int = 0, limit: int = 100) -> list[dict]:
        if not self.exists(game_id):
            raise GameNotFound(game_id)
        return [self.registry.upcast(e) for e in self.store.read(game_id, after, limit)]

    def list(self, status: str | None = None, limit: int = 100, after: str | None = None) -> tuple[list[dict], str | None]:
        """A page of summaries, newest first, and the cursor of the next page (None at the
        end): O(log N + limit) reads (service/lobby_index.py)."""
        ids, cursor = lobby_index.page(self.redis, status, limit, after)
        pipe = self.redis.pipeline(transaction=False)
        for game_id in ids:
            pipe.get(summary_key(game_id))
        return [loads(raw) for raw in pipe.execute() if raw], cursor

    # ---- use cases -----------------------------------------------------------
    def create(self, ruleset_name: str, seats: int, options: dict) -> dict:
        ruleset = self.rulesets[ruleset_name]
        game_id = uuid.uuid4().hex[:16]
        organizer_token = secrets.token_urlsafe(32)
        rng_options = options.get("rng") or {"mode": "seeded"}
        mode = rng_options.get("mode", "seeded")
        commitment, script = None, None
        if mode == "seeded":
            seed = rng.new_seed()
            self.redis.set(seed_key(game_id), seed.hex())
            commitment = rng.commitment(seed)
        else:
            script = {k: rng_options[k] for k in ("dice", "decks", "hands") if rng_options.get(k) is not None}
        stored_options = {**options, "rng": {"mode": mode}}
        draft = {"type": "game_created", "payload": {
            "ruleset": ruleset.name, "ruleset_version": ruleset.version, "seats": seats,
            "options": stored_options, "rng_mode": mode, "seed_commitment": commitment,
            "script": script, "organizer_token_hash": token_hash(organizer_token)}}
        outcome = self._write(game_id, empty_state(), [draft], {"kind": "organizer"}, None, None, None)
        return {"game_id": game_id, "organizer_token": organizer_token,
                "seed_commitment": commitment, "version": outcome.version}

    def join(self, game_id: str, name: str) -> tuple[int, str, Outcome]:
        token = secrets.token_urlsafe(32)
        hashed = token_hash(token)

        def decide(state, oracle):
            drafts = lobby.decide_join(state, name, hashed)
            seat = drafts[0]["payload"]["seat"]
            return [{**d, "actor": {"kind": "seat", "seat": seat}} for d in drafts]

        outcome = self.execute(game_id, {"kind": "anyone"}, decide)
        return outcome.events[0]["payload"]["seat"], token, outcome

    def start(self, game_id: str, actor: dict, **pins) -> Outcome:
        def decide(state, oracle):
            lobby.check_start(state, actor)
            started = {"type": "game_started", "payload": {}}
            scratch = json_copy(state)
            scratch["status"] = "running"
            ruleset = self.ruleset_for(state["ruleset"])
            return [started, *ruleset.setup(scratch, oracle)]

        return self.execute(game_id, actor, decide, fingerprint=dumps({"operation": "start"}), **pins)

    def command(self, game_id: str, actor: dict, command: dict, **pins) -> Outcome:
        def decide(state, oracle):
            if command["type"] == "say":
                return lobby.decide_say(state, actor, command["text"])
            lobby.require_status(state, "running")
            ruleset = self.ruleset_for(state["ruleset"])
            organizers = getattr(ruleset, "organizer_commands", frozenset())
            if actor["kind"] == "organizer" and command["type"] not in organizers:
                raise RuleViolation("seat_only", f"only a seated player may send {command['type']}", status=403)
            if actor["kind"] == "seat" and command["type"] in organizers:
                raise RuleViolation("organizer_only", f"only the organizer may send {command['type']}", status=403)
            return ruleset.decide(state, actor, command, oracle)

        return self.execute(game_id, actor, decide, fingerprint=dumps(command), **pins)

    def system(self, game_id: str, decide: Callable[[dict, object], list[dict]], **pins) -> Outcome:
        """Automatic work (timeouts, organizer tools) through the same loop."""
        return self.execute(game_id, {"kind": "system"}, decide, **pins)

    # ---- the write loop ------------------------------------------------------
    def execute(self, game_id: str, actor: dict, decide, *, expected: int | None = None,
                idempotency: str | None = None, fingerprint: str | None = None) -> Outcome:
        if not self.exists(game_id):
            raise GameNotFound(game_id)
        if idempotency:
            # A key is the caller's own: another seat reusing it must neither see the first
            # answer (a sealed bid) nor learn from a refusal what the first command was.
            idempotency = f"{actor_scope(actor)}:{idempotency}"
            prior = self.redis.get(f"game:{{{game_id}}}:idem:{idempotency}")
            if prior:
                return self._repeat(game_id, loads(prior), fingerprint)
        for _ in range(MAX_ATTEMPTS):
            state = self.load(game_id)
            if expected is not None and expected != state["version"]:
                raise VersionConflict(expected, state["version"])
            oracle = rng.oracle_for(state["rng"], self._seed(game_id, state), state["version"] + 1)
            drafts = decide(state, oracle)
            try:
                return self._write(game_id, state, drafts, actor, idempotency, fingerprint,
                                   f"cmd_{uuid.uuid4().hex}")
            except VersionConflict:
                metrics.CONFLICTS.inc()
                if expected is not None:
                    raise
        raise Busy(game_id)

    def _write(self, game_id, state, drafts, actor, idempotency, fingerprint, command_id) -> Outcome:
        after = json_copy(state)
        events = []
        pending = list(drafts)
        while pending:
            sealed = seal(pending, game_id=game_id, first_version=after["version"] + 1,
                          prev_hash=after.get("head_hash") or "0" * 64, recorded_at=self.now(),
                          actor=actor, command_id=command_id, schema_version_of=self.registry.version_of)
            for event in sealed:
                self.registry.check(event["type"], event["payload"])
                after = evolve(after, event, self.ruleset_for)
            events.extend(sealed)
            pending = [d for closer in self.closers for d in closer(game_id, state, after)]
        result = self.store.append(game_id, state["version"], events, idempotency,
                                   remember={"fingerprint": fingerprint})
        if result.duplicate:
            return self._repeat(game_id, {"first": result.first_version, "last": result.last_version,
                                          "remember": result.remembered}, fingerprint)
        self.snapshots.save(game_id, after)
        self.save_summary(state, after)
        for hook in self.after_append:
            hook(game_id, after, events)
        return Outcome(result.last_version, events, after)

    def save_summary(self, before: dict, after: dict) -> None:
        """The game's line in the list, and its place in the list's indexes."""
        pipe = self.redis.pipeline(transaction=True)
        pipe.set(summary_key(after["game_id"]), dumps(summary(after)))
        if before.get("status") != after["status"]:
            lobby_index.move(pipe, after["game_id"], after["created_at"], before.get("status"), after["status"])
        pipe.execute()

    def _reveal_seed(self, game_id: str, before: dict, after: dict) -> list[dict]:
        """When a batch ends the game, the seed is revealed in the same batch."""
        if (before["status"] != "finished" and after["status"] == "finished"
                and after["rng"]["mode"] == "seeded" and after["rng"]["seed"] is None):
            seed = self.redis.get(seed_key(game_id))
            return [{"type": "seed_revealed", "payload": {"seed": seed.decode()}, "actor": {"kind": "system"}}]
        return []

    def _repeat(self, game_id: str, prior: dict, fingerprint: str | None) -> Outcome:
        remembered = prior.get("remember") or {}
        if fingerprint is not None and remembered.get("fingerprint") not in (None, fingerprint):
            raise RuleViolation("idempotency_key_reused", "this Idempotency-Key was already used for a "
                                "different command; use a new key for a new command", status=422)
        events = [self.registry.upcast(e) for e in
                  self.store.read(game_id, prior["first"] - 1, prior["last"] - prior["first"] + 1)]
        return Outcome(prior["last"], events, self.load(game_id), duplicate=True)

    def _seed(self, game_id: str, state: dict) -> bytes | None:
        if state.get("rng", {}).get("mode") != "seeded":
            return None
        raw = self.redis.get(seed_key(game_id))
        return bytes.fromhex(raw.decode()) if raw else None


def actor_scope(actor: dict) -> str:
    return f"seat{actor['seat']}" if actor.get("kind") == "seat" else str(actor.get("kind"))


def summary(state: dict) -> dict:
    """The public line of a game in the list."""
    game = state.get("game") or {}
    return {"game_id": state["game_id"], "ruleset": state["ruleset"], "status": state["status"],
            "seats_total": state["seats_total"], "seats_taken": len(state["seats"]),
            "round": game.get("round"), "version": state["version"], "created_at": state["created_at"]}
