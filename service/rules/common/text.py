"""Text a player types that other players will see: names and table talk.

A name must show: at least one letter, digit, punctuation mark or symbol, at most 40
characters, and nothing invisible or direction-changing in it — a seat named with a lone
zero-width space, a NUL or a right-to-left override would be impossible to tell apart
from another, or would turn the rest of someone's screen backwards. Talk (`say`, a deal's
promise, a ruling's reason) may hold line breaks, tabs and emoji joiners, but no other
control character and no bidi override, embedding or isolate. Pure: no I/O.
"""
from __future__ import annotations

import unicodedata

from marshmallow import ValidationError, validate

NAME_MAX = 40
TEXT_MAX = 500

#: U+202A..U+202E (embeddings, overrides) and U+2066..U+2069 (isolates): they reorder what
#: follows them on screen.
BIDI_CONTROLS = frozenset(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))
#: Categories never allowed in a name: controls (NUL included), format characters (the
#: zero-width U+200B..U+200D, U+2060, U+FEFF, every bidi control, the soft hyphen),
#: surrogates, unassigned code points, line and paragraph separators.
NAME_REFUSED = frozenset({"Cc", "Cf", "Cs", "Cn", "Zl", "Zp"})
TALK_ALLOWED_CONTROLS = frozenset("\n\t")


def visible(ch: str) -> bool:
    """A character that leaves ink: a letter, a digit, punctuation or a symbol."""
    return unicodedata.category(ch)[0] in "LNPS"


def describe(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name.lower()})" if name else "")


class PlayerName(validate.Validator):
    """1-40 characters after trimming, at least one visible, none invisible or bidi."""

    def __call__(self, value: str) -> str:
        trimmed = value.strip()
        for ch in trimmed:
            if unicodedata.category(ch) in NAME_REFUSED:
                raise ValidationError(f"a name may not contain the invisible or control character {describe(ch)}")
        if not any(visible(ch) for ch in trimmed):
            raise ValidationError("a name needs at least one visible character")
        if len(trimmed) > NAME_MAX:
            raise ValidationError(f"a name is at most {NAME_MAX} characters")
        return value


class TableText(validate.Validator):
    """Talk: line breaks and tabs are fine; NUL, other controls and bidi controls are not."""

    def __call__(self, value: str) -> str:
        for ch in value:
            if ch in TALK_ALLOWED_CONTROLS:
                continue
            if unicodedata.category(ch) in ("Cc", "Cs") or ch in BIDI_CONTROLS:
                raise ValidationError(f"text may not contain the control character {describe(ch)}")
        if value and not any(visible(ch) for ch in value):
            raise ValidationError("text needs at least one visible character")
        return value
