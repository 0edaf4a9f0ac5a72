"""A tournament's portable record, and its offline verification (`bootleggers verify`).

The export holds the tournament's own stream (as stored once it has finished; a reading
copy without token hashes before) and the exported record of every table's game. Anyone
holding a finished tournament's record can check, with no trust in the server:

- the tournament's hash chain, and its revealed seed against the commitment of event 1;
- every seating: each `round_seated` is derived again from the written rule
  (docs/verification.md) by a second implementation that shares no code with the server's
  seating (service/desk/tournament_verify.py), and must come out the same;
- every table: its game's record verifies on its own (chain, seed, dice, shuffles:
  service/desk/verification.py), holds the head hash the tournament recorded at that
  version, and its result read again from its events is the recorded one;
- the names and token hashes at every table's seats are its entrants' own;
- the points: summed again by the written scoring rule, they are those of the standings served;
- the receipts a player kept, keyed by the tournament's seed;
- given the server's published anchor, every head it anchored of the tournament and of each
  table's game (service/desk/anchor_verify.py).
"""
from __future__ import annotations

from events.canonical import copy_value
from projections.core import empty_state, evolve
from service.desk import anchor_verify
from service.desk import records as game_records
from service.desk import tournament_verify as independent
from service.desk.verification import Check, Report, check_chain, check_seed, verify as verify_game
from service.runtime.durability import acknowledge_record
from service.table.dispute_texts import show
from service.table.games import Games
from service.tournaments import kernel
from service.streams.ledger import token_hash
from service.tournaments.ledger import Tournaments

FORMAT = "bootleggers-tournament-record"
FORMAT_VERSION = 1
HIDDEN = ("token_hash", "organizer_token_hash")
SYSTEM = {"kind": "system"}


def export(tournaments: Tournaments, games: Games, tournament_id: str, viewer: dict) -> dict:
    state = tournaments.load(tournament_id)
    complete = state["status"] == "finished"
    events = tournaments.events(tournament_id, 0, state["version"], upto=state["version"], stored=True)
    opened = tournaments.dispute_texts.sidecar(events, viewer) if complete else []
    if not complete:  # (the organizer's reading copy: its own texts opened in place)
        events = [{**e, "payload": {k: v for k, v in e["payload"].items() if k not in HIDDEN}} for e in events]
        events = [show(e, viewer, tournaments.dispute_texts, False) for e in events]
    tables = {}
    for table in state["tables"]:
        if games.exists(table["game_id"]):
            tables[table["game_id"]] = game_records.export(games, table["game_id"], _at_table(viewer, table))
    return {"format": FORMAT, "format_version": FORMAT_VERSION, "tournament_id": tournament_id,
            "ruleset": state["ruleset"], "status": state["status"], "version": state["version"],
            "complete": complete, "events": events, "tables": tables, "standings": state["standings"],
            **({"dispute_texts": opened} if opened else {})}


def _at_table(viewer: dict, table: dict) -> dict:
    """Who the viewer is at a table's game: an entrant is its seat there (so its own dispute
    texts come beside the finished record), anyone else as it is."""
    if viewer.get("kind") != "entrant":
        return viewer
    seat = next((s["seat"] for s in table["seats"] if s["entrant"] == viewer["entrant"]), None)
    return {"kind": "seat", "seat": seat} if seat is not None else {"kind": "spectator"}


def is_tournament_record(record) -> bool:
    return isinstance(record, dict) and record.get("format") == FORMAT


