"""``bootleggers`` — the command line: ``serve`` (serve.py, its children and their supervision
in children.py and supervisor.py), ``verify`` (verify.py), ``openapi``, ``bot`` (bot.py), and
the desk's readers ``log``, ``export``, ``report``, ``tournament`` and ``anchor``
(service/desk/cli.py, tournament_cli.py, anchor_cli.py).

What the commands print is in the reader's language: ``--lang`` (on ``bootleggers`` or
on the command), else ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, else English
(service/desk/cli.py; messages in service/i18n/locales/<lang>/cli.ftl), and so is ``--help``
(help_words.py). ``serve``'s log lines are for operators and stay English.
"""

from __future__ import annotations

import sys

import click

from service.desk import anchor_cli, tournament_cli
from service.desk import cli as desk_cli
from service.desk.cli import lang_option

from . import help_words
from .bot import bot
from .children import REPO_ROOT
from .serve import serve
from .verify import verify


@click.group(cls=help_words.HelpGroup)
@lang_option
def main() -> None:
    """Referee server for the board game Bootleggers."""


@main.command()
def openapi() -> None:
    """Regenerate api_spec/openapi.json from the marshmallow schemas."""
    if str(REPO_ROOT) not in sys.path and (REPO_ROOT / "api_spec").is_dir():
        sys.path.insert(0, str(REPO_ROOT))  # api_spec/ lives beside the packages, uninstalled
    from api_spec.generate import main as generate  # lazy: needs the whole app

    result = generate()
    if isinstance(result, int) and result:
        sys.exit(result)


for command in (serve, verify, bot):
    main.add_command(command)
desk_cli.install(main)
tournament_cli.install(main)
anchor_cli.install(main)
help_words.install(main)

#: the help's message ids: one per command and per option (cli.ftl, `cli-help-…`)
FAMILIES = {help_words.PREFIX: [msg_id[len(help_words.PREFIX):] for msg_id, _ in help_words.english_texts(main)]}
