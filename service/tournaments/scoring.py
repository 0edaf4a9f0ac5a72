"""Tournament scoring: placement points, tie-breaks, standings and ratings (pure).

A finished table (`table_finished`; `table_result_amended` replaces it) is folded into an
**accumulator**: a plain JSON-able dict (str keys; str, int, float, bool, None values) that lives
in the tournament's event-sourced state and its canonical-JSON snapshots. `add_table` folds
one table in a few dozen operations, `rows` ranks it, `rebuild` refolds from scratch after an
amendment, `standings` is both at once. Ratings (openskill, Plackett-Luce) are shown beside
the points and never rank anybody.

A table: `{"round", "table", "seats": {"1": entrant id, or None for a bot}, "places":
{"1": 1, ...} (1-based; ties share a place), "scores": {"1": 34, ...}, "annulled": bool}`.
"""
from __future__ import annotations

from openskill.models import PlackettLuce

__all__ = ["EXPLAINED", "placement_points", "score_shares", "new_accumulator", "add_table", "rows",
           "rebuild", "standings"]

#: openskill's defaults: mu 25, sigma 25/3, and the ordinal mu - 3 sigma
MODEL = PlackettLuce()

EXPLAINED = (
    "At each table every player scores one point for each opponent finishing behind them and "
    "half a point for each opponent finishing level with them (so tied players share the "
    "points of the places they cover; the server's bots count as opponents but score nothing "
    "for the standings). Points are added over the tournament's tables; an annulled table "
    "scores nothing and does not count as played. Players level on points are separated first "
    "by their opponents' points (the current points total of every opponent they met, added "
    "up table by table), then by their average share of the in-game score at their tables "
    "(their score divided by the table's total). Players still level share the rank. The "
    "rating beside each player (openskill, Plackett-Luce) is for information and never "
    "decides a rank.")


def placement_points(places: dict[str, float]) -> dict[str, float]:
    """"Opponents beaten": 1 per opponent finishing behind, 1/2 per opponent level (which is
    the average of the points of the places a tie covers). Bot seats belong in `places`:
    they are opponents; the caller drops their own points."""
    return {s: sum(1.0 if p < q else 0.5 for o, q in places.items() if o != s and p <= q)
            for s, p in places.items()}


def score_shares(scores: dict[str, float]) -> dict[str, float]:
    """Each seat's share of the table's in-game score; negative scores count as 0 so a
    share stays within 0..1; a table scoring nothing gives equal shares."""
    kept = {s: max(float(v), 0.0) for s, v in scores.items()}
    total = sum(kept.values())
    if total == 0:
        return {s: 1.0 / len(kept) for s in kept}
    return {s: v / total for s, v in kept.items()}


def new_accumulator() -> dict:
    """An empty accumulator. `entrants[id]`: points, opp (opponents' points), share (sum of score
    shares), played, mu, sigma. `met[id][other]`: tables played together (the tie-break's
    multiplicity)."""
    return {"entrants": {}, "met": {}, "tables": 0}


def _entry(acc: dict, entrant: str) -> dict:
    found = acc["entrants"].get(entrant)
    if found is None:
        found = acc["entrants"][entrant] = {"points": 0.0, "opp": 0.0, "share": 0.0, "played": 0,
                                            "mu": float(MODEL.mu), "sigma": float(MODEL.sigma)}
    return found


def add_table(acc: dict, table: dict) -> dict:
    """Fold one finished table into `acc` (mutated and returned). An annulled table adds
    nothing. Opponents' points are kept current incrementally: when an entrant gains points,
    everyone who met it before gains them too (times the tables shared)."""
    acc["tables"] += 1
    if table.get("annulled"):
        return acc
    seats = sorted(table["seats"], key=int)
    people = {s: table["seats"][s] for s in seats if table["seats"][s] is not None}
    gained = placement_points({s: table["places"][s] for s in seats})
    shares = score_shares({s: table["scores"][s] for s in seats})
    met = acc["met"]
    for s, e in people.items():
        entry, gain = _entry(acc, e), gained[s]
        for other, times in met.get(e, {}).items():
            acc["entrants"][other]["opp"] += times * gain
        entry["points"] += gain
        entry["share"] += shares[s]
        entry["played"] += 1
    for e in people.values():
        mine = met.setdefault(e, {})
        for o in people.values():
            if o != e:
                mine[o] = mine.get(o, 0) + 1
                acc["entrants"][e]["opp"] += acc["entrants"][o]["points"]
    _rate(acc, seats, table)
    return acc


def _rate(acc: dict, seats: list[str], table: dict) -> None:
    """Plackett-Luce update of the entrants at the table; a bot seat plays as a fresh
    default rating, discarded afterwards. A table of one seat rates nobody."""
    if len(seats) < 2:
        return
    teams = []
    for s in seats:
        e = table["seats"][s]
        entry = acc["entrants"][e] if e is not None else None
        teams.append([MODEL.rating(mu=entry["mu"], sigma=entry["sigma"]) if entry else MODEL.rating()])
    rated = MODEL.rate(teams, ranks=[table["places"][s] for s in seats])
    for s, [r] in zip(seats, rated):
        e = table["seats"][s]
        if e is not None:
            acc["entrants"][e]["mu"], acc["entrants"][e]["sigma"] = float(r.mu), float(r.sigma)


def rows(acc: dict, entrants: list[dict]) -> list[dict]:
    """The standings: by points, then opponents' points, then mean score share (shown and
    compared to 6 decimals), all descending; rows level on all three share a rank (1, 1, 3)
    and are listed by name, then entrant id. `entrants`: [{"entrant", "name", "dropped"}]."""
    out = []
    for e in entrants:
        s = acc["entrants"].get(e["entrant"]) or {
            "points": 0.0, "opp": 0.0, "share": 0.0, "played": 0, "mu": float(MODEL.mu),
            "sigma": float(MODEL.sigma)}
        share = round(s["share"] / s["played"], 6) if s["played"] else 0.0
        out.append({"rank": 0, "entrant": e["entrant"], "name": e["name"],
                    "dropped": bool(e.get("dropped")), "points": s["points"],
                    "tie_breaks": {"opponents_points": s["opp"], "score_share": share},
                    "rating": {"mu": s["mu"], "sigma": s["sigma"], "ordinal": s["mu"] - 3 * s["sigma"]},
                    "tables_played": s["played"]})

    def key(row):
        return (-row["points"], -row["tie_breaks"]["opponents_points"], -row["tie_breaks"]["score_share"])

    out.sort(key=lambda row: (key(row), row["name"], row["entrant"]))
    for i, row in enumerate(out):
        row["rank"] = out[i - 1]["rank"] if i and key(out[i - 1]) == key(row) else i + 1
    return out


def rebuild(entrants: list[dict], tables: list[dict]) -> dict:
    """The accumulator folded from scratch (after an amendment), tables in the order they
    finished (ratings depend on it). `entrants` is accepted for symmetry with `standings`."""
    acc = new_accumulator()
    for table in tables:
        add_table(acc, table)
    return acc


def standings(entrants: list[dict], tables: list[dict]) -> list[dict]:
    """`rows` of the accumulator of `tables` (the finished tables, in the order they finished)."""
    return rows(rebuild(entrants, tables), entrants)
