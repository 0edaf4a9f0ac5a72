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
Everything it says is in the reader's language (`lang`: service/i18n/locales/<lang>/report.ftl,
ids `report-t-…`); the record, its hashes and what the page checks never depend on it.
"""
from __future__ import annotations

import re
from datetime import UTC, datetime

from service.i18n import text as say
from service.tournaments import kernel, scoring
from service.tournaments.report_parts import (FAMILIES, e, grid as _grid, number, t, tie_break_name,
                                              verification as _verification, word)

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

def ordinal(place, lang: str = "en") -> str:
    """"1st" / "1."; a shared place ("place 2.5") as a number. `form` is the English CLDR
    ordinal category, which the other languages' messages need not read."""
    if not float(place).is_integer():
        return t(lang, "report-t-place", place=number(place))
    n = int(place)
    form = "other" if 10 <= n % 100 <= 20 else {1: "one", 2: "two", 3: "few"}.get(n % 10, "other")
    return t(lang, "report-t-ordinal", n=str(n), form=form)


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


def standings_words(state: dict, now_iso: str | None, lang: str = "en") -> tuple[bool, str]:
    """(final?, the sentence saying so, or why they are provisional and until when)."""
    at = final_at(state)
    if at is not None and now_iso is not None and moment(now_iso) >= moment(at):
        return True, say(lang, "report-t-final", at=at)
    if state["status"] != "finished":
        return False, say(lang, "report-t-provisional-running", round=state["round"], rounds=state["rounds"])
    if at is None:
        return False, say(lang, "report-t-provisional-open")
    return False, say(lang, "report-t-provisional-until", at=at)


def explained(state: dict, lang: str = "en") -> str:
    """The scoring rule in words, this tournament's own (the words of scoring.explained, which
    the standings' `explained` gives in English, here in the reader's language)."""
    rule_of = getattr(scoring, "rule_of", None)
    if rule_of is None:
        return scoring.EXPLAINED
    rule = rule_of(state.get("scoring"), (state.get("table_size") or {}).get("max", 5))
    parts = [say(lang, "report-t-method-" + rule["method"]) if rule["method"] in FAMILIES["report-t-method-"]
             else scoring.METHODS.get(rule["method"], ""),
             say(lang, "report-t-bots-opponents" if rule["filler_bots"] == "opponents" else "report-t-bots-ignored"),
             say(lang, "report-t-points-added"),
             say(lang, "report-t-annulled-" + rule["annulled"]) if rule["annulled"] in FAMILIES["report-t-annulled-"]
             else scoring.ANNULLED.get(rule["annulled"], ""),
             say(lang, "report-t-bye-scores", points=float(rule["bye_points"])) if rule["bye_points"]
             else say(lang, "report-t-bye-nothing"),
             say(lang, "report-t-tie-breaks")]
    return " ".join(part for part in parts if part)


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
           record: list[dict] | None = None, now_iso: str | None = None, lang: str = "en") -> str:
    """The page. `games`: game id -> the table's game state (None when it cannot be read);
    `rulings`: game id -> `[{version, text, reason}]`, the organizer's rulings at that table;
    `record`: the tournament's events as stored (for its chain and its own rulings); `now_iso`:
    the time now (the standings are provisional without it); `lang`: the reader's language (the
    rulings come already told in it)."""
    rulings = rulings or {}
    names = {entrant["entrant"]: entrant["name"] for entrant in state["entrants"]}
    final, words = standings_words(state, now_iso, lang)
    byes, late = byes_and_late(state, record)
    mark = (f"<span class='ok tag'>{t(lang, 'report-t-final-tag')}</span>" if final
            else f"<span class='unk tag'>{t(lang, 'report-t-provisional-tag')}</span>")
    out = [f"<!DOCTYPE html><html lang='{e(lang)}'><head><meta charset='utf-8'>",
           "<meta name='viewport' content='width=device-width, initial-scale=1'>",
           f"<title>{t(lang, 'report-t-title', name=state['name'])}</title><style>{CSS}</style></head><body>",
           f"<h1>{t(lang, 'report-t-heading', name=state['name'])}</h1>", _facts(state, lang),
           f"<h2>{t(lang, 'report-t-standings')} {mark}</h2><p class='muted'>{e(words)}</p>",
           _standings(state, late, bye_counts(state, byes), lang), f"<p>{e(explained(state, lang))}</p>",
           f"<h2>{t(lang, 'report-rounds')}</h2>", _rounds(state, names, byes, late, lang),
           f"<h2>{t(lang, 'report-t-rulings-and-disputes')}</h2>",
           _rulings_and_disputes(state, names, games, rulings, record or [], lang),
           f"<h2>{t(lang, 'report-verification')}</h2>", _verification(state, games, record, lang), "</body></html>"]
    return "\n".join(part for part in out if part)


