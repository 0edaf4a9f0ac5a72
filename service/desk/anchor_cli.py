"""`bootleggers anchor export`: publish the server's anchor (service/streams/anchor_log.py).

Run where the server runs (its `ARCHIVE_URL` and server key): it reads the anchor's log from the
archive store, checks each batch's link and seal, and prints the log as JSON, which anyone can
then hold a game's record against (`bootleggers verify RECORD --anchor FILE|URL`,
docs/verification.md "The anchor"). Publish it where others keep copies: a log cut or changed
after that no longer links to what they hold.
"""
from __future__ import annotations

import json
import sys

import click


@click.group("anchor")
def anchor_group() -> None:
    """The heads of the games and tournaments anchored outside Redis (docs/verification.md)."""


@anchor_group.command("export")
@click.option("--archive", "archive", envvar="ARCHIVE_URL", default=None,
              help="The archive store (file:///dir or s3://bucket/prefix; env ARCHIVE_URL; default var/archive).")
@click.option("--from", "first", type=int, default=1, show_default=True, help="The first batch.")
@click.option("--to", "last", type=int, default=None, help="The last batch (default: the latest).")
def export_command(archive: str | None, first: int, last: int | None) -> None:
    """Print the anchor's log (JSON). `> anchor.json`"""
    from service.runtime.archive import ArchiveError, open_archive, archive_url
    from service.runtime.secret_key import SecretKeyError, ServerKey
    from service.streams.anchor_log import AnchorBroken, AnchorLog

    try:
        store = open_archive(archive or archive_url())
        log = AnchorLog(None, lambda: store, ServerKey())
        doc = log.export(first, last)
    except (AnchorBroken, ArchiveError, SecretKeyError) as exc:
        raise click.ClickException(str(exc)) from None
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n")


def install(group: click.Group) -> None:
    group.add_command(anchor_group)
