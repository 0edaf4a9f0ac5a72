"""The report of a game (`GET /v1/games/{id}/report`): one self-contained printable HTML page.

No external assets (inline CSS, no scripts, no fonts or images), so it can be mailed, archived
or printed as it is. Sections: the result, a table per round (the ruleset's optional
`report_rounds`, see service/rules/interface.py), every ruling and dispute with its reason,
and the verification of the record (`verify_record`: the offline verifier's checks,
service/desk/verification.py).
Everything is read through the same redaction as the log, for the caller, and told in the
reader's language (`lang`: service/i18n/locales/<lang>/report.ftl, the log's sentences from
log.ftl); the record it verifies is the same in every language.
"""
from __future__ import annotations

from html import escape

from events.envelope import first_break
from projections.core import CLOCK_EVENTS, empty_state, evolve
from projections.views import view_event
from service.table import dispute_texts
from service.desk import check_words, verification
from service.desk.game_log import header, names_of
from service.desk.sentences import sentence
from service.i18n import text as say
from service.i18n.message import And, Msg, render as told

#: organizer events that are the running of the game, not rulings
_NOT_RULINGS = frozenset({"game_created", "game_started", "said"}) | CLOCK_EVENTS
_DISPUTES = frozenset({"dispute_filed", "dispute_resolved"})

CSS = """
body{font:14px/1.4 Georgia,serif;margin:2em auto;max-width:60em;color:#222}
h1{font-size:1.6em;margin-bottom:.2em}h2{border-bottom:2px solid #6b4f2a;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0 1em}th,td{border:1px solid #999;padding:.2em .6em;text-align:left}
th{background:#efe6d6}td.n{text-align:right}.ok{color:#1a6b1a;font-weight:bold}
.bad{color:#a01010;font-weight:bold}.unk{color:#8a6d00;font-weight:bold}.muted{color:#666}
.round{display:inline-block;vertical-align:top;margin-right:1.5em;page-break-inside:avoid}
@media print{body{margin:0;max-width:none}h2{page-break-after:avoid}}
"""


def verify_record(events: list[dict], state: dict, ruleset, lang: str = "en") -> list[dict]:
    """`[{name, ok (True/False/None = not checked), detail}]` for the chain, the seed, the dice
    and the shuffles: the offline verifier's checks (service/desk/verification.py), once the seed
    is out; before that only the chain can be checked. `ok` never depends on `lang`; `detail`
    is told in it (service/desk/check_words.py)."""
    if not state["rng"].get("seed"):
        broken = first_break(events)
        note = say(lang, "report-check-seed-later")
        return [{"name": "chain", "ok": broken is None,
                 "detail": say(lang, "report-check-chain-links", n=len(events)) if broken is None
                 else say(lang, "report-check-chain-breaks", version=str(broken))},
                *({"name": n, "ok": None, "detail": note} for n in ("seed", "dice", "shuffles"))]
    report = verification.verify(events, lambda _name: ruleset)
    return [{"name": c.name, "ok": c.ok, "detail": check_words.detail(lang, c.name, c.detail)} for c in report.checks]


def render(games, game_id: str, current: dict, viewer: dict, lang: str = "en") -> str:
    ruleset = games.ruleset_for(current["ruleset"])
    names = names_of(current)
    finished = current["status"] == "finished"
    stored = list(games.store.iter_all(game_id))
    seen = {"state": empty_state(), "ended": None, "end": None, "forfeits": {}}
    rulings, disputes = [], {}

    def walk():
        """(event, state after it), read as they come: the state is folded in place."""
        for event in (games.registry.upcast(e) for e in stored):
            was = seen["state"].get("status")
            state = seen["state"] = evolve(seen["state"], event, games.ruleset_for)
            shown = dispute_texts.show(view_event(event, viewer, ruleset, finished), viewer, games.dispute_texts, finished)
            ending = was != "finished" and state.get("status") == "finished"
            who = names.at(state, ending=ending)
            if ending:
                seen["ended"], seen["end"] = told(lang, sentence(shown, ruleset, who)), shown
            if event["type"] == "seat_forfeited":
                seen["forfeits"][event["payload"]["seat"]] = {"version": event["version"],
                                                              "reason": event["payload"].get("reason")}
            if event["type"] in _DISPUTES:
                _dispute(disputes, shown, lambda s: told(lang, who(s)), lang)
            elif ((event.get("actor") or {}).get("kind") == "organizer" and event["type"] not in _NOT_RULINGS
                  and event["payload"].get("reason") != "ruling"):   # a ruling's own bookkeeping
                rulings.append((event["version"], header(state, event, ruleset, lang)
                                + told(lang, sentence(shown, ruleset, who)), shown["payload"].get("reason")))
            yield event, state

    steps = walk()
    rounds = ruleset.report_rounds(steps) if hasattr(ruleset, "report_rounds") else None
    for _ in steps:         # whatever the hook left unread: rulings and disputes come after it
        pass
    state = seen["state"]
    checks = verify_record(stored, state, ruleset, lang)
    result = _result(current, names, seen, ruleset, lang) if finished else None
    return _page(current, names, result, rounds, rulings, disputes, checks, lang)