def _facts(state: dict, lang: str = "en") -> str:
    size = state.get("table_size") or {}
    ruleset = state["ruleset"]
    name = (say(lang, "log-ruleset-" + ruleset) if ruleset in ("bootleggers", "prohibition", "booze_baron")
            else ruleset.replace("_", " ").title())
    return (f"<p class='muted'>{e(name)} · {e(word(lang, 'report-t-format-', state['format']))} · "
            f"{t(lang, 'report-t-rounds-count', n=state['rounds'])} · "
            f"{t(lang, 'report-t-table-sizes', min=str(size.get('min')), max=str(size.get('max')))} · "
            f"{t(lang, 'report-t-entrants-count', n=len(state['entrants']))} · "
            f"{t(lang, 'report-t-created', at=state['created_at'])} · {t(lang, 'report-t-status')} "
            f"<b>{e(word(lang, 'report-t-status-', state['status']))}</b> "
            f"{t(lang, 'report-t-round-of', round=state['round'], rounds=state['rounds'])} · "
            f"{t(lang, 'report-t-events-count', n=state['version'])} · "
            f"{t(lang, 'report-t-tournament-id', id=state['tournament_id'])}</p>")


def standing_rows(state: dict) -> list[dict]:
    """The standings by rank, rows sharing a rank by name in natural order."""
    return sorted(state["standings"], key=lambda row: (row["rank"], natural_key(row["name"]), row["entrant"]))


def _standings(state: dict, late: dict[int, int], byes: dict[int, int], lang: str = "en") -> str:
    rows = standing_rows(state)
    if not rows:
        return f"<p class='muted'>{t(lang, 'report-t-nobody-registered')}</p>"
    keys = list(rows[0]["tie_breaks"])
    house = {entrant["entrant"]: entrant.get("bot") for entrant in state["entrants"]}
    heads = [say(lang, "report-t-rank"), say(lang, "report-t-entrant"), say(lang, "report-t-points"),
             *[tie_break_name(lang, k) for k in keys], say(lang, "report-t-rating"),
             say(lang, "report-t-tables-played"), say(lang, "report-t-byes"), say(lang, "report-t-notes")]
    body = []
    for row in rows:
        rating, entrant = row["rating"], row["entrant"]
        notes = [*([say(lang, "report-t-dropped")] if row["dropped"] else []),
                 *([say(lang, "report-t-late-from", round=late[entrant]) if late[entrant]
                    else say(lang, "report-t-late-entry")] if entrant in late else []),
                 *([say(lang, "report-t-house-player-bot", bot=house[entrant])] if house.get(entrant) else [])]
        body.append([e(row["rank"]), e(row["name"]), number(row["points"]),
                     *[number(row["tie_breaks"][k]) for k in keys],
                     (f"{number(rating['ordinal'])} <span class='muted'>(μ {number(rating['mu'])}, "
                      f"σ {number(rating['sigma'])})</span>"), e(row["tables_played"]),
                     e(byes.get(entrant, row.get("byes", 0))), e("; ".join(notes))])
    figures = {0, 2, *range(3, 3 + len(keys)), 3 + len(keys), 4 + len(keys), 5 + len(keys)}
    return _grid(heads, body, row_head=1, numeric=tuple(sorted(figures)))