def verify(record: dict, ruleset_for, receipts=None, anchor: dict | None = None) -> Report:
    """Every check of a tournament's record; `ruleset_for(name)` gives a ruleset or None;
    `receipts` (optional) the receipts a player kept of the tournament's answers; `anchor`
    (optional) the server's published anchor, held against the tournament and its tables.

    The seatings, the seats' names and token hashes, the points and the receipts are checked
    by service/desk/tournament_verify.py, a second implementation written from
    docs/verification.md that imports none of this package's seating or scoring code: a bug
    in the server's cannot verify itself."""
    events = record.get("events") or []
    first = events[0] if events and isinstance(events[0], dict) else {}
    created = first.get("payload") if first.get("type") == "tournament_created" else None
    report = Report(first.get("game_id"), created and created.get("ruleset"), len(events),
                    events[-1].get("hash") if events and isinstance(events[-1], dict) else None, kind="tournament")
    if not events:
        report.checks.append(Check("chain", False, "the record holds no events", 1))
        return report
    chain = check_chain(events)
    report.checks.append(chain)
    if chain.ok is False:
        return report
    if created is None:
        report.checks.append(Check("seed", False, "a tournament record begins with tournament_created", 1))
        return report
    seed_check, seed = check_seed(events, created)
    report.checks.append(seed_check)
    if seed_check.ok is not True:
        return report
    report.checks.append(check_seatings(events, seed))
    ruleset = ruleset_for(created["ruleset"])
    tables = record.get("tables") or {}
    table_check, results = check_tables(events, tables, ruleset, ruleset_for)
    if table_check.ok is True:  # each game's result holds: now who sat at its seats
        seats = independent.check_table_seats(events, tables)
        if seats.ok is not True:
            table_check = seats
        else:
            table_check = Check("tables", True, f"{table_check.detail}; {seats.detail}")
    report.checks.append(table_check)
    report.checks.append(check_standings(events, results, record.get("standings")))
    if receipts is not None:
        report.checks.append(independent.check_receipts(events, seed, list(receipts)))
    if anchor is not None:
        report.checks.append(check_anchor(events, seed, tables, anchor))
    return report


def check_anchor(events: list[dict], seed: bytes, tables: dict, anchor: dict) -> Check:
    """The tournament's own record against every head the anchor holds of it (its receipts keyed
    by its seed), then each table's game in the record against the anchor's heads of that game:
    a tournament or a table cut or rewritten after the server anchored it fails."""
    own = anchor_verify.check_anchor(events, seed, anchor, ns="tournament")
    if own.ok is False:
        return Check("anchor", False, f"the tournament: {own.detail}", own.first_bad)
    held = 0
    for game_id, game in sorted(tables.items()):
        gevents = game.get("events") if isinstance(game, dict) else None
        if not isinstance(gevents, list) or not gevents or not isinstance(gevents[0], dict):
            continue
        created = gevents[0].get("payload") if gevents[0].get("type") == "game_created" else None
        try:
            _, game_seed = check_seed(gevents, created if isinstance(created, dict) else None)
            found = anchor_verify.check_anchor(gevents, game_seed, anchor)
        except (KeyError, TypeError, AttributeError):  # (not a game's record: the tables check names it)
            continue
        if found.ok is False:
            return Check("anchor", False, f"the table's game {game_id}: {found.detail}", None)
        held += found.ok is True
    detail = f"the tournament: {own.detail}; {held} of {len(tables)} tables' games held against it, each the record's"
    return Check("anchor", own.ok, detail)


def check_seatings(events: list[dict], seed: bytes) -> Check:
    """Every round's seating derived again from the written rule (docs/verification.md,
    service/desk/tournament_verify.py), not from this package's seating code."""
    return independent.check_seatings(events, seed)


def check_tables(events: list[dict], tables: dict, ruleset, ruleset_for) -> tuple[Check, dict]:
    """Each recorded result against its game's own record; the results read again, by game."""
    found: dict[str, dict] = {}
    recorded = [e for e in events if e["type"] in ("table_finished", "table_result_amended")]
    for event in recorded:
        p = event["payload"]
        game = tables.get(p["game_id"])
        if not isinstance(game, dict) or not game.get("events"):
            return Check("tables", None, f"the record lacks the game of round {p['round']} table {p['table']} "
                         f"({p['game_id']}): its result cannot be checked", event["version"]), found
        if game.get("complete") is not True:
            return Check("tables", None, f"the game {p['game_id']} is not finished in this record", event["version"]), found
        own = verify_game(game["events"], ruleset_for)
        if not own.ok:
            return Check("tables", False, f"the game {p['game_id']} does not verify: "
                         f"{next(c.detail for c in own.checks if c.ok is not True)}", event["version"]), found
        upto = [e for e in game["events"] if e["version"] <= p["version"]]
        if len(upto) != p["version"] or upto[-1]["hash"] != p["head_hash"]:
            return Check("tables", False, f"event {event['version']} names the head {p['head_hash'][:12]}… of game "
                         f"{p['game_id']} at version {p['version']}, which its record does not hold",
                         event["version"]), found
        state = empty_state()
        for e in upto:
            state = evolve(state, copy_value(e), ruleset_for)
        again = kernel.result_of(ruleset, state)
        keys = ("annulled", "places", "scores")
        if again is None or any(again[k] != p[k] for k in keys):
            return Check("tables", False, f"event {event['version']} records a result of game {p['game_id']} that "
                         "its events do not give", event["version"]), found
        found[p["game_id"]] = again
    return Check("tables", True, f"{len(recorded)} table results, each read again from its game's own "
                 "verified record"), found


