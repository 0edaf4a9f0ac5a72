"""`bootleggers --help` in the reader's language: the commands' and options' help, and click's
own words (Usage, Options, Commands, its usage errors), from cli.ftl.

English stays what the code says (the docstrings and `help=` as written, click's words as
click writes them): for English nothing here changes a byte. For another language:

- each command's help is `cli-help-bootleggers[-<command>…]` and each option's
  `cli-help-bootleggers[-<command>…]--<option>`; they are put in place while the help is
  formatted (`HelpContext.get_help`) and the English put back after, so an in-process runner
  sees English again;
- click asks `gettext` for its own words; its modules' `_` and `ngettext` are bound here to
  functions that look those words up in `CLICK` (a word not there stays click's English);
- the language is the command's `--lang` (wherever it stands on the line, also after
  `--help`), else the environment's (service/desk/cli.py `language_from_env`).

tests/i18n/test_cli_in_german.py checks that every command and option has its German and
that the English entries are the code's words.
"""
from __future__ import annotations

import contextlib
import contextvars
import inspect
import string
import sys
from collections.abc import Iterator

import click

from service import i18n
from service.desk import cli as desk_cli

PREFIX = "cli-help-"
ROOT = "bootleggers"

#: click's own words (its gettext message ids) -> our message id
CLICK = {
    "Usage:": "cli-click-usage",
    "Options": "cli-click-options",
    "Commands": "cli-click-commands",
    "Show this message and exit.": "cli-click-help-option",   # HELP_OPTION
    "default: {default}": "cli-click-default",
    "env var: {var}": "cli-click-env-var",
    "required": "cli-click-required",
    "Error: {message}": "cli-click-error",
    "Try '{command} {option}' for help.": "cli-click-try-help",
    "Missing argument": "cli-click-missing-argument",
    "Missing option": "cli-click-missing-option",
    "Missing parameter": "cli-click-missing-parameter",
    "Missing command.": "cli-click-missing-command",
    "No such option {name!r}.": "cli-click-no-such-option",
    "No such command {name!r}.": "cli-click-no-such-command",
    "Invalid value for {param_hint}: {message}": "cli-click-invalid-value-for",
    "Invalid value: {message}": "cli-click-invalid-value",
    "Aborted!": "cli-click-aborted",
    "{value!r} is not a valid {number_type}.": "cli-click-not-a-number",
    "{value} is not in the range {range}.": "cli-click-not-in-range",
}
#: click's words with a plural (ngettext's singular) -> our message id, which selects on $n
CLICK_PLURAL = {
    "Got unexpected extra argument ({args})": "cli-click-extra-arguments",
    "Did you mean {possibility}?": "cli-click-did-you-mean",
    "Option {name!r} requires an argument.": "cli-click-option-needs-arguments",
    "{value!r} is not {choice}.": "cli-click-not-a-choice",
}
#: click's modules that ask gettext
CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "types", "termui")

_ASKED: contextvars.ContextVar[str | None] = contextvars.ContextVar("bootleggers_cli_lang", default=None)


def language() -> str:
    """The language of the help: --lang (parsed, or seen on the command line), else the environment's."""
    ctx = click.get_current_context(silent=True)
    asked = ctx.meta.get(desk_cli._LANG) if ctx is not None else None
    return asked or _ASKED.get() or desk_cli.language_from_env()


def asked_on_line(args: list[str]) -> str | None:
    """A `--lang X` or `--lang=X` anywhere before `--`: help and click's errors may come before
    click has read it (`--help --lang de`, an unknown option)."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            return i18n.choose(args[i + 1])
        if arg.startswith("--lang="):
            return i18n.choose(arg.partition("=")[2])
    return None


def _holes(template: str) -> dict[str, str]:
    """"No such option {name!r}." -> {"name": "{name!r}"}: the catalog keeps click's holes."""
    holes = {}
    for _, field, spec, conversion in string.Formatter().parse(template):
        if field:
            holes[field] = "{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
    return holes


def gettext(message: str) -> str:
    msg_id, lang = CLICK.get(message), language()
    if msg_id is None or lang == i18n.DEFAULT:
        return message
    return i18n.text(lang, msg_id, **_holes(message))


def ngettext(singular: str, plural: str, n: int) -> str:
    msg_id, lang = CLICK_PLURAL.get(singular), language()
    if msg_id is None or lang == i18n.DEFAULT:
        return singular if n == 1 else plural
    return i18n.text(lang, msg_id, n=n, **{**_holes(singular), **_holes(plural)})  # (holes both forms share, once)


def msg_id(path: tuple[str, ...], option: str | None = None) -> str:
    return PREFIX + "-".join((ROOT, *path)) + (f"--{option}" if option else "")


def english_texts(root: click.Command) -> Iterator[tuple[str, str]]:
    """(message id, the English help as click shows it) of every command and option."""
    for path, command in walk(root):
        if command.help:
            yield msg_id(path), inspect.cleandoc(command.help)
        for param in command.params:
            if isinstance(param, click.Option) and param.help:
                yield msg_id(path, param.name), param.help


def walk(command: click.Command, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    yield path, command
    if isinstance(command, click.Group):
        for name, sub in sorted(command.commands.items()):
            yield from walk(sub, (*path, name))


def _path(ctx: click.Context) -> tuple[str, ...]:
    names = []
    while ctx.parent is not None:
        names.append(ctx.info_name)
        ctx = ctx.parent
    return tuple(reversed(names))


@contextlib.contextmanager
def _worded(command: click.Command, path: tuple[str, ...], lang: str) -> Iterator[None]:
    """The command's, its options' and its subcommands' help in `lang` for a while."""
    put_back = []

    def swap(owner, attr: str, msg: str) -> None:
        if getattr(owner, attr) and i18n.has_message(msg, lang):
            put_back.append((owner, attr, getattr(owner, attr)))
            setattr(owner, attr, i18n.text(lang, msg))

    swap(command, "help", msg_id(path))
    for param in command.params:
        if isinstance(param, click.Option):
            swap(param, "help", msg_id(path, param.name))
    for name, sub in getattr(command, "commands", {}).items():
        swap(sub, "help", msg_id((*path, name)))
    try:
        yield
    finally:
        for owner, attr, value in reversed(put_back):
            setattr(owner, attr, value)


#: click's own help option's words: click makes that option once per command and keeps it,
#: so its help is set again for each help asked
HELP_OPTION = "Show this message and exit."


class HelpContext(click.Context):
    """A context whose help reads in the command's language."""

    def get_help(self) -> str:
        lang = language()
        option = self.command.get_help_option(self)
        if option is not None:
            option.help = gettext(HELP_OPTION)
        if lang == i18n.DEFAULT:
            return super().get_help()
        with _worded(self.command, _path(self), lang):
            return super().get_help()


class HelpGroup(click.Group):
    """The root group: reads `--lang` off the line first, so that help and errors that come
    before click reads it are in that language too."""

    def main(self, args=None, *rest, **kwargs):
        line = list(sys.argv[1:] if args is None else args)
        token = _ASKED.set(asked_on_line(line))
        try:
            return super().main(line, *rest, **kwargs)
        finally:
            _ASKED.reset(token)


def install(root: click.Command) -> None:
    """Every command's context formats its help in its language; click's words from the catalog."""
    for _, command in walk(root):
        command.context_class = HelpContext
    for name in CLICK_MODULES:
        module = sys.modules.get(f"click.{name}")
        if module is None:
            continue
        if hasattr(module, "_"):
            module._ = gettext
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext

