"""The parts of a tournament's report (service/tournaments/report.py) that are not its story:
the words and the cells every section uses (`t` a message in the reader's language, escaped;
`grid` a table that turns into one block a row on a phone), and the verification section (the
tournament's chain and seed commitment, each table's head hash beside its game's). Pure.
"""
from __future__ import annotations

import hashlib
from html import escape

from events.envelope import first_break
from service.i18n import text as say

#: the standings' tie-breaks (`report-t-tie-<name>`); another is shown by its name
TIE_BREAKS = ("opponents_points", "score_share")
#: words the page shows for values of the tournament's state (`report-t-<family><value>`)
FAMILIES = {"report-t-tie-": TIE_BREAKS, "report-t-status-": ("registering", "running", "finished", "lobby", "playing",
                                                                "annulled"),
            "report-t-dispute-": ("open", "upheld", "rejected"), "report-t-unit-": ("cash", "bankrolls", "coins"),
            "report-t-format-": ("swiss", "fixed"), "report-t-method-": ("beaten", "placement"),
            "report-t-annulled-": ("nothing", "average", "replay")}


def t(lang: str, msg_id: str, **params) -> str:
    """A message in `lang`, escaped for the page."""
    return e(say(lang, msg_id, **params))


def word(lang: str, family: str, value) -> str:
    """A value of the state in the reader's words (as itself when the catalogs do not know it)."""
    return say(lang, family + str(value)) if value in FAMILIES[family] else str(value).replace("_", " ")


def tie_break_name(lang: str, key: str) -> str:
    return word(lang, "report-t-tie-", key) if key in TIE_BREAKS else key.replace("_", " ").capitalize()


def e(value) -> str:
    """Any value as escaped text (numbers, None and names alike)."""
    return escape("" if value is None else str(value))


def number(value) -> str:
    """4.0 as 4, 0.3333333 as 0.333: what a reader compares, not float noise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return e(value)
    rounded = round(float(value), 3)
    return e(int(rounded) if rounded.is_integer() else rounded)


def grid(heads: list[str], rows: list[list[str]], row_head: int | None = None, numeric: tuple = ()) -> str:
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


def _seed(state: dict, lang: str = "en") -> list[list[str]]:
    rng = state["rng"]
    commitment, seed = rng.get("seed_commitment"), rng.get("seed")
    line = [t(lang, "report-t-seed-commitment"), f"<code>{e(commitment)}</code>", ""]
    if not seed:
        return [line, [t(lang, "report-check-name-seed"), f"<span class='muted'>{t(lang, 'report-t-seed-later')}</span>",
                       f"<span class='unk'>{t(lang, 'report-t-not-yet-checkable')}</span>"]]
    try:
        matches = hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment
    except ValueError:
        matches = False
    verdict = (f"<span class='ok'>{t(lang, 'report-t-seed-matches')}</span>" if matches
               else f"<span class='bad'>{t(lang, 'report-t-seed-mismatch')}</span>")
    return [line, [t(lang, "report-t-seed-revealed"), f"<code>{e(seed)}</code>", verdict]]


def _at_event(lang: str, head, version) -> str:
    return f"<code>{e(head)}</code> {t(lang, 'report-t-at-event', version=str(version))}"


def _chain(state: dict, record: list[dict] | None, lang: str = "en") -> list[str]:
    head = _at_event(lang, state.get("head_hash"), state["version"])
    if record is None:
        return [t(lang, "report-t-record"), head, f"<span class='unk'>{t(lang, 'report-check-not-checked')}</span>"]
    broken = first_break(record)
    verdict = (f"<span class='ok'>{t(lang, 'report-check-chain-links', n=len(record))}</span>" if broken is None
               else f"<span class='bad'>{t(lang, 'report-check-chain-breaks', version=str(broken))}</span>")
    return [t(lang, "report-t-record"), head, verdict]


def _heads(state: dict, games: dict[str, dict | None], lang: str = "en") -> str:
    rows = []
    query = f"?lang={e(lang)}" if lang != "en" else ""
    for table in state["tables"]:
        result, game = table["result"], games.get(table["game_id"])
        recorded = (_at_event(lang, result["head_hash"], result["version"]) if result
                    else f"<span class='muted'>{t(lang, 'report-t-no-result-yet')}</span>")
        now = (_at_event(lang, game.get("head_hash"), game.get("version")) if game
               else f"<span class='bad'>{t(lang, 'report-t-game-unreadable')}</span>")
        if result is None or game is None:
            verdict = "<span class='unk'>—</span>" if game else f"<span class='bad'>{t(lang, 'report-t-unreadable')}</span>"
        elif game.get("version") == result["version"]:
            verdict = (f"<span class='ok'>{t(lang, 'report-t-same')}</span>" if game.get("head_hash") == result["head_hash"]
                       else f"<span class='bad'>{t(lang, 'report-t-different')}</span>")
        elif (game.get("version") or 0) > result["version"]:
            verdict = f"<span class='unk'>{t(lang, 'report-t-game-longer', n=game['version'] - result['version'])}</span>"
        else:
            verdict = f"<span class='bad'>{t(lang, 'report-t-game-shorter')}</span>"
        game_id = e(table["game_id"])
        rows.append([e(table["round"]), e(table["table"]),
                     f"<a href='/v1/games/{game_id}/report{query}'><code>{game_id}</code></a>", recorded, now, verdict])
    if not rows:
        return ""
    return (f"<h3>{t(lang, 'report-t-tables')}</h3><p class='muted'>{t(lang, 'report-t-tables-note')}</p>"
            + grid([say(lang, h) for h in ("report-t-round", "report-t-table", "report-t-game", "report-t-recorded",
                                             "report-t-game-now", "report-t-agreement")], rows, numeric=(0, 1)))


def verification(state: dict, games: dict[str, dict | None], record: list[dict] | None, lang: str = "en") -> str:
    return (f"<h3>{t(lang, 'report-t-own-record')}</h3><p class='muted'>{t(lang, 'report-t-own-record-note-1')}"
            "<code>GET /v1/tournaments/{id}/export</code>"
            f"{t(lang, 'report-t-own-record-note-2')}<code>bootleggers verify</code>"
            f"{t(lang, 'report-t-own-record-note-3')}</p>"
            + grid([say(lang, h) for h in ("report-t-what", "report-t-value", "report-check")],
                    [_chain(state, record, lang), *_seed(state, lang)], row_head=0)
            + _heads(state, games, lang))
