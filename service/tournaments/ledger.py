"""Tournaments: the ledger's second kind of stream (`tournament:{id}:events`), with the same
write loop, hash chain, checked reads, snapshots and commit–reveal seed as a game
(service/streams/ledger.py); the decisions are the tournament kernel's (kernel/decide.py).

The use cases here write the tournament's own stream only. What a decision means for its
tables' games (make and start them, hand a no-show's seat to the policy) is the director's
(director.py), run after the tournament's append and again by the sweeper until done; a
table's result comes back through `record_result`, run by a job (results.py).
"""
from __future__ import annotations

import os
import secrets
import uuid
from typing import Iterable

import redis

from service.runtime import timeutil
from service.streams import list_index
from service.streams import rng
from service.streams.anchor import Anchors
from service.streams.errors import StreamNotFound
from service.table.dispute_texts import DisputeTexts
from service.streams.ledger import Ledger, Outcome, token_hash, utc_now
from service.tournaments import kernel
from service.tournaments.scoring import rule_of as scoring_rule
from service.tournaments.events import TOURNAMENT_EVENT_SCHEMAS, TOURNAMENT_UPCASTERS

NS = "tournament"
INDEX = "tournaments:index"
#: how long after its end a finished tournament stays in Redis before it leaves for the
#: archive (setting TOURNAMENT_ARCHIVE_SECONDS), and then only once every table's game has
#: left too (service/tournaments/archive.py)
DEFAULT_ARCHIVE_DELAY = 24 * 3600


def archive_delay() -> float:
    return float(os.environ.get("TOURNAMENT_ARCHIVE_SECONDS", str(DEFAULT_ARCHIVE_DELAY)))


class TournamentNotFound(StreamNotFound):
    """No tournament of that id (the API's 404 `tournament_not_found`)."""


