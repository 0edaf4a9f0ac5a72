"""The report of a game (`GET /v1/games/{id}/report`): one self-contained printable HTML page.

No external assets (inline CSS, no scripts, no fonts or images), so it can be mailed, archived
or printed as it is. Sections: the result, a table per round (the ruleset's optional
`report_rounds`, see service/rules/interface.py), every ruling and dispute with its reason,
and the verification of the record (`verify_record`: the offline verifier's checks,
service/desk/verification.py).
Everything is read through the same redaction as the log, for the caller.
"""
from __future__ import annotations

from html import escape

from events.envelope import first_break
from projections.core import CLOCK_EVENTS, empty_state, evolve
from projections.views import view_event
from service.desk import verification
from service.desk.game_log import header, names_of
from service.desk.sentences import sentence

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


def verify_record(events: list[dict], state: dict, ruleset) -> list[dict]:
    """`[{name, ok (True/False/None = not checked), detail}]` for the chain, the seed, the dice
    and the shuffles: the offline verifier's checks (service/desk/verification.py), once the seed
    is out; before that only the chain can be checked."""
    if not state["rng"].get("seed"):
        broken = first_break(events)
        note = "the seed is revealed when the game ends"
        return [{"name": "chain", "ok": broken is None,
                 "detail": f"{len(events)} events, every hash links" if broken is None
                 else f"the chain breaks at event {broken}"},
                *({"name": n, "ok": None, "detail": note} for n in ("seed", "dice", "shuffles"))]
    report = verification.verify(events, lambda _name: ruleset)
    return [{"name": c.name, "ok": c.ok, "detail": c.detail} for c in report.checks]


def render(games, game_id: str, current: dict, viewer: dict) -> str:
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
            shown = view_event(event, viewer, ruleset, finished)
            ending = was != "finished" and state.get("status") == "finished"
            who = names.at(state, ending=ending)
            if ending:
                seen["ended"], seen["end"] = sentence(shown, ruleset, who), shown
            if event["type"] == "seat_forfeited":
                seen["forfeits"][event["payload"]["seat"]] = {"version": event["version"],
                                                              "reason": event["payload"].get("reason")}
            if event["type"] in _DISPUTES:
                _dispute(disputes, shown, who)
            elif ((event.get("actor") or {}).get("kind") == "organizer" and event["type"] not in _NOT_RULINGS
                  and event["payload"].get("reason") != "ruling"):   # a ruling's own bookkeeping
                rulings.append((event["version"], header(state, event, ruleset) + sentence(shown, ruleset, who),
                                shown["payload"].get("reason")))
            yield event, state

    steps = walk()
    rounds = ruleset.report_rounds(steps) if hasattr(ruleset, "report_rounds") else None
    for _ in steps:         # whatever the hook left unread: rulings and disputes come after it
        pass
    state = seen["state"]
    checks = verify_record(stored, state, ruleset)
    result = _result(current, names, seen, ruleset) if finished else None
    return _page(current, names, result, rounds, rulings, disputes, checks)


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


def _and(parts: list[str]) -> str:
    return "nobody" if not parts else parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _winner_name(winner, who, mobs: dict) -> str:
    """A seat by its player's name; a Mob as "the Beer mob (Ada and Dee)"."""
    if isinstance(winner, int) or str(winner).isdigit():
        return who(winner)
    members = [who(int(s)) for s, m in sorted(mobs.items(), key=lambda x: int(x[0])) if m == winner]
    return f"the {str(winner).title()} mob" + (f" ({_and(members)})" if members else "")


def _result(state: dict, names, seen: dict, ruleset) -> dict:
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
    return {"won": [_winner_name(w, who, mobs) for w in won], "ended": seen["ended"],
            "annulled": state.get("annulled"), "amendments": state.get("amendments") or [],
            "forfeited": [(s, seen["forfeits"].get(s, {})) for s in state.get("forfeited") or ()],
            "standings": standings, "mobs": mobs}


def _dispute(disputes: dict, e: dict, who) -> None:
    p = e["payload"]
    key = p.get("dispute") or f"#{e['version']}"
    row = disputes.setdefault(key, {"id": key})
    if e["type"] == "dispute_filed":
        actor = e.get("actor") or {}
        seat = p.get("seat", actor.get("seat"))
        row.update(filed=e["version"], by=who(seat) if seat is not None else "?", about=p.get("about", p.get("version")),
                   text=p.get("text", ""))
    else:
        row.update(decision=p.get("decision"), answer=p.get("text", ""), resolved=e["version"])


def _page(state, who, result, rounds, rulings, disputes, checks) -> str:
    e = escape
    players = ", ".join(f"{s['seat']}. {e(s['name'])}" for s in state["seats"])
    if result is not None:
        shown = _result_html(result, who)
    else:
        shown = f"<p class='unk'>The game is {e(state['status'])} (event {state['version']}); no result yet.</p>"
    out = ["<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
           f"<title>Report — game {e(state['game_id'])}</title><style>{CSS}</style></head><body>",
           f"<h1>{e(state['ruleset'].replace('_', ' ').title())} — game {e(state['game_id'])}</h1>",
           f"<p class='muted'>Created {e(state['created_at'])} · {state['version']} events · "
           f"players: {players}</p>", "<h2>Result</h2>", shown, "<h2>Rounds</h2>", _rounds(rounds, who),
           "<h2>Rulings</h2>", _rulings(rulings), "<h2>Disputes</h2>", _disputes(disputes),
           "<h2>Verification</h2>", _checks(checks), "</body></html>"]
    return "\n".join(out)


