"""The offline verifier's checks in the reader's language, for the report and the CLI.

The verifier (service/desk/verification.py) is the record's judge and speaks English: its
`Check(name, ok, detail)` is what `bootleggers verify --json` prints and never changes with a
reader. Here a check's name and its detail are told again in `lang` (report.ftl,
`report-check-…`): a detail the verifier words in one of the shapes below is re-worded with
its figures; any other (a failure this table does not know, a later wording) is shown as the
verifier gave it. `ok` is never touched, so a report verifies the same in every language.
"""
from __future__ import annotations

import re

from service.i18n import text

#: the checks the reports show (`report-check-name-<name>`); another is shown by its name
NAMES = ("chain", "seed", "dice", "shuffles", "receipts", "anchor", "seatings", "tables", "standings")
FAMILIES = {"report-check-name-": NAMES}

#: (the verifier's words as a pattern, the message that says them again); groups are params
SHAPES: tuple[tuple[re.Pattern, str], ...] = tuple((re.compile(pattern + r"\Z"), msg_id) for pattern, msg_id in (
    (r"(?P<n>\d+) events, each linked to the one before; head (?P<head>\S+)", "report-check-chain-ok"),
    (r"the chain breaks at event (?P<version>\d+): its version, prev_hash or hash is not what the events "
     r"before it give", "report-check-chain-broken"),
    (r"the seed of event (?P<version>\d+) matches the commitment of event 1", "report-check-seed-ok"),
    (r"a scripted game: no seed was committed; dice and deck orders come from the organizer's script in "
     r"event 1", "report-check-seed-scripted"),
    (r"the record does not reveal the seed \(the game has not ended, or the record is cut after event "
     r"(?P<version>\d+)\)", "report-check-seed-missing"),
    (r"the seed revealed in event (?P<version>\d+) does not match the commitment of event 1 \(SHA-256 of the "
     r"seed\)", "report-check-seed-wrong"),
    (r"(?P<n>\d+) dice in (?P<rolls>\d+) rolls, each the seed's", "report-check-dice-ok"),
    (r"(?P<n>\d+) dice, the first (?P<used>\d+) of the script's (?P<script>\d+)", "report-check-dice-scripted"),
    (r"event (?P<version>\d+) records dice that the revealed seed does not give", "report-check-dice-wrong"),
    (r"no deck was shuffled", "report-check-shuffles-none"),
    (r"(?P<n>\d+) shuffles, each as scripted", "report-check-shuffles-scripted"),
    (r"(?P<n>\d+) shuffles, each the seed's shuffle of the deck's starting order", "report-check-shuffles-ok"),
    (r"this ruleset publishes no starting orders: its shuffles cannot be checked", "report-check-shuffles-unknown"),
    (r"this game has no seed, so its answers carried no receipts to check", "report-check-receipts-none"),
    (r"(?P<n>\d+) receipts, each matching the record", "report-check-receipts-ok"),
))


def name(lang: str, check: str) -> str:
    return text(lang, f"report-check-name-{check}") if check in NAMES else check


def detail(lang: str, check: str, said: str) -> str:
    """`said` (the verifier's English detail of `check`) in `lang`, else as it was said."""
    for pattern, msg_id in SHAPES:
        found = pattern.match(said)
        if found:
            params = {k: int(v) if k in ("n", "rolls") else v for k, v in found.groupdict().items()}
            return text(lang, msg_id, **params)
    return said
