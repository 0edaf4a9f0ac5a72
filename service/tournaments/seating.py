"""Seating a tournament round: how many tables, and who sits at which (pure).

No I/O, no clock, no randomness: the only chance is the `order` the caller passes in, already
shuffled by the tournament's seeded RNG, so anyone holding the record can re-derive every
seating. Three jobs:

- `plan_tables`: the tables of a round (sizes, and bot seats when the entrants cannot fill
  legal tables);
- `seat_round`: Swiss seating — entrants grouped by points, repeat meetings as few as any
  seating of those table sizes allows, then as close to the points order as possible;
- `check_fixed`: the problems of an organizer's own seating (format "fixed").
"""
from __future__ import annotations

from collections.abc import Iterable

__all__ = ["plan_tables", "seat_round", "check_fixed", "met_from", "repeats"]


def plan_tables(entrants: int, low: int, high: int) -> list[tuple[int, int]]:
    """The round's tables as `(entrant_seats, bot_seats)`, largest tables first.

    Policy (our decision; every entrant plays, there are no byes):
    - every table seats between `low` and `high` (entrants and bots together), and table
      sizes differ by at most one;
    - as few bot seats as possible: bots (the server's own bot in a seat) appear only when no
      number of tables can be filled by the entrants alone;
    - then the fewest tables, i.e. tables as large as allowed: a table is one game, and larger
      tables mean more opponents met per round;
    - bots sit at the last (lowest-ranked) tables, at most half the seats of any table (so no
      table is mostly bots), unless a single table holds everyone.
    E.g. (9, 4, 5) -> [(5, 0), (4, 0)]; (6, 4, 4) -> [(4, 0), (2, 2)]; (2, 3, 6) -> [(2, 1)].
    """
    if entrants < 1:
        raise ValueError("a round needs at least one entrant")
    if low < 1 or high < low:
        raise ValueError(f"table sizes {low}..{high} are not a range of sizes")
    count = -(-entrants // high)            # the fewest tables that hold everyone
    if count * low <= entrants:             # then no bot is needed (more tables never help)
        size, bigger = divmod(entrants, count)
        return [(size + 1, 0)] * bigger + [(size, 0)] * (count - bigger)
    bots = count * low - entrants           # < low: one table fewer would need fewer bots
    cap = low // 2 if count > 1 else low - 1
    per = [0] * count
    for i in range(count - 1, -1, -1):
        per[i] = min(cap, bots)
        bots -= per[i]
    return [(low - b, b) for b in per]


def met_from(seatings: Iterable[list[str]]) -> dict[str, set[str]]:
    """Who has shared a table with whom, from earlier tables' entrant lists (bots: None)."""
    met: dict[str, set[str]] = {}
    for table in seatings:
        people = [e for e in table if e is not None]
        for e in people:
            met.setdefault(e, set()).update(o for o in people if o != e)
    return met


def repeats(tables: list[list[str]], met: dict[str, set[str]]) -> int:
    """How many pairs sharing a table in `tables` have met before (each pair counted once)."""
    out = 0
    for table in tables:
        for i, a in enumerate(table):
            for b in table[i + 1:]:
                if b in met.get(a, ()) or a in met.get(b, ()):
                    out += 1
    return out


def seat_round(order: list[str], tables: list[int], points: dict[str, float],
               met: dict[str, set[str]], *, budget: int = 200_000) -> list[list[str]]:
    """Swiss seating: `tables[i]` entrants at table i, each table in seat order.

    The standings order is points descending, ties broken by `order` (the RNG's shuffle;
    round 1: all points 0, nobody met, so round 1 is `order` cut into tables). Among all
    seatings of these table sizes, the result has:
    1. the fewest repeat meetings (pairs at one table already in `met`) — exact: a branch and
       bound search proves it (iterative deepening on the number of repeats allowed);
    2. among those, the one closest to the standings: the top table takes the best-ranked
       entrants it can, then the next table, and so on — the lexicographically first
       seating when each table is written as its members' standings positions, ascending.
    The search counts the candidates it examines; after `budget` of them it settles for a
    greedy seating, repaired by swaps that lower the repeats and polished back towards the
    standings (fields of up to a dozen entrants never get there; 1,000 entrants at tables of
    4-5 take a few thousand). Seat order within a table: standings order (seat 1 = the
    best-ranked), which the server may use as seat numbers.
    """
    if len(set(order)) != len(order):
        raise ValueError("an entrant appears twice in the order")
    if any(size < 1 for size in tables) or sum(tables) != len(order):
        raise ValueError(f"tables {tables} do not seat the {len(order)} entrants")
    if not order:
        return []
    at = {e: i for i, e in enumerate(order)}
    ranked = sorted(order, key=lambda e: (-points.get(e, 0), at[e]))
    pos = {e: i for i, e in enumerate(ranked)}
    adj: list[set[int]] = [set() for _ in ranked]
    for e, others in met.items():
        if e in pos:
            for o in others:
                if o in pos and o != e:
                    adj[pos[e]].add(pos[o])
                    adj[pos[o]].add(pos[e])
    fallback = _polish(_repair(_greedy(tables, adj), adj), adj)
    seating = _search(tables, adj, _cost(fallback, adj), budget)
    if seating is None:
        seating = fallback
    return [[ranked[r] for r in sorted(t)] for t in seating]


def _cost(tables: list[list[int]], adj: list[set[int]]) -> int:
    return sum(len(adj[a].intersection(t)) for t in tables for a in t) // 2


def _greedy(sizes: list[int], adj: list[set[int]]) -> list[list[int]]:
    """Tables filled in standings order, each seat taking the best-ranked entrant left with
    the fewest meetings at that table."""
    left = list(range(len(adj)))
    out = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best, fewest = 0, None
            for i, r in enumerate(left):
                n = sum(1 for m in table if m in adj[r])
                if fewest is None or n < fewest:
                    best, fewest = i, n
                    if n == 0:
                        break
            table.append(left.pop(best))
        out.append(table)
    return out


def _repair(tables: list[list[int]], adj: list[set[int]]) -> list[list[int]]:
    """Swap two entrants of different tables while that lowers the repeats, nearest tables
    first (a swap across neighbouring tables moves nobody far from their points)."""
    improved = True
    while improved:
        improved = False
        for a, ta in enumerate(tables):
            for x in [m for m in ta if adj[m].intersection(ta)]:
                if x not in ta:
                    continue
                here = len(adj[x].intersection(ta))
                for b in sorted(range(len(tables)), key=lambda b: (abs(b - a), b)):
                    tb = tables[b]
                    if b == a or here == 0:
                        continue
                    x_there = len(adj[x].intersection(tb))
                    for j, y in enumerate(tb):
                        gain = (here + len(adj[y].intersection(tb))
                                - (x_there - (y in adj[x])) - (len(adj[y].intersection(ta)) - (x in adj[y])))
                        if gain > 0:
                            ta[ta.index(x)], tb[j] = y, x
                            improved, here = True, 0
                            break
    return tables


def _polish(tables: list[list[int]], adj: list[set[int]]) -> list[list[int]]:
    """Back towards the points order without adding repeats: swap a better-ranked entrant
    of the table below with a worse-ranked one above while the repeats do not grow (each swap
    moves rank up the standings, so this ends)."""
    moved = True
    while moved:
        moved = False
        for a in range(len(tables) - 1):
            ta, tb = tables[a], tables[a + 1]
            for i, x in enumerate(ta):
                for j, y in enumerate(tb):
                    if y > x:
                        continue
                    before = len(adj[x].intersection(ta)) + len(adj[y].intersection(tb))
                    after = (len(adj[x].intersection(tb)) - (y in adj[x])
                             + len(adj[y].intersection(ta)) - (x in adj[y]))
                    if after <= before:
                        ta[i], tb[j] = y, x
                        moved, x = True, y
    return tables


def _search(sizes: list[int], adj: list[set[int]], ceiling: int, budget: int) -> list[list[int]] | None:
    """The lexicographically first seating with the fewest repeats (see `seat_round`):
    iterative deepening on the repeats allowed, from a lower bound up to `ceiling` (a seating
    with that many is known); None when the budget runs out first."""
    search = _Search(sizes, adj)
    for allowed in range(search.bound(), ceiling + 1):
        found = search.first(allowed, budget)
        if found is not None:
            return found
        if search.spent >= budget:
            return None
    return None


#: at most this many entrants left to place: every placement also checks everybody's lower
#: bound (`_Search.bound`); in a big field a seat with no free partner left is rare
BOUND_FROM = 120


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class _Search:
    """Depth-first, in standings order. Positions are the seats of table 0, then table 1,
    ...; each table's members ascend, so every seating is reached once. When every table left
    has the same size, the best-ranked entrant left opens the next table (any seating can be
    brought to that form by swapping whole tables, which only makes it lexicographically
    earlier). Prunes on two lower bounds of the repeats still to come: the open table's
    (`_fits`) and everybody's (`bound`). Sets of entrants are bitmasks of standings positions.
    `spent` counts the candidates examined, over every call: the search's budget."""

    def __init__(self, sizes: list[int], adj: list[set[int]]):
        self.sizes, self.n = sizes, len(adj)
        self.adj = [sum(1 << q for q in a) for a in adj]
        self.slot_table, self.slot_index = [], []
        for t, size in enumerate(sizes):
            self.slot_table += [t] * size
            self.slot_index += list(range(size))
        self.same_tail = [all(s == sizes[t] for s in sizes[t:]) for t in range(len(sizes))]
        self.min_after = [min(sizes[t + 1:], default=0) for t in range(len(sizes))]
        self.spent = 0
        self._reset()

    def _reset(self) -> None:
        n = self.n
        self.unused = (1 << n) - 1
        self.tables = [0] * len(self.sizes)
        self.choice, self.added = [0] * n, [0] * n
        self.cursor, self.forced = [0] * (n + 1), [False] * (n + 1)
        self.cost = 0

    def _place(self, p: int, r: int, k: int) -> None:
        self.choice[p], self.added[p] = r, k
        self.unused ^= 1 << r
        self.tables[self.slot_table[p]] |= 1 << r
        self.cost += k

    def _undo(self, p: int) -> None:
        r = self.choice[p]
        self.unused |= 1 << r
        self.tables[self.slot_table[p]] ^= 1 << r
        self.cost -= self.added[p]

    def bound(self, t: int = -1) -> int:
        """Repeats still to come, at least (table t is the open one): an entrant left needs
        (size - 1) table-mates, and every one it cannot find among those it has not met is a
        repeat; each repeat is counted by at most its two entrants."""
        unused = self.unused
        left = unused.bit_count()
        if left == 0:
            return 0
        table = self.tables[t] if t >= 0 else 0
        need = self.sizes[t] - table.bit_count() if t >= 0 else 0
        if t < 0:
            size = min(self.sizes)
        elif need:
            size = min(self.sizes[t], self.min_after[t] or self.sizes[t])
        else:
            size = self.min_after[t]
        room = unused | table if need else unused
        total = most = 0
        for x in _bits(unused):
            short = size - (room & ~self.adj[x]).bit_count()    # x itself is in room
            if short > 0:
                total += short
                most = max(most, short)
        if need:
            for m in _bits(table):
                short = need - (unused & ~self.adj[m]).bit_count()
                if short > 0:
                    total += short
                    most = max(most, short)
        return max(most, (total + 1) // 2)

    def _fits(self, r: int, table: int, need: int, slack: int) -> bool:
        """The open table's lower bound: its `need` seats after r, each costing at least its
        meetings with the table so far, fit within `slack`."""
        if need == 0:
            return True
        after = self.unused & ~((2 << r) - 1)
        if after.bit_count() < need:
            return False
        seen = table | 1 << r
        hit = 0
        for m in _bits(seen):
            hit |= self.adj[m]
        if (after & ~hit).bit_count() >= need:
            return True
        if slack == 0:
            return False
        counts = sorted((self.adj[q] & seen).bit_count() for q in _bits(after & hit))
        return sum(counts[:need - (after & ~hit).bit_count()]) <= slack

    def _start(self, p: int) -> None:
        if self.slot_index[p]:
            self.cursor[p], self.forced[p] = self.choice[p - 1] + 1, False
            return
        t = self.slot_table[p]
        self.forced[p], self.cursor[p] = self.same_tail[t], 0
        if self.forced[p] and t and self.forced[p - self.sizes[t - 1]]:
            self.cursor[p] = self.choice[p - self.sizes[t - 1]] + 1   # all above it was used then

    def first(self, allowed: int, budget: int) -> list[list[int]] | None:
        """The first seating with at most `allowed` repeats; None when there is none, or
        when `spent` reaches `budget`."""
        self._reset()
        n, adj = self.n, self.adj
        p = 0
        self._start(0)
        while True:
            t = self.slot_table[p]
            table, need = self.tables[t], self.sizes[t] - self.slot_index[p] - 1
            pick, k = None, 0
            for r in _bits(self.unused >> self.cursor[p] << self.cursor[p]):
                if r >= n - need:
                    break
                self.spent += 1
                k = (adj[r] & table).bit_count()
                if self.cost + k <= allowed and self._fits(r, table, need, allowed - self.cost - k):
                    if self.unused.bit_count() > BOUND_FROM:
                        pick = r
                        break
                    self._place(p, r, k)
                    if self.cost + self.bound(t) <= allowed:
                        pick = r
                        break
                    self._undo(p)
                if self.forced[p] or self.spent >= budget:
                    break
            if pick is None:
                if p == 0 or self.spent >= budget:
                    return None
                p -= 1
                self._undo(p)
                continue
            if self.unused >> pick & 1:
                self._place(p, pick, k)
            self.cursor[p] = n if self.forced[p] else pick + 1
            if p == n - 1:
                return [list(_bits(m)) for m in self.tables]
            p += 1
            self._start(p)


def check_fixed(tables: list[list[str]], entrants: set[str], low: int, high: int) -> list[str]:
    """Problems with an organizer's seating (format "fixed"), as sentences; [] when fine.

    `entrants` are the active (not dropped) entrants. A fixed table is played as given:
    it must itself be a legal size (no bots are added to it), seat only active entrants,
    nobody twice, and leave no active entrant out.
    """
    problems, seen = [], set()
    for i, table in enumerate(tables, start=1):
        if not low <= len(table) <= high:
            problems.append(f"table {i} seats {len(table)}; a table seats {low} to {high}")
        for e in table:
            if e not in entrants:
                problems.append(f"table {i}: {e!r} is not an active entrant (unknown or dropped)")
            elif e in seen:
                problems.append(f"table {i}: {e!r} is already seated at another table")
            seen.add(e)
    missing = sorted(entrants - seen)
    if missing:
        problems.append("not seated: " + ", ".join(repr(e) for e in missing))
    return problems
