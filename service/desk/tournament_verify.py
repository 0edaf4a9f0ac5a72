"""A second, independent check of a tournament's record, written from docs/verification.md
("# Verifying a tournament") alone.

The server seats rounds and scores tables with service/tournaments (kernel, seating,
scoring); checking a record with that same code would let a bug in it verify itself. The rule
is written again in service/desk/tournament_rule.py, which imports none of it; here every
seating and every point of the record is derived again with it and compared.

What it checks (each a `Check` of service/desk/verification.py):

- `check_seatings`: every `round_seated` (rule 2) is the one the rule gives from the record
  before it; rounds seated under rule 1 (no `rule` in the event) are NOT CHECKED, since
  rule 1 read every entrant's points as 0 by mistake;
- `check_table_seats`: at every table's game, each entrant's seat is named as that entrant
  registered and holds its token hash (the filler bots' seats are not entrants');
- `check_points`: every entrant's points, summed from the recorded results and byes by the
  scoring rule, are the ones of the standings the record served;
- `check_receipts`: the receipts a player kept, keyed by the tournament's seed.

A failure names the round, table, entrant (number and name) and field that differ.
"""
from __future__ import annotations

from fractions import Fraction

from service.desk.tournament_rule import (Table, Walk, _walk_events, derive_round, game_id_for, read_settings,
                                          shuffle, table_points)
from service.desk.verification import Check, check_receipts as _check_game_receipts

__all__ = ["check_seatings", "check_table_seats", "check_points", "check_receipts", "derive_round"]


# ---- seatings ------------------------------------------------------------------------------
class Mismatch(Exception):
    """A difference between the rule and the record: its sentence names where."""


def _fmt_seat(walk: Walk, seat: dict) -> str:
    if seat.get("entrant") is not None:
        return walk.name(seat["entrant"])
    return f"a bot ({seat.get('bot')})"


def _compare_round(walk: Walk, rule: dict, record: dict) -> None:
    """Raise Mismatch naming the first field where the record's seating is not the rule's."""
    r = rule["round"]
    if record.get("order") != rule["order"]:
        raise Mismatch(f"round {r} order: the seed's shuffle of the active entrants is {rule['order']}, "
                       f"the record's {record.get('order')}")
    want_byes, got_byes = sorted(rule["byes"]), sorted(record.get("byes") or [])
    if want_byes != got_byes:
        extra = [e for e in got_byes if e not in want_byes]
        missing = [e for e in want_byes if e not in got_byes]
        parts = []
        if missing:
            parts.append("the rule gives " + ", ".join(walk.name(e) for e in missing) + " a bye")
        if extra:
            parts.append("the record gives " + ", ".join(walk.name(e) for e in extra) + " a bye")
        raise Mismatch(f"round {r} byes: " + "; ".join(parts))
    got_tables = record.get("tables") or []
    for want, got in zip(rule["tables"], got_tables):
        t = want["table"]
        if got.get("table") != t:
            raise Mismatch(f"round {r} table {t}: the record numbers it table {got.get('table')}")
        if got.get("game_id") != want["game_id"]:
            raise Mismatch(f"round {r} table {t} game_id: the rule's is {want['game_id']}, the record's "
                           f"{got.get('game_id')}")
        seats = got.get("seats") or []
        for k in range(max(len(want["seats"]), len(seats))):
            a = want["seats"][k] if k < len(want["seats"]) else None
            b = seats[k] if k < len(seats) else None
            if a == b:
                continue
            where = f"round {r} table {t} seat {k + 1}"
            if a is None:
                raise Mismatch(f"{where}: the rule has no such seat, the record seats {_fmt_seat(walk, b)}")
            if b is None:
                raise Mismatch(f"{where}: the rule seats {_fmt_seat(walk, a)}, the record has no such seat")
            if a.get("entrant") != b.get("entrant") or a.get("seat") != b.get("seat"):
                raise Mismatch(f"{where}: the rule seats {_fmt_seat(walk, a)}, the record {_fmt_seat(walk, b)}")
            raise Mismatch(f"{where} bot: the rule's is {a.get('bot')!r}, the record's {b.get('bot')!r}")
    if len(got_tables) != len(rule["tables"]):
        raise Mismatch(f"round {r}: the rule seats {len(rule['tables'])} tables, the record "
                       f"{len(got_tables)}")


