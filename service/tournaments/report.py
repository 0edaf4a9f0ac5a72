"""The report of a tournament (`GET /v1/tournaments/{id}/report`): one self-contained printable
HTML page, the tournament's counterpart of a game's report (service/desk/report.py).

No external assets (inline CSS, no scripts, no fonts or images), so it can be mailed, archived
or printed as it is, and read on a phone: below 40em (a 390 px screen) every table of the page
turns into one block a row, each value under its column's name, so nothing scrolls sideways.
Sections: the standings with their tie-breaks, ratings and the scoring rule in words — marked
**provisional** until they are final (below); every round's tables with who sat where (house
players, absent entrants, byes and late entrants marked), their results (forfeited seats and
seats the server's bot played marked) and a link to each game's own report; the rulings,
announcements and disputes of the tournament and of every table; and a verification summary
(the tournament's chain, its seed commitment and, once finished, the revealed seed checked
against it; each table's head hash as the tournament recorded it beside its game's head hash
now).

The standings are final once the tournament has finished and the last table's dispute window
has closed with no dispute open (`kernel.final_at(state)`, an ISO time) and `now_iso` is at or
after that time: a ruling may change a result until then. The renderer reads no clock: without
`now_iso` it says provisional.

Pure: the page is built from what the route hands in (the tournament's state and record, each
table's game state, each table's rulings already told as sentences, the time now), so it
renders the same from a live server, a test or an exported record. Every text goes through
`html.escape`. Names listed together are in natural order ("House 2" before "House 10").
"""
from __future__ import annotations

import hashlib
import re
from datetime import UTC, datetime
from html import escape

from events.envelope import first_break
from service.tournaments import kernel, scoring

#: below this width (a phone) every table turns into one block a row
NARROW = "40em"
CSS = """
body{font:14px/1.4 Georgia,serif;margin:2em auto;padding:0 1em;max-width:64em;color:#222;overflow-wrap:anywhere}
h1{font-size:1.6em;margin-bottom:.2em}h2{border-bottom:2px solid #6b4f2a;margin-top:1.6em}
h3{margin:1em 0 .3em}table{border-collapse:collapse;margin:.5em 0 1em}
th,td{border:1px solid #999;padding:.2em .6em;text-align:left;vertical-align:top}
th{background:#efe6d6}td.n{text-align:right}.ok{color:#1a6b1a;font-weight:bold}
.bad{color:#a01010;font-weight:bold}.unk{color:#8a6d00;font-weight:bold}.muted{color:#666}
.tag{font-size:.85em;border:1px solid currentColor;border-radius:.3em;padding:0 .25em;white-space:nowrap}
code{font-size:12px;word-break:break-all}ol.seats{margin:0;padding-left:1.4em}
@media (max-width:%s){
body{margin:.5em auto;padding:0 .5em}h1{font-size:1.3em}
table.grid,table.grid tbody,table.grid tr,table.grid th,table.grid td{display:block;width:auto}
table.grid thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table.grid tr{border:1px solid #999;margin:0 0 .6em;padding:.3em .5em}
table.grid th,table.grid td,table.grid td.n{border:0;padding:.1em 0;text-align:left;background:none}
table.grid [data-label]::before{content:attr(data-label) ": ";font-weight:bold;color:#555}
table.grid th[scope=row]{font-size:1.1em}table.grid td:empty{display:none}
}
@media print{body{margin:0;max-width:none}h2{page-break-after:avoid}table{page-break-inside:avoid}}
""" % NARROW

TIE_BREAK_NAMES = {"opponents_points": "Opponents' points", "score_share": "Score share"}


def e(value) -> str:
    """Any value as escaped text (numbers, None and names alike)."""
    return escape("" if value is None else str(value))


def number(value) -> str:
    """4.0 as 4, 0.3333333 as 0.333: what a reader compares, not float noise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return e(value)
    rounded = round(float(value), 3)
    return e(int(rounded) if rounded.is_integer() else rounded)


def ordinal(place) -> str:
    if not float(place).is_integer():
        return f"place {number(place)}"
    n = int(place)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def natural_key(text) -> tuple:
    """A sort key reading digits as numbers, case aside: "House 2" before "House 10"."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.casefold())
                 for part in re.split(r"(\d+)", str(text)) if part)


def names_in_order(names) -> list[str]:
    return sorted(names, key=natural_key)


