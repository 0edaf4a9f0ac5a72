"""The game's events as they happen (Server-Sent Events), typed, resumed after a drop."""
from __future__ import annotations

import json
import time
from typing import Any, Iterator

import httpx

from bootleggers_client import models
from bootleggers_client.models import ProblemDetail

from bootleggers_play.retries import Refused

RECONNECTS = 20


class StreamRefused(Refused, RuntimeError):
    """The event stream answered with a problem instead of events (401: this token no longer
    belongs to the game; 404: no such game); a RuntimeError, as this refusal always was."""


def _problem(body: bytes) -> ProblemDetail | None:
    try:
        found = json.loads(body)
        return ProblemDetail.from_dict(found) if isinstance(found, dict) else None
    except (ValueError, TypeError, KeyError):
        return None


def event_model(event: dict) -> Any:
    """The generated model of an event (`<Type>Event`), or the dict for a type this client
    was generated before."""
    name = "".join(part.title() for part in str(event.get("type")).split("_")) + "Event"
    model = getattr(models, name, None)
    return model.from_dict(event) if model is not None else event


def events(base_url: str, game_id: str, token: str | None = None, after: int = 0,
           httpx_args: dict[str, Any] | None = None, reconnects: int = RECONNECTS) -> Iterator[Any]:
    """Every event after `after`, then each new one as it is appended, until the game is over
    (the server closes a finished game's stream after its last event). A dropped connection is
    resumed from the last event received (`Last-Event-ID`), so none is missed or repeated."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    last, failures = after, 0
    with httpx.Client(base_url=base_url, timeout=httpx.Timeout(10.0, read=60.0), **(httpx_args or {})) as http:
        while True:
            try:
                with http.stream("GET", f"/v1/games/{game_id}/events/stream",
                                 headers={**headers, "Last-Event-ID": str(last)}) as response:
                    if response.status_code != 200:
                        raise StreamRefused(_problem(response.read()), response.status_code)
                    for frame in frames(response.iter_lines()):
                        if frame.get("event") == "record_damaged":
                            raise RuntimeError(f"the game's record is damaged: {frame.get('data')}")
                        event = json.loads(frame["data"])
                        last, failures = event["version"], 0
                        yield event_model(event)
                return  # the server ended the stream: the game is over
            except httpx.TransportError:
                failures += 1
                if failures > reconnects:
                    raise
                time.sleep(min(0.1 * 2 ** failures, 5.0))


def frames(lines: Iterator[str]) -> Iterator[dict[str, str]]:
    """SSE frames ({field: value}) with data; comments (keep-alives) and `retry:` skipped."""
    frame: dict[str, str] = {}
    for line in lines:
        if not line:
            if "data" in frame:
                yield frame
            frame = {}
        elif not line.startswith(":"):
            field, _, value = line.partition(":")
            frame[field] = value[1:] if value.startswith(" ") else value
    if "data" in frame:
        yield frame
