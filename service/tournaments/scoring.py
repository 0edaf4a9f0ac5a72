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

import re

from openskill.models import PlackettLuce

__all__ = ["EXPLAINED", "LEGACY", "DEFAULT", "rule_of", "explained", "placement_points", "table_points",
           "bye_points", "score_shares", "new_accumulator", "add_table", "add_bye", "rows", "rebuild", "standings",
           "natural"]

#: openskill's defaults: mu 25, sigma 25/3, and the ordinal mu - 3 sigma
MODEL = PlackettLuce()

#: a tournament's scoring settings (`tournament_created.scoring`, schema version 2):
#: `method` "beaten" | "placement", `annulled` "nothing" | "average" | "replay", `bye_points`,
#: and `filler_bots` "ignored" (the server's bots filling seats no entrant holds are not
#: opponents) or "opponents" (how tournaments created before version 2 were scored)
DEFAULT = {"method": "beaten", "annulled": "nothing", "bye_points": None, "filler_bots": "ignored"}
LEGACY = {"method": "beaten", "annulled": "nothing", "bye_points": 0.0, "filler_bots": "opponents"}


def rule_of(scoring, table_max: int = 5) -> dict:
    """The scoring settings as a dict: a version-1 string ("placement", which scored opponents
    beaten with the filler bots as opponents) is `LEGACY`; a missing `bye_points` is what an
    average player scores at a full table (as if every seat tied)."""
    if isinstance(scoring, str) or scoring is None:
        return dict(LEGACY)
    rule = {**DEFAULT, **scoring}
    if rule["bye_points"] is None:
        rule["bye_points"] = 0.5 if rule["method"] == "placement" else (table_max - 1) / 2
    rule["bye_points"] = float(rule["bye_points"])
    return rule


TIE_BREAKS = (
    "Players level on points are separated first "
    "by their opponents' points (the current points total of every opponent they met, added "
    "up table by table), then by their average share of the in-game score at their tables "
    "(their score divided by the table's total). Players still level share the rank. The "
    "rating beside each player (openskill, Plackett-Luce) is for information and never "
    "decides a rank; a seat the server's bot played for its entrant (a no-show) or a forfeited "
    "seat leaves that entrant's rating as it was.")
METHODS = {
    "beaten": "At each table every player scores one point for each other entrant finishing behind them "
              "and half a point for each finishing level with them (tied players share the points of "
              "the places they cover).",
    "placement": "At each table every player scores the share of the other entrants they finished ahead "
                 "of (half for each level with them): the winner scores 1 and the last 0 at any size of "
                 "table, so tables of different sizes weigh the same.",
}
ANNULLED = {
    "nothing": "An annulled table scores nothing and does not count as played.",
    "average": "At an annulled table every entrant scores the table's average, as if all had tied.",
    "replay": "An annulled table scores nothing; its entrants replay it in the same round.",
}


def explained(rule: dict) -> str:
    """The scoring rule in words (the standings' `explained`)."""
    bots = ("The server's bots count as opponents but score nothing for the standings."
            if rule["filler_bots"] == "opponents" else
            "The server's bots that fill empty seats are not opponents: beating one scores nothing, "
            "losing to one costs nothing (house players, entered by the organizer, are entrants).")
    bye = f"A bye scores {rule['bye_points']:g}." if rule["bye_points"] else "A bye scores nothing."
    return " ".join((METHODS[rule["method"]], bots, "Points are added over the tournament's tables.",
                     ANNULLED[rule["annulled"]], bye, TIE_BREAKS))


EXPLAINED = explained(LEGACY)


def placement_points(places: dict[str, float]) -> dict[str, float]:
    """"Opponents beaten": 1 per opponent finishing behind, 1/2 per opponent level (which is
    the average of the points of the places a tie covers). Bot seats belong in `places`:
    they are opponents; the caller drops their own points."""
    return {s: sum(1.0 if p < q else 0.5 for o, q in places.items() if o != s and p <= q)
            for s, p in places.items()}


def table_points(table: dict, rule: dict) -> dict[str, float]:
    """Seat -> points at a finished table under `rule` (entrant seats only; {} when annulled
    and the rule gives nothing)."""
    seats = table["seats"]
    counted = {s: table["places"][s] for s in seats
               if s in table["places"] and (seats[s] is not None or rule["filler_bots"] == "opponents")}
    if table.get("annulled"):
        if rule["annulled"] != "average":
            return {}
        counted = {s: 1.0 for s in seats if seats[s] is not None}     # an annulled game has no places
    points = placement_points(counted)
    people = [s for s in counted if seats[s] is not None]
    if rule["method"] == "placement":
        k = len(people) if rule["filler_bots"] == "ignored" else len(counted)
        points = {s: (v / (k - 1) if k > 1 else 0.5) for s, v in points.items()}
    return {s: points[s] for s in people}


def bye_points(rule: dict) -> float:
    return rule["bye_points"]


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