def check_standings(events: list[dict], results: dict, served) -> Check:
    """Every entrant's points summed again by the written scoring rule from the recorded
    results (each checked against its game's own record by `check_tables`; `results` is
    kept for callers) and byes, against the standings the record served. The tie-breaks and
    ratings beside the points are not in docs/verification.md: those are compared with what
    the record's events fold to here (the server's own scoring, so no second opinion)."""
    points = independent.check_points(events, served)
    if points.ok is not True or served is None:
        return points
    folded = kernel.fold(copy_value(e) for e in events)["standings"]
    if served != folded:
        bad = next((f"entrant {a.get('entrant')} ({a.get('name')})" for a, b in zip(served, folded) if a != b),
                   "their length")
        return Check("standings", False, "the record's standings are not the ones its events fold to (tie-breaks "
                     f"and ratings included): they first differ at {bad}", None)
    return Check("standings", True, f"{points.detail}; their tie-breaks and ratings are the ones the record's "
                 "events fold to")


#: the same refusals as a game's import (service/desk/records.py)
InvalidRecord = game_records.InvalidRecord
NotTheOrganizer = game_records.NotTheOrganizer


class TournamentExists(Exception):
    pass


def import_record(tournaments: Tournaments, games: Games, record: dict, token: str) -> dict:
    """A finished tournament's record, with every table's game, onto this server: only if it
    verifies whole (service/tournaments/record.py `verify`, every event's payload checked
    against its schema too) and `token` is its organizer's. It keeps its id, tokens and
    chain; a table's game already here must be the same game (its head at the recorded one)."""
    if not is_tournament_record(record) or record.get("format_version") != FORMAT_VERSION:
        raise InvalidRecord(f"this is not a tournament record of format {FORMAT!r} version {FORMAT_VERSION} "
                            "(what GET /v1/tournaments/{id}/export gives)")
    if record.get("complete") is not True:
        raise InvalidRecord("only a finished tournament's record (complete: true) can be imported")
    events = record.get("events") or []
    created = events[0].get("payload") if events and isinstance(events[0], dict) else None
    if not isinstance(created, dict) or token_hash(token) != created.get("organizer_token_hash"):
        raise NotTheOrganizer()
    report = verify(record, games.rulesets.get)
    # a round seated before rule 2 cannot be re-derived (its rule read every point as 0); the
    # rest of such a record still has to verify
    unchecked = [c for c in report.checks if c.ok is not True and not (c.name == "seatings" and c.ok is None)]
    if not report.checks or unchecked:
        bad = unchecked[0] if unchecked else Check("chain", False, "the record holds no checks", None)
        raise InvalidRecord(f"the record does not verify ({bad.name}): {bad.detail}", bad.first_bad)
    for event in events:
        try:
            tournaments.registry.check(event["type"], tournaments.registry.upcast(event)["payload"])
        except Exception as exc:
            raise InvalidRecord(f"event {event.get('version')} ({event.get('type')}) has a payload its type "
                                f"does not allow: {exc}", event.get("version")) from None
    tournament_id = events[0]["game_id"]
    if not (isinstance(tournament_id, str) and tournament_id.startswith("t")):
        raise TournamentExists(tournament_id)
    if tournaments.exists(tournament_id):  # (the retry of an import answered 503: 409 once a replica holds it)
        acknowledge_record(tournaments, tournament_id, events[-1]["version"], events[-1]["hash"], existing=True)
        raise TournamentExists(tournament_id)
    state = tournaments.fold_events(events)
    for game_id, game in (record.get("tables") or {}).items():
        if games.exists(game_id):
            if games.load(game_id)["head_hash"] != game["events"][-1]["hash"]:
                raise InvalidRecord(f"this server already holds another game {game_id}")
            acknowledge_record(games, game_id, game["events"][-1]["version"], game["events"][-1]["hash"])
            continue
        try:
            game_records.import_record(games, game, token)
        except game_records.InvalidRecord as bad:
            raise InvalidRecord(f"the game {game_id}: {bad.detail}") from None
    tournaments.store.append(tournament_id, 0, events)
    tournaments.snapshots.save(tournament_id, state)
    tournaments.save_summary(kernel.empty_state(), state)
    acknowledge_record(tournaments, tournament_id, state["version"], state["head_hash"])  # (DURABILITY=replica)
    return {"tournament_id": tournament_id, "version": state["version"], "status": state["status"],
            "head_hash": state["head_hash"], "tables": len(record.get("tables") or {})}