def seat_name(seat: dict, names: dict[int, str], lang: str = "en") -> str:
    if seat.get("entrant") is None:
        return say(lang, "report-t-bot", bot=seat.get("bot") or say(lang, "report-t-server"))
    return names.get(seat["entrant"]) or say(lang, "report-t-entrant-n", n=str(seat["entrant"]))


def _result(table: dict, names: dict[int, str], house: dict[int, str | None], lang: str = "en") -> str:
    result = table["result"]
    if result is None:
        return f"<span class='unk'>{t(lang, 'report-t-still-playing')}</span>"
    if result["annulled"]:
        return f"<span class='bad'>{t(lang, 'report-t-annulled')}</span> {t(lang, 'report-t-no-points')}"
    seats = {str(s["seat"]): s for s in table["seats"]}
    scores, unit = result.get("scores") or {}, word(lang, "report-t-unit-", result.get("score_name") or "score")
    forfeited = {str(s) for s in result.get("forfeited") or []}
    # the server's bot at an entrant's own seat (a no-show, a seat handed over): not the filler
    # bots, nor a house player, whose seats are the bot's from the start
    stand_ins = {str(s) for s in result.get("stand_ins") or []
                 if str(s) in seats and seats[str(s)].get("entrant") is not None
                 and not house.get(seats[str(s)]["entrant"])}
    ranked = sorted(result["places"].items(), key=lambda item: (item[1], int(item[0])))
    lines = "".join(f"<li>{ordinal(place, lang)}: "
                    + (e(seat_name(seats[seat], names, lang)) if seat in seats else t(lang, "log-seat", seat=seat))
                    + (f" <span class='muted'>({e(unit)} {number(scores[seat])})</span>" if seat in scores else "")
                    + (f" <span class='bad tag'>{t(lang, 'report-t-forfeited')}</span>" if seat in forfeited else "")
                    + (f" <span class='unk tag'>{t(lang, 'report-t-played-by-bot')}</span>" if seat in stand_ins else "")
                    + "</li>" for seat, place in ranked)
    return f"<ol class='seats'>{lines}</ol>"


def _seat(seat: dict, names: dict[int, str], house: dict[int, str | None], lang: str = "en") -> str:
    text = e(seat_name(seat, names, lang))
    if seat.get("entrant") is not None and house.get(seat["entrant"]):
        text += f" <span class='muted'>{t(lang, 'report-t-house-player')}</span>"
    if seat.get("no_show") == "bot":  # absent, dropped, or handed to the bot by the organizer
        text += f" <span class='unk tag'>{t(lang, 'report-t-bot-took-over')}</span>"
    elif seat.get("no_show"):
        what = t(lang, "report-t-absent-forfeited") if seat["no_show"] == "forfeit" else e(seat["no_show"])
        text += f" <span class='bad tag'>{what}</span>"
    return text