def add_table(acc: dict, table: dict, rule: dict | None = None) -> dict:
    """Fold one finished table into `acc` (mutated and returned) under `rule` (default: the
    version-1 scoring). An annulled table adds nothing unless the rule gives its entrants the
    average. Opponents' points are kept current incrementally: when an entrant gains points,
    everyone who met it before gains them too (times the tables shared). `table["unrated"]`:
    seats whose entrant's rating stays as it was (the bot played it, or it was forfeited)."""
    rule = rule or LEGACY
    acc["tables"] += 1
    annulled = bool(table.get("annulled"))
    if annulled and rule["annulled"] != "average":
        return acc
    seats = sorted(table["seats"], key=int)
    people = {s: table["seats"][s] for s in seats if table["seats"][s] is not None}
    gained = table_points(table, rule)
    shares = (score_shares({s: 0.0 for s in seats}) if annulled
              else score_shares({s: table["scores"][s] for s in seats}))
    for s, e in people.items():
        _gain(acc, e, gained.get(s, 0.0))
        entry = acc["entrants"][e]
        entry["share"] += shares[s]
        entry["played"] += 1
    met = acc["met"]
    for e in people.values():
        mine = met.setdefault(e, {})
        for o in people.values():
            if o != e:
                mine[o] = mine.get(o, 0) + 1
                acc["entrants"][e]["opp"] += acc["entrants"][o]["points"]
    if not annulled:
        _rate(acc, seats, table)
    return acc


def _gain(acc: dict, entrant: str, points: float) -> None:
    entry = _entry(acc, entrant)
    for other, times in acc["met"].get(entrant, {}).items():
        acc["entrants"][other]["opp"] += times * points
    entry["points"] += points


def add_bye(acc: dict, entrant: str, points: float) -> dict:
    """A bye: its points, no table played, no opponent met, the rating untouched."""
    _gain(acc, entrant, points)
    acc["entrants"][entrant]["byes"] = acc["entrants"][entrant].get("byes", 0) + 1
    return acc


def _rate(acc: dict, seats: list[str], table: dict) -> None:
    """Plackett-Luce update of the entrants at the table; a bot seat plays as a fresh
    default rating, discarded afterwards, and so is an unrated seat's new rating (its entrant
    did not play it). A table of one seat rates nobody."""
    if len(seats) < 2:
        return
    unrated = {str(s) for s in table.get("unrated") or ()}
    teams = []
    for s in seats:
        e = table["seats"][s]
        entry = acc["entrants"][e] if e is not None else None
        teams.append([MODEL.rating(mu=entry["mu"], sigma=entry["sigma"]) if entry else MODEL.rating()])
    rated = MODEL.rate(teams, ranks=[table["places"][s] for s in seats])
    for s, [r] in zip(seats, rated):
        e = table["seats"][s]
        if e is not None and s not in unrated:
            acc["entrants"][e]["mu"], acc["entrants"][e]["sigma"] = float(r.mu), float(r.sigma)


def natural(text: str) -> tuple:
    """A sort key that reads digits as numbers: "House 2" before "House 10"."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.casefold())
                 for part in re.split(r"(\d+)", text) if part)


def rows(acc: dict, entrants: list[dict]) -> list[dict]:
    """The standings: by points, then opponents' points, then mean score share (shown and
    compared to 6 decimals), all descending; rows level on all three share a rank (1, 1, 3)
    and are listed by name (natural order), then entrant number. `entrants`: [{"entrant",
    "name", "dropped"}]."""
    out = []
    for e in entrants:
        s = acc["entrants"].get(e["entrant"]) or {
            "points": 0.0, "opp": 0.0, "share": 0.0, "played": 0, "mu": float(MODEL.mu),
            "sigma": float(MODEL.sigma)}
        share = round(s["share"] / s["played"], 6) if s["played"] else 0.0
        out.append({"rank": 0, "entrant": e["entrant"], "name": e["name"],
                    "dropped": bool(e.get("dropped")), "points": s["points"], "byes": s.get("byes", 0),
                    "tie_breaks": {"opponents_points": s["opp"], "score_share": share},
                    "rating": {"mu": s["mu"], "sigma": s["sigma"], "ordinal": s["mu"] - 3 * s["sigma"]},
                    "tables_played": s["played"]})

    def key(row):  # rounded: sums of thirds and sixths added in another order are still equal
        return (-round(row["points"], 9), -round(row["tie_breaks"]["opponents_points"], 9),
                -row["tie_breaks"]["score_share"])

    out.sort(key=lambda row: (key(row), natural(row["name"]), natural(str(row["entrant"]))))
    for i, row in enumerate(out):
        row["rank"] = out[i - 1]["rank"] if i and key(out[i - 1]) == key(row) else i + 1
    return out


def rebuild(entrants: list[dict], tables: list[dict], rule: dict | None = None,
            byes: list[tuple[str, float]] = ()) -> dict:
    """The accumulator folded from scratch (after an amendment), tables in the order they
    finished (ratings depend on it), then the byes `(entrant, points)`. `entrants` is
    accepted for symmetry with `standings`."""
    acc = new_accumulator()
    for table in tables:
        add_table(acc, table, rule)
    for entrant, points in byes:
        add_bye(acc, entrant, points)
    return acc


def standings(entrants: list[dict], tables: list[dict], rule: dict | None = None,
              byes: list[tuple[str, float]] = ()) -> list[dict]:
    """`rows` of the accumulator of `tables` (the finished tables, in the order they finished)."""
    return rows(rebuild(entrants, tables, rule, byes), entrants)
