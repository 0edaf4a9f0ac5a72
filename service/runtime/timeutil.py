"""Clock arithmetic in UTC: ISO strings in events, aware datetimes in code.

Times are written like `recorded_at` (`2026-11-22T14:09:50.123456Z`) so that the record
reads the same everywhere and a due time compares with the event that fired it.
"""
from __future__ import annotations

import math
from datetime import datetime, timedelta, timezone

ISO = "%Y-%m-%dT%H:%M:%S.%fZ"


def now() -> datetime:
    return datetime.now(timezone.utc)


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime(ISO)


def parse(text: str) -> datetime:
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def epoch(text_or_moment) -> float:
    moment = parse(text_or_moment) if isinstance(text_or_moment, str) else text_or_moment
    return moment.timestamp()


def shift(text: str, seconds: float) -> str:
    return iso(parse(text) + timedelta(seconds=seconds))


def next_whole_second(moment: datetime) -> datetime:
    """RQ's scheduler keeps whole seconds and truncates: a job scheduled for this second
    is never enqueued before `moment`."""
    return datetime.fromtimestamp(math.ceil(moment.timestamp()), tz=timezone.utc)
