"""The report of a tournament (`GET /v1/tournaments/{id}/report`): one self-contained printable
HTML page, the tournament's counterpart of a game's report (service/desk/report.py).

No external assets (inline CSS, no scripts, no fonts or images), so it can be mailed, archived
or printed as it is. Sections: the standings with their tie-breaks, ratings and the scoring
rule in words; every round's tables with who sat where, their results and a link to each
game's own report; the rulings and disputes of the tournament and of every table; and a
verification summary (the tournament's chain, its seed commitment and, once finished, the
revealed seed checked against it; each table's head hash as the tournament recorded it beside
its game's head hash now).

Pure: the page is built from what the route hands in (the tournament's state and record, each
table's game state, each table's rulings already told as sentences), so it renders the same
from a live server, a test or an exported record. Every text goes through `html.escape`.
"""
from __future__ import annotations

import hashlib
from html import escape

from events.envelope import first_break
from service.tournaments.scoring import EXPLAINED

CSS = """
body{font:14px/1.4 Georgia,serif;margin:2em auto;max-width:64em;color:#222}
h1{font-size:1.6em;margin-bottom:.2em}h2{border-bottom:2px solid #6b4f2a;margin-top:1.6em}
h3{margin:1em 0 .3em}table{border-collapse:collapse;margin:.5em 0 1em}
th,td{border:1px solid #999;padding:.2em .6em;text-align:left;vertical-align:top}
th{background:#efe6d6}td.n{text-align:right}.ok{color:#1a6b1a;font-weight:bold}
.bad{color:#a01010;font-weight:bold}.unk{color:#8a6d00;font-weight:bold}.muted{color:#666}
code{font-size:12px;word-break:break-all}ol.seats{margin:0;padding-left:1.4em}
@media print{body{margin:0;max-width:none}h2{page-break-after:avoid}table{page-break-inside:avoid}}
"""

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


def render(state: dict, games: dict[str, dict | None], rulings: dict[str, list[dict]] | None = None,
           record: list[dict] | None = None) -> str:
    """The page. `games`: game id -> the table's game state (None when it cannot be read);
    `rulings`: game id -> `[{version, text, reason}]`, the organizer's rulings at that table;
    `record`: the tournament's events as stored (for its chain and its own rulings)."""
    rulings = rulings or {}
    names = {entrant["entrant"]: entrant["name"] for entrant in state["entrants"]}
    finished = state["status"] == "finished"
    when = "final" if finished else f"after the results so far (round {state['round']} of {state['rounds']})"
    out = ["<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
           f"<title>Report — tournament {e(state['name'])}</title><style>{CSS}</style></head><body>",
           f"<h1>{e(state['name'])} — tournament report</h1>", _facts(state),
           f"<h2>Standings</h2><p class='muted'>Standings {e(when)}.</p>", _standings(state["standings"]),
           f"<p>{e(EXPLAINED)}</p>",
           "<h2>Rounds</h2>", _rounds(state, names),
           "<h2>Rulings and disputes</h2>", _rulings_and_disputes(state, names, games, rulings, record or []),
           "<h2>Verification</h2>", _verification(state, games, record), "</body></html>"]
    return "\n".join(part for part in out if part)


def _facts(state: dict) -> str:
    size = state.get("table_size") or {}
    return (f"<p class='muted'>{e(state['ruleset'].replace('_', ' ').title())} · {e(state['format'])} · "
            f"{e(state['rounds'])} round{'' if state['rounds'] == 1 else 's'} · "
            f"tables of {e(size.get('min'))} to {e(size.get('max'))} · "
            f"{len(state['entrants'])} entrants · created {e(state['created_at'])} · status "
            f"<b>{e(state['status'])}</b> (round {e(state['round'])} of {e(state['rounds'])}) · "
            f"{e(state['version'])} events · tournament {e(state['tournament_id'])}</p>")


