"""The service layer: every use case of a game, between HTTP (or a worker) and the store.

Every write goes through the ledger's one loop (service/streams/ledger.py): load, decide with
a pure function (the lobby's, the disputes', the ruleset's), seal, append. Games are the
ledger's first kind of stream; tournaments (service/tournaments) are the second.
"""
from __future__ import annotations

import secrets
import uuid
from typing import Callable, Iterable

import redis

from events.canonical import dumps, loads
from events.engine_events import ENGINE_EVENT_SCHEMAS, ENGINE_UPCASTERS
from projections.core import TOP_LEVEL_EVENTS, empty_state, evolve, fold
from service.rules.errors import RuleViolation
from service.runtime import timeutil
from service.streams import list_index, rng
from service.table import disputes, latest, lobby
from service.table.dispute_texts import DisputeTexts
from service.streams.anchor import Anchors
from service.streams.errors import StreamNotFound
from service.streams.ledger import DECIDED_AT, Ledger, Outcome, token_hash, utc_now

__all__ = ["Games", "GameNotFound", "Outcome", "token_hash", "summary", "GAMES_INDEX"]

GAMES_INDEX = list_index.ALL


def json_copy(state: dict) -> dict:
    return loads(dumps(state))


class GameNotFound(StreamNotFound):
    """No game of that id (the API's 404 `game_not_found`)."""