class Tournaments(Ledger):
    NS = NS
    ID_FIELD = "tournament_id"
    not_found = TournamentNotFound
    #: a tournament's state holds every entrant, table and standing (hundreds of kB for a
    #: thousand entrants): snapshotted every 16 events, read from this process's cache between
    SNAPSHOT_EVERY = 16

    def __init__(self, client, now=utc_now):
        super().__init__(client, now)
        self.registry.register_all(TOURNAMENT_EVENT_SCHEMAS)
        for (kind, version), step in TOURNAMENT_UPCASTERS.items():
            self.registry.add_upcaster(kind, version, step)
        self.dispute_texts = DisputeTexts(self.NS, self.server_key)
        #: every tournament's head, anchored outside Redis as a game's is (service/streams/anchor.py):
        #: its appends mark it due, the same sweep anchors it, its checked reads hold the stream
        #: against it (a tournament's record is what anchors its tables' games)
        self.anchors = Anchors(self)
        self.reads.anchors = self.anchors
        self.after_append.append(self.anchors.after_append)

    def fold_events(self, events: Iterable[dict], state: dict | None = None) -> dict:
        return kernel.fold((self.registry.upcast(e) for e in events), state)

    def evolve_one(self, state: dict, event: dict) -> dict:
        return kernel.evolve(state, event)

    def archive_due(self, state: dict) -> float | None:
        if state.get("status") != "finished" or not state.get("ended_at"):
            return None
        return timeutil.epoch(state["ended_at"]) + archive_delay()

    def archive_hold(self, state: dict) -> str | None:
        if any(d.get("state") == "open" for d in state.get("disputes") or []):
            return "a dispute is still open"
        return None

    def summary_line(self, state: dict) -> dict:
        return summary(state)

    def save_summary(self, before: dict, after: dict) -> None:
        """(A tournament written without the write loop, an import: anchored with the next sweep.)"""
        super().save_summary(before, after)
        if after.get("status") is not None:
            self.anchors.mark(after["tournament_id"])

    def _queue_index(self, pipe, before: dict, after: dict) -> None:
        if before.get("status") != after["status"]:
            list_index.move(pipe, after["tournament_id"], after["created_at"], before.get("status"),
                             after["status"], base=INDEX)

    def list(self, status: str | None = None, limit: int = 100, after: str | None = None) -> tuple[list[dict], str | None]:
        ids, cursor = list_index.page(self.redis, status, limit, after, base=INDEX)
        return self.lines(ids), cursor

    def running(self) -> list[str]:
        """Every tournament whose tables may still need the director or a result (the sweeper)."""
        return [m.decode() for m in self.redis.zrange(list_index.by_status("running", INDEX), 0, -1)]

    # ---- use cases -----------------------------------------------------------------------
    def create(self, spec: dict) -> dict:
        """`spec`: the checked body of `POST /v1/tournaments` (service/api/tournaments.py)."""
        tournament_id = "t" + uuid.uuid4().hex[:15]
        organizer_token = secrets.token_urlsafe(32)
        _, commitment = self.seeds.new(tournament_id)
        draft = {"type": "tournament_created", "payload": {
            **{k: spec[k] for k in ("name", "ruleset", "rounds", "table_size", "format", "game_options",
                                    "no_show", "bot_strategy")},
            "scoring": scoring_rule(spec.get("scoring"), spec["table_size"]["max"]),
            "uneven": spec.get("uneven") or "bots",
            "organizer_sees_tables": bool(spec.get("organizer_sees_tables")),
            "rng_mode": "seeded", "seed_commitment": commitment,
            "organizer_token_hash": token_hash(organizer_token)}}
        try:
            outcome = self._write(tournament_id, kernel.empty_state(), [draft], {"kind": "organizer"}, None, None,
                                  None)
        except redis.exceptions.ResponseError as exc:
            self.seeds.forget_when_full(tournament_id, exc)
            raise
        return {"tournament_id": tournament_id, "organizer_token": organizer_token,
                "seed_commitment": commitment, "version": outcome.version}

    def register(self, tournament_id: str, name: str, bot: str | None = None,
                 actor: dict | None = None, bye: bool = False) -> tuple[int, str, Outcome]:
        token = secrets.token_urlsafe(32)

        def decide(state, oracle):
            drafts = kernel.decide_register(state, name, token_hash(token), bot, actor, bye)
            entrant = drafts[0]["payload"]["entrant"]
            return [{**d, "actor": {"kind": "entrant", "entrant": entrant}} for d in drafts]

        outcome = self.execute(tournament_id, {"kind": "anyone"}, decide)
        return outcome.events[0]["payload"]["entrant"], token, outcome

    def command(self, tournament_id: str, actor: dict, command: dict, state: dict | None = None, **pins) -> Outcome:
        kind = command["type"]

        def sealed(state):
            return self.dispute_texts.sealed_command(tournament_id, state, command)["text_sealed"]

        def decide(state, oracle):
            if kind == "seat_round":
                return kernel.decide_seat_round(state, actor, oracle, command.get("tables"))
            if kind == "drop":
                return kernel.decide_drop(state, actor, command["entrant"], command.get("reason", ""))
            if kind == "no_show":
                return kernel.decide_no_show(state, actor, command["entrant"])
            if kind == "seat_to_bot":
                return kernel.decide_no_show(state, actor, command["entrant"], policy="bot")
            if kind == "reinstate":
                return kernel.decide_reinstate(state, actor, command["entrant"])
            if kind == "announce":
                return kernel.decide_announce(state, actor, command["text"])
            if kind == "finish":
                return kernel.decide_finish(state, actor)
            if kind == "say":
                return kernel.decide_say(state, actor, command["text"])
            if kind == "dispute":  # its text sealed here: the kernel holds neither the key nor the words
                return kernel.decide_dispute(state, actor, command["version"], sealed(state))
            if kind == "resolve_dispute":
                return kernel.decide_resolve(state, actor, command["dispute"], command["decision"], sealed(state))
            raise ValueError(kind)  # the API's schema admits only the kinds above

        fingerprint = self.dispute_texts.fingerprint(tournament_id, command)
        return self.execute(tournament_id, actor, decide, fingerprint=fingerprint, state=state, **pins)

    def preview_seating(self, tournament_id: str, actor: dict) -> dict:
        """The `round_seated` that `seat_round` would append now, without appending it (the
        same seed and version: it is what a seat_round sent next gives, unless the record
        moves first: `version` is the record's version it was computed at, to pin the
        seat_round with `If-Match`)."""
        state = self.load(tournament_id)
        oracle = rng.oracle_for(state["rng"], self.seeds.of(tournament_id, state), state["version"] + 1)
        return {**kernel.decide_seat_round(state, actor, oracle)[0]["payload"], "version": state["version"]}

    def record_result(self, tournament_id: str, game_id: str, result: dict) -> Outcome | None:
        """A table's result (read from its game by results.py) into the tournament; None when
        the tournament already holds exactly that (a job run twice appends nothing)."""
        def decide(state, oracle):
            drafts = kernel.decide_table_result(state, game_id, result)
            if not drafts:
                raise NothingToAppend(game_id)
            return drafts

        key = f"result:{game_id}:{result['version']}"
        try:
            return self.execute(tournament_id, {"kind": "system"}, decide, idempotency=key)
        except NothingToAppend:
            return None


class NothingToAppend(Exception):
    pass


def summary(state: dict) -> dict:
    """The public line of a tournament in the list."""
    return {"tournament_id": state["tournament_id"], "name": state["name"], "ruleset": state["ruleset"],
            "status": state["status"], "round": state["round"], "rounds": state["rounds"],
            "entrants": len(state["entrants"]), "version": state["version"], "created_at": state["created_at"]}