def _standings(rows: list[dict]) -> str:
    if not rows:
        return "<p class='muted'>Nobody has registered.</p>"
    keys = list(rows[0]["tie_breaks"])
    head = "".join(f"<th scope='col'>{e(TIE_BREAK_NAMES.get(k, k.replace('_', ' ').capitalize()))}</th>" for k in keys)
    body = []
    for row in rows:
        rating = row["rating"]
        breaks = "".join(f"<td class='n'>{number(row['tie_breaks'][k])}</td>" for k in keys)
        body.append(f"<tr><td class='n'>{e(row['rank'])}</td><th scope='row'>{e(row['name'])}</th>"
                    f"<td class='n'>{number(row['points'])}</td>{breaks}"
                    f"<td class='n'>{number(rating['ordinal'])} <span class='muted'>(μ {number(rating['mu'])}, "
                    f"σ {number(rating['sigma'])})</span></td><td class='n'>{e(row['tables_played'])}</td>"
                    f"<td>{'dropped' if row['dropped'] else ''}</td></tr>")
    return (f"<table><tr><th scope='col'>Rank</th><th scope='col'>Entrant</th><th scope='col'>Points</th>{head}"
            "<th scope='col'>Rating (ordinal)</th><th scope='col'>Tables played</th><th scope='col'>Dropped</th></tr>"
            + "".join(body) + "</table>")


def seat_name(seat: dict, names: dict[int, str]) -> str:
    if seat.get("entrant") is None:
        return f"Bot ({seat.get('bot') or 'server'})"
    return names.get(seat["entrant"], f"entrant {seat['entrant']}")


def _result(table: dict, names: dict[int, str]) -> str:
    result = table["result"]
    if result is None:
        return "<span class='unk'>still playing</span>"
    if result["annulled"]:
        return "<span class='bad'>annulled</span> (no points)"
    seats = {str(s["seat"]): s for s in table["seats"]}
    scores, unit = result.get("scores") or {}, result.get("score_name") or "score"
    ranked = sorted(result["places"].items(), key=lambda item: (item[1], int(item[0])))
    lines = "".join(f"<li>{ordinal(place)}: {e(seat_name(seats[seat], names)) if seat in seats else e('seat ' + seat)}"
                    + (f" <span class='muted'>({e(unit)} {number(scores[seat])})</span>" if seat in scores else "")
                    + "</li>" for seat, place in ranked)
    return f"<ol class='seats'>{lines}</ol>"


def _rounds(state: dict, names: dict[int, str]) -> str:
    if not state["tables"]:
        return "<p class='muted'>No round has been seated yet.</p>"
    parts = []
    for round_no in sorted({t["round"] for t in state["tables"]}):
        rows = []
        for table in (t for t in state["tables"] if t["round"] == round_no):
            seats = "".join(f"<li value='{e(s['seat'])}'>{e(seat_name(s, names))}"
                            + (f" <span class='muted'>(no-show: {e(s['no_show'])})</span>" if s.get("no_show") else "")
                            + "</li>" for s in table["seats"])
            game = table["game_id"]
            rows.append(f"<tr><td class='n'>{e(table['table'])}</td><td><code>{e(game)}</code><br>"
                        f"<a href='/v1/games/{e(game)}/report'>the game's report</a></td>"
                        f"<td><ol class='seats'>{seats}</ol></td><td>{e(table['status'])}</td>"
                        f"<td>{_result(table, names)}</td></tr>")
        parts.append(f"<h3>Round {e(round_no)}</h3><table><tr><th scope='col'>Table</th><th scope='col'>Game</th>"
                     "<th scope='col'>Seats</th><th scope='col'>Status</th><th scope='col'>Result</th></tr>"
                     + "".join(rows) + "</table>")
    return "".join(parts)


