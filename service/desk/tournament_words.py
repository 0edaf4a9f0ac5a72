"""What ``bootleggers tournament`` prints, in the reader's language (`cli-t-…` messages in
service/i18n/locales/<lang>/cli.ftl): each table and who sits there, a round's byes, what a
command did, the standings as a plain table and each dispute. Made from the API's answers
(docs/api.md "Tournaments"), never from the tournament kernel."""
from __future__ import annotations

from service.desk.cli import say


#: the statuses of a table and of a dispute the CLI words (`cli-t-status-…`); another as itself
STATUSES = ("playing", "finished", "annulled", "open", "upheld", "rejected")
FAMILIES = {"cli-t-status-": STATUSES}


def status(value) -> str:
    return say(f"cli-t-status-{value}") if value in STATUSES else str(value)


def seat_lines(tables: list[dict], names: dict[int, str]) -> list[str]:
    """One heading per table (its game), then who sits at each seat."""
    lines = []
    for table in tables:
        seats = table.get("seats") or table.get("entrants") or []
        shown = f"  {status(table['status'])}" if table.get("status") else ""
        lines.append(say("cli-t-table-line", table=str(table["table"]), game=table["game_id"], n=len(seats)) + shown)
        for seat in seats:
            if seat.get("entrant") is None:
                who = say("cli-t-server-bot", bot=seat.get("bot") or "bot")
            else:
                who = entrant_words(names, seat["entrant"])
            if seat.get("no_show") == "bot":
                who += say("cli-t-absent-bot")
            elif seat.get("no_show"):
                who += say("cli-t-absent-forfeited")
            lines.append(say("cli-t-seat-line", seat=str(seat["seat"]), who=who))
    return lines


def bye_line(byes: list, names: dict[int, str]) -> str | None:
    """"sitting out with a bye: Ada (entrant 1), ..." for a round's byes (entrant numbers, or
    `{entrant}` objects), None without any."""
    numbers = [b["entrant"] if isinstance(b, dict) else b for b in byes or []]
    if not numbers:
        return None
    return say("cli-t-bye-line", names=", ".join(entrant_words(names, n) for n in numbers))


def entrant_words(names: dict[int, str], entrant: int) -> str:
    return say("cli-t-entrant", name=names.get(entrant, "?"), n=str(entrant))


def event_lines(events: list[dict], names: dict[int, str]) -> list[str]:
    """What a tournament command did, in the organizer's words, one line an event."""
    lines = []
    for event in events:
        kind, p = event["type"], event.get("payload") or {}
        who = entrant_words(names, p["entrant"]) if "entrant" in p else None
        if kind == "entrant_dropped":
            lines.append(say("cli-t-dropped", who=who))
        elif kind == "entrant_reinstated":
            lines.append(say("cli-t-reinstated", who=who))
        elif kind == "entrant_no_show":
            lines.append(say("cli-t-no-show", who=who, seat=str(p["seat"]), round=p["round"], table=str(p["table"]),
                             game=p["game_id"], policy="bot" if p["policy"] == "bot" else "forfeit"))
        elif kind == "bye_given":
            lines.append(say("cli-t-bye-given", who=who, round=p["round"], points=float(p.get("points", 0))))
        elif kind == "announced":
            lines.append(say("cli-t-announced", text=p.get("text", "")))
        elif kind == "dispute_resolved":
            lines.append(say("cli-t-dispute-resolved", dispute=str(p["dispute"]), decision=status(p["decision"]),
                             text=p.get("text", "")))
        else:
            lines.append(say("cli-t-other-event", kind=kind.replace("_", " "), version=str(event.get("version", "?"))))
    return lines


def figure(name: str, value: float) -> str:
    """Shares to three decimals; points as they are (whole or half)."""
    return f"{value:.3f}" if "share" in name else f"{value:g}"


#: the standings' tie-breaks the CLI heads (`cli-t-head-…`)
TIE_BREAKS = ("opponents_points", "score_share")
FAMILIES["cli-t-head-"] = TIE_BREAKS


def standing_lines(rows: list[dict]) -> list[str]:
    """A plain table: rank, name, points, each tie-break, rating (mu ± sigma), tables played."""
    breaks = list(rows[0]["tie_breaks"]) if rows else ["opponents_points", "score_share"]
    heads = [say("cli-t-head-rank"), say("cli-t-head-name"), say("cli-t-head-points"),
             *[say(f"cli-t-head-{b}") if b in TIE_BREAKS else b.replace("_", " ") for b in breaks],
             say("cli-t-head-rating"), say("cli-t-head-tables")]
    body = []
    for row in rows:
        rating = row.get("rating") or {}
        body.append([str(row["rank"]), row["name"] + (say("cli-t-dropped-mark") if row.get("dropped") else ""),
                     f"{row['points']:g}", *[figure(b, row["tie_breaks"].get(b, 0)) for b in breaks],
                     f"{rating.get('mu', 0):.1f} ± {rating.get('sigma', 0):.1f}" if rating else "-",
                     str(row.get("tables_played", 0))])
    widths = [max(len(r[i]) for r in [heads, *body]) for i in range(len(heads))]
    left = {1}  # names read left-aligned, figures right-aligned

    def line(cells):
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))

    return [line(heads), line(["-" * w for w in widths]), *map(line, body)]


def dispute_lines(found: list[dict]) -> list[str]:
    """Each dispute: where (the tournament, or a round's table and its game), who filed it, its
    state and claim, and where to look."""
    lines = []
    for d in found:
        where = (say("cli-t-at-table", round=d["round"], table=str(d["table"]), game=d["game_id"]) if d.get("game_id")
                 else say("cli-t-the-tournament"))
        filer = d.get("filed_by")
        by = say("cli-t-filed-by", who=entrant_words({filer["entrant"]: filer["name"]}, filer["entrant"])) if filer else ""
        lines.append(say("cli-t-dispute-line", dispute=str(d["dispute"]), where=where, state=status(d["state"])))
        lines.append(say("cli-t-filed-line", by=by, version=str(d["version"]), text=d["text"] if d.get("text") is not None else ""))
        lines.append(say("cli-t-look-at", link=d["link"]) + (say("cli-t-in-viewer", viewer=d["viewer"]) if d.get("viewer") else ""))
    return lines
