"""What the stream engine raises besides a rule's refusal (service/rules/errors.py) and a damaged
record (events/integrity.py); the API answers each with its own problem."""
from __future__ import annotations


class StreamNotFound(Exception):
    """No stream of that id. Each kind of stream raises its own subclass (`Ledger.not_found`),
    which the API answers with that kind's 404; generic code catches this one."""


class Busy(Exception):
    """Too many writers raced for one stream; the client may simply retry."""


class StaleCopy(Exception):
    """A write decided on this process's copy of the state found other writers' events at the
    head: decide again on the record as it stands (service/streams/ledger.py `execute`) —
    `state`, when the append's refusal brought the events missed (checked), else a read."""

    def __init__(self, stream_id: str, state: dict | None = None):
        super().__init__(stream_id)
        self.state = state