# ---- final or provisional ------------------------------------------------------------------
def moment(iso: str) -> datetime:
    """An ISO time (`Z` or an offset; none read as UTC) as an aware datetime."""
    found = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    return found if found.tzinfo else found.replace(tzinfo=UTC)


def final_at(state: dict) -> str | None:
    """When the standings become final (the kernel's `final_at`: the last table's dispute
    window closing), None while that is not known (still running, a dispute open)."""
    found = getattr(kernel, "final_at", None)
    return found(state) if found is not None else None


def standings_final(state: dict, now_iso: str | None) -> bool:
    at = final_at(state)
    return at is not None and now_iso is not None and moment(now_iso) >= moment(at)


def standings_words(state: dict, now_iso: str | None) -> tuple[bool, str]:
    """(final?, the sentence saying so, or why they are provisional and until when)."""
    at = final_at(state)
    if at is not None and now_iso is not None and moment(now_iso) >= moment(at):
        return True, (f"Standings final: every table's dispute window closed (the last at {at}) with no "
                      "dispute open.")
    if state["status"] != "finished":
        return False, (f"Standings provisional: after the results so far (round {state['round']} of "
                       f"{state['rounds']}).")
    if at is None:
        return False, ("Standings provisional: the tournament has finished, but a dispute is still open or a "
                       "table's dispute window has not closed, so a ruling may still change a result.")
    return False, (f"Standings provisional until {at}, when the last table's dispute window closes: a "
                   "ruling may still change a result until then.")


def explained(state: dict) -> str:
    """The scoring rule in words, this tournament's own when the scoring module says it."""
    words, rule_of = getattr(scoring, "explained", None), getattr(scoring, "rule_of", None)
    if words is None or rule_of is None:
        return scoring.EXPLAINED
    return words(rule_of(state.get("scoring"), (state.get("table_size") or {}).get("max", 5)))


# ---- byes and late entrants -----------------------------------------------------------------
def byes_and_late(state: dict, record: list[dict] | None = None) -> tuple[dict[int, dict[int, str]], dict[int, int]]:
    """({round: {entrant: why}} of the byes — "bye" (the round sat out) or "late entry" (a round
    played before the entrant registered) — and {entrant: the first round it could sit at, 0
    when not known} of the late entrants). The byes are the state's (`byes`) where it keeps
    them, else the record's (`round_seated.byes`, `bye_given`); the late entrants are read from
    the record (a late `entrant_registered`: the round after the latest seated), else from the
    entrants' `late` mark."""
    byes: dict[int, dict[int, str]] = {}
    late: dict[int, int] = {}
    seated = 0
    for event in record or ():
        kind, p = event["type"], event["payload"]
        if kind == "round_seated":
            seated = max(seated, p["round"])
            for entrant in p.get("byes") or []:
                byes.setdefault(p["round"], {})[entrant] = "bye"
        elif kind == "bye_given":
            byes.setdefault(p["round"], {})[p["entrant"]] = "late entry" if p.get("reason") == "late_entry" else "bye"
        elif kind == "entrant_registered" and (p.get("late") or seated):
            late[p["entrant"]] = seated + 1
    if "byes" in state:
        byes = {}
        for bye in state["byes"]:
            byes.setdefault(bye["round"], {})[bye["entrant"]] = (
                "late entry" if bye.get("reason") == "late_entry" else "bye")
    for entrant in state["entrants"]:
        if entrant.get("late"):
            late.setdefault(entrant["entrant"], 0)
    return byes, late


def bye_counts(state: dict, byes: dict[int, dict[int, str]]) -> dict[int, int]:
    """Byes each entrant had: the standings' own count where they carry one."""
    counted: dict[int, int] = {}
    for given in byes.values():
        for entrant in given:
            counted[entrant] = counted.get(entrant, 0) + 1
    for row in state.get("standings") or []:
        if "byes" in row:
            counted[row["entrant"]] = row["byes"]
    return counted