def _check_fixed(walk: Walk, record: dict, round_no: int) -> None:
    """A fixed round: every active entrant seated once (or given a bye), at legal tables."""
    low, high = walk.settings.table_size
    active, seen = set(walk.active()), set()
    for t in record.get("tables") or []:
        where = f"round {round_no} table {t.get('table')}"
        if t.get("game_id") != game_id_for(walk.settings.tournament_id, round_no, t.get("table")):
            raise Mismatch(f"{where} game_id: the rule's is "
                           f"{game_id_for(walk.settings.tournament_id, round_no, t.get('table'))}, the record's "
                           f"{t.get('game_id')}")
        seats = t.get("seats") or []
        if not low <= len(seats) <= high:
            raise Mismatch(f"{where}: {len(seats)} seats, a table seats {low} to {high}")
        for s in seats:
            e = s.get("entrant")
            if e is None:
                continue
            if e not in active:
                raise Mismatch(f"{where} seat {s.get('seat')}: {walk.name(e)} is not an active entrant")
            if e in seen:
                raise Mismatch(f"{where} seat {s.get('seat')}: {walk.name(e)} is already seated this round")
            seen.add(e)
    for e in record.get("byes") or []:
        if e not in active or e in seen:
            raise Mismatch(f"round {round_no} byes: {walk.name(e)} is not an active entrant left unseated")
        seen.add(e)
    missing = sorted(active - seen)
    if missing:
        raise Mismatch(f"round {round_no}: " + ", ".join(walk.name(e) for e in missing) + " seated nowhere")


def check_seatings(events: list[dict], seed: bytes) -> Check:
    """Every round's seating against the rule (docs: "The seating rule (rule 2)")."""
    try:
        walk = Walk(read_settings(events[0]))
    except (ValueError, TypeError, AttributeError) as exc:
        return Check("seatings", False, str(exc), 1)
    checked, unchecked = [], []
    for event in events[1:]:
        if event.get("type") == "round_seated":
            p = event.get("payload") or {}
            round_no, version = p.get("round"), event["version"]
            try:
                (checked if _seated_as_the_rule(walk, seed, event) else unchecked).append(round_no)
            except Mismatch as bad:
                return Check("seatings", False, f"event {version}: {bad}", version)
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                return Check("seatings", False, f"event {version}: round {round_no} cannot be read: {exc!r}",
                             version)
        elif event.get("type") == "table_replayed":
            problem = _check_replay(walk, event)
            if problem:
                return Check("seatings", False, f"event {event['version']}: {problem}", event["version"])
        try:
            walk.apply(event)
        except (KeyError, TypeError, AttributeError) as exc:
            return Check("seatings", False, f"event {event.get('version')} ({event.get('type')}) cannot be "
                         f"read: {exc!r}", event.get("version"))
    if unchecked:
        rounds = ", ".join(str(r) for r in unchecked)
        return Check("seatings", None, f"round{'s' if len(unchecked) > 1 else ''} {rounds} "
                     f"{'were' if len(unchecked) > 1 else 'was'} seated under rule 1 (the event carries no "
                     "`rule`: recorded before 2026-11-28, when the seating read every entrant's points as 0 "
                     "by mistake), so who sits where is not checked"
                     + (f"; rounds {', '.join(map(str, checked))} as rule 2 gives" if checked else "")
                     + "; the seed's shuffled order of every round is", None)
    return Check("seatings", True, f"{len(checked)} rounds seated as rule 2 gives from the seed's shuffle, the "
                 "points and the meetings before each")


