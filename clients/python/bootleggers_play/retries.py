"""Sending a command so that a retry can never play it twice."""
from __future__ import annotations

import time
import uuid
from typing import Any

import httpx

from bootleggers_client import AuthenticatedClient
from bootleggers_client.api.play import send_command
from bootleggers_client.models import CommandAnswer, ProblemDetail

RETRIED_STATUSES = {429, 502, 503, 504}
#: the longest `Retry-After` a send waits out before it gives up
MAX_RETRY_AFTER = 30.0


class Refused(Exception):
    """The referee refused the command (a problem+json answer): `problem` says why."""

    def __init__(self, problem: ProblemDetail | None, status: int):
        self.problem, self.status = problem, status
        super().__init__(f"{status} {problem.code if problem else ''}: {problem.detail if problem else ''}")


class Stale(Refused):
    """412: the game moved on since the version the command was decided at; reload and decide again."""


def send(client: AuthenticatedClient, game_id: str, command: Any, version: int | None = None,
         attempts: int = 5, backoff: float = 0.2) -> CommandAnswer:
    """Send `command` (a generated command model) decided at `version` (If-Match). Every
    attempt carries the same Idempotency-Key: if an answer was lost, the retry gets the
    first answer instead of appending again."""
    key = uuid.uuid4().hex
    pins: dict[str, Any] = {"idempotency_key": key}
    if version is not None:
        pins["if_match"] = str(version)
    for attempt in range(attempts):
        try:
            answer = send_command.sync_detailed(game_id, client=client, body=command, **pins)
        except httpx.TransportError:
            if attempt == attempts - 1:
                raise
        else:
            if isinstance(answer.parsed, CommandAnswer):
                return answer.parsed
            problem = answer.parsed if isinstance(answer.parsed, ProblemDetail) else None
            if answer.status_code == 412:
                raise Stale(problem, 412)
            if answer.status_code not in RETRIED_STATUSES or attempt == attempts - 1:
                raise Refused(problem, int(answer.status_code))
            if answer.status_code == 429:  # over a limit: wait as long as the referee says
                time.sleep(min(MAX_RETRY_AFTER, float(answer.headers.get("Retry-After") or 1)))
                continue
        time.sleep(backoff * 2 ** attempt)
    raise AssertionError("unreachable")