def winners(state: dict, end: dict | None) -> list:
    """Who won, as the record stands now: nobody in an annulled game; the amended winner after
    a `result_amended`; else the end event's `winners` (a shared win: Prohibition's tied
    Mobsters, Booze Baron's Mobs still level after the tie-breaks) or its single winner. A
    winner is a seat number, or a Mob's name in Booze Baron ("beer")."""
    if state.get("annulled"):
        return []
    if state.get("amendments"):
        return [] if state.get("winner") is None else [state["winner"]]
    shared = ((end or {}).get("payload") or {}).get("winners")
    if isinstance(shared, list) and shared:
        return list(shared)
    return [] if state.get("winner") is None else [state["winner"]]


def _and(lang: str, parts: list[str]) -> str:
    return told(lang, And(parts, empty=Msg("log-nobody")))


def _winner_name(winner, who, mobs: dict, lang: str = "en") -> str:
    """A seat by its player's name; a Mob as "the Beer mob (Ada and Dee)"."""
    if isinstance(winner, int) or str(winner).isdigit():
        return told(lang, who(winner))
    members = [told(lang, who(int(s))) for s, m in sorted(mobs.items(), key=lambda x: int(x[0])) if m == winner]
    mob = told(lang, _mob(winner))
    if members:
        return say(lang, "report-mob-with-members", mob=mob, members=_and(lang, members))
    return say(lang, "report-mob", mob=mob)


def _mob(mob) -> Msg:
    """A Booze Baron Mob by its name in the log's words."""
    known = ("beer", "liquor", "wine")
    return Msg(f"log-bb-mob-{mob}") if mob in known else Msg("log-word", word=str(mob).title())


def _result(state: dict, names, seen: dict, ruleset, lang: str = "en") -> dict:
    """What the Result section shows of a finished game: the winners in words, the end's own
    sentence, every forfeit and amendment, and the final standings (the ruleset's `result`
    hook: places, scores, forfeited seats last)."""
    who, end = names.at(state), seen["end"]
    mobs = ((end or {}).get("payload") or {}).get("mobs") or {}
    won = winners(state, end)
    standings = None
    if hasattr(ruleset, "result"):
        try:
            standings = ruleset.result(state)
        except (KeyError, TypeError, ValueError):
            standings = None     # a state the hook does not know: the page still tells the rest
    return {"won": [_winner_name(w, who, mobs, lang) for w in won], "ended": seen["ended"],
            "annulled": state.get("annulled"), "amendments": state.get("amendments") or [],
            "forfeited": [(s, seen["forfeits"].get(s, {})) for s in state.get("forfeited") or ()],
            "standings": standings, "mobs": mobs}


def _dispute(disputes: dict, e: dict, who, lang: str = "en") -> None:
    p = e["payload"]
    key = p.get("dispute") or f"#{e['version']}"
    row = disputes.setdefault(key, {"id": key})
    if e["type"] == "dispute_filed":
        actor = e.get("actor") or {}
        seat = p.get("seat", actor.get("seat"))
        row.update(filed=e["version"], by=who(seat) if seat is not None else "?", about=p.get("about", p.get("version")),
                   text=_words(p, lang))
    else:
        row.update(decision=p.get("decision"), answer=_words(p, lang), resolved=e["version"])


def _words(p: dict, lang: str = "en") -> str:
    """A dispute's text, or what stands for it where the reader may not read it."""
    return p["text"] if p.get("text") is not None else say(lang, "report-dispute-private")


