"""A problem's `title` and `detail` in the reader's language (service/i18n/locales/*/problems.ftl).

A refusal says what it means as a Message (service/i18n/message.py `Msg`, named `Message` in
service/rules/errors.py): an id and named parameters, nested messages (a speakeasy's name, a
sum of money) rendered first in the same language, lists joined. The rules' RuleViolations and the API's own Problems carry one. A
refusal raised where no Message is given yet (the table, tournament and clock kernels) is
matched by its `code`, and where one code has several sentences by its English detail
(service/api/problem_by_code.py). English without a Message keeps the detail as raised; any
other language without a match keeps it too (the catalog test keeps that case empty).

`code` and every machine-readable field are never touched here.
"""
from __future__ import annotations

from service import i18n
from service.i18n import message as said
from service.rules.errors import Message

from . import problem_by_code
from .problem_by_code import what

__all__ = ["detail", "english", "render", "title", "what"]

#: a title per status ("Conflict" / "Konflikt"); a title no status gives is matched here
TITLE_IDS = {"Record Damaged": "problem-title-record-damaged"}


def render(lang: str, message: Message) -> str:
    """The message in `lang` (else English, else its id: never an exception)."""
    return said.render(lang, message)


def english(message: Message) -> str:
    return said.english(message)


def title(lang: str, status: int, given: str | None, default: str) -> str:
    """The status's title in `lang`; a custom English title through TITLE_IDS."""
    if given and given != default:
        msg_id = TITLE_IDS.get(given)
        return given if msg_id is None else i18n.text(lang, msg_id)
    if i18n.has_message(f"problem-title-{status}"):
        return i18n.text(lang, f"problem-title-{status}")
    return i18n.text(lang, "problem-title-other")


def detail(lang: str, code: str, detail_: str, message: Message | None) -> str:
    """The detail in `lang`: the refusal's own Message, else its code's, else as raised."""
    if message is None and lang != i18n.DEFAULT:
        message = problem_by_code.message(code, detail_)
    if message is None:
        return detail_
    return render(lang, message)