def _seated_as_the_rule(walk: Walk, seed: bytes, event: dict) -> bool:
    """One `round_seated` against the rule: True when who sits where was checked (rule 2, or a
    fixed tournament's tables), False when only the seed's shuffle could be (rule 1); Mismatch
    otherwise."""
    p = event.get("payload") or {}
    round_no, version = p.get("round"), event["version"]
    if round_no != walk.round + 1:
        raise Mismatch(f"round {round_no} (event {version}) follows round {walk.round}: the rule "
                       f"seats round {walk.round + 1}")
    if p.get("format") != walk.settings.format:
        raise Mismatch(f"round {round_no} format: the tournament's is {walk.settings.format!r}, "
                       f"the record's {p.get('format')!r}")
    rule = p.get("rule")
    if rule is None:  # rule 1: only the shuffle can be checked
        _check_order(walk, seed, p, round_no, version)
        return False
    if rule != 2:
        raise Mismatch(f"round {round_no} rule: the record names rule {rule!r}, which "
                       "docs/verification.md does not describe")
    if walk.settings.format == "fixed":
        _check_order(walk, seed, p, round_no, version)
        _check_fixed(walk, p, round_no)
    else:
        _compare_round(walk, derive_round(walk, seed, round_no, version), p)
    return True


def _check_order(walk: Walk, seed: bytes, p: dict, round_no, version: int) -> None:
    """The round's `order` is the seed's shuffle of the active entrants."""
    order = [int(e) for e in shuffle(seed, version, f"seating:round:{round_no}", [str(e) for e in walk.active()])]
    if p.get("order") != order:
        raise Mismatch(f"round {round_no} order: the seed's shuffle of the active entrants is "
                       f"{order}, the record's {p.get('order')}")


def _check_replay(walk: Walk, event: dict) -> str | None:
    """A replayed table: the annulled table it replays, in the same round, the same entrants."""
    p = event.get("payload") or {}
    r, t = p.get("round"), p.get("table")
    where = f"round {r} table {t} (a replay)"
    if walk.settings.legacy or walk.settings.annulled != "replay":
        return f"{where}: the tournament's scoring does not replay annulled tables"
    of = p.get("replay_of")
    old = walk.by_game(of) if isinstance(of, str) else walk.table(r, of)
    if old is None or old.round != r:
        return f"{where} replay_of: {of!r} is no table of round {r}"
    if old.result is None or not old.result.get("annulled"):
        return f"{where} replay_of: round {r} table {old.table} was not annulled"
    if walk.table(r, t) is not None:
        return f"{where}: round {r} already has a table {t}"
    if p.get("game_id") != game_id_for(walk.settings.tournament_id, r, t):
        return (f"{where} game_id: the rule's is {game_id_for(walk.settings.tournament_id, r, t)}, the record's "
                f"{p.get('game_id')}")
    was = sorted(s["entrant"] for s in old.seats if s.get("entrant") is not None)
    now = sorted(s["entrant"] for s in p.get("seats") or [] if s.get("entrant") is not None)
    if was != now:
        gone = [e for e in was if e not in now]
        new = [e for e in now if e not in was]
        parts = ([", ".join(walk.name(e) for e in gone) + " left out"] if gone else []) + \
                ([", ".join(walk.name(e) for e in new) + " added"] if new else [])
        return f"{where} seats: not the entrants of table {old.table}: " + "; ".join(parts)
    return None


# ---- the names and token hashes at every table's game --------------------------------------
def check_table_seats(events: list[dict], games: dict) -> Check:
    """At each table's game, a seat of entrant e is named as e registered and holds e's token
    hash; a filler bot's seat holds no entrant's token hash."""
    try:
        walk = _walk_events(events)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        return Check("tables", False, f"the record cannot be read: {exc}", None)
    hashes = {p.get("token_hash"): e for e, p in walk.entrants.items() if p.get("token_hash")}
    hidden = any("token_hash" not in p for p in walk.entrants.values())
    checked = missing = 0
    for table in walk.tables:
        game = games.get(table.game_id) if isinstance(games, dict) else None
        if not isinstance(game, dict) or not isinstance(game.get("events"), list) or not game["events"]:
            missing += 1
            continue
        problem = _table_game(walk, table, game["events"]) or _table_seats(walk, table, game["events"], hashes)
        if problem:
            return Check("tables", False, problem, table.version)
        checked += 1
    if missing:
        return Check("tables", None, f"{missing} of {len(walk.tables)} tables' games are not in the record: their "
                     "seats' names and token hashes cannot be checked", None)
    if hidden:
        return Check("tables", None, f"{checked} tables' seats named as their entrants; the record leaves out "
                     "the entrants' token hashes (a running tournament's reading copy): they cannot be checked",
                     None)
    return Check("tables", True, f"{checked} tables, each seat named as its entrant registered and holding its "
                 "token hash")