def _page(state, who, result, rounds, rulings, disputes, checks, lang: str = "en") -> str:
    e = escape

    def t(msg_id: str, **params) -> str:
        return e(say(lang, msg_id, **params))

    players = ", ".join(f"{s['seat']}. {e(s['name'])}" for s in state["seats"])
    if result is not None:
        shown = _result_html(result, who, lang)
    else:
        shown = f"<p class='unk'>{t('report-no-result', status=_status(lang, state['status']), version=str(state['version']))}</p>"
    ruleset = told(lang, Msg(f"log-ruleset-{state['ruleset']}") if state["ruleset"] in RULESETS
                   else Msg("log-word", word=state["ruleset"].replace("_", " ").title()))
    out = [f"<!DOCTYPE html><html lang='{e(lang)}'><head><meta charset='utf-8'>",
           f"<title>{t('report-title', game=state['game_id'])}</title><style>{CSS}</style></head><body>",
           f"<h1>{t('report-heading', ruleset=ruleset, game=state['game_id'])}</h1>",
           f"<p class='muted'>{t('report-facts', created=state['created_at'], events=state['version'])} · "
           f"{t('report-players')} {players}</p>", f"<h2>{t('report-result')}</h2>", shown,
           f"<h2>{t('report-rounds')}</h2>", _rounds(rounds, who, lang),
           f"<h2>{t('report-rulings')}</h2>", _rulings(rulings, lang), f"<h2>{t('report-disputes')}</h2>",
           _disputes(disputes, lang), f"<h2>{t('report-verification')}</h2>", _checks(checks, lang), "</body></html>"]
    return "\n".join(out)


#: the rulesets the log names (`log-ruleset-…`)
RULESETS = ("bootleggers", "prohibition", "booze_baron")
STATUSES = ("lobby", "running", "finished")


def _status(lang: str, status: str) -> str:
    return say(lang, f"report-status-{status}") if status in STATUSES else status


def _result_html(r: dict, who, lang: str = "en") -> str:
    e = escape

    def t(msg_id: str, **params) -> str:
        return e(say(lang, msg_id, **params))

    if r["annulled"]:
        why = str(r["annulled"].get("reason") or "")
        head = f"<p>{t('report-annulled', version=str(r['annulled'].get('version')), reason=why)}</p>"
    elif len(r["won"]) > 1:
        head = f"<p><b>{t('report-winners-shared', winners=_and(lang, r['won']))}</b></p>"
    else:
        head = f"<p><b>{t('report-winner', winner=_and(lang, r['won']))}</b></p>"
    parts = [head]
    if r["ended"]:
        parts.append(f"<p>{e(r['ended'])}</p>")

    def named(winner) -> str:
        return say(lang, "log-nobody") if winner is None else _winner_name(winner, who, r["mobs"], lang)

    for a in r["amendments"]:
        was = named(a["winner_was"]) if a.get("winner_was") is not None else ""
        key = "report-amended-annulled" if a.get("kind") == "annulled" else "report-amended"
        parts.append(f"<p>{t(key, version=str(a.get('version')), winner=named(a.get('winner')), was=was, had='yes' if was else 'no', reason=str(a.get('reason') or ''))}</p>")
    for seat, f in r["forfeited"]:
        at = str(f["version"]) if f.get("version") else ""
        why = str(f["reason"]) if f.get("reason") else ""
        parts.append(f"<p class='bad'>{t('report-forfeited', seat=told(lang, who(seat)), version=at, at='yes' if at else 'no', reason=why, why='yes' if why else 'no')}</p>")
    parts.append(_standings(r, who, lang))
    return "\n".join(parts)


#: the ruleset's `score_name` (service/rules/*/result.py) in the reader's words
SCORES = ("cash", "bankrolls", "coins")


def _standings(r: dict, who, lang: str = "en") -> str:
    """The final standings: the ruleset's places and scores, each forfeited seat marked."""
    got = r["standings"]
    if not got or not got.get("places"):
        return ""
    score = str(got.get("score_name") or "score")
    name = say(lang, f"report-score-{score}") if score in SCORES else score.capitalize()
    out = {int(s) for s, _ in r["forfeited"]}
    mobs = r["mobs"]
    rows = []
    for seat, place in sorted(got["places"].items(), key=lambda x: (x[1], int(x[0]))):
        notes = [say(lang, "report-mob", mob=told(lang, _mob(mobs[seat])))] if seat in mobs else []
        if int(seat) in out:
            notes.append(say(lang, "report-note-forfeited"))
        elif place == 1 and r["won"]:
            notes.append(say(lang, "report-note-winner"))
        rows.append(f"<tr><td class='n'>{place}</td><td>{escape(told(lang, who(int(seat))))}</td>"
                    f"<td class='n'>{escape(str((got.get('scores') or {}).get(seat, '')))}</td>"
                    f"<td>{escape(', '.join(notes))}</td></tr>")
    return (f"<table><tr><th>{escape(say(lang, 'report-place'))}</th><th>{escape(say(lang, 'report-seat'))}</th>"
            f"<th>{escape(name)}</th><th>{escape(say(lang, 'report-note'))}</th></tr>" + "".join(rows) + "</table>")


