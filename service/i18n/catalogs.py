"""The catalogs: one Fluent bundle per language, loaded once from locales/<lang>/*.ftl.

Each domain (log, problems, report, cli, …) is its own .ftl file so that the people who write
them do not edit the same file; message ids are global, so a domain prefixes its ids
(`log-…`, `problem-…`). A message missing in a language falls back to English; a message
missing in English is a bug the catalog test finds (tests/i18n), and reads as its id here
rather than failing a request.
"""
from __future__ import annotations

import functools
from pathlib import Path

from fluent.runtime import FluentBundle, FluentResource

LOCALES = Path(__file__).with_name("locales")
DEFAULT = "en"
PSEUDO = "xx"
#: the languages a reader may choose (the pseudo-locale is for tests, not listed)
LANGUAGES = ("en", "de")


class Catalog:
    """One language's messages; `text` formats one with named parameters."""

    def __init__(self, lang: str):
        self.lang = lang
        self.bundle = FluentBundle([_cldr(lang)], use_isolating=False)
        for path in sorted((LOCALES / (DEFAULT if lang == PSEUDO else lang)).glob("*.ftl")):
            self.bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))

    def has(self, msg_id: str) -> bool:
        return self.bundle.has_message(msg_id)

    def ids(self) -> set[str]:
        return set(self.bundle._messages)  # fluent.runtime keeps no public listing

    def text(self, msg_id: str, params: dict | None = None) -> str | None:
        if not self.bundle.has_message(msg_id):
            return None
        attribute = None
        if "." in msg_id:
            msg_id, attribute = msg_id.split(".", 1)
        message = self.bundle.get_message(msg_id)
        pattern = message.attributes[attribute] if attribute else message.value
        value, _errors = self.bundle.format_pattern(pattern, params or {})
        return _pseudo(value) if self.lang == PSEUDO else value


@functools.cache
def catalog(lang: str) -> Catalog:
    return Catalog(lang if lang in LANGUAGES or lang == PSEUDO else DEFAULT)


def text(lang: str, msg_id: str, **params) -> str:
    """The message in `lang`, else in English, else its id (never an exception)."""
    found = catalog(lang).text(msg_id, params)
    if found is None and lang != DEFAULT:
        found = catalog(DEFAULT).text(msg_id, params)
    return msg_id if found is None else found


def has_message(msg_id: str, lang: str = DEFAULT) -> bool:
    return catalog(lang).has(msg_id)


def message_ids(lang: str = DEFAULT) -> set[str]:
    return catalog(lang).ids()


def _cldr(lang: str) -> str:
    return DEFAULT if lang == PSEUDO else lang


def _pseudo(value: str) -> str:
    """English, lengthened by ~40% and wrapped in ⟦ ⟧, so untranslated text and clipping show."""
    pad = "~" * max(1, round(len(value) * 0.4))
    return f"⟦{value}{pad}⟧"
