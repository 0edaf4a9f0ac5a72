"""``bootleggers verify``: a finished game's or tournament's record checked offline, and the
report in the reader's language (service/desk/check_words.py) or as JSON."""
from __future__ import annotations

import sys

import click

from service.desk.cli import lang_option, language, say


@click.command()
@click.argument("record", type=click.File("rb"))
@click.option("--receipts", "receipts_file", type=click.File("rb"),
              help="A JSON list of receipts ({version, receipt}) or of the answers that carried them.")
@click.option("--anchor", "anchor_source", metavar="FILE|URL",
              help="The server's published anchor (`bootleggers anchor export`): the record must hold every "
                   "head it anchored of the game (of a tournament: of it and of its tables' games).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@lang_option
def verify(record, receipts_file, anchor_source, as_json: bool) -> None:
    """Check a finished game's or tournament's record offline (docs/verification.md).

    RECORD is what GET /v1/games/{id}/export gives once the game has ended. Checks the hash
    chain, the seed against its commitment, every die and every shuffle, and the receipts.
    A tournament's record (GET /v1/tournaments/{id}/export): its chain and seed, every
    seating re-derived, every table's game verified and its result read again, the names and
    token hashes at its seats, the points and standings, and the receipts (keyed by its seed).
    With --anchor, the record is also held against every head the server anchored of it (of a
    tournament: of it and of every table's game).
    Exits 0 when everything holds, 1 naming the first bad version, 2 when unreadable.
    """
    import json

    from service.desk import anchor_verify, verification
    from service.desk import check_words
    from service.rules.registry import rulesets
    from service.tournaments import record as tournament_record

    try:
        data = json.load(record)
        events = verification.events_of(data)
        kept = verification.receipts_of(json.load(receipts_file)) if receipts_file else None
        anchor = anchor_verify.read_anchor(anchor_source) if anchor_source else None
    except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
        click.echo(say("cli-cannot-read", reason=str(exc)), err=True)
        sys.exit(2)
    if tournament_record.is_tournament_record(data):  # a tournament: its seatings, tables and standings too
        report = tournament_record.verify(data, rulesets().get, kept, anchor)
    else:
        report = verification.verify(events, rulesets().get, kept, anchor)
    click.echo(json.dumps(report.as_dict(), indent=1) if as_json else check_words.render(language(), report))
    sys.exit(0 if report.ok else 1)
