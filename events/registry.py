"""Event types known to the service: payload schema, current schema version, upcasters.

Events are forever: a stored event type never changes meaning. When a payload has to
evolve, its schema version goes up and an upcaster turns the old payload into the new one
on read, so old streams still fold.

Several rulesets may use one event type name (`dice_rolled`, `step_started`, `game_ended`)
with payloads of their own: each registers its schemas under its name (`owner`), and a
check given the game's ruleset uses that ruleset's schema. A type name keeps one schema
version across rulesets (the version and upcasters are looked up by type alone).
"""
from __future__ import annotations

from typing import Any, Callable

from marshmallow import Schema, ValidationError

Upcaster = Callable[[dict], dict]


class UnknownEventType(KeyError):
    pass


class EventRegistry:
    def __init__(self) -> None:
        self._types: dict[str, tuple[Schema, int]] = {}
        self._upcasters: dict[tuple[str, int], Upcaster] = {}
        self._owned: dict[tuple[str, str], Schema] = {}

    def register(self, event_type: str, schema_cls: type[Schema], version: int = 1,
                 owner: str | None = None) -> None:
        """`owner`: the ruleset whose events these are (None: the engine's own)."""
        known = self._types.get(event_type)
        if known and known[1] != version:
            raise ValueError(f"event type {event_type} registered twice with different versions")
        if owner is None or known is None:
            self._types[event_type] = (schema_cls(), version)
        if owner is not None:
            self._owned[(owner, event_type)] = schema_cls()

    def register_all(self, schemas: dict[str, tuple[type[Schema], int]], owner: str | None = None) -> None:
        for event_type, (schema_cls, version) in schemas.items():
            self.register(event_type, schema_cls, version, owner)

    def add_upcaster(self, event_type: str, from_version: int, upcaster: Upcaster) -> None:
        """`upcaster` turns a payload of `from_version` into one of `from_version + 1`."""
        self._upcasters[(event_type, from_version)] = upcaster

    def version_of(self, event_type: str) -> int:
        try:
            return self._types[event_type][1]
        except KeyError:
            raise UnknownEventType(event_type) from None

    def types(self) -> list[str]:
        return sorted(self._types)

    def schema(self, event_type: str, owner: str | None = None) -> Schema:
        """`owner`'s schema for the type if it registered one, else the type's first."""
        owned = self._owned.get((owner, event_type)) if owner else None
        if owned is not None:
            return owned
        try:
            return self._types[event_type][0]
        except KeyError:
            raise UnknownEventType(event_type) from None

    def validate(self, event_type: str, payload: dict[str, Any], owner: str | None = None) -> dict[str, list[str]]:
        """Field errors of a payload against its schema (empty = valid)."""
        errors = self.schema(event_type, owner).validate(payload)
        return errors or {}

    def check(self, event_type: str, payload: dict[str, Any], owner: str | None = None) -> None:
        errors = self.validate(event_type, payload, owner)
        if errors:
            raise ValidationError(errors, field_name=event_type)

    def upcast(self, event: dict) -> dict:
        """The event as the current code reads it; the stored bytes stay untouched."""
        current = self.version_of(event["type"])
        version = event["schema_version"]
        if version == current:
            return event
        payload = event["payload"]
        while version < current:
            step = self._upcasters.get((event["type"], version))
            if step is None:
                raise ValueError(f"no upcaster for {event['type']} v{version}")
            payload = step(payload)
            version += 1
        return {**event, "payload": payload, "schema_version": version}
