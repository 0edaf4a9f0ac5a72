"""A sentence not yet in any language: a message id with named parameters.

The pure parts of the server (the rulesets' log sentences, the report's parts) say *what* to
tell as `Msg("log-bid-sealed", seat="Bix")` and leave *how* to the catalogs: `render(lang,
msg)` formats it in the reader's language at the edge (an HTTP answer, a CLI line). A
parameter may itself be a `Msg` (a speakeasy's or a card's name, "nobody"), a list of them
(`Join`: "A, B, C"; `And`: "A, B and C" / "A, B und C"), a number (CLDR plurals select on it;
no digit grouping, so versions and card numbers read as printed) or a plain string (a
player's name or words a player typed, never translated).
"""
from __future__ import annotations

from typing import Any, Iterable

from fluent.runtime.types import fluent_number

from .catalogs import text


class Msg:
    """`msg_id` with named parameters; equal when both are (tests compare them)."""

    __slots__ = ("id", "params")

    def __init__(self, msg_id: str, /, **params: Any):
        self.id = msg_id
        self.params = params

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.id, self.params) == (other.id, other.params)

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"Msg({self.id!r}{', ' if inner else ''}{inner})"


class Join:
    """Parts in a row, "A, B, C": `sep` the message between two parts, `before` one put in
    front when there is any part (a space, so an optional clause reads " at Mother's"),
    `empty` what no part reads as (a Msg, or nothing)."""

    __slots__ = ("parts", "empty", "sep", "before")

    def __init__(self, parts: Iterable, empty: Any = None, sep: str = "common-list-sep", before: str | None = None):
        self.parts = list(parts)
        self.empty = empty
        self.sep = sep
        self.before = before

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and (self.parts, self.empty) == (other.parts, other.empty)

    def __hash__(self) -> int:
        return hash(tuple(map(repr, self.parts)))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.parts!r})"

    def __bool__(self) -> bool:
        return bool(self.parts)


class And(Join):
    """Parts as a list read aloud: "A", "A and B", "A, B and C" (the catalog's "and")."""


def render(lang: str, value: Any) -> str:
    """`value` (a Msg, a Join, a number, a string, None) as text in `lang`."""
    if isinstance(value, Msg):
        return text(lang, value.id, **{k: _param(lang, v) for k, v in value.params.items()})
    if isinstance(value, Join):
        parts = [render(lang, p) for p in value.parts]
        if not parts:
            return "" if value.empty is None else render(lang, value.empty)
        sep = text(lang, value.sep)
        before = text(lang, value.before) if value.before else ""
        if isinstance(value, And) and len(parts) > 1:
            return before + text(lang, "common-list-and", head=sep.join(parts[:-1]), last=parts[-1])
        return before + sep.join(parts)
    if isinstance(value, (list, tuple)):
        return render(lang, Join(value))
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _param(lang: str, value: Any):
    """A parameter as Fluent takes it: numbers stay numbers (plurals), the rest is text."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return fluent_number(value, useGrouping=False, maximumFractionDigits=3)
    return render(lang, value)


def english(value: Any) -> str:
    """The English text (tests, logs written for operators)."""
    return render("en", value)


def as_data(value: Any) -> Any:
    """A sentence as plain JSON data, to record in an event in no language: a Msg is
    `{"id": …, "params": {…}}`, a Join `{"join": [...], "and": bool, …}`; `from_data` reads it
    back. Numbers and strings stay as they are."""
    if isinstance(value, Msg):
        return {"id": value.id, "params": {k: as_data(v) for k, v in value.params.items()}}
    if isinstance(value, Join):
        return {"join": [as_data(p) for p in value.parts], "and": isinstance(value, And), "sep": value.sep,
                "before": value.before, "empty": as_data(value.empty)}
    if isinstance(value, (list, tuple)):
        return [as_data(v) for v in value]
    return value


def from_data(data: Any) -> Any:
    """What `as_data` recorded, as a sentence again."""
    if isinstance(data, dict) and "id" in data:
        return Msg(data["id"], **{k: from_data(v) for k, v in (data.get("params") or {}).items()})
    if isinstance(data, dict) and "join" in data:
        kind = And if data.get("and") else Join
        return kind([from_data(p) for p in data["join"]], empty=from_data(data.get("empty")),
                    sep=data.get("sep") or "common-list-sep", before=data.get("before"))
    if isinstance(data, list):
        return [from_data(v) for v in data]
    return data