# ---- the page -------------------------------------------------------------------------------
def render(state: dict, games: dict[str, dict | None], rulings: dict[str, list[dict]] | None = None,
           record: list[dict] | None = None, now_iso: str | None = None) -> str:
    """The page. `games`: game id -> the table's game state (None when it cannot be read);
    `rulings`: game id -> `[{version, text, reason}]`, the organizer's rulings at that table;
    `record`: the tournament's events as stored (for its chain and its own rulings); `now_iso`:
    the time now (the standings are provisional without it)."""
    rulings = rulings or {}
    names = {entrant["entrant"]: entrant["name"] for entrant in state["entrants"]}
    final, words = standings_words(state, now_iso)
    byes, late = byes_and_late(state, record)
    mark = "<span class='ok tag'>final</span>" if final else "<span class='unk tag'>provisional</span>"
    out = ["<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
           "<meta name='viewport' content='width=device-width, initial-scale=1'>",
           f"<title>Report — tournament {e(state['name'])}</title><style>{CSS}</style></head><body>",
           f"<h1>{e(state['name'])} — tournament report</h1>", _facts(state),
           f"<h2>Standings {mark}</h2><p class='muted'>{e(words)}</p>",
           _standings(state, late, bye_counts(state, byes)), f"<p>{e(explained(state))}</p>",
           "<h2>Rounds</h2>", _rounds(state, names, byes, late),
           "<h2>Rulings and disputes</h2>", _rulings_and_disputes(state, names, games, rulings, record or []),
           "<h2>Verification</h2>", _verification(state, games, record), "</body></html>"]
    return "\n".join(part for part in out if part)


