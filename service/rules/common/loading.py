"""A ruleset's marshmallow schemas, one instance per class: making a Schema copies every
declared field and builds its nested schemas, which costs more than a load, and an instance
keeps nothing between loads (the API, the server's bots and the kernels' tests share them).

A load is pure (the schemas read nothing but their input), and the same few command bodies
come again and again — every legal example a bot weighs, every client's `pass` — so loaded
bodies are remembered, keyed by their canonical JSON, and handed out as fresh copies: a
marshmallow load of a nested command costs ~0.8 ms, the copy ~10 µs."""
from __future__ import annotations

from functools import lru_cache

import orjson

from events.canonical import copy_value

#: (schema, unknown, canonical JSON of the fields) -> the loaded fields; emptied when full
_LOADED: dict[tuple, dict] = {}
_LOADED_MAX = 4096


@lru_cache(maxsize=None)
def schema_instance(schema: type, unknown: str | None = None):
    """The one instance of `schema` (with marshmallow's `unknown` policy, when given)."""
    return schema() if unknown is None else schema(unknown=unknown)


def load(schema: type, fields: dict, unknown: str | None = None) -> dict:
    """`fields` loaded by `schema` (ValidationError when they do not fit: never remembered)."""
    try:
        key = (schema, unknown, orjson.dumps(fields, option=orjson.OPT_SORT_KEYS))
    except TypeError:  # not JSON (no client sends such a body): loaded as it is
        return schema_instance(schema, unknown).load(fields)
    remembered = _LOADED.get(key)
    if remembered is not None:
        return copy_value(remembered)
    loaded = schema_instance(schema, unknown).load(fields)
    try:
        remembered = copy_value(loaded)  # the caller owns `loaded`; the copy is kept
    except ValueError:  # a value marshal cannot copy: not remembered
        return loaded
    if len(_LOADED) >= _LOADED_MAX:
        _LOADED.clear()
    _LOADED[key] = remembered
    return loaded
