"""The rate limits' rules: what each counts, per what (an address, a token its stream knows,
or the stream itself), its setting and its default, read from the app's config or the
environment; and the request's own words they are counted by (its address, its token's key,
whether it is table talk). service/api/limits.py counts them; docs/operations.md "Limits".

| what | per | setting | default |
|---|---|---|---|
| `POST /v1/games`, and a tournament round's tables that only the server's bots play | address | `RATE_LIMIT_CREATE` | `30/minute;300/day` |
| `POST /v1/games/{id}/seats` | address | `RATE_LIMIT_JOIN` | `60/minute` |
| `POST /v1/games/import`, `POST /v1/tournaments/import` (together) | address | `RATE_LIMIT_IMPORT` | `10/minute;50/day` |
| `POST /v1/tournaments` | address | `RATE_LIMIT_TOURNAMENT` | `10/minute;50/day` |
| `POST /v1/tournaments/{id}/entrants` | address | `RATE_LIMIT_REGISTER` | `120/minute` |
| answers 401 (no token, or a token the stream does not know), any route | address | `RATE_LIMIT_UNAUTHORIZED` | `60/minute;600/hour` |
| commands (`…/commands`, a game's or a tournament's; `start` and the clock's controls) | token, once known | `RATE_LIMIT_COMMANDS` | `60/second;1200/minute` |
| commands to one game or tournament (every known token; each its fair share) | game | `RATE_LIMIT_GAME_COMMANDS` | `120/second;3000/minute` |
| table talk (`say`) | token, once known | `RATE_LIMIT_TALK` | `20/minute;300/hour` |
| table talk (`say`) | address (every token sent from it) | `RATE_LIMIT_ADDRESS_TALK` | `600/hour` |
| table talk to one game or tournament (each its fair share) | game | `RATE_LIMIT_GAME_TALK` | `60/minute` |
| event streams opened without a token | address | `RATE_LIMIT_STREAM` | `120/minute` |
| event streams open at once | token | `STREAMS_PER_TOKEN` | `16` |
| event streams open at once | address | `STREAMS_PER_ADDRESS` | `200` |
"""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from typing import Callable

from flask import Flask, request

from service.api.problems import Problem
from service.api.requests import json_object
from service.rules.errors import Message

PREFIX = "ratelimit"
UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}


def address() -> str:
    return request.remote_addr or "unknown"


def token_key() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return hashlib.sha256(token.strip().encode()).hexdigest()[:32]


def anonymous() -> bool:
    return token_key() is None


def is_talk() -> bool:
    """A command whose body is table talk (`say`): parsed once, the view reads the same parse."""
    try:
        return json_object().get("type") == "say"
    except Problem:
        return False  # the view refuses the body itself


@dataclass(frozen=True)
class Rule:
    name: str      #: the counter's name: endpoints sharing it share the budget
    per: str       #: "address", "token" (a token the stream knows) or "game" (the URL's stream)
    setting: str
    default: str
    what: str      #: words for the refusal
    when: Callable[[], bool] | None = None


CREATE = Rule("create", "address", "RATE_LIMIT_CREATE", "30/minute;300/day", "new games from your address")
IMPORT = Rule("import", "address", "RATE_LIMIT_IMPORT", "10/minute;50/day", "imports from your address")
UNAUTHORIZED = Rule("unauthorized", "address", "RATE_LIMIT_UNAUTHORIZED", "60/minute;600/hour",
                    "requests without a valid token from your address")
#: spent once the token is known to the stream (`spend`), never before
COMMANDS = (Rule("commands", "token", "RATE_LIMIT_COMMANDS", "60/second;1200/minute", "commands from your token"),
            Rule("game_commands", "game", "RATE_LIMIT_GAME_COMMANDS", "120/second;3000/minute",
                 "commands to this game"),
            Rule("talk", "token", "RATE_LIMIT_TALK", "20/minute;300/hour", "lines of table talk from your token",
                 is_talk),
            Rule("game_talk", "game", "RATE_LIMIT_GAME_TALK", "60/minute", "lines of table talk at this table",
                 is_talk),
            Rule("address_talk", "address", "RATE_LIMIT_ADDRESS_TALK", "600/hour",
                 "lines of table talk from your address", is_talk))
STREAM = Rule("stream", "address", "RATE_LIMIT_STREAM", "120/minute", "event streams opened without a token",
              anonymous)
#: the address's rules, counted before the view
RULES: dict[str, tuple[Rule, ...]] = {
    "games.create_game": (CREATE,),
    "games.join": (Rule("join", "address", "RATE_LIMIT_JOIN", "60/minute", "seats taken from your address"),),
    "games.import_game": (IMPORT,),
    "tournaments.import_tournament": (IMPORT,),
    "tournaments.create_tournament": (Rule("tournament", "address", "RATE_LIMIT_TOURNAMENT", "10/minute;50/day",
                                           "new tournaments from your address"),),
    "tournaments.register": (Rule("register", "address", "RATE_LIMIT_REGISTER", "120/minute",
                                  "registrations from your address"),),
    "games.stream_events": (STREAM,),
    "tournaments.stream": (STREAM,),
}
#: the rules spent once the view knows who is calling (auth.caller): the token's and the stream's
AUTHENTICATED: dict[str, tuple[Rule, ...]] = {
    "games.command": COMMANDS,
    "games.start": COMMANDS[:2],
    "clock.pause": COMMANDS[:2],
    "clock.resume": COMMANDS[:2],
    "clock.extend": COMMANDS[:2],
    "tournaments.send_command": COMMANDS,
}
STREAM_ENDPOINTS = {"games.stream_events", "tournaments.stream"}


def parse(spec: str) -> list[tuple[int, int]]:
    """`60/second;1200/minute` -> [(60, 1), (1200, 60)]."""
    out = []
    for part in filter(None, (p.strip() for p in spec.split(";"))):
        count, _, unit = part.partition("/")
        out.append((int(count), UNITS[unit.strip().rstrip("s")]))
    return out


def setting(app: Flask, name: str, default: str) -> str:
    return str(app.config.get(name) or os.environ.get(name) or default)


def enabled(app: Flask) -> bool:
    if "RATELIMIT_ENABLED" in app.config:
        return bool(app.config["RATELIMIT_ENABLED"])
    if app.config.get("TESTING"):
        return False
    return setting(app, "RATE_LIMITS", "on").strip().lower() not in ("off", "0", "false", "no")


def _unit(seconds: int) -> str:
    return next(name for name, length in UNITS.items() if length == seconds)


def rate_limited(rule: Rule, count: int, seconds: int, ttl: int | None) -> Problem:
    """The 429 of a rule whose window (`count` per `seconds`) is spent; Retry-After: its TTL."""
    wait = max(1, ttl if ttl and ttl > 0 else seconds)
    return Problem(429, "rate_limited", Message("problem-api-rate-limited", rule=rule.name, count=count,
                                                unit=_unit(seconds), wait=wait), retry_after=wait)
