"""Seating a tournament round: how many tables, and who sits where (pure; seating rule 2).

No I/O, no clock, no randomness: the only chance is the shuffled `order` the kernel takes
from the tournament's seeded RNG, so anyone holding the record can re-derive every seating.
docs/verification.md ("The seating rule") is the specification, written for a verifier that
does not import this module (service/desk/tournament_rule.py); keep the two in step.

- `plan_tables`: the round's tables (sizes, and bot seats when the entrants cannot fill
  legal tables);
- `bye_count`, `choose_byes`: who sits out when the tournament seats by byes, not bots;
- `ranked`: the standings order the seating follows (points, ties by the shuffle);
- `seat_round`: Swiss seating — least weighted repeat meetings (a pair's k-th earlier
  meeting weighs k²), the leaders together, seat 1 rotated;
- `check_fixed`: the problems of an organizer's own seating (format "fixed").
"""
from __future__ import annotations

from collections.abc import Iterable

__all__ = ["EXACT_MAX", "plan_tables", "bye_count", "choose_byes", "ranked", "meetings_from", "cost",
           "seat_round", "check_fixed"]

#: up to this many entrants the seating is the exact optimum (see `seat_round`)
EXACT_MAX = 12


def plan_tables(entrants: int, low: int, high: int) -> list[tuple[int, int]]:
    """The round's tables as `(entrant_seats, bot_seats)`, largest tables first.

    - every table seats between `low` and `high` (entrants and bots together), and table
      sizes differ by at most one;
    - as few bot seats as possible, then the fewest tables (as large as allowed);
    - bots sit at the last (lowest-ranked) tables, at most half the seats of any table,
      unless a single table holds everyone.
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


def bye_count(entrants: int, low: int, high: int) -> int:
    """The fewest entrants who can sit out so that the rest fill legal tables with no bot."""
    for byes in range(entrants):
        left = entrants - byes
        if any(c * low <= left <= c * high for c in range(1, left // low + 1)):
            return byes
    return entrants


def choose_byes(ranked_ids: list, byes_had: dict, count: int) -> list:
    """Who sits out: those who have sat out least, the lowest-ranked first."""
    pos = {e: i for i, e in enumerate(ranked_ids)}
    return sorted(ranked_ids, key=lambda e: (byes_had.get(e, 0), -pos[e]))[:count]


def ranked(order: list, points: dict) -> list:
    """The standings order: points descending, ties by the place in the shuffled `order`."""
    at = {e: i for i, e in enumerate(order)}
    return sorted(order, key=lambda e: (-points.get(e, 0.0), at[e]))


def meetings_from(tables: Iterable[list]) -> dict:
    """`{a: {b: k}}`: how many of `tables` (lists of entrants, None for a bot) seated a and b."""
    met: dict = {}
    for table in tables:
        people = [e for e in table if e is not None]
        for a in people:
            mine = met.setdefault(a, {})
            for b in people:
                if b != a:
                    mine[b] = mine.get(b, 0) + 1
    return met


def cost(tables: list[list], met: dict) -> int:
    """A seating's weighted repeats: the sum over pairs at one table of (earlier meetings)²."""
    total = 0
    for table in tables:
        for i, a in enumerate(table):
            for b in table[i + 1:]:
                k = met.get(a, {}).get(b, 0)
                total += k * k
    return total


def seat_round(ranked_ids: list, sizes: list[int], met: dict, firsts: dict | None = None) -> list[list]:
    """Swiss seating of `ranked_ids` (standings order) at tables of `sizes` (plan order); each
    table in seat order.

    Up to `EXACT_MAX` entrants: the least-cost seating, ties by the lexicographically smallest
    (tables in order, each as its members' standings positions ascending) — the leaders sit
    together whenever that costs no repeat. Beyond: greedy, then the first improving swap
    until none, then polish towards the standings, again until neither moves anyone
    (docs/verification.md spells out the scan orders). Seat 1 goes to the member who has had it fewest times (`firsts`), then by
    standing; so seat 1 rotates wherever the ruleset gives it an edge.
    """
    if len(set(ranked_ids)) != len(ranked_ids):
        raise ValueError("an entrant appears twice")
    if any(size < 1 for size in sizes) or sum(sizes) != len(ranked_ids):
        raise ValueError(f"tables {sizes} do not seat the {len(ranked_ids)} entrants")
    n = len(ranked_ids)
    pos = {e: i for i, e in enumerate(ranked_ids)}
    weight: list[dict[int, int]] = [{} for _ in range(n)]
    for a, others in met.items():
        if a in pos:
            for b, k in others.items():
                if b in pos and b != a and k:
                    weight[pos[a]][pos[b]] = k * k
    if n <= EXACT_MAX:
        tables = _exact(sizes, weight)
    else:
        tables = _local_search(_greedy(sizes, weight), weight)
    firsts = firsts or {}
    return [sorted((ranked_ids[p] for p in table), key=lambda e: (firsts.get(e, 0), pos[e])) for table in tables]


