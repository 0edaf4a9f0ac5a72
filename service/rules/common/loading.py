"""A ruleset's marshmallow schemas, one instance per class: making a Schema copies every
declared field and builds its nested schemas, which costs more than a load, and an instance
keeps nothing between loads (the API, the server's bots and the kernels' tests share them)."""
from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=None)
def schema_instance(schema: type, unknown: str | None = None):
    """The one instance of `schema` (with marshmallow's `unknown` policy, when given)."""
    return schema() if unknown is None else schema(unknown=unknown)


def load(schema: type, fields: dict, unknown: str | None = None) -> dict:
    """`fields` loaded by `schema` (ValidationError when they do not fit)."""
    return schema_instance(schema, unknown).load(fields)