class Games(Ledger):
    #: a snapshot every 8 events (and at each change of status): a cold read folds at most 7
    #: (~17 µs each) after it, and a write saves one (~10-20 kB) only every 8th time
    SNAPSHOT_EVERY = 8
    SHALLOW_EVENTS = TOP_LEVEL_EVENTS
    not_found = GameNotFound

    def __init__(self, client: redis.Redis, rulesets: dict, now: Callable[[], str] = utc_now):
        self.rulesets = rulesets
        super().__init__(client, now)
        self.registry.register_all(ENGINE_EVENT_SCHEMAS)
        for (kind, version), step in ENGINE_UPCASTERS.items():
            self.registry.add_upcaster(kind, version, step)
        self.dispute_texts = DisputeTexts(self.NS, self.server_key)
        for ruleset in rulesets.values():
            self.registry.register_all(ruleset.event_schemas, owner=ruleset.name)
            for (kind, version), step in getattr(ruleset, "event_upcasters", {}).items():
                self.registry.add_upcaster(kind, version, step)
        #: every game's head, anchored outside Redis (service/streams/anchor.py): the appends mark
        #: their game due, the checked reads hold the stream against it
        self.anchors = Anchors(self)
        self.reads.anchors = self.anchors
        self.after_append.append(self.anchors.after_append)

    def ruleset_for(self, name: str):
        return self.rulesets[name]

    def fold_events(self, events: Iterable[dict], state: dict | None = None) -> dict:
        return fold((self.registry.upcast(e) for e in events), self.ruleset_for, state)

    def evolve_one(self, state: dict, event: dict) -> dict:
        return evolve(state, event, self.ruleset_for)

    def archive_due(self, state: dict) -> float | None:
        """A finished game leaves for the archive when its dispute window closes."""
        closes = disputes.window_closes(state) if state.get("status") == "finished" else None
        return None if closes is None else timeutil.epoch(closes)

    def archive_hold(self, state: dict) -> str | None:
        """An open dispute may still be answered (its rulings amend the result): the game waits."""
        if any(d.get("state") == "open" for d in disputes.disputes(state)):
            return "a dispute is still open"
        return None

    def list(self, status: str | None = None, limit: int = 100, after: str | None = None) -> tuple[list[dict], str | None]:
        """A page of summaries, newest first, and the cursor of the next page (None at the
        end): O(log N + limit) reads (service/streams/list_index.py)."""
        ids, cursor = list_index.page(self.redis, status, limit, after)
        return list_index.checked_lines(self, ids, status), cursor

    # ---- use cases -----------------------------------------------------------
    def create(self, ruleset_name: str, seats: int, options: dict, *, game_id: str | None = None,
               organizer_token_hash: str | None = None, tournament: dict | None = None) -> dict:
        """A new game in the lobby. A tournament's table (service/tournaments/director.py) comes
        with its id (derived from its place in the tournament), the tournament organizer's
        token hash (no new organizer token is made) and `tournament` ({tournament_id, round,
        table}), which its record keeps."""
        ruleset = self.rulesets[ruleset_name]
        made_up = game_id is None
        game_id = game_id or uuid.uuid4().hex[:16]
        organizer_token = None if organizer_token_hash else secrets.token_urlsafe(32)
        rng_options = options.get("rng") or {"mode": "seeded"}
        mode = rng_options.get("mode", "seeded")
        # Every game commits to a seed, scripted ones too: what the organizer does not
        # script (dice, decks, hands) comes from it (service/streams/rng.py), revealed at the end.
        _, commitment = self.seeds.new(game_id)
        script = None
        if mode == "scripted":
            script = {k: rng_options[k] for k in ("dice", "decks", "hands") if rng_options.get(k) is not None}
        stored_options = {**options, "rng": {"mode": mode}}
        draft = {"type": "game_created", "payload": {
            "ruleset": ruleset.name, "ruleset_version": ruleset.version, "seats": seats,
            "options": stored_options, "rng_mode": mode, "seed_commitment": commitment,
            "script": script, "organizer_token_hash": organizer_token_hash or token_hash(organizer_token)}}
        if tournament is not None:
            draft["payload"]["tournament"] = tournament
        try:
            outcome = self._write(game_id, empty_state(), [draft], {"kind": "organizer"}, None, None, None)
        except redis.exceptions.ResponseError as exc:
            if made_up:
                self.seeds.forget_when_full(game_id, exc)
            raise
        return {"game_id": game_id, "organizer_token": organizer_token,
                "seed_commitment": commitment, "scripted": sorted(script or {}), "version": outcome.version}

    def open_table(self, ruleset_name: str, options: dict, *, game_id: str, organizer_token_hash: str,
                   tournament: dict, seats: list[tuple[str, str]], bots: dict[int, str]) -> Outcome:
        """A tournament's table in one append, whole or not at all: created, every seat taken
        by its (name, token hash), started and dealt, and the seats in `bots` handed to the
        server's bot (seat -> strategy). A second writer racing to open the same table fails
        on the version (VersionConflict) and finds it made."""
        ruleset = self.rulesets[ruleset_name]
        seed, commitment = self.seeds.new(game_id)
        organizer, system = {"kind": "organizer"}, {"kind": "system"}
        drafts = [{"type": "game_created", "actor": organizer, "payload": {
            "ruleset": ruleset.name, "ruleset_version": ruleset.version, "seats": len(seats),
            "options": {**options, "rng": {"mode": "seeded"}}, "rng_mode": "seeded", "seed_commitment": commitment,
            "script": None, "organizer_token_hash": organizer_token_hash, "tournament": tournament}}]
        drafts += [{"type": "seat_joined", "actor": {"kind": "seat", "seat": n},
                    "payload": {"seat": n, "name": name, "token_hash": hashed}}
                   for n, (name, hashed) in enumerate(seats, start=1)]
        now = self.now()
        lobby = self.fold_drafts({**empty_state(), "game_id": game_id}, drafts, organizer, now)
        scratch = {**json_copy(lobby), "status": "running"}
        oracle = rng.oracle_for(lobby["rng"], seed, 1)
        drafts += [{"type": "game_started", "actor": organizer, "payload": {}}, *ruleset.setup(scratch, oracle)]
        drafts += [{"type": "seat_given_to_bot", "actor": system, "payload": {
            "seat": seat, "strategy": strategy, "reason": "the tournament's bot plays this seat", "dispute": None}}
            for seat, strategy in sorted(bots.items())]
        return self._write(game_id, empty_state(), drafts, organizer, None, None, f"cmd_{uuid.uuid4().hex}")

    def join(self, game_id: str, name: str) -> tuple[int, str, Outcome]:
        token = secrets.token_urlsafe(32)
        seat, outcome = self.join_as(game_id, name, token_hash(token))
        return seat, token, outcome

    def join_as(self, game_id: str, name: str, hashed: str) -> tuple[int, Outcome]:
        """Join with a token the caller already holds (a tournament entrant's: one token for
        every table of the tournament), given by its hash."""
        def decide(state, oracle):
            drafts = lobby.decide_join(state, name, hashed)
            seat = drafts[0]["payload"]["seat"]
            return [{**d, "actor": {"kind": "seat", "seat": seat}} for d in drafts]

        outcome = self.execute(game_id, {"kind": "anyone"}, decide)
        return outcome.events[0]["payload"]["seat"], outcome

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
            if kind == "dispute":  # its text sealed here: decide holds neither the key nor the words
                return disputes.decide_dispute(state, actor, self.dispute_texts.sealed_command(game_id, state, command),
                                               now)
            ruleset = self.ruleset_for(state["ruleset"])
            rule = self._ruler(ruleset, actor, oracle, hashes, now)
            if kind == "resolve_dispute":
                return disputes.decide_resolve(state, actor, self.dispute_texts.sealed_command(game_id, state, command),
                                               rule,
                                               lambda st, drafts, who: self.fold_drafts(st, drafts, who, now))
            if kind == "ruling":
                disputes.require_organizer(actor, "make a ruling")
                return rule(state, command, None)
            lobby.check_sender(state, actor, kind, getattr(ruleset, "organizer_commands", frozenset()))
            return ruleset.decide(state, actor, command, oracle)

        decided = DECIDED_AT.set(None)
        try:
            outcome = self.execute(game_id, actor, decide, fingerprint=self.dispute_texts.fingerprint(game_id, command),
                                   state=state, **pins)
        finally:
            DECIDED_AT.reset(decided)
        if tokens and not outcome.duplicate:  # shown once, to the organizer; never stored
            outcome.extra["player_tokens"] = {str(seat): token for seat, token in tokens.items()}
        return outcome

    def command_on_latest(self, game_id: str, authorize, *, refusals: tuple = (), again=lambda: None,
                          **pins) -> tuple[Outcome, dict]:
        """A command decided on the latest state (service/table/latest.py): `authorize(state) ->
        (actor, command)` settles who sends what once, outside the write lock. The outcome and
        the actor it was decided for."""
        def act(state, grant, optimistic):
            actor, command = grant
            return self.command(game_id, actor, command, state=state, optimistic=optimistic, **pins)

        outcome, (actor, _) = latest.on_latest(self, game_id, authorize, act, refusals=refusals, again=again)
        return outcome, actor

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

    def save_summary(self, before: dict, after: dict) -> None:
        """(A game written without the write loop, an import: anchored with the next sweep.)"""
        super().save_summary(before, after)
        if after.get("status") not in (None, "lobby"):
            self.anchors.mark(after["game_id"])

    def summary_line(self, state: dict) -> dict:
        """The game's line in the list, sealed (service/streams/list_index.py)."""
        return list_index.sealed(self.sealer, summary(state))

    def _queue_index(self, pipe, before: dict, after: dict) -> None:
        if before.get("status") != after["status"]:
            list_index.move(pipe, after["game_id"], after["created_at"], before.get("status"), after["status"])

def summary(state: dict) -> dict:
    """The public line of a game in the list."""
    game = state.get("game") or {}
    return {"game_id": state["game_id"], "ruleset": state["ruleset"], "status": state["status"],
            "seats_total": state["seats_total"], "seats_taken": len(state["seats"]),
            "round": game.get("round"), "version": state["version"], "created_at": state["created_at"]}