def _table_game(walk: Walk, table: Table, gevents: list) -> str | None:
    """The table's game begins with game_created, names itself this tournament's table (when it
    names one) and has the table's number of seats; else what is wrong."""
    where = f"round {table.round} table {table.table}"
    created = gevents[0].get("payload") if isinstance(gevents[0], dict) else None
    if not isinstance(created, dict) or gevents[0].get("type") != "game_created":
        return f"{where}: the game {table.game_id} does not begin with game_created"
    link = created.get("tournament")
    if isinstance(link, dict):
        want = {"tournament_id": walk.settings.tournament_id, "round": table.round, "table": table.table}
        if {k: link.get(k) for k in want} != want:
            return f"{where}: the game {table.game_id} names itself {link}, not this tournament's table"
    if created.get("seats") != len(table.seats):
        return (f"{where} seats: the tournament seats {len(table.seats)}, the game "
                f"{table.game_id} {created.get('seats')}")
    return None


def _table_seats(walk: Walk, table: Table, gevents: list, hashes: dict) -> str | None:
    """Each seat of the table taken in its game by its entrant's name and token hash (a filler
    bot's by no entrant's); else what is wrong."""
    where = f"round {table.round} table {table.table}"
    joined = {}
    for e in gevents:
        if isinstance(e, dict) and e.get("type") == "seat_joined" and isinstance(e.get("payload"), dict):
            joined.setdefault(e["payload"].get("seat"), e["payload"])
    for seat in table.seats:
        number, entrant = seat.get("seat"), seat.get("entrant")
        got = joined.get(number)
        at = f"{where} seat {number}"
        if got is None:
            return f"{at}: nobody took this seat in the game {table.game_id}"
        if entrant is None:
            holder = hashes.get(got.get("token_hash"))
            if holder is not None:
                return f"{at}: a filler bot's seat holds the token hash of {walk.name(holder)}"
            continue
        mine = walk.entrants.get(entrant)
        if mine is None:
            return f"{at}: {walk.name(entrant)} never registered"
        if got.get("name") != mine.get("name"):
            return f"{at} name: the tournament's {walk.name(entrant)}, the game {table.game_id}'s {got.get('name')!r}"
        if "token_hash" in mine and got.get("token_hash") != mine.get("token_hash"):
            return (f"{at} token_hash: the game {table.game_id}'s seat does not hold "
                    f"the token hash {walk.name(entrant)} registered with")
    return None


# ---- points and the standings served ------------------------------------------------------
def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def check_points(events: list[dict], served) -> Check:
    """Every entrant's points by the scoring rule, against the standings the record served:
    each row's points and name, every entrant listed once, and no row ranked above one with
    more points. (The tie-breaks and ratings beside the points are not in the document.)"""
    try:
        walk = Walk(read_settings(events[0]))
    except (ValueError, TypeError, AttributeError) as exc:
        return Check("standings", False, str(exc), 1)
    problem = _walk_results(walk, events)
    if problem is not None:
        return problem
    points = walk.points()
    results = sum(1 for t in walk.tables if t.result is not None)
    if served is None:
        return Check("standings", None, f"{len(points)} entrants' points summed from {results} table results "
                     f"and {len(walk.byes)} byes; the record holds no standings to compare them with", None)
    if not isinstance(served, list) or not all(isinstance(r, dict) for r in served):
        return Check("standings", False, "the record's standings are not a list of rows", None)
    problem = _compare_standings(walk, points, served)
    if problem is not None:
        return problem
    return Check("standings", True, f"{len(points)} entrants' points summed again by the scoring rule from "
                 f"{results} table results and {len(walk.byes)} byes, as the standings served them")