def _rounds(state: dict, names: dict[int, str], byes: dict[int, dict[int, str]], late: dict[int, int],
            lang: str = "en") -> str:
    if not state["tables"] and not byes:
        return f"<p class='muted'>{t(lang, 'report-t-no-round-seated')}</p>"

    def entrant(n) -> str:
        return names.get(n) or say(lang, "report-t-entrant-n", n=str(n))

    house = {entrant["entrant"]: entrant.get("bot") for entrant in state["entrants"]}
    points = _bye_points(state)
    parts = []
    for round_no in sorted({table["round"] for table in state["tables"]} | set(byes)):
        parts.append(f"<h3>{t(lang, 'report-round', round=round_no)}</h3>")
        joined = names_in_order(entrant(n) for n, r in late.items() if r == round_no)
        if joined:
            parts.append(f"<p>{t(lang, 'report-t-joined-late', names=', '.join(joined))}</p>")
        given = byes.get(round_no) or {}
        sat_out = names_in_order(entrant(n) for n, why in given.items() if why == "bye")
        missed = names_in_order(entrant(n) for n, why in given.items() if why != "bye")
        each = say(lang, "report-t-each-scores", points=number(points)) if points is not None else ""
        if sat_out:
            parts.append(f"<p>{t(lang, 'report-t-sat-out', each=each, names=', '.join(sat_out))}</p>")
        if missed:
            parts.append(f"<p>{t(lang, 'report-t-late-bye', each=each, names=', '.join(missed))}</p>")
        rows = []
        for table in (found for found in state["tables"] if found["round"] == round_no):
            seats = "".join(f"<li value='{e(s['seat'])}'>{_seat(s, names, house, lang)}</li>" for s in table["seats"])
            game = table["game_id"]
            replay = (f"<br><span class='muted'>{t(lang, 'report-t-replay-of', table=str(table['replay_of']))}</span>"
                      if table.get("replay_of") else "")
            query = f"?lang={e(lang)}" if lang != "en" else ""
            rows.append([f"{e(table['table'])}{replay}",
                         (f"<code>{e(game)}</code><br><a href='/v1/games/{e(game)}/report{query}'>"
                          f"{t(lang, 'report-t-games-report')}</a>"),
                         f"<ol class='seats'>{seats}</ol>", e(word(lang, "report-t-status-", table["status"])),
                         _result(table, names, house, lang)])
        if rows:
            parts.append(_grid([say(lang, h) for h in ("report-t-table", "report-t-game", "report-t-seats",
                                                        "report-t-status-head", "report-result")],
                               rows, numeric=(0,)))
    return "".join(parts)


def _bye_points(state: dict) -> float | None:
    rule = state.get("scoring")
    if isinstance(rule, dict) and rule.get("bye_points") is not None:
        return float(rule["bye_points"])
    return None


def tournament_rulings(record: list[dict], names: dict[int, str], no_show: str | None = None,
                       lang: str = "en") -> list[dict]:
    """The tournament's own decisions that change who plays or what counts: drops,
    reinstatements, no-shows, late entries' byes and amended table results,
    `[{version, text, reason}]`, read from its record (`no_show`: the tournament's policy, to
    tell it from the organizer's handing a seat to the bot)."""
    found = []
    for event in record:
        p, kind = event["payload"], event["type"]
        who = str(names.get(p.get("entrant"), p.get("entrant")))

        def said(msg_id: str, who: str = who, **params) -> str:
            return say(lang, msg_id, who=who, **params)
        if kind == "entrant_dropped":
            found.append({"version": event["version"], "reason": p.get("reason") or None,
                          "text": said("report-t-dropped-by-organizer" if p.get("by") == "organizer"
                                       else "report-t-dropped-themselves")})
        elif kind == "entrant_reinstated":
            found.append({"version": event["version"], "reason": p.get("reason") or None,
                          "text": said("report-t-reinstated")})
        elif kind == "entrant_no_show":
            why = say(lang, "report-t-why-no-show-rule" if p["policy"] == no_show else "report-t-why-handed-to-bot")
            found.append({"version": event["version"], "reason": p.get("reason") or why,
                          "text": said("report-t-no-show", seat=str(p["seat"]), round=p["round"], table=str(p["table"]),
                                       policy="bot" if p["policy"] == "bot" else "forfeit")})
        elif kind == "entrant_registered" and p.get("late"):
            found.append({"version": event["version"], "reason": say(lang, "report-t-why-late-entry"),
                          "text": said("report-t-registered-late")})
        elif kind == "bye_given":
            why = say(lang, "report-t-why-late-entry" if p.get("reason") == "late_entry" else "report-t-why-bye")
            found.append({"version": event["version"], "reason": why,
                          "text": said("report-t-bye-scored", points=number(p.get("points")), round=p["round"])})
        elif kind == "table_replayed":
            found.append({"version": event["version"], "reason": say(lang, "report-t-why-replayed"),
                          "text": said("report-t-replayed", round=p["round"], table=str(p["replay_of"]),
                                       new=str(p["table"]), game=p["game_id"])})
        elif kind == "table_result_amended":
            found.append({"version": event["version"], "reason": say(lang, "report-t-why-table-ruling"),
                          "text": said("report-t-table-amended", round=p["round"], table=str(p["table"]),
                                       what="annulled" if p.get("annulled") else "amended", game=p["game_id"],
                                       version=str(p["version"]))})
    return found


