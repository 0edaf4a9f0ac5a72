"""The report of a game (`GET /v1/games/{id}/report`): one self-contained printable HTML page.

No external assets (inline CSS, no scripts, no fonts or images), so it can be mailed, archived
or printed as it is. Sections: the result, a table per round (the ruleset's optional
`report_rounds`, see service/rules/interface.py), every ruling and dispute with its reason,
and the verification of the record (`verify_record`: the offline verifier's checks,
service/verification.py).
Everything is read through the same redaction as the log, for the caller.
"""
from __future__ import annotations

from html import escape

from events.envelope import first_break
from projections.core import CLOCK_EVENTS, empty_state, evolve
from projections.views import view_event
from service import verification
from service.game_log import heading, names_of, position
from service.sentences import sentence

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
    and the shuffles: the offline verifier's checks (service/verification.py), once the seed
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
    who = names_of(current)
    finished = current["status"] == "finished"
    stored = list(games.store.iter_all(game_id))
    seen = {"state": empty_state(), "ended": None}
    rulings, disputes = [], {}

    def walk():
        """(event, state after it), read as they come: the state is folded in place."""
        for event in (games.registry.upcast(e) for e in stored):
            was = seen["state"].get("status")
            state = seen["state"] = evolve(seen["state"], event, games.ruleset_for)
            shown = view_event(event, viewer, ruleset, finished)
            if was != "finished" and state.get("status") == "finished":
                seen["ended"] = sentence(shown, ruleset, who)
            if event["type"] in _DISPUTES:
                _dispute(disputes, shown, who)
            elif ((event.get("actor") or {}).get("kind") == "organizer" and event["type"] not in _NOT_RULINGS
                  and event["payload"].get("reason") != "ruling"):   # a ruling's own bookkeeping
                rulings.append((event["version"], heading(*position(state, event, ruleset)) + sentence(shown, ruleset, who),
                                shown["payload"].get("reason")))
            yield event, state

    steps = walk()
    rounds = ruleset.report_rounds(steps) if hasattr(ruleset, "report_rounds") else None
    for _ in steps:         # whatever the hook left unread: rulings and disputes come after it
        pass
    state, ended = seen["state"], seen["ended"]
    checks = verify_record(stored, state, ruleset)
    return _page(current, who, ended, rounds, rulings, disputes, checks)


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


def _page(state, who, ended, rounds, rulings, disputes, checks) -> str:
    e = escape
    players = ", ".join(f"{s['seat']}. {e(s['name'])}" for s in state["seats"])
    winner = state.get("winner")
    if state["status"] == "finished":
        result = f"<p><b>Winner: {e(who(winner)) if winner is not None else 'nobody'}</b></p>"
        result += f"<p>{e(ended)}</p>" if ended else ""
    else:
        result = f"<p class='unk'>The game is {e(state['status'])} (event {state['version']}); no result yet.</p>"
    out = ["<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
           f"<title>Report — game {e(state['game_id'])}</title><style>{CSS}</style></head><body>",
           f"<h1>{e(state['ruleset'].replace('_', ' ').title())} — game {e(state['game_id'])}</h1>",
           f"<p class='muted'>Created {e(state['created_at'])} · {state['version']} events · "
           f"players: {players}</p>", "<h2>Result</h2>", result, "<h2>Rounds</h2>", _rounds(rounds, who),
           "<h2>Rulings</h2>", _rulings(rulings), "<h2>Disputes</h2>", _disputes(disputes),
           "<h2>Verification</h2>", _checks(checks), "</body></html>"]
    return "\n".join(out)


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