def _walk_results(walk: Walk, events: list[dict]) -> Check | None:
    """The record walked with every result and bye checked as it comes: a result names its
    table's game and places the scoring can read, a bye the scoring's points; else the failed
    Check."""
    for event in events[1:]:
        kind, p = event.get("type"), event.get("payload") or {}
        try:
            if kind in ("table_finished", "table_result_amended"):
                table = walk.by_game(p.get("game_id"))
                where = f"round {p.get('round')} table {p.get('table')}"
                if table is None or (table.round, table.table) != (p.get("round"), p.get("table")):
                    return Check("standings", False, f"event {event['version']}: {where}'s result names game "
                                 f"{p.get('game_id')}, which is not that table's", event["version"])
                try:
                    table_points(walk.settings, table.seats, p)
                except ValueError as exc:
                    return Check("standings", False, f"event {event['version']}: {where} places: {exc}",
                                 event["version"])
            elif kind == "bye_given":
                got = p.get("points")
                if isinstance(got, bool) or not isinstance(got, (int, float)) \
                        or Fraction(str(got)) != walk.settings.bye_points:
                    return Check("standings", False, f"event {event['version']}: round {p.get('round')} bye of "
                                 f"{walk.name(p.get('entrant'))} points: the scoring gives "
                                 f"{_show(walk.settings.bye_points)}, the record {got!r}", event["version"])
            walk.apply(event)
        except (KeyError, TypeError, AttributeError) as exc:
            return Check("standings", False, f"event {event.get('version')} ({kind}) cannot be read: {exc!r}",
                         event.get("version"))
    return None


def _compare_standings(walk: Walk, points: dict, served: list[dict]) -> Check | None:
    """Each served row against the points summed again: its name and points, every entrant
    once, none above one with more points; else the failed Check."""
    seen: set = set()
    for row in served:
        e = row.get("entrant")
        if e not in walk.entrants:
            return Check("standings", False, f"the standings list entrant {e!r}, who never registered", None)
        if e in seen:
            return Check("standings", False, f"the standings list {walk.name(e)} twice", None)
        seen.add(e)
        if row.get("name") != walk.entrants[e].get("name"):
            return Check("standings", False, f"{walk.name(e)} name: the standings say {row.get('name')!r}", None)
        got = row.get("points")
        if isinstance(got, bool) or not isinstance(got, (int, float)) or abs(Fraction(got) - points[e]) > Fraction(1, 10**9):
            return Check("standings", False, f"{walk.name(e)} points: the scoring rule gives {_show(points[e])}, "
                         f"the standings {got!r}", None)
        if "dropped" in row and bool(row["dropped"]) != bool(walk.dropped.get(e)):
            return Check("standings", False, f"{walk.name(e)} dropped: the record's events say "
                         f"{bool(walk.dropped.get(e))}, the standings {row['dropped']!r}", None)
    left = sorted(set(walk.entrants) - seen)
    if left:
        return Check("standings", False, "the standings leave out " + ", ".join(walk.name(e) for e in left), None)
    for above, below in zip(served, served[1:]):
        pa, pb = points[above["entrant"]], points[below["entrant"]]
        if pa < pb:
            return Check("standings", False, f"the standings list {walk.name(above['entrant'])} ({_show(pa)} points) "
                         f"above {walk.name(below['entrant'])} ({_show(pb)})", None)
        ra, rb = above.get("rank"), below.get("rank")
        if isinstance(ra, int) and isinstance(rb, int) and (rb < ra or (pa > pb and rb == ra)):
            return Check("standings", False, f"the standings rank {walk.name(below['entrant'])} {rb} after "
                         f"{walk.name(above['entrant'])} {ra}", None)
    return None


# ---- receipts ------------------------------------------------------------------------------
def check_receipts(events: list[dict], seed: bytes | None, receipts: list) -> Check:
    """As a game's (docs: "Receipts"), keyed by the tournament's seed: the message names the
    tournament's id (its events' `game_id` field)."""
    return _check_game_receipts(events, seed, list(receipts))