def tournament_rulings(record: list[dict], names: dict[int, str]) -> list[dict]:
    """The tournament's own decisions that change who plays or what counts: drops, no-shows
    and amended table results, `[{version, text, reason}]`, read from its record."""
    found = []
    for event in record:
        p, kind = event["payload"], event["type"]
        if kind == "entrant_dropped":
            by = "by the organizer" if p.get("by") == "organizer" else "on their own"
            found.append({"version": event["version"], "reason": p.get("reason") or None,
                          "text": f"{names.get(p['entrant'], p['entrant'])} dropped out {by}."})
        elif kind == "entrant_no_show":
            policy = "went to the server's bot" if p["policy"] == "bot" else "was forfeited"
            found.append({"version": event["version"], "reason": "the tournament's no-show rule",
                          "text": f"{names.get(p['entrant'], p['entrant'])}'s seat {p['seat']} at round {p['round']}, "
                                  f"table {p['table']} {policy}."})
        elif kind == "table_result_amended":
            what = "annulled" if p.get("annulled") else "amended"
            found.append({"version": event["version"], "reason": "a ruling in the table's game",
                          "text": f"Round {p['round']}, table {p['table']}: its result was {what} "
                                  f"(game {p['game_id']} at event {p['version']})."})
    return found


def _rulings_table(rulings: list[dict]) -> str:
    rows = "".join(f"<tr><td class='n'>{e(r['version'])}</td><td>{e(r['text'])}</td>"
                   f"<td>{e(r.get('reason') or '—')}</td></tr>" for r in rulings)
    return (f"<table><tr><th scope='col'>Event</th><th scope='col'>Ruling</th><th scope='col'>Reason</th></tr>{rows}"
            "</table>")


def _disputes_table(disputes: list[dict], by) -> str:
    rows = []
    for d in disputes:
        answer = d.get("resolution") or {}
        kinds = ", ".join(_ruling_kind(r) for r in answer.get("rulings") or [])
        rows.append(f"<tr><td class='n'>{e(d['dispute'])}</td><td>{e(by(d))}</td><td class='n'>{e(d['about'])}</td>"
                    f"<td>{e(d['text'])}</td><td>{e(d['state'])}</td><td>{e(answer.get('text') or '')}"
                    + (f" <span class='muted'>(rulings: {e(kinds)})</span>" if kinds else "") + "</td></tr>")
    return ("<table><tr><th scope='col'>Dispute</th><th scope='col'>Filed by</th><th scope='col'>About event</th>"
            "<th scope='col'>Claim</th><th scope='col'>Decision</th><th scope='col'>Answer</th></tr>"
            + "".join(rows) + "</table>")


def _ruling_kind(ruling) -> str:
    return ruling.get("kind", "ruling") if isinstance(ruling, dict) else str(ruling)


def _rulings_and_disputes(state, names, games, rulings, record) -> str:
    parts = []
    own, filed = tournament_rulings(record, names), state.get("disputes") or []
    if own or filed:
        parts.append("<h3>The tournament</h3>")
        if own:
            parts.append(_rulings_table(own))
        if filed:
            parts.append(_disputes_table(filed, lambda d: names.get(d["entrant"], f"entrant {d['entrant']}")))
    for table in state["tables"]:
        game, told = games.get(table["game_id"]), rulings.get(table["game_id"]) or []
        disputes = (game or {}).get("disputes") or []
        if not (told or disputes):
            continue
        seats = {s["seat"]: s for s in table["seats"]}
        parts.append(f"<h3>Round {e(table['round'])}, table {e(table['table'])} <span class='muted'>(game "
                     f"<code>{e(table['game_id'])}</code>; event numbers are the game's)</span></h3>")
        if told:
            parts.append(_rulings_table(told))
        if disputes:
            parts.append(_disputes_table(disputes, lambda d, seats=seats: seat_name(seats[d["seat"]], names)
                                         if d.get("seat") in seats else f"seat {d.get('seat')}"))
    return "".join(parts) or "<p class='muted'>No rulings and no disputes, at the tournament or at any table.</p>"