def _rounds(rounds, who, lang: str = "en") -> str:
    if rounds is None:
        return f"<p class='muted'>{escape(say(lang, 'report-no-round-table'))}</p>"
    if not rounds:
        return f"<p class='muted'>{escape(say(lang, 'report-no-round-yet'))}</p>"
    parts = []
    for r in rounds:
        seats = sorted(r["seats"])
        columns = list(next(iter(r["seats"].values())).keys()) if seats else []
        head = "".join(f"<th>{escape(_column(lang, c))}</th>" for c in columns)
        body = "".join(f"<tr><td>{escape(told(lang, who(s)))}</td>" + "".join(
            f"<td class='n'>{escape(str(r['seats'][s][c]))}</td>" for c in columns) + "</tr>" for s in seats)
        parts.append(f"<div class='round'><h3>{escape(say(lang, 'report-round', round=r['round']))}</h3><table><tr>"
                     f"<th>{escape(say(lang, 'report-seat'))}</th>{head}</tr>{body}</table></div>")
    return "".join(parts)


#: the columns a ruleset's `report_rounds` keeps (service/rules/bootleggers/report.py)
COLUMNS = ("cash", "markers", "crates_sold")


#: the ids made from a value here (tests/i18n finds each in every catalog)
FAMILIES = {"report-status-": STATUSES, "report-score-": SCORES, "report-column-": COLUMNS,
            "log-ruleset-": RULESETS, "log-decision-": ("upheld", "rejected")}


def _column(lang: str, column: str) -> str:
    return say(lang, f"report-column-{column}") if column in COLUMNS else column.replace("_", " ").capitalize()


def _rulings(rulings, lang: str = "en") -> str:
    if not rulings:
        return f"<p class='muted'>{escape(say(lang, 'report-no-rulings'))}</p>"
    rows = "".join(f"<tr><td class='n'>{v}</td><td>{escape(text)}</td><td>{escape(reason or '—')}</td></tr>"
                   for v, text, reason in rulings)
    heads = "".join(f"<th>{escape(say(lang, h))}</th>" for h in ("report-event", "report-ruling", "report-reason"))
    return f"<table><tr>{heads}</tr>{rows}</table>"


def _disputes(disputes, lang: str = "en") -> str:
    if not disputes:
        return f"<p class='muted'>{escape(say(lang, 'report-no-disputes'))}</p>"
    rows = "".join(
        f"<tr><td>{escape(str(d['id']))}</td><td>{escape(str(d.get('by', '?')))}</td>"
        f"<td class='n'>{escape(str(d.get('about', '')))}</td><td>{escape(d.get('text', ''))}</td>"
        f"<td>{escape(_decision(lang, d.get('decision')))}</td><td>{escape(d.get('answer', ''))}</td></tr>"
        for d in disputes.values())
    heads = "".join(f"<th>{escape(say(lang, h))}</th>" for h in (
        "report-dispute", "report-filed-by", "report-about-event", "report-claim", "report-decision", "report-reason"))
    return f"<table><tr>{heads}</tr>{rows}</table>"


def _decision(lang: str, decision) -> str:
    if decision in ("upheld", "rejected"):
        return say(lang, f"log-decision-{decision}")
    return say(lang, "report-open") if not decision else str(decision)


def _checks(checks, lang: str = "en") -> str:
    word = {True: ("ok", "report-check-intact"), False: ("bad", "report-check-failed"),
            None: ("unk", "report-check-not-checked")}
    rows = "".join(f"<tr><td>{escape(check_words.name(lang, c['name']))}</td>"
                   f"<td class='{word[c['ok']][0]}'>{escape(say(lang, word[c['ok']][1]))}</td>"
                   f"<td>{escape(c['detail'])}</td></tr>" for c in checks)
    heads = "".join(f"<th>{escape(say(lang, h))}</th>" for h in ("report-check", "report-check-result", "report-detail"))
    return f"<table><tr>{heads}</tr>{rows}</table>"
