"""A second, independent check of a tournament's record, written from docs/verification.md
("# Verifying a tournament") alone.

The server seats rounds and scores tables with service/tournaments (kernel, seating,
scoring); checking a record with that same code would let a bug in it verify itself. This
module imports none of it (nor service/table/rng): the seed's shuffle, the table plan, the
meeting cost, the exact search (up to 12 entrants) and the greedy / improve / polish
procedure (more entrants), the seat order, the byes and the points are all re-implemented here from
the document, and every seating and every point of the record is derived again and compared.

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

import hashlib
import hmac
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable

from service.desk.verification import Check, check_receipts as _check_game_receipts

__all__ = ["shuffle", "plan_tables", "bye_count", "game_id_for", "exact_seating", "heuristic_seating", "greedy",
           "improve", "polish", "seating_cost", "derive_round",
           "seat_round", "table_points", "Settings", "Walk", "check_seatings", "check_table_seats",
           "check_points", "check_receipts", "EXACT_UP_TO"]

#: up to this many entrants to seat, the seating is the exact least-cost one
EXACT_UP_TO = 12


# ---- the seed's shuffle ("Dice and shuffles") ----------------------------------------------
def _hmac_int(seed: bytes, message: str) -> int:
    return int.from_bytes(hmac.new(seed, message.encode("utf-8"), hashlib.sha256).digest(), "big")


def shuffle(seed: bytes, version: int, deck: str, items: list) -> list:
    """`out = S; for i = L-1 down to 1: j = HMAC("<v>:shuffle:<deck>:<i>") mod (i+1); swap`."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = _hmac_int(seed, f"{version}:shuffle:{deck}:{i}") % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def game_id_for(tournament_id: str, round_no: int, table: int) -> str:
    """The first 16 hex digits of SHA-256("tournament:<tournament id>:<R>:<table>")."""
    return hashlib.sha256(f"tournament:{tournament_id}:{round_no}:{table}".encode("utf-8")).hexdigest()[:16]


