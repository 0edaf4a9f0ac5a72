"""Which language a reader asked for: `?lang=` first, then Accept-Language, then English."""
from __future__ import annotations

from .catalogs import DEFAULT, LANGUAGES, PSEUDO


def from_header(header: str | None) -> str | None:
    """The best of our languages in an Accept-Language header (RFC 9110 q-values), or None."""
    if not header:
        return None
    ranked = []
    for order, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        primary = tag.strip().lower().split("-")[0]
        if quality > 0 and (primary in LANGUAGES or primary == PSEUDO):
            ranked.append((-quality, order, primary))
    return min(ranked)[2] if ranked else None


def choose(asked: str | None = None, header: str | None = None) -> str:
    """`asked` (a ?lang= or --lang) when we have it, else the header's best, else English."""
    if asked:
        primary = asked.strip().lower().replace("_", "-").split("-")[0].split(".")[0]
        if primary in LANGUAGES or primary == PSEUDO:
            return primary
    return from_header(header) or DEFAULT
