"""What the routes share: the services, the games and tournaments blueprints, rulesets by name,
the write answer (201, `Location`, `Idempotent-Replayed`, the receipt) and a tournament event
as a caller may see it. Route modules import from here, never from one another."""
from __future__ import annotations

from flask import current_app, jsonify

from events.integrity import RecordDamaged
from projections.views import chain_hidden_from, show_dispute_text, view_event
from service.api.openapi import ApiBlueprint
from service.api.problems import Problem
from service.rules.errors import Message
from service.streams import record_scan
from service.table.games import Games, Outcome
from service.tournaments.ledger import Tournaments

#: the games blueprint: the lobby and play routes (games.py) and those that add theirs to it
#: (desk, disputes, records, stream, ending)
bp = ApiBlueprint("games", __name__, url_prefix="/v1")
#: the tournaments blueprint: tournaments.py's routes, then the report's, the exports' and the stream's
tournament_bp = ApiBlueprint("tournaments", __name__, url_prefix="/v1")
A_TOURNAMENT = {404: ("tournament_not_found",)}

#: seats a ruleset hosts unless it says otherwise (`seat_range`, service/rules/interface.py)
DEFAULT_SEAT_RANGE = (3, 6)


def games() -> Games:
    return current_app.extensions["games"]


def tournaments() -> Tournaments:
    return current_app.extensions["tournaments"]


def ruleset_of(state: dict):
    return games().ruleset_for(state["ruleset"])


def ruleset_named(name: str):
    """The hosted ruleset of that name, or 422 `unknown_ruleset` naming those there are."""
    ruleset = games().rulesets.get(name)
    if ruleset is None:
        known = ", ".join(sorted(games().rulesets))
        raise Problem(422, "unknown_ruleset", Message("problem-api-unknown-ruleset", known=known, name=str(name)),
                      errors={"ruleset": [f"must be one of: {known}"]})
    return ruleset


def seat_range(ruleset) -> tuple[int, int]:
    return getattr(ruleset, "seat_range", DEFAULT_SEAT_RANGE)


def answer_events(state: dict, actor: dict, events: list[dict]) -> list[dict]:
    ruleset, finished = ruleset_of(state), state["status"] == "finished"
    hidden_from = chain_hidden_from(state, ruleset)
    return [view_event(e, actor, ruleset, finished, hidden_from, games().dispute_texts) for e in events]


def receipt_of(game_id: str, outcome: Outcome) -> dict | None:
    """The answer's receipt: the chain head at its version, keyed by the game's secret seed."""
    return games().receipt(game_id, outcome.version, outcome.events[-1]["hash"], outcome.state["rng"].get("seed"))


def state_after(game_id: str, version: int) -> str:
    """The `Location` of a write: the game as it stood right after the events it appended."""
    return f"/v1/games/{game_id}?at={version}"


def created(body: dict, location: str, replayed: bool = False):
    """201 with `Location` (and `Idempotent-Replayed` for the first answer given again): every
    write of games and tournaments answers so."""
    response = jsonify(body)
    response.status_code = 201
    response.headers["Location"] = location
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


def first_receipt(ledger, stream_id: str) -> dict | None:
    """The receipt of a stream's first event: what its creation answers with."""
    first = ledger.store.read(stream_id, 0, 1)[0]
    return ledger.receipt(stream_id, first["version"], first["hash"])


def write_answer(outcome: Outcome, shown: list[dict], receipt: dict | None, location: str, extra: dict | None = None):
    """A command's answer, games and tournaments alike: 201 with the new `version`, its events as
    `shown` to the caller, the `receipt`, `Location`, and `Idempotent-Replayed` for a duplicate."""
    return created({"version": outcome.version, "events": shown, "receipt": receipt, **(extra or {})},
                   location, outcome.duplicate)


def command_answer(outcome: Outcome, actor: dict):
    """A game's write answer: `Location` is the state its events led to."""
    game_id = outcome.state["game_id"]
    return write_answer(outcome, answer_events(outcome.state, actor, outcome.events), receipt_of(game_id, outcome),
                        state_after(game_id, outcome.version), outcome.extra)


def readable_state(game_id: str) -> tuple[dict, dict | None]:
    """The state, or for a damaged record the state before its first damage (so the
    organizer can still audit, export and read it) and what the damage is."""
    try:
        return games().load(game_id), None
    except RecordDamaged as damaged:
        state, found = record_scan.damaged_prefix_state(games().reads, game_id)
        first = next((p for p in found.problems if p["version"] == found.first_bad), None)
        if first is None:  # (damaged between the two reads)
            return state, {"first_bad_version": damaged.version, "damage": damaged.kind}
        return state, {"first_bad_version": first["version"], "damage": first["kind"]}


# ---- tournaments -------------------------------------------------------------
HIDDEN_PAYLOAD_FIELDS = ("token_hash", "organizer_token_hash")
#: events whose `text` is a dispute's (the filing, or the organizer's answer to it)
DISPUTE_EVENTS = ("dispute_filed", "dispute_resolved")
SPECTATOR = {"kind": "spectator"}


def tournament_receipt(tournament_id: str, outcome: Outcome) -> dict | None:
    return tournaments().receipt(tournament_id, outcome.version, outcome.events[-1]["hash"])


def view_tournament_event(event: dict, finished: bool, viewer: dict = SPECTATOR) -> dict:
    """A tournament hides its tokens' hashes until it finishes: then its record is public as
    stored, so that anyone can check its chain. A dispute's text (the decision and any ruling
    are public) is its filer's and the organizer's: recorded sealed, opened for them only while
    the tournament runs (after the end beside the record: `dispute_texts`); a version 1 event's
    text is public as stored after the end (docs/service-decisions.md, "Disputes are private")."""
    if finished:
        return event
    payload = {k: v for k, v in event["payload"].items() if k not in HIDDEN_PAYLOAD_FIELDS}
    shown = {**event, "payload": payload}
    if event["type"] in DISPUTE_EVENTS:
        show_dispute_text(shown, viewer, tournaments().dispute_texts, finished)
    return shown
