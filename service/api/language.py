"""The reader's language for this request: `?lang=`, then Accept-Language, then English.

Only what a person reads changes with it (sentences, a problem's `title` and `detail`, the
report); codes, payloads, ids and records never do. Answers that vary by it say so in `Vary`.
"""
from __future__ import annotations

from flask import Response, g, request

from service import i18n


def reader_language() -> str:
    lang = getattr(g, "reader_language", None)
    if lang is None:
        lang = i18n.choose(request.args.get("lang"), request.headers.get("Accept-Language"))
        g.reader_language = lang
    return lang


def say(msg_id: str, **params) -> str:
    """A message in the reader's language."""
    return i18n.text(reader_language(), msg_id, **params)


def vary_by_language(response: Response) -> Response:
    """Caches must keep one copy per language of anything that read the reader's language."""
    if getattr(g, "reader_language", None) is not None:
        response.vary.add("Accept-Language")
        response.headers.setdefault("Content-Language", g.reader_language)
    return response