def _seed(state: dict) -> str:
    rng = state["rng"]
    commitment, seed = rng.get("seed_commitment"), rng.get("seed")
    line = f"<tr><th scope='row'>Seed commitment</th><td><code>{e(commitment)}</code></td><td></td></tr>"
    if not seed:
        return line + ("<tr><th scope='row'>Seed</th><td class='muted'>revealed when the tournament finishes</td>"
                       "<td class='unk'>not yet checkable</td></tr>")
    try:
        matches = hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment
    except ValueError:
        matches = False
    verdict = ("<td class='ok'>SHA-256 of the seed is the commitment</td>" if matches
               else "<td class='bad'>the seed does NOT match its commitment</td>")
    return line + f"<tr><th scope='row'>Seed (revealed)</th><td><code>{e(seed)}</code></td>{verdict}</tr>"


def _chain(state: dict, record: list[dict] | None) -> str:
    head = f"<code>{e(state.get('head_hash'))}</code> at event {e(state['version'])}"
    if record is None:
        return f"<tr><th scope='row'>Record</th><td>{head}</td><td class='unk'>not checked</td></tr>"
    broken = first_break(record)
    verdict = (f"<td class='ok'>{len(record)} events, every hash links</td>" if broken is None
               else f"<td class='bad'>the chain breaks at event {e(broken)}</td>")
    return f"<tr><th scope='row'>Record</th><td>{head}</td>{verdict}</tr>"


def _heads(state: dict, games: dict[str, dict | None]) -> str:
    rows = []
    for table in state["tables"]:
        result, game = table["result"], games.get(table["game_id"])
        recorded = (f"<code>{e(result['head_hash'])}</code> at event {e(result['version'])}" if result
                    else "<span class='muted'>no result yet</span>")
        now = (f"<code>{e(game.get('head_hash'))}</code> at event {e(game.get('version'))}" if game
               else "<span class='bad'>the game could not be read</span>")
        if result is None or game is None:
            verdict = "<td class='unk'>—</td>" if game else "<td class='bad'>unreadable</td>"
        elif game.get("version") == result["version"]:
            verdict = ("<td class='ok'>the same</td>" if game.get("head_hash") == result["head_hash"]
                       else "<td class='bad'>DIFFERENT at the same event</td>")
        elif (game.get("version") or 0) > result["version"]:
            verdict = (f"<td class='unk'>the game has {game['version'] - result['version']} events since the result "
                       "was recorded (see its report)</td>")
        else:
            verdict = "<td class='bad'>the game is SHORTER than the recorded result</td>"
        rows.append(f"<tr><td class='n'>{e(table['round'])}</td><td class='n'>{e(table['table'])}</td>"
                    f"<td><a href='/v1/games/{e(table['game_id'])}/report'><code>{e(table['game_id'])}</code></a></td>"
                    f"<td>{recorded}</td><td>{now}</td>{verdict}</tr>")
    if not rows:
        return ""
    return ("<h3>Tables</h3><p class='muted'>Each table's game has its own record, verified in its own report "
            "(chain, seed, dice, shuffles); here the head hash the tournament recorded with the table's result "
            "beside the game's head hash now.</p><table><tr><th scope='col'>Round</th><th scope='col'>Table</th>"
            "<th scope='col'>Game</th><th scope='col'>Recorded with the result</th><th scope='col'>The game now</th>"
            "<th scope='col'>Agreement</th></tr>" + "".join(rows) + "</table>")


def _verification(state: dict, games: dict[str, dict | None], record: list[dict] | None) -> str:
    return ("<h3>The tournament's record</h3><p class='muted'>Every seating comes from the tournament's seed. Once "
            "the tournament has finished, its portable record (<code>GET /v1/tournaments/{id}/export</code>) "
            "verifies offline with <code>bootleggers verify</code>: the chain, the seed, every seating decided "
            "again from the seed, every table's game and result, and the standings.</p><table>"
            + _chain(state, record) + _seed(state) + "</table>" + _heads(state, games))
