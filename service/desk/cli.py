"""``bootleggers log|export|report GAME`` — the organizer's desk from a terminal.

They talk to a running server over HTTP (``--url`` / ``BOOTLEGGERS_URL``, default
http://127.0.0.1:8000) with a bearer token (``--token`` / ``BOOTLEGGERS_TOKEN``; none = a
spectator, who may read the log and, after the end, the report). A refusal prints the
server's problem detail and exits 1. Only the standard library's urllib: nothing to install.
"""
from __future__ import annotations

import json
import sys
import urllib.error
import urllib.parse
import urllib.request

import click

DEFAULT_URL = "http://127.0.0.1:8000"
PAGE = 500


def _server(func):
    func = click.option("--token", envvar="BOOTLEGGERS_TOKEN", default=None,
                        help="Organizer or player token (env BOOTLEGGERS_TOKEN).")(func)
    return click.option("--url", envvar="BOOTLEGGERS_URL", default=DEFAULT_URL, show_default=True,
                        help="The server (env BOOTLEGGERS_URL).")(func)


def fetch(url: str, token: str | None, path: str, query: dict | None = None) -> bytes:
    target = url.rstrip("/") + path + ("?" + urllib.parse.urlencode(query) if query else "")
    request = urllib.request.Request(target, headers={"Authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.read()
    except urllib.error.HTTPError as refused:
        try:
            detail = json.loads(refused.read()).get("detail") or refused.reason
        except ValueError:
            detail = refused.reason
        raise click.ClickException(f"{refused.code}: {detail}") from None
    except (urllib.error.URLError, OSError) as down:
        raise click.ClickException(f"cannot reach {url}: {getattr(down, 'reason', down)}") from None


def log_lines(entries: list[dict], last: str | None = None):
    """Entries grouped under their heading ("Setup", "Round 3, Phase 1", "Round 12, game
    over"): a heading line when it changes, then one line each. Lobby entries have none."""
    for e in entries:
        group, text = _heading(e), e["text"]
        if group is not None:
            text = text[len(group) + 2:]
            if group != last:
                yield f"\n{group}"
        elif last is not None:
            yield ""
        last = group
        yield f"  {e['version']:>5}  {text}"


def _heading(entry: dict) -> str | None:
    """The heading an entry's text starts with (service/desk/game_log.py), or None."""
    head, sep, _ = entry["text"].partition(": ")
    if sep and (entry.get("round") is not None or head == "Game over"):
        return head
    return None


@click.command("log")
@click.argument("game")
@_server
@click.option("--after", type=int, default=0, help="Start after this event version.")
@click.option("--json", "as_json", is_flag=True, help="One JSON entry per line instead of text.")
def log_command(game: str, url: str, token: str | None, after: int, as_json: bool) -> None:
    """The game as sentences, as the token's holder may read it."""
    last = None
    while True:
        page = json.loads(fetch(url, token, f"/v1/games/{game}/log", {"after": after, "limit": PAGE}))
        entries = page["entries"]
        if not entries:
            return
        if as_json:
            for e in entries:
                click.echo(json.dumps(e, ensure_ascii=False))
        else:
            for line in log_lines(entries, last):
                click.echo(line)
            last = _heading(entries[-1])
        after = page["next_after"]


@click.command("export")
@click.argument("game")
@_server
def export_command(game: str, url: str, token: str | None) -> None:
    """The game's record (JSON; the organizer's token). `> record.json`"""
    sys.stdout.buffer.write(fetch(url, token, f"/v1/games/{game}/export"))


@click.command("report")
@click.argument("game")
@_server
def report_command(game: str, url: str, token: str | None) -> None:
    """The game's printable HTML report. `> report.html`"""
    sys.stdout.buffer.write(fetch(url, token, f"/v1/games/{game}/report"))


def install(group: click.Group) -> None:
    for command in (log_command, export_command, report_command):
        group.add_command(command)
