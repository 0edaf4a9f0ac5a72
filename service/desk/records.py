"""Portable game records: a game's stream exported, and imported on another server.

An export of a **finished** game is its stream as stored, hash chain and all, and anyone may
get it: whoever does can check the chain, the seed against its commitment, every die and
every shuffle (`bootleggers verify`, docs/verification.md). While a game runs, the
organizer's export is a reading copy only: it goes through his view (a sealed bid stays
sealed, token hashes and withheld hashes are left out), so it says `complete: false` and
cannot be imported.

An import trusts nothing: every envelope and payload is checked against its schema, the
chain recomputed, the events folded one by one with this server's rules, the game must have
ended, and a seeded game's seed must match its commitment and give every recorded die and
shuffle. Only the game's own organizer may import it (his token matches the record's first
event), and it keeps its id, tokens and chain, so its players' tokens work here as before.
"""
from __future__ import annotations

import re
from datetime import datetime, timezone

from marshmallow import ValidationError

from events.envelope import ENVELOPE_FIELDS, GENESIS_HASH, first_break
from events.integrity import RecordDamaged
from events.registry import UnknownEventType
from events.store import GAME_ID, VersionConflict
from projections.core import empty_state, evolve
from projections.views import chain_hidden_from, view_event
from service.runtime.durability import acknowledge_record
from service.streams import record_scan, rng, verified
from service.desk.verification import check_shuffles
from service.table.games import Games, token_hash

FORMAT = "bootleggers-game-record"
FORMAT_VERSION = 1
HEX64 = re.compile(r"^[0-9a-f]{64}$")
ACTOR_KINDS = {"seat", "organizer", "system", "anyone"}


class InvalidRecord(Exception):
    """The record cannot be imported; `version` names the first bad event, if one is."""

    def __init__(self, detail: str, version: int | None = None):
        super().__init__(detail)
        self.detail, self.version = detail, version


class NotTheOrganizer(Exception):
    pass


class GameExists(Exception):
    pass


def export(games: Games, game_id: str, viewer: dict, damage: dict | None = None) -> dict:
    """The record; for a damaged game (`damage`, see api.games.readable_state) the events
    before the damage only, marked incomplete."""
    if damage is None:
        state = games.load(game_id)
        try:  # the hot read checks the tail; an export checks every event it hands out
            events = list(verified.checked_run(game_id, games.store.iter_entries(game_id, 0, state["version"]),
                                               0, GENESIS_HASH))
        except RecordDamaged as damaged:
            return export(games, game_id, viewer, {"first_bad_version": damaged.version, "damage": damaged.kind})
    else:
        found = record_scan.scan(games.reads, game_id)
        events = [e for e in found.events if e["version"] < damage["first_bad_version"]]
        state = games.fold_events(events)
    complete = state["status"] == "finished" and damage is None
    opened = games.dispute_texts.sidecar(events, viewer) if complete else []
    if not complete:
        ruleset = games.ruleset_for(state["ruleset"])
        hidden_from = chain_hidden_from(state, ruleset)
        events = [view_event(games.registry.upcast(e), viewer, ruleset, False, hidden_from, games.dispute_texts)
                  for e in events]
    return {"format": FORMAT, "format_version": FORMAT_VERSION, "game_id": game_id,
            "ruleset": state["ruleset"], "status": state["status"], "version": state["version"],
            "complete": complete, "events": events, **({"record_damaged": damage} if damage else {}),
            **({"dispute_texts": opened} if opened else {})}


def import_record(games: Games, record: dict, token: str) -> dict:
    events = _envelopes(record)
    created = events[0]["payload"]
    if token_hash(token) != created.get("organizer_token_hash"):
        raise NotTheOrganizer()
    game_id = events[0]["game_id"]
    state = validate(games, events)
    if games.exists(game_id):
        acknowledge_record(games, game_id, state["version"], state["head_hash"], existing=True)
        raise GameExists(game_id)
    try:
        games.store.append(game_id, 0, events)
    except VersionConflict:
        raise GameExists(game_id) from None
    games.snapshots.save(game_id, state)
    games.save_summary(empty_state(), state)
    acknowledge_record(games, game_id, state["version"], state["head_hash"])  # (DURABILITY=replica)
    return {"game_id": game_id, "version": state["version"], "status": state["status"],
            "head_hash": state["head_hash"]}


def validate(games: Games, events: list[dict]) -> dict:
    """The state the record folds to, or InvalidRecord naming the first bad event."""
    broken = first_break(events)
    if broken is not None:
        raise InvalidRecord(f"the hash chain breaks at event {broken}: its position, link or hash "
                            "is not what the events before it give", broken)
    ruleset = events[0]["payload"].get("ruleset")
    if ruleset not in games.rulesets:
        raise InvalidRecord(f"this server referees {', '.join(sorted(games.rulesets))}; "
                            f"the record is a game of {ruleset!r}", 1)
    state = empty_state()
    for event in events:
        event = _checked(games, event, ruleset)
        try:
            state = evolve(state, event, games.ruleset_for)
        except Exception as exc:  # untrusted input reaching a fold written for checked streams
            raise InvalidRecord(f"event {event['version']} ({event['type']}) cannot happen where it "
                                f"stands in this game ({type(exc).__name__})", event["version"]) from None
        _check_filed_in_time(state, event)
    if state["status"] != "finished":
        raise InvalidRecord(f"only a finished game can be imported; this record stops at event "
                            f"{state['version']} with the game {state['status']}")
    _check_seed(state, events)
    _check_shuffles(state, events, games.ruleset_for(ruleset))
    return state


