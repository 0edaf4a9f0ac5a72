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
KINDS = ("game", "tournament")
FAMILIES = {"report-check-name-": NAMES, "cli-verify-what-": NAMES, "cli-verify-kind-": KINDS}

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


def render(lang: str, report) -> str:
    """The verifier's report (service/desk/verification.Report) as `bootleggers verify` prints
    it, in `lang`: English is the verifier's own rendering, word for word."""
    from service.desk import verification   # the verifier is the judge; this only words it

    if lang == "en":
        return verification.render(report)
    kind = text(lang, f"cli-verify-kind-{report.kind}") if report.kind in KINDS else report.kind
    lines = [text(lang, "cli-verify-head", kind=kind, id=str(report.game_id), ruleset=str(report.ruleset),
                  n=report.events)]
    marks = {True: "cli-verify-ok", False: "cli-verify-failed", None: "cli-verify-not-checked"}
    for check in report.checks:
        lines.append(f"  {name(lang, check.name):<9} {text(lang, marks[check.ok])}: "
                     f"{detail(lang, check.name, check.detail)}")
    if report.ok:
        what = [text(lang, f"cli-verify-what-{c.name}") if c.name in NAMES else c.name for c in report.checks]
        lines.append(text(lang, "cli-verify-verified", what=_and(lang, what)))
    elif report.first_bad is not None:
        lines.append(text(lang, "cli-verify-first-bad", version=str(report.first_bad)))
    else:
        lines.append(text(lang, "cli-verify-not-verified"))
    return "\n".join(lines)


def _and(lang: str, parts: list[str]) -> str:
    from service.i18n.message import And, render as told

    return told(lang, And(parts))