# ---- the table plan ------------------------------------------------------------------------
def plan_tables(n: int, low: int, high: int) -> list[tuple[int, int]]:
    """The round's tables as (entrant seats, bot seats), in plan order (docs: "Tables")."""
    if n <= 0:
        return []
    count = -(-n // high)
    if count * low <= n:
        size, bigger = divmod(n, count)
        return [(size + 1, 0)] * bigger + [(size, 0)] * (count - bigger)
    bots = count * low - n
    cap = low // 2 if count > 1 else low - 1
    per = [0] * count
    for i in range(count - 1, -1, -1):
        per[i] = min(cap, bots)
        bots -= per[i]
    return [(low - b, b) for b in per]


def bye_count(n: int, low: int, high: int) -> int:
    """The fewest b such that some c has c*low <= n - b <= c*high (c = 0 allowed: n - b = 0)."""
    for b in range(0, n + 1):
        rest = n - b
        if rest == 0 or any(c * low <= rest <= c * high for c in range(1, rest // max(low, 1) + 1)):
            return b
    return n


# ---- who sits at which table ---------------------------------------------------------------
def seating_cost(tables: Iterable[Iterable[int]], w) -> int:
    """The sum over every pair at one table of w[a][b] (w = m squared)."""
    total = 0
    for table in tables:
        members = list(table)
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                total += w[a][b]
    return total


def exact_seating(sizes: list[int], w) -> list[list[int]]:
    """The least-cost seating of indices 0..n-1 at tables of `sizes` (plan order); among the
    least-cost ones, the lexicographically smallest sequence of tables, each ascending.

    Depth first in lexicographic order (tables in plan order, members ascending), a branch
    cut as soon as its cost so far reaches the best found: the first least-cost seating met is
    the smallest. When every table left has one size, the lowest unseated index opens the next
    table (any seating is brought to that form by reordering those tables, which keeps its cost
    and only makes it smaller)."""
    n = len(w)
    if sum(sizes) != n:
        raise ValueError(f"tables {sizes} do not seat {n}")
    if n == 0:
        return [[] for _ in sizes]
    same_tail = [all(s == sizes[t] for s in sizes[t:]) for t in range(len(sizes))]
    used = [False] * n
    current: list[list[int]] = [[] for _ in sizes]
    best: dict = {"cost": None, "tables": None}

    def go(t: int, cost: int) -> None:
        if t == len(sizes):
            if best["cost"] is None or cost < best["cost"]:
                best["cost"], best["tables"] = cost, [list(x) for x in current]
            return
        table = current[t]
        if len(table) == sizes[t]:
            go(t + 1, cost)
            return
        need_after = sizes[t] - len(table) - 1
        if not table and same_tail[t]:
            candidates = [next(i for i in range(n) if not used[i])]
        else:
            start = table[-1] + 1 if table else 0
            candidates = [i for i in range(start, n) if not used[i]]
        for k, c in enumerate(candidates):
            if len(candidates) - k - 1 < need_after and table:
                break  # not enough higher members left to fill the table
            if not table and need_after and sum(1 for i in range(c + 1, n) if not used[i]) < need_after:
                break
            added = sum(w[c][m] for m in table)
            if best["cost"] is not None and cost + added >= best["cost"]:
                continue
            used[c] = True
            table.append(c)
            go(t, cost + added)
            table.pop()
            used[c] = False

    go(0, 0)
    return best["tables"]


def _cost_at(x: int, members: Iterable[int], w, without: int | None = None) -> int:
    return sum(w[x][o] for o in members if o != x and o != without)


def heuristic_seating(sizes: list[int], w) -> list[list[int]]:
    """Greedy, then improve, then polish; back to improve while the polish swapped anyone
    (docs: "If n > 12, this procedure", steps 1-4)."""
    if sum(sizes) != len(w):
        raise ValueError(f"tables {sizes} do not seat {len(w)}")
    tables = greedy(sizes, w)
    while True:
        tables = improve(tables, w)
        if _first_polishing_swap(tables, w) is None:
            break
        tables = polish(tables, w)
    return [sorted(t) for t in tables]


def greedy(sizes: list[int], w) -> list[list[int]]:
    """1. For each table in plan order: the lowest position not yet seated opens it; each next
    member is the unseated one with the least added cost, ties by lowest position."""
    left = list(range(len(w)))
    tables: list[list[int]] = []
    for size in sizes:
        table = [left.pop(0)] if size else []
        while len(table) < size:
            pick = min(left, key=lambda r: (_cost_at(r, table, w), r))
            left.remove(pick)
            table.append(pick)
        tables.append(table)
    return tables


def _swap(tables: list[list[int]], a: int, x: int, b: int, y: int) -> None:
    tables[a][tables[a].index(x)], tables[b][tables[b].index(y)] = y, x


def _first_improving_swap(tables: list[list[int]], w) -> tuple | None:
    for a in range(len(tables)):
        for x in sorted(tables[a]):
            here = _cost_at(x, tables[a], w)
            if here <= 0:
                continue
            for b in sorted((b for b in range(len(tables)) if b != a), key=lambda b: (abs(b - a), b)):
                for y in sorted(tables[b]):
                    before = here + _cost_at(y, tables[b], w)
                    after = _cost_at(x, tables[b], w, without=y) + _cost_at(y, tables[a], w, without=x)
                    if after < before:
                        return a, x, b, y
    return None


def improve(tables: list[list[int]], w) -> list[list[int]]:
    """2. The first swap (tables a in order; its members x of cost above 0, ascending; the other
    tables b by (|b - a|, b); their members y ascending) that lowers the cost, again from the
    beginning, until there is none."""
    while (found := _first_improving_swap(tables, w)) is not None:
        _swap(tables, *found)
    return tables


def _first_polishing_swap(tables: list[list[int]], w) -> tuple | None:
    for a in range(len(tables) - 1):
        for x in sorted(tables[a], reverse=True):
            for y in sorted(tables[a + 1]):
                if not y < x:
                    continue
                before = _cost_at(x, tables[a], w) + _cost_at(y, tables[a + 1], w)
                after = _cost_at(x, tables[a + 1], w, without=y) + _cost_at(y, tables[a], w, without=x)
                if after <= before:
                    return a, x, a + 1, y
    return None


def polish(tables: list[list[int]], w) -> list[list[int]]:
    """3. The first swap (a = 0 .. tables - 2; x of table a descending; y of table a + 1
    ascending) with y < x that does not raise the cost, again from the beginning, until none."""
    while (found := _first_polishing_swap(tables, w)) is not None:
        _swap(tables, *found)
    return tables


def seat_round(sizes: list[int], w) -> list[list[int]]:
    """Who sits at which table: indices 0..n-1 (ascending = better ranked)."""
    n = sum(sizes)
    return exact_seating(sizes, w) if n <= EXACT_UP_TO else heuristic_seating(sizes, w)


# ---- the scoring rule ----------------------------------------------------------------------
@dataclass
class Settings:
    tournament_id: str
    table_size: tuple[int, int]
    format: str
    uneven: str
    method: str
    annulled: str
    bye_points: Fraction
    legacy: bool            # tournament_created schema version 1: beaten, bots count, no byes
    bot_strategy: str | None
    organizer_token_hash: str | None


def read_settings(event: dict) -> Settings:
    """Event 1's settings; ValueError with a sentence when they cannot be read."""
    p = event.get("payload") or {}
    size = p.get("table_size") or {}
    low, high = size.get("min"), size.get("max")
    if type(low) is not int or type(high) is not int or not 1 <= low <= high:
        raise ValueError(f"event 1's table_size {size!r} is not a range of seats")
    version = event.get("schema_version")
    scoring = p.get("scoring")
    if version == 1 and not isinstance(scoring, dict):
        method, annulled, bye_points, legacy = "beaten", "nothing", Fraction(0), True
    elif isinstance(scoring, dict):
        method, annulled, raw = scoring.get("method"), scoring.get("annulled"), scoring.get("bye_points", 0)
        if method not in ("beaten", "placement") or annulled not in ("nothing", "average", "replay") \
                or isinstance(raw, bool) or not isinstance(raw, (int, float)):
            raise ValueError(f"event 1's scoring {scoring!r} is not {{method, annulled, bye_points}} "
                             "as docs/verification.md describes")
        bye_points, legacy = Fraction(str(raw)), False
    else:
        raise ValueError(f"event 1 (schema version {version}) holds a scoring {scoring!r} that is not "
                         "{method, annulled, bye_points}")
    uneven = p.get("uneven", "bots")
    if uneven not in ("bots", "byes"):
        raise ValueError(f"event 1's uneven {uneven!r} is neither \"bots\" nor \"byes\"")
    return Settings(event.get("game_id"), (low, high), p.get("format", "swiss"), "bots" if legacy else uneven,
                    method, annulled, bye_points, legacy, p.get("bot_strategy"), p.get("organizer_token_hash"))


def table_points(settings: Settings, seats: list[dict], result: dict) -> dict[int, Fraction]:
    """What each entrant at a table scores from its latest result (`seats`: {seat, entrant});
    ValueError naming the seat when the result gives a seat no place."""
    people = {int(s["seat"]): s["entrant"] for s in seats if s.get("entrant") is not None}
    if result.get("annulled"):
        if settings.legacy or settings.annulled in ("nothing", "replay") or not people:
            return {e: Fraction(0) for e in people.values()}
        k = len(people)
        share = Fraction(1, 2) if settings.method == "placement" else Fraction(k - 1, 2)
        return {e: share for e in people.values()}
    places = result.get("places") or {}

    def place(seat: int):
        found = places.get(str(seat))
        if isinstance(found, bool) or not isinstance(found, (int, float)):
            raise ValueError(f"seat {seat} has no place")
        return Fraction(str(found))

    counted = [int(s["seat"]) for s in seats] if settings.legacy else list(people)
    at = {s: place(s) for s in counted}
    out = {}
    for seat, entrant in people.items():
        mine = at[seat]
        score = sum(((Fraction(1) if mine < other else Fraction(1, 2))
                     for o, other in at.items() if o != seat and mine <= other), Fraction(0))
        if settings.method == "placement" and not settings.legacy:
            k = len(people)
            score = Fraction(1, 2) if k == 1 else score / (k - 1)
        out[entrant] = out.get(entrant, Fraction(0)) + score
    return out


# ---- the record, walked in order -----------------------------------------------------------
@dataclass
class Table:
    round: int
    table: int
    game_id: str
    seats: list[dict]
    version: int                    # the event that seated it
    replay_of: object = None
    result: dict | None = None      # the latest table_finished / table_result_amended
    result_version: int | None = None


@dataclass
class Walk:
    """The tournament as it stands after the events walked so far (docs: everything read
    "before V" is this, just before the event at V)."""
    settings: Settings
    entrants: dict[int, dict] = field(default_factory=dict)    # number -> registered payload
    dropped: dict[int, bool] = field(default_factory=dict)
    tables: list[Table] = field(default_factory=list)
    byes: dict[tuple[int, int], Fraction] = field(default_factory=dict)  # (entrant, round) -> points
    round: int = 0

    def name(self, entrant) -> str:
        found = self.entrants.get(entrant) if isinstance(entrant, int) else None
        return f"entrant {entrant} ({found.get('name')})" if found else f"entrant {entrant} (not registered)"

    def active(self) -> list[int]:
        return sorted(e for e in self.entrants if not self.dropped.get(e))

    def table(self, round_no, table_no) -> Table | None:
        return next((t for t in self.tables if t.round == round_no and t.table == table_no), None)

    def by_game(self, game_id) -> Table | None:
        return next((t for t in self.tables if t.game_id == game_id), None)

    def points(self) -> dict[int, Fraction]:
        out = {e: Fraction(0) for e in self.entrants}
        for table in self.tables:
            if table.result is not None:
                for e, p in table_points(self.settings, table.seats, table.result).items():
                    out[e] = out.get(e, Fraction(0)) + p
        for (e, _), p in self.byes.items():
            out[e] = out.get(e, Fraction(0)) + p
        return out

    def meetings(self) -> dict[tuple[int, int], int]:
        met: dict[tuple[int, int], int] = {}
        for table in self.tables:
            people = sorted({s["entrant"] for s in table.seats if s.get("entrant") is not None})
            for i, a in enumerate(people):
                for b in people[i + 1:]:
                    met[(a, b)] = met.get((a, b), 0) + 1
        return met

    def seat_ones(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for table in self.tables:
            for s in table.seats:
                if s.get("seat") == 1 and s.get("entrant") is not None:
                    out[s["entrant"]] = out.get(s["entrant"], 0) + 1
        return out

    def byes_had(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for (e, _) in self.byes:
            out[e] = out.get(e, 0) + 1
        return out

    def apply(self, event: dict) -> None:
        kind, p = event["type"], event.get("payload") or {}
        if kind == "entrant_registered":
            self.entrants[p["entrant"]] = p
            self.dropped[p["entrant"]] = False
        elif kind == "entrant_dropped":
            self.dropped[p["entrant"]] = True
        elif kind == "entrant_reinstated":
            self.dropped[p["entrant"]] = False
        elif kind == "round_seated":
            self.round = p["round"]
            for t in p.get("tables") or []:
                self.tables.append(Table(p["round"], t["table"], t["game_id"], [dict(s) for s in t["seats"]],
                                         event["version"]))
            for e in p.get("byes") or []:
                self.byes[(e, p["round"])] = self.settings.bye_points
        elif kind == "table_replayed":
            self.tables.append(Table(p["round"], p["table"], p["game_id"], [dict(s) for s in p["seats"]],
                                     event["version"], p.get("replay_of")))
        elif kind in ("table_finished", "table_result_amended"):
            table = self.by_game(p.get("game_id")) or self.table(p.get("round"), p.get("table"))
            if table is not None:
                table.result, table.result_version = p, event["version"]
        elif kind == "bye_given":
            self.byes[(p["entrant"], p["round"])] = self.settings.bye_points


def _walk_events(events: list[dict]) -> Walk:
    walk = Walk(read_settings(events[0]))
    for event in events[1:]:
        walk.apply(event)
    return walk


# ---- seatings ------------------------------------------------------------------------------
class Mismatch(Exception):
    """A difference between the rule and the record: its sentence names where."""


def _fmt_seat(walk: Walk, seat: dict) -> str:
    if seat.get("entrant") is not None:
        return walk.name(seat["entrant"])
    return f"a bot ({seat.get('bot')})"


def derive_round(walk: Walk, seed: bytes, round_no: int, version: int) -> dict:
    """The `round_seated` payload rule 2 gives for round `round_no` at version `version`,
    from the tournament as `walk` holds it (Swiss: tables and byes; the order always)."""
    settings = walk.settings
    active = walk.active()
    order = [int(e) for e in shuffle(seed, version, f"seating:round:{round_no}", [str(e) for e in active])]
    at = {e: i for i, e in enumerate(order)}
    points = walk.points()
    ranked = sorted(active, key=lambda e: (-points.get(e, Fraction(0)), at[e]))
    position = {e: i for i, e in enumerate(ranked)}
    byes: list[int] = []
    low, high = settings.table_size
    if settings.uneven == "byes":
        had = walk.byes_had()
        b = bye_count(len(ranked), low, high)
        byes = sorted(ranked, key=lambda e: (had.get(e, 0), -position[e]))[:b]
    seated = [e for e in ranked if e not in set(byes)]
    plan = plan_tables(len(seated), low, high)
    met = walk.meetings()
    w = [[met.get((min(a, b), max(a, b)), 0) ** 2 if a != b else 0 for b in seated] for a in seated]
    groups = seat_round([size for size, _ in plan], w)
    ones = walk.seat_ones()
    tables = []
    for number, (members, (_, bots)) in enumerate(zip(groups, plan), start=1):
        people = sorted((seated[i] for i in members), key=lambda e: (ones.get(e, 0), position[e]))
        seats = [{"seat": k, "entrant": e, "bot": None} for k, e in enumerate(people, start=1)]
        seats += [{"seat": len(people) + k, "entrant": None, "bot": settings.bot_strategy}
                  for k in range(1, bots + 1)]
        tables.append({"table": number, "game_id": game_id_for(settings.tournament_id, round_no, number),
                       "seats": seats})
    return {"round": round_no, "format": settings.format, "order": order, "tables": tables, "rule": 2,
            "byes": byes, "points": points, "position": position}


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
                if round_no != walk.round + 1:
                    raise Mismatch(f"round {round_no} (event {version}) follows round {walk.round}: the rule "
                                   f"seats round {walk.round + 1}")
                if p.get("format") != walk.settings.format:
                    raise Mismatch(f"round {round_no} format: the tournament's is {walk.settings.format!r}, "
                                   f"the record's {p.get('format')!r}")
                rule = p.get("rule")
                if rule is None:  # rule 1: only the shuffle can be checked
                    order = [int(e) for e in shuffle(seed, version, f"seating:round:{round_no}",
                                                     [str(e) for e in walk.active()])]
                    if p.get("order") != order:
                        raise Mismatch(f"round {round_no} order: the seed's shuffle of the active entrants is "
                                       f"{order}, the record's {p.get('order')}")
                    unchecked.append(round_no)
                elif rule != 2:
                    raise Mismatch(f"round {round_no} rule: the record names rule {rule!r}, which "
                                   "docs/verification.md does not describe")
                elif walk.settings.format == "fixed":
                    order = [int(e) for e in shuffle(seed, version, f"seating:round:{round_no}",
                                                     [str(e) for e in walk.active()])]
                    if p.get("order") != order:
                        raise Mismatch(f"round {round_no} order: the seed's shuffle of the active entrants is "
                                       f"{order}, the record's {p.get('order')}")
                    _check_fixed(walk, p, round_no)
                    checked.append(round_no)
                else:
                    _compare_round(walk, derive_round(walk, seed, round_no, version), p)
                    checked.append(round_no)
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
        where = f"round {table.round} table {table.table}"
        game = games.get(table.game_id) if isinstance(games, dict) else None
        if not isinstance(game, dict) or not isinstance(game.get("events"), list) or not game["events"]:
            missing += 1
            continue
        gevents = game["events"]
        created = gevents[0].get("payload") if isinstance(gevents[0], dict) else None
        if not isinstance(created, dict) or gevents[0].get("type") != "game_created":
            return Check("tables", False, f"{where}: the game {table.game_id} does not begin with game_created",
                         table.version)
        link = created.get("tournament")
        if isinstance(link, dict):
            want = {"tournament_id": walk.settings.tournament_id, "round": table.round, "table": table.table}
            if {k: link.get(k) for k in want} != want:
                return Check("tables", False, f"{where}: the game {table.game_id} names itself {link}, not this "
                             "tournament's table", table.version)
        if created.get("seats") != len(table.seats):
            return Check("tables", False, f"{where} seats: the tournament seats {len(table.seats)}, the game "
                         f"{table.game_id} {created.get('seats')}", table.version)
        joined = {}
        for e in gevents:
            if isinstance(e, dict) and e.get("type") == "seat_joined" and isinstance(e.get("payload"), dict):
                joined.setdefault(e["payload"].get("seat"), e["payload"])
        for seat in table.seats:
            number, entrant = seat.get("seat"), seat.get("entrant")
            got = joined.get(number)
            at = f"{where} seat {number}"
            if got is None:
                return Check("tables", False, f"{at}: nobody took this seat in the game {table.game_id}",
                             table.version)
            if entrant is None:
                holder = hashes.get(got.get("token_hash"))
                if holder is not None:
                    return Check("tables", False, f"{at}: a filler bot's seat holds the token hash of "
                                 f"{walk.name(holder)}", table.version)
                continue
            mine = walk.entrants.get(entrant)
            if mine is None:
                return Check("tables", False, f"{at}: {walk.name(entrant)} never registered", table.version)
            if got.get("name") != mine.get("name"):
                return Check("tables", False, f"{at} name: the tournament's {walk.name(entrant)}, the game "
                             f"{table.game_id}'s {got.get('name')!r}", table.version)
            if "token_hash" in mine and got.get("token_hash") != mine.get("token_hash"):
                return Check("tables", False, f"{at} token_hash: the game {table.game_id}'s seat does not hold "
                             f"the token hash {walk.name(entrant)} registered with", table.version)
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
    points = walk.points()
    results = sum(1 for t in walk.tables if t.result is not None)
    if served is None:
        return Check("standings", None, f"{len(points)} entrants' points summed from {results} table results "
                     f"and {len(walk.byes)} byes; the record holds no standings to compare them with", None)
    if not isinstance(served, list) or not all(isinstance(r, dict) for r in served):
        return Check("standings", False, "the record's standings are not a list of rows", None)
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
    return Check("standings", True, f"{len(points)} entrants' points summed again by the scoring rule from "
                 f"{results} table results and {len(walk.byes)} byes, as the standings served them")


# ---- receipts ------------------------------------------------------------------------------
def check_receipts(events: list[dict], seed: bytes | None, receipts: list) -> Check:
    """As a game's (docs: "Receipts"), keyed by the tournament's seed: the message names the
    tournament's id (its events' `game_id` field)."""
    return _check_game_receipts(events, seed, list(receipts))