def _check_filed_in_time(state: dict, event: dict) -> None:
    """A dispute filed after the game's window closed cannot be in a true record."""
    from service.table.disputes import window_closes
    closes = window_closes(state)
    if (event["type"] == "dispute_filed" and closes is not None
            and _timestamp(event["recorded_at"]) > _timestamp(closes)):
        raise InvalidRecord(f"event {event['version']} files a dispute at {event['recorded_at']}, after the "
                            f"game's dispute window closed at {closes}", event["version"])


def _envelopes(record: dict) -> list[dict]:
    if record.get("format") != FORMAT or record.get("format_version") != FORMAT_VERSION:
        raise InvalidRecord(f"this is not a game record of format {FORMAT!r} version {FORMAT_VERSION} "
                            "(what GET /v1/games/{id}/export gives)")
    if record.get("complete") is not True:
        raise InvalidRecord("this record is not complete: a running game's export is a reading copy "
                            "(sealed bids and tokens left out); export the game again once it has ended")
    events = record.get("events")
    if not isinstance(events, list) or not events:
        raise InvalidRecord("the record holds no events")
    for n, event in enumerate(events, 1):
        if not isinstance(event, dict) or set(event) != set(ENVELOPE_FIELDS):
            raise InvalidRecord(f"event {n} is not an event envelope: it needs exactly the fields "
                                f"{', '.join(ENVELOPE_FIELDS)}", n)
        bad = _bad_envelope_field(event, events[0].get("game_id"))
        if bad:
            raise InvalidRecord(f"event {n} has a wrong {bad}", n)
    if events[0]["type"] != "game_created":
        raise InvalidRecord("a game record begins with its game_created event", 1)
    return events


def _bad_envelope_field(event: dict, game_id) -> str | None:
    checks = {
        "type": isinstance(event["type"], str),
        "schema_version": type(event["schema_version"]) is int and event["schema_version"] >= 1,
        "game_id": isinstance(game_id, str) and bool(GAME_ID.fullmatch(game_id)) and event["game_id"] == game_id,
        "version": type(event["version"]) is int,
        "recorded_at": isinstance(event["recorded_at"], str) and _timestamp(event["recorded_at"]) is not None,
        "actor": isinstance(event["actor"], dict) and event["actor"].get("kind") in ACTOR_KINDS,
        "command_id": event["command_id"] is None or isinstance(event["command_id"], str),
        "payload": isinstance(event["payload"], dict),
        "prev_hash": isinstance(event["prev_hash"], str) and bool(HEX64.match(event["prev_hash"])),
        "hash": isinstance(event["hash"], str) and bool(HEX64.match(event["hash"])),
    }
    return next((name for name, ok in checks.items() if not ok), None)


def _checked(games: Games, event: dict, ruleset: str) -> dict:
    """The event upcast and its payload checked against its type's schema."""
    version, kind = event["version"], event["type"]
    try:
        current = games.registry.version_of(kind)
    except UnknownEventType:
        raise InvalidRecord(f"event {version} is of a type this server does not know: {kind!r}", version) from None
    if event["schema_version"] > current:
        raise InvalidRecord(f"event {version} ({kind}) was written by a newer server (schema "
                            f"version {event['schema_version']}; this one knows {current})", version)
    try:
        event = games.registry.upcast(event)
        games.registry.check(kind, event["payload"], owner=ruleset)
    except (ValidationError, ValueError) as exc:
        raise InvalidRecord(f"event {version} ({kind}) has a payload its type does not allow: {exc}", version) from None
    return event


def _check_seed(state: dict, events: list[dict]) -> None:
    """A game with a seed commitment (every seeded game, and every scripted one recorded since
    scripted games commit to a seed) must reveal its seed; its dice are the seed's unless the
    organizer scripted them."""
    if not state["rng"].get("seed_commitment"):
        return
    raw = state["rng"]["seed"] or ""
    if not re.fullmatch(r"[0-9a-f]{64}", raw):
        raise InvalidRecord("a seeded game's record must reveal its 32-byte seed at the end")
    seed = bytes.fromhex(raw)
    if rng.commitment(seed) != state["rng"]["seed_commitment"]:
        raise InvalidRecord("the revealed seed does not match the commitment published when the game was created")
    scripted_dice = state["rng"]["mode"] == "scripted" and (state["rng"].get("script") or {}).get("dice") is not None
    wrong = None if scripted_dice else rng.first_unproven_die(events, seed)
    if wrong is not None:
        raise InvalidRecord(f"event {wrong} records dice that the revealed seed does not give", wrong)


def _check_shuffles(state: dict, events: list[dict], ruleset) -> None:
    """Every shuffle re-derived (service/desk/verification.py) once `_check_seed` has passed."""
    seed = bytes.fromhex(state["rng"]["seed"]) if state["rng"].get("seed") else None
    shuffles = check_shuffles(events, events[0]["payload"], seed, getattr(ruleset, "shuffle_start", None))
    if shuffles.ok is False:
        raise InvalidRecord(shuffles.detail, shuffles.first_bad)


def _timestamp(text: str) -> float | None:
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(timezone.utc).timestamp()
    except (ValueError, TypeError):
        return None