def _added(weight: list[dict[int, int]], x: int, table: list[int]) -> int:
    w = weight[x]
    return sum(w.get(o, 0) for o in table if o != x) if w else 0


def _exact(sizes: list[int], weight: list[dict[int, int]]) -> list[list[int]]:
    """Depth first in lexicographic order, pruning at the best cost found (so the first seating
    of least cost is kept). When every table left has one size, the best-ranked entrant left
    opens the next (equal tables can be reordered at no cost)."""
    n = len(weight)
    slots = [(t, k) for t, size in enumerate(sizes) for k in range(size)]
    same_tail = [all(s == sizes[t] for s in sizes[t:]) for t in range(len(sizes))]
    tables: list[list[int]] = [[] for _ in sizes]
    used = [False] * n
    best: list = [None, float("inf")]

    def dfs(p: int, spent: int) -> None:
        if spent >= best[1]:
            return
        if p == n:
            best[0], best[1] = [list(t) for t in tables], spent
            return
        t, k = slots[p]
        table = tables[t]
        start = table[-1] + 1 if k else 0
        need = sizes[t] - k - 1                  # seats of this table after this one
        for r in range(start, n):
            if used[r]:
                continue
            if sum(1 for q in range(r + 1, n) if not used[q]) < need:
                break
            add = _added(weight, r, table)
            used[r] = True
            table.append(r)
            dfs(p + 1, spent + add)
            table.pop()
            used[r] = False
            if k == 0 and same_tail[t]:
                break                           # the best-ranked left opens this table

    dfs(0, 0)
    return best[0]


def _greedy(sizes: list[int], weight: list[dict[int, int]]) -> list[list[int]]:
    """Tables in plan order: the best-ranked left opens each, then each seat takes the entrant
    left with the least added cost, ties by standing."""
    left = list(range(len(weight)))
    out = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best, least = 0, None
            for i, r in enumerate(left):
                add = _added(weight, r, table)
                if least is None or add < least:
                    best, least = i, add
                    if add == 0:
                        break
            table.append(left.pop(best))
        out.append(table)
    return out


def _local_search(tables: list[list[int]], weight: list[dict[int, int]]) -> list[list[int]]:
    """Improve (the first swap in scan order that lowers the cost, until none), then polish;
    again while the polish moved anyone (it may open a new improving swap). The cost never
    rises and each polish swap moves standing up the tables, so this ends."""
    count = len(tables)
    nearest = [sorted((b for b in range(count) if b != a), key=lambda b: (abs(b - a), b)) for a in range(count)]
    polished = True
    while polished:
        while _improving_swap(tables, weight, nearest):
            pass
        polished = False
        while _polishing_swap(tables, weight):
            polished = True
    return tables


def _improving_swap(tables, weight, nearest) -> bool:
    for a, ta in enumerate(tables):
        for x in sorted(ta):
            here = _added(weight, x, ta)
            if here == 0:
                continue
            wx = weight[x]
            for b in nearest[a]:
                tb = tables[b]
                x_there = _added(weight, x, tb)
                for y in sorted(tb):
                    before = here + _added(weight, y, tb)
                    after = x_there - wx.get(y, 0) + _added(weight, y, ta) - weight[y].get(x, 0)
                    if after < before:
                        ta[ta.index(x)], tb[tb.index(y)] = y, x
                        return True
    return False


def _polishing_swap(tables, weight) -> bool:
    for a in range(len(tables) - 1):
        ta, tb = tables[a], tables[a + 1]
        for x in sorted(ta, reverse=True):
            for y in sorted(tb):
                if y >= x:
                    break
                before = _added(weight, x, ta) + _added(weight, y, tb)
                after = (_added(weight, x, tb) - weight[x].get(y, 0)
                         + _added(weight, y, ta) - weight[y].get(x, 0))
                if after <= before:
                    ta[ta.index(x)], tb[tb.index(y)] = y, x
                    return True
    return False


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