def announcements(state: dict, record: list[dict]) -> list[dict]:
    """The organizer's announcements, `[{version, text, at}]`: the state's, else the record's."""
    if "announcements" in state:
        return list(state["announcements"])
    return [{"version": event["version"], "text": event["payload"].get("text", ""),
             "at": event.get("recorded_at")} for event in record if event["type"] == "announced"]


def _rulings_table(rulings: list[dict], lang: str = "en") -> str:
    return _grid([say(lang, h) for h in ("report-event", "report-ruling", "report-reason")],
                 [[e(r["version"]), e(r["text"]), e(r.get("reason") or "—")] for r in rulings], numeric=(0,))


def _disputes_table(disputes: list[dict], by, lang: str = "en") -> str:
    rows = []
    for d in disputes:
        answer = d.get("resolution") or {}
        kinds = ", ".join(_ruling_kind(r) for r in answer.get("rulings") or [])
        said = e(_words(answer, lang) if answer else "")
        said += f" <span class='muted'>{t(lang, 'report-t-rulings-kinds', kinds=kinds)}</span>" if kinds else ""
        rows.append([e(d["dispute"]), e(by(d)), e(d["about"]), e(_words(d, lang)),
                     e(word(lang, "report-t-dispute-", d["state"])), said])
    return _grid([say(lang, h) for h in ("report-dispute", "report-filed-by", "report-about-event", "report-claim",
                                          "report-decision", "report-t-answer")], rows, numeric=(0, 2))


def _words(held: dict, lang: str = "en") -> str:
    """A dispute's (or an answer's) text, or what stands for it where the reader may not read it."""
    return held["text"] if held.get("text") is not None else say(lang, "report-dispute-private")


def _ruling_kind(ruling) -> str:
    return ruling.get("kind", "ruling") if isinstance(ruling, dict) else str(ruling)


def _rulings_and_disputes(state, names, games, rulings, record, lang: str = "en") -> str:
    parts = []
    own, filed = tournament_rulings(record, names, state.get("no_show"), lang), state.get("disputes") or []
    told = announcements(state, record)
    if own or filed or told:
        parts.append(f"<h3>{t(lang, 'report-t-the-tournament')}</h3>")
        if told:
            parts.append(f"<p><b>{t(lang, 'report-t-announcements')}</b></p>" + _grid(
                [say(lang, h) for h in ("report-event", "report-t-announced", "report-t-when")],
                [[e(a["version"]), e(a["text"]), e(a["at"])] for a in told], numeric=(0,)))
        if own:
            parts.append(_rulings_table(own, lang))
        if filed:
            parts.append(_disputes_table(filed, lambda d: names.get(d["entrant"])
                                         or say(lang, "report-t-entrant-n", n=str(d["entrant"])), lang))
    for table in state["tables"]:
        game, said = games.get(table["game_id"]), rulings.get(table["game_id"]) or []
        disputes = (game or {}).get("disputes") or []
        if not (said or disputes):
            continue
        seats = {s["seat"]: s for s in table["seats"]}
        parts.append(f"<h3>{t(lang, 'report-t-round-table', round=table['round'], table=str(table['table']))} "
                     f"<span class='muted'>{t(lang, 'report-t-game-events-open')}<code>{e(table['game_id'])}</code>"
                     f"{t(lang, 'report-t-game-events-close')}</span></h3>")
        if said:
            parts.append(_rulings_table(said, lang))
        if disputes:
            parts.append(_disputes_table(disputes, lambda d, seats=seats: seat_name(seats[d["seat"]], names, lang)
                                         if d.get("seat") in seats else say(lang, "log-seat", seat=str(d.get("seat"))),
                                         lang))
    return "".join(parts) or f"<p class='muted'>{t(lang, 'report-t-no-rulings-anywhere')}</p>"