def _result_html(r: dict, who) -> str:
    e = escape
    if r["annulled"]:
        why = e(str(r["annulled"].get("reason") or ""))
        head = f"<p><b>Annulled: no winner</b> (event {r['annulled'].get('version')}: {why})</p>"
    elif len(r["won"]) > 1:
        head = f"<p><b>Winners, sharing the win: {e(_and(r['won']))}</b></p>"
    else:
        head = f"<p><b>Winner: {e(_and(r['won']))}</b></p>"
    parts = [head]
    if r["ended"]:
        parts.append(f"<p>{e(r['ended'])}</p>")
    def named(winner) -> str:
        return "nobody" if winner is None else _winner_name(winner, who, r["mobs"])

    for a in r["amendments"]:
        now = "annulled: no winner" if a.get("kind") == "annulled" else f"winner now {named(a.get('winner'))}"
        was = f" (was {named(a['winner_was'])})" if a.get("winner_was") is not None else ""
        parts.append(f"<p>Event {a.get('version')}: the result is amended, {e(now)}{e(was)}. "
                     f"Reason: {e(str(a.get('reason') or ''))}.</p>")
    for seat, f in r["forfeited"]:
        at = f" at event {f['version']}" if f.get("version") else ""
        why = f" ({e(str(f['reason']))})" if f.get("reason") else ""
        parts.append(f"<p class='bad'>{e(who(seat))} forfeited{at}{why}: a forfeited seat cannot win, "
                     "whatever it holds, and is ranked after every seat still in.</p>")
    parts.append(_standings(r, who))
    return "\n".join(parts)


def _standings(r: dict, who) -> str:
    """The final standings: the ruleset's places and scores, each forfeited seat marked."""
    got = r["standings"]
    if not got or not got.get("places"):
        return ""
    name = str(got.get("score_name") or "score").capitalize()
    out = {int(s) for s, _ in r["forfeited"]}
    mobs = r["mobs"]
    rows = []
    for seat, place in sorted(got["places"].items(), key=lambda x: (x[1], int(x[0]))):
        notes = [f"{str(mobs[seat]).title()} mob"] if seat in mobs else []
        if int(seat) in out:
            notes.append("forfeited")
        elif place == 1 and r["won"]:
            notes.append("winner")
        rows.append(f"<tr><td class='n'>{place}</td><td>{escape(who(int(seat)))}</td>"
                    f"<td class='n'>{escape(str((got.get('scores') or {}).get(seat, '')))}</td>"
                    f"<td>{escape(', '.join(notes))}</td></tr>")
    return (f"<table><tr><th>Place</th><th>Seat</th><th>{escape(name)}</th><th>Note</th></tr>"
            + "".join(rows) + "</table>")


def _rounds(rounds, who) -> str:
    if rounds is None:
        return "<p class='muted'>This ruleset keeps no table per round.</p>"
    if not rounds:
        return "<p class='muted'>No round has ended yet.</p>"
    parts = []
    for r in rounds:
        seats = sorted(r["seats"])
        columns = list(next(iter(r["seats"].values())).keys()) if seats else []
        head = "".join(f"<th>{escape(c.replace('_', ' ').capitalize())}</th>" for c in columns)
        body = "".join(f"<tr><td>{escape(who(s))}</td>" + "".join(
            f"<td class='n'>{escape(str(r['seats'][s][c]))}</td>" for c in columns) + "</tr>" for s in seats)
        parts.append(f"<div class='round'><h3>Round {r['round']}</h3><table><tr><th>Seat</th>{head}</tr>"
                     f"{body}</table></div>")
    return "".join(parts)


def _rulings(rulings) -> str:
    if not rulings:
        return "<p class='muted'>No rulings.</p>"
    rows = "".join(f"<tr><td class='n'>{v}</td><td>{escape(text)}</td><td>{escape(reason or '—')}</td></tr>"
                   for v, text, reason in rulings)
    return f"<table><tr><th>Event</th><th>Ruling</th><th>Reason</th></tr>{rows}</table>"


def _disputes(disputes) -> str:
    if not disputes:
        return "<p class='muted'>No disputes.</p>"
    rows = "".join(
        f"<tr><td>{escape(str(d['id']))}</td><td>{escape(str(d.get('by', '?')))}</td>"
        f"<td class='n'>{escape(str(d.get('about', '')))}</td><td>{escape(d.get('text', ''))}</td>"
        f"<td>{escape(d.get('decision') or 'open')}</td><td>{escape(d.get('answer', ''))}</td></tr>"
        for d in disputes.values())
    return ("<table><tr><th>Dispute</th><th>Filed by</th><th>About event</th><th>Claim</th>"
            f"<th>Decision</th><th>Reason</th></tr>{rows}</table>")


def _checks(checks) -> str:
    word = {True: ("ok", "intact"), False: ("bad", "FAILED"), None: ("unk", "not checked")}
    rows = "".join(f"<tr><td>{escape(c['name'])}</td><td class='{word[c['ok']][0]}'>{word[c['ok']][1]}</td>"
                   f"<td>{escape(c['detail'])}</td></tr>" for c in checks)
    return f"<table><tr><th>Check</th><th>Result</th><th>Detail</th></tr>{rows}</table>"
