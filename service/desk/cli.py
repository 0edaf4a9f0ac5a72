"""``bootleggers log|export|report GAME`` — the organizer's desk from a terminal.

They talk to a running server over HTTP (``--url`` / ``BOOTLEGGERS_URL``, default
http://127.0.0.1:8000) with a bearer token (``--token`` / ``BOOTLEGGERS_TOKEN``; none = a
spectator, who may read the log and, after the end, the report). A refusal prints the
server's problem detail and exits 1. Only the standard library's urllib: nothing to install.

What they print is in the reader's language (``--lang``, else ``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``, else English; service/i18n/locales/<lang>/cli.ftl), and they ask
the server for the same (Accept-Language), so the log, the report and a refusal's detail
come in it too. The help texts stay English.
"""
from __future__ import annotations

import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

import click

from service import i18n

DEFAULT_URL = "http://127.0.0.1:8000"
PAGE = 500
#: where the language comes from when --lang is not given, first set first (as gettext)
LANG_ENV = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
_LANG = "bootleggers.lang"


def _primary(tag: str) -> str:
    return tag.strip().lower().replace("_", "-").split("-")[0].split(".")[0].split("@")[0]


def language_from_env(env=None) -> str:
    """The language the environment asks for: LANGUAGE's list (de:en) first, then the first
    set of LC_ALL, LC_MESSAGES, LANG; C, POSIX or a language we do not have is English."""
    env = os.environ if env is None else env
    for part in (env.get("LANGUAGE") or "").split(":"):
        if _primary(part) in i18n.LANGUAGES:
            return _primary(part)
    for name in LANG_ENV[1:]:
        if env.get(name):
            found = _primary(env[name])
            return found if found in i18n.LANGUAGES or found == i18n.PSEUDO else i18n.DEFAULT
    return i18n.DEFAULT


def language() -> str:
    """This command's language: its --lang (or the group's), else the environment's."""
    ctx = click.get_current_context(silent=True)
    asked = ctx.meta.get(_LANG) if ctx is not None else None
    return asked or language_from_env()


def say(msg_id: str, **params) -> str:
    """A message of cli.ftl in this command's language."""
    return i18n.text(language(), msg_id, **params)


def _remember_lang(ctx: click.Context, _param, value: str | None) -> None:
    if value:
        ctx.meta[_LANG] = i18n.choose(value)


def lang_option(func):
    """`--lang de`: what the command prints (and asks of the server) in that language."""
    return click.option("--lang", metavar="LANG", expose_value=False, is_eager=True, callback=_remember_lang,
                        help="The language of what is printed: en or de (default: LANGUAGE, LC_ALL, LC_MESSAGES, "
                             "LANG; else English).")(func)


def _server(func):
    func = lang_option(func)
    func = click.option("--token", envvar="BOOTLEGGERS_TOKEN", default=None,
                        help="Organizer or player token (env BOOTLEGGERS_TOKEN).")(func)
    return click.option("--url", envvar="BOOTLEGGERS_URL", default=DEFAULT_URL, show_default=True,
                        help="The server (env BOOTLEGGERS_URL).")(func)


def headers(token: str | None) -> dict:
    """The bearer token, and the reader's language for what the server says."""
    return {"Accept-Language": language(), **({"Authorization": f"Bearer {token}"} if token else {})}


def fetch(url: str, token: str | None, path: str, query: dict | None = None) -> bytes:
    target = url.rstrip("/") + path + ("?" + urllib.parse.urlencode(query) if query else "")
    request = urllib.request.Request(target, headers=headers(token))
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
        raise click.ClickException(say("cli-cannot-reach", url=url, reason=str(getattr(down, "reason", down)))) from None


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
    """The heading an entry's text starts with (service/desk/game_log.py), or None: the entry's
    own `heading` (in the text's language), else read from an older server's English text."""
    if "heading" in entry:
        return entry["heading"] or None
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
