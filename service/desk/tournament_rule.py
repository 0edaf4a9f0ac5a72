"""The tournament rule of docs/verification.md ("# Verifying a tournament"), written a second
time from the document alone, for the verifier (service/desk/tournament_verify.py).

The server seats rounds and scores tables with service/tournaments (kernel, seating,
scoring); checking a record with that same code would let a bug in it verify itself. This
module imports none of it (nor service/streams/rng): the seed's shuffle, the table plan, the
meeting cost, the exact search (up to 12 entrants) and the greedy / improve / polish procedure
(more entrants), the seat order, the byes, the points, and the record walked in order to know
the tournament before each round (`Walk`); `derive_round` puts them together.
"""
from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable

__all__ = ["EXACT_UP_TO", "shuffle", "plan_tables", "bye_count", "game_id_for", "exact_seating",
           "heuristic_seating", "greedy", "improve", "polish", "seating_cost", "seat_round", "Settings",
           "read_settings", "table_points", "Table", "Walk", "derive_round"]

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
