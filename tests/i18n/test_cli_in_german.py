"""`bootleggers --help` in German (service/cli/help_words.py): every command's and option's help
and click's own words from cli.ftl with `--lang de` or LANG=de_DE.UTF-8; English exactly as
the code writes it, and English again after a German help in the same process."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from service import i18n
from service.cli import main
from service.cli import help_words

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = [path for path, _ in help_words.walk(main)]
GERMAN_ENV = {"LANG": "de_DE.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
ENGLISH_ENV = {"LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}


def flat(text: str) -> str:
    """Without any white space: click wraps lines where it likes."""
    return re.sub(r"\s+", "", text)


def helped(path: tuple[str, ...]) -> list[tuple[str, str]]:
    """(id, English) of the command at `path` and of its options."""
    return [(msg_id, text) for msg_id, text in help_words.english_texts(main)
            if msg_id == help_words.msg_id(path) or msg_id.startswith(help_words.msg_id(path) + "--")]


def test_the_english_entries_are_the_codes_words():
    """cli.ftl's English help is what the docstrings and `help=` say (else the German would be
    translated from words the command no longer prints)."""
    texts = list(help_words.english_texts(main))
    assert len(texts) > 100
    for msg_id, english in texts:
        assert i18n.text("en", msg_id) == english, msg_id
        assert i18n.has_message(msg_id, "de") and i18n.text("de", msg_id) != english, msg_id


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "bootleggers")
def test_every_commands_help_reads_in_german(path):
    runner = CliRunner()
    german = runner.invoke(main, ["--lang", "de", *path, "--help"], env=ENGLISH_ENV)
    assert german.exit_code == 0, german.output
    said = flat(german.output)
    assert said.startswith("Aufruf:") and "Optionen:" in said and "DieseHilfezeigenundbeenden." in said
    for msg_id, english in helped(path):
        assert flat(i18n.text("de", msg_id)) in said, msg_id
        assert flat(english) not in said, msg_id
    english = runner.invoke(main, [*path, "--help"], env=ENGLISH_ENV)     # put back: English again
    assert flat(english.output).startswith("Usage:") and "Showthismessageandexit." in flat(english.output)
    for msg_id, text in helped(path):
        assert flat(text) in flat(english.output), msg_id


def run(*args: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(Path(sys.executable).with_name("bootleggers")), *args], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, **env}, timeout=60)


def test_the_environment_chooses_and_english_stays_as_it_was():
    german = run("--help", env=GERMAN_ENV)
    assert german.returncode == 0 and german.stdout.startswith("Aufruf: bootleggers [OPTIONS] COMMAND [ARGS]...")
    assert "Schiedsrichter-Server für das Brettspiel Bootleggers." in german.stdout
    assert "\nBefehle:\n" in german.stdout and "  tournament  Ein Turnier auf einem Server leiten" in german.stdout
    english = run("--help", env=ENGLISH_ENV)
    assert english.stdout.startswith("Usage: bootleggers [OPTIONS] COMMAND [ARGS]...\n\n"
                                     "  Referee server for the board game Bootleggers.\n\nOptions:\n")
    assert "  --help       Show this message and exit.\n\nCommands:\n" in english.stdout
    # --lang wins over the environment, wherever it stands
    assert run("tournament", "seat", "--help", "--lang", "en", env=GERMAN_ENV).stdout.startswith("Usage:")
    assert run("tournament", "seat", "--help", "--lang", "de", env=ENGLISH_ENV).stdout.startswith("Aufruf:")


def test_clicks_usage_errors_read_in_german():
    unknown = run("--lang", "de", "nope", env=ENGLISH_ENV)
    assert unknown.returncode == 2
    assert "Hilfe gibt es mit 'bootleggers --help'." in unknown.stderr
    assert "Fehler: Einen Befehl 'nope' gibt es nicht." in unknown.stderr
    option = run("log", "--bogus", env=GERMAN_ENV)
    assert option.returncode == 2 and "Fehler: Eine Option '--bogus' gibt es nicht." in option.stderr
    assert option.stderr.lstrip().startswith("Aufruf: bootleggers log [OPTIONS] GAME")
    english = run("log", "--bogus", env=ENGLISH_ENV)
    assert "Error: No such option '--bogus'" in english.stderr
    number = run("log", "g1", "--after", "drei", env=GERMAN_ENV)
    assert number.returncode == 2 and "'drei' ist keine gültige Zahl." in number.stderr, number.stderr
    choice = run("bot", "--url", "http://x", "--game", "g", "--token", "t", "--strategy", "klug", env=GERMAN_ENV)
    assert choice.returncode == 2 and "'klug' ist keins von 'random', 'greedy'." in choice.stderr, choice.stderr
    assert "'drei' is not a valid integer." in run("log", "g1", "--after", "drei", env=ENGLISH_ENV).stderr


def test_the_pseudo_locale_wraps_the_help():
    said = CliRunner().invoke(main, ["--lang", "xx", "tournament", "--help"], env=ENGLISH_ENV).output
    assert said.startswith("⟦Usage:") and "⟦Options" in said and "⟦Run a tournament on a server" in said