def _grid(heads: list[str], rows: list[list[str]], row_head: int | None = None, numeric: tuple = ()) -> str:
    """A table of `heads` over `rows` (cells as HTML). Each cell names its column
    (`data-label`): a phone shows it before the value, one block a row."""
    top = "".join(f"<th scope='col'>{e(h)}</th>" for h in heads)
    body = []
    for row in rows:
        cells = []
        for i, (head, cell) in enumerate(zip(heads, row)):
            if i == row_head:
                cells.append(f"<th scope='row'>{cell}</th>")
            else:
                css = " class='n'" if i in numeric else ""
                cells.append(f"<td{css} data-label='{e(head)}'>{cell}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table class='grid'><thead><tr>{top}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _facts(state: dict) -> str:
    size = state.get("table_size") or {}
    return (f"<p class='muted'>{e(state['ruleset'].replace('_', ' ').title())} · {e(state['format'])} · "
            f"{e(state['rounds'])} round{'' if state['rounds'] == 1 else 's'} · "
            f"tables of {e(size.get('min'))} to {e(size.get('max'))} · "
            f"{len(state['entrants'])} entrants · created {e(state['created_at'])} · status "
            f"<b>{e(state['status'])}</b> (round {e(state['round'])} of {e(state['rounds'])}) · "
            f"{e(state['version'])} events · tournament {e(state['tournament_id'])}</p>")


def standing_rows(state: dict) -> list[dict]:
    """The standings by rank, rows sharing a rank by name in natural order."""
    return sorted(state["standings"], key=lambda row: (row["rank"], natural_key(row["name"]), row["entrant"]))


def _standings(state: dict, late: dict[int, int], byes: dict[int, int]) -> str:
    rows = standing_rows(state)
    if not rows:
        return "<p class='muted'>Nobody has registered.</p>"
    keys = list(rows[0]["tie_breaks"])
    house = {entrant["entrant"]: entrant.get("bot") for entrant in state["entrants"]}
    heads = ["Rank", "Entrant", "Points", *[TIE_BREAK_NAMES.get(k, k.replace("_", " ").capitalize()) for k in keys],
             "Rating (ordinal)", "Tables played", "Byes", "Notes"]
    body = []
    for row in rows:
        rating, entrant = row["rating"], row["entrant"]
        notes = [*(["dropped"] if row["dropped"] else []),
                 *([f"late entry (from round {late[entrant]})" if late[entrant] else "late entry"]
                   if entrant in late else []),
                 *([f"house player ({house[entrant]} bot)"] if house.get(entrant) else [])]
        body.append([e(row["rank"]), e(row["name"]), number(row["points"]),
                     *[number(row["tie_breaks"][k]) for k in keys],
                     (f"{number(rating['ordinal'])} <span class='muted'>(μ {number(rating['mu'])}, "
                      f"σ {number(rating['sigma'])})</span>"), e(row["tables_played"]),
                     e(byes.get(entrant, row.get("byes", 0))), e("; ".join(notes))])
    figures = {"Rank", "Points", "Rating (ordinal)", "Tables played", "Byes", *heads[3:3 + len(keys)]}
    return _grid(heads, body, row_head=1, numeric=tuple(i for i, h in enumerate(heads) if h in figures))


def seat_name(seat: dict, names: dict[int, str]) -> str:
    if seat.get("entrant") is None:
        return f"Bot ({seat.get('bot') or 'server'})"
    return names.get(seat["entrant"], f"entrant {seat['entrant']}")


def _result(table: dict, names: dict[int, str], house: dict[int, str | None]) -> str:
    result = table["result"]
    if result is None:
        return "<span class='unk'>still playing</span>"
    if result["annulled"]:
        return "<span class='bad'>annulled</span> (no points)"
    seats = {str(s["seat"]): s for s in table["seats"]}
    scores, unit = result.get("scores") or {}, result.get("score_name") or "score"
    forfeited = {str(s) for s in result.get("forfeited") or []}
    # the server's bot at an entrant's own seat (a no-show, a seat handed over): not the filler
    # bots, nor a house player, whose seats are the bot's from the start
    stand_ins = {str(s) for s in result.get("stand_ins") or []
                 if str(s) in seats and seats[str(s)].get("entrant") is not None
                 and not house.get(seats[str(s)]["entrant"])}
    ranked = sorted(result["places"].items(), key=lambda item: (item[1], int(item[0])))
    lines = "".join(f"<li>{ordinal(place)}: {e(seat_name(seats[seat], names)) if seat in seats else e('seat ' + seat)}"
                    + (f" <span class='muted'>({e(unit)} {number(scores[seat])})</span>" if seat in scores else "")
                    + (" <span class='bad tag'>forfeited</span>" if seat in forfeited else "")
                    + (" <span class='unk tag'>played by the server's bot</span>" if seat in stand_ins else "")
                    + "</li>" for seat, place in ranked)
    return f"<ol class='seats'>{lines}</ol>"


def _seat(seat: dict, names: dict[int, str], house: dict[int, str | None]) -> str:
    text = e(seat_name(seat, names))
    if seat.get("entrant") is not None and house.get(seat["entrant"]):
        text += " <span class='muted'>(house player)</span>"
    if seat.get("no_show") == "bot":  # absent, dropped, or handed to the bot by the organizer
        text += " <span class='unk tag'>the server's bot took the seat over</span>"
    elif seat.get("no_show"):
        what = "absent: forfeited" if seat["no_show"] == "forfeit" else e(seat["no_show"])
        text += f" <span class='bad tag'>{what}</span>"
    return text


def _rounds(state: dict, names: dict[int, str], byes: dict[int, dict[int, str]], late: dict[int, int]) -> str:
    if not state["tables"] and not byes:
        return "<p class='muted'>No round has been seated yet.</p>"
    house = {entrant["entrant"]: entrant.get("bot") for entrant in state["entrants"]}
    points = _bye_points(state)
    parts = []
    for round_no in sorted({t["round"] for t in state["tables"]} | set(byes)):
        parts.append(f"<h3>Round {e(round_no)}</h3>")
        joined = names_in_order(names.get(n, f"entrant {n}") for n, r in late.items() if r == round_no)
        if joined:
            parts.append(f"<p>Joined late, seated from this round: {e(', '.join(joined))}.</p>")
        given = byes.get(round_no) or {}
        sat_out = names_in_order(names.get(n, f"entrant {n}") for n, why in given.items() if why == "bye")
        missed = names_in_order(names.get(n, f"entrant {n}") for n, why in given.items() if why != "bye")
        each = f" (each scores {number(points)})" if points is not None else ""
        if sat_out:
            parts.append(f"<p>Sat out with a bye{e(each)}: {e(', '.join(sat_out))}.</p>")
        if missed:
            parts.append(f"<p>A bye for a late entry, who had not registered yet{e(each)}: "
                         f"{e(', '.join(missed))}.</p>")
        rows = []
        for table in (t for t in state["tables"] if t["round"] == round_no):
            seats = "".join(f"<li value='{e(s['seat'])}'>{_seat(s, names, house)}</li>" for s in table["seats"])
            game = table["game_id"]
            replay = (f"<br><span class='muted'>replay of table {e(table['replay_of'])}</span>"
                      if table.get("replay_of") else "")
            rows.append([f"{e(table['table'])}{replay}",
                         f"<code>{e(game)}</code><br><a href='/v1/games/{e(game)}/report'>the game's report</a>",
                         f"<ol class='seats'>{seats}</ol>", e(table["status"]), _result(table, names, house)])
        if rows:
            parts.append(_grid(["Table", "Game", "Seats", "Status", "Result"], rows, numeric=(0,)))
    return "".join(parts)


def _bye_points(state: dict) -> float | None:
    rule = state.get("scoring")
    if isinstance(rule, dict) and rule.get("bye_points") is not None:
        return float(rule["bye_points"])
    return None


def tournament_rulings(record: list[dict], names: dict[int, str], no_show: str | None = None) -> list[dict]:
    """The tournament's own decisions that change who plays or what counts: drops,
    reinstatements, no-shows, late entries' byes and amended table results,
    `[{version, text, reason}]`, read from its record (`no_show`: the tournament's policy, to
    tell it from the organizer's handing a seat to the bot)."""
    found = []
    for event in record:
        p, kind = event["payload"], event["type"]
        who = names.get(p.get("entrant"), p.get("entrant"))
        if kind == "entrant_dropped":
            by = "by the organizer" if p.get("by") == "organizer" else "on their own"
            found.append({"version": event["version"], "reason": p.get("reason") or None,
                          "text": f"{who} dropped out {by}."})
        elif kind == "entrant_reinstated":
            found.append({"version": event["version"], "reason": p.get("reason") or None,
                          "text": f"{who} was reinstated: seated again from the next round."})
        elif kind == "entrant_no_show":
            policy = "went to the server's bot" if p["policy"] == "bot" else "was forfeited"
            why = ("the tournament's no-show rule" if p["policy"] == no_show
                   else "the organizer handed the seat to the bot")
            found.append({"version": event["version"], "reason": p.get("reason") or why,
                          "text": f"{who}'s seat {p['seat']} at round {p['round']}, table {p['table']} {policy}."})
        elif kind == "entrant_registered" and p.get("late"):
            found.append({"version": event["version"], "reason": "a late entry",
                          "text": f"{who} was registered late by the organizer."})
        elif kind == "bye_given":
            why = "a late entry" if p.get("reason") == "late_entry" else "a bye"
            found.append({"version": event["version"], "reason": why,
                          "text": f"{who} scores {number(p.get('points'))} for round {p['round']}, not played."})
        elif kind == "table_replayed":
            found.append({"version": event["version"], "reason": "an annulled table is replayed",
                          "text": f"Round {p['round']}, table {p['replay_of']} is replayed as table {p['table']} "
                                  f"(game {p['game_id']})."})
        elif kind == "table_result_amended":
            what = "annulled" if p.get("annulled") else "amended"
            found.append({"version": event["version"], "reason": "a ruling in the table's game",
                          "text": f"Round {p['round']}, table {p['table']}: its result was {what} "
                                  f"(game {p['game_id']} at event {p['version']})."})
    return found


def announcements(state: dict, record: list[dict]) -> list[dict]:
    """The organizer's announcements, `[{version, text, at}]`: the state's, else the record's."""
    if "announcements" in state:
        return list(state["announcements"])
    return [{"version": event["version"], "text": event["payload"].get("text", ""),
             "at": event.get("recorded_at")} for event in record if event["type"] == "announced"]


def _rulings_table(rulings: list[dict]) -> str:
    return _grid(["Event", "Ruling", "Reason"],
                 [[e(r["version"]), e(r["text"]), e(r.get("reason") or "—")] for r in rulings], numeric=(0,))


def _disputes_table(disputes: list[dict], by) -> str:
    rows = []
    for d in disputes:
        answer = d.get("resolution") or {}
        kinds = ", ".join(_ruling_kind(r) for r in answer.get("rulings") or [])
        said = e(answer.get("text") or "") + (f" <span class='muted'>(rulings: {e(kinds)})</span>" if kinds else "")
        rows.append([e(d["dispute"]), e(by(d)), e(d["about"]), e(d["text"]), e(d["state"]), said])
    return _grid(["Dispute", "Filed by", "About event", "Claim", "Decision", "Answer"], rows, numeric=(0, 2))


def _ruling_kind(ruling) -> str:
    return ruling.get("kind", "ruling") if isinstance(ruling, dict) else str(ruling)


def _rulings_and_disputes(state, names, games, rulings, record) -> str:
    parts = []
    own, filed = tournament_rulings(record, names, state.get("no_show")), state.get("disputes") or []
    told = announcements(state, record)
    if own or filed or told:
        parts.append("<h3>The tournament</h3>")
        if told:
            parts.append("<p><b>Announcements</b></p>" + _grid(
                ["Event", "Announced", "When"], [[e(a["version"]), e(a["text"]), e(a["at"])] for a in told],
                numeric=(0,)))
        if own:
            parts.append(_rulings_table(own))
        if filed:
            parts.append(_disputes_table(filed, lambda d: names.get(d["entrant"], f"entrant {d['entrant']}")))
    for table in state["tables"]:
        game, said = games.get(table["game_id"]), rulings.get(table["game_id"]) or []
        disputes = (game or {}).get("disputes") or []
        if not (said or disputes):
            continue
        seats = {s["seat"]: s for s in table["seats"]}
        parts.append(f"<h3>Round {e(table['round'])}, table {e(table['table'])} <span class='muted'>(game "
                     f"<code>{e(table['game_id'])}</code>; event numbers are the game's)</span></h3>")
        if said:
            parts.append(_rulings_table(said))
        if disputes:
            parts.append(_disputes_table(disputes, lambda d, seats=seats: seat_name(seats[d["seat"]], names)
                                         if d.get("seat") in seats else f"seat {d.get('seat')}"))
    return "".join(parts) or "<p class='muted'>No rulings and no disputes, at the tournament or at any table.</p>"


def _seed(state: dict) -> list[list[str]]:
    rng = state["rng"]
    commitment, seed = rng.get("seed_commitment"), rng.get("seed")
    line = ["Seed commitment", f"<code>{e(commitment)}</code>", ""]
    if not seed:
        return [line, ["Seed", "<span class='muted'>revealed when the tournament finishes</span>",
                       "<span class='unk'>not yet checkable</span>"]]
    try:
        matches = hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment
    except ValueError:
        matches = False
    verdict = ("<span class='ok'>SHA-256 of the seed is the commitment</span>" if matches
               else "<span class='bad'>the seed does NOT match its commitment</span>")
    return [line, ["Seed (revealed)", f"<code>{e(seed)}</code>", verdict]]


def _chain(state: dict, record: list[dict] | None) -> list[str]:
    head = f"<code>{e(state.get('head_hash'))}</code> at event {e(state['version'])}"
    if record is None:
        return ["Record", head, "<span class='unk'>not checked</span>"]
    broken = first_break(record)
    verdict = (f"<span class='ok'>{len(record)} events, every hash links</span>" if broken is None
               else f"<span class='bad'>the chain breaks at event {e(broken)}</span>")
    return ["Record", head, verdict]


def _heads(state: dict, games: dict[str, dict | None]) -> str:
    rows = []
    for table in state["tables"]:
        result, game = table["result"], games.get(table["game_id"])
        recorded = (f"<code>{e(result['head_hash'])}</code> at event {e(result['version'])}" if result
                    else "<span class='muted'>no result yet</span>")
        now = (f"<code>{e(game.get('head_hash'))}</code> at event {e(game.get('version'))}" if game
               else "<span class='bad'>the game could not be read</span>")
        if result is None or game is None:
            verdict = "<span class='unk'>—</span>" if game else "<span class='bad'>unreadable</span>"
        elif game.get("version") == result["version"]:
            verdict = ("<span class='ok'>the same</span>" if game.get("head_hash") == result["head_hash"]
                       else "<span class='bad'>DIFFERENT at the same event</span>")
        elif (game.get("version") or 0) > result["version"]:
            verdict = (f"<span class='unk'>the game has {game['version'] - result['version']} events since the "
                       "result was recorded (see its report)</span>")
        else:
            verdict = "<span class='bad'>the game is SHORTER than the recorded result</span>"
        game_id = e(table["game_id"])
        rows.append([e(table["round"]), e(table["table"]),
                     f"<a href='/v1/games/{game_id}/report'><code>{game_id}</code></a>", recorded, now, verdict])
    if not rows:
        return ""
    return ("<h3>Tables</h3><p class='muted'>Each table's game has its own record, verified in its own report "
            "(chain, seed, dice, shuffles); here the head hash the tournament recorded with the table's result "
            "beside the game's head hash now.</p>"
            + _grid(["Round", "Table", "Game", "Recorded with the result", "The game now", "Agreement"], rows,
                    numeric=(0, 1)))


def _verification(state: dict, games: dict[str, dict | None], record: list[dict] | None) -> str:
    return ("<h3>The tournament's record</h3><p class='muted'>Every seating comes from the tournament's seed. Once "
            "the tournament has finished, its portable record (<code>GET /v1/tournaments/{id}/export</code>) "
            "verifies offline with <code>bootleggers verify</code>: the chain, the seed, every seating decided "
            "again from the seed, every table's game and result, and the standings.</p>"
            + _grid(["What", "Value", "Check"], [_chain(state, record), *_seed(state)], row_head=0)
            + _heads(state, games))
