"""Limits everywhere a client can spend the server's resources (API.md "Limits").

Each limit is a rule applied by endpoint name before the view runs, so the views stay free of
them; a refusal is 429 problem+json `rate_limited` with `Retry-After` (seconds), and changes
nothing. Counters are fixed windows in the app's Redis, all of a request's in one round trip.

| what | per | setting | default |
|---|---|---|---|
| `POST /v1/games` | address | `RATE_LIMIT_CREATE` | `30/minute;300/day` |
| `POST /v1/games/{id}/seats` | address | `RATE_LIMIT_JOIN` | `60/minute` |
| `POST /v1/games/import`, `POST /v1/tournaments/import` (together) | address | `RATE_LIMIT_IMPORT` | `10/minute;50/day` |
| `POST /v1/tournaments` | address | `RATE_LIMIT_TOURNAMENT` | `10/minute;50/day` |
| `POST /v1/tournaments/{id}/entrants` | address | `RATE_LIMIT_REGISTER` | `120/minute` |
| commands (`…/commands`, a game's or a tournament's; `start` and the clock's controls) | token | `RATE_LIMIT_COMMANDS` | `60/second;1200/minute` |
| commands to one game or tournament (every token) | game | `RATE_LIMIT_GAME_COMMANDS` | `120/second;3000/minute` |
| table talk (`say`) | token | `RATE_LIMIT_TALK` | `20/minute;300/hour` |
| table talk to one game or tournament | game | `RATE_LIMIT_GAME_TALK` | `60/minute` |
| event streams opened without a token | address | `RATE_LIMIT_STREAM` | `120/minute` |
| event streams open at once | token | `STREAMS_PER_TOKEN` | `16` |
| event streams open at once | address | `STREAMS_PER_ADDRESS` | `200` |

A command without a token counts against its address. No address is exempt by default:
behind a reverse proxy every client would be the proxy's address, so set `TRUSTED_PROXIES`
(service/api/frontdoor.py) to the number of proxies in front, and the client's address is
read from `X-Forwarded-For`. `RATE_LIMIT_EXEMPT` lists addresses never limited (tests and
benchmarks opt in with it); `RATE_LIMITS=off` turns every limit off (the tests' default,
`TESTING`). The defaults are sized so that people and the official bots never meet them
(bench/seat_bot.py and bench/tournament.py run under them and count their 429s).
"""
from __future__ import annotations

import hashlib
import os
import time
import uuid
from dataclasses import dataclass
from typing import Callable

import redis
from flask import Flask, g, request

from service.api.problems import Problem
from service.api.requests import json_object

PREFIX = "ratelimit"
UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
#: an open stream's lease lives this long without a refresh (a crashed process's leases lapse)
LEASE_SECONDS = 180


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
    per: str       #: "address", "token" (the address when there is none) or "game" (the URL's id)
    setting: str
    default: str
    what: str      #: words for the refusal
    when: Callable[[], bool] | None = None


CREATE = Rule("create", "address", "RATE_LIMIT_CREATE", "30/minute;300/day", "new games from your address")
IMPORT = Rule("import", "address", "RATE_LIMIT_IMPORT", "10/minute;50/day", "imports from your address")
COMMANDS = (Rule("commands", "token", "RATE_LIMIT_COMMANDS", "60/second;1200/minute", "commands from your token"),
            Rule("game_commands", "game", "RATE_LIMIT_GAME_COMMANDS", "120/second;3000/minute", "commands to this game"),
            Rule("talk", "token", "RATE_LIMIT_TALK", "20/minute;300/hour", "lines of table talk from your token",
                 is_talk),
            Rule("game_talk", "game", "RATE_LIMIT_GAME_TALK", "60/minute", "lines of table talk at this table",
                 is_talk))
STREAM = Rule("stream", "address", "RATE_LIMIT_STREAM", "120/minute", "event streams opened without a token",
              anonymous)
RULES: dict[str, tuple[Rule, ...]] = {
    "games.create_game": (CREATE,),
    "games.join": (Rule("join", "address", "RATE_LIMIT_JOIN", "60/minute", "seats taken from your address"),),
    "games.import_game": (IMPORT,),
    "tournaments.import_tournament": (IMPORT,),
    "tournaments.create_tournament": (Rule("tournament", "address", "RATE_LIMIT_TOURNAMENT", "10/minute;50/day",
                                           "new tournaments from your address"),),
    "tournaments.register": (Rule("register", "address", "RATE_LIMIT_REGISTER", "120/minute",
                                  "registrations from your address"),),
    "games.command": COMMANDS,
    "games.start": COMMANDS[:2],
    "clock.pause": COMMANDS[:2],
    "clock.resume": COMMANDS[:2],
    "clock.extend": COMMANDS[:2],
    "tournaments.send_command": COMMANDS,
    "games.stream_events": (STREAM,),
    "tournaments.stream": (STREAM,),
}
STREAM_ENDPOINTS = {"games.stream_events", "tournaments.stream"}


def parse(spec: str) -> list[tuple[int, int]]:
    """`60/second;1200/minute` -> [(10, 1), (600, 60)]."""
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


class Limits:
    def __init__(self, app: Flask, client: redis.Redis):
        self.client = client
        self.exempt = {a.strip() for a in setting(app, "RATE_LIMIT_EXEMPT", "").split(",") if a.strip()}
        self.rules = {endpoint: [(rule, parse(setting(app, rule.setting, rule.default))) for rule in rules]
                      for endpoint, rules in RULES.items()}
        self.streams = {"token": int(setting(app, "STREAMS_PER_TOKEN", "16")),
                        "address": int(setting(app, "STREAMS_PER_ADDRESS", "200"))}

    def scope(self, per: str) -> str:
        if per == "game":
            args = request.view_args or {}
            return args.get("game_id") or args.get("tournament_id") or "-"
        if per == "token":
            token = token_key()
            return f"t:{token}" if token else f"a:{address()}"
        return address()

    def check(self) -> None:
        """Count this request against every rule of its endpoint; 429 when one is over."""
        rules = self.rules.get(request.endpoint or "")
        if not rules or request.method == "OPTIONS" or address() in self.exempt:
            return
        keys = [(rule, count, seconds, f"{PREFIX}:{rule.name}:{self.scope(rule.per)}:{seconds}")
                for rule, items in rules if rule.when is None or rule.when() for count, seconds in items]
        if not keys:
            return
        pipe = self.client.pipeline(transaction=False)
        for _, _, seconds, key in keys:
            pipe.set(key, 0, ex=seconds, nx=True)
            pipe.incr(key)
            pipe.ttl(key)
        answers = pipe.execute()
        for n, (rule, count, seconds, _) in enumerate(keys):
            used, ttl = answers[3 * n + 1], answers[3 * n + 2]
            if used > count:
                wait = max(1, ttl if ttl and ttl > 0 else seconds)
                raise Problem(429, "rate_limited", f"too many {rule.what} (at most {count} a "
                              f"{_unit(seconds)}); try again in {wait} seconds", retry_after=wait)

    # ---- event streams open at once -----------------------------------------------------
    def lease(self) -> "Lease | None":
        """Hold one of the open streams this token and this address may have; 429 when full."""
        if request.endpoint not in STREAM_ENDPOINTS or address() in self.exempt:
            return None
        token = token_key()
        held = [(f"{PREFIX}:open-streams:address:{address()}", self.streams["address"], "from your address")]
        if token:
            held.append((f"{PREFIX}:open-streams:token:{token}", self.streams["token"], "for your token"))
        now = time.time()
        pipe = self.client.pipeline(transaction=False)
        for key, _, _ in held:
            pipe.zremrangebyscore(key, "-inf", now)
            pipe.zcard(key)
        counts = pipe.execute()[1::2]
        for (key, most, words), count in zip(held, counts):
            if count >= most:
                raise Problem(429, "rate_limited", f"too many event streams open {words} (at most {most}); "
                              "close one, or try again later", retry_after=LEASE_SECONDS)
        lease = Lease(self.client, [key for key, _, _ in held])
        lease.refresh()
        return lease


def _unit(seconds: int) -> str:
    return next(name for name, length in UNITS.items() if length == seconds)


class Lease:
    """One open stream's place in its token's and address's counts, renewed while it lives."""

    #: set once the view streams: the stream releases it when it ends, not the request's teardown
    streaming = False

    def __init__(self, client: redis.Redis, keys: list[str]):
        self.client, self.keys, self.id, self.renewed = client, keys, uuid.uuid4().hex, 0.0

    def refresh(self) -> None:
        now = time.time()
        if now - self.renewed < LEASE_SECONDS / 3:
            return
        self.renewed = now
        pipe = self.client.pipeline(transaction=False)
        for key in self.keys:
            pipe.zadd(key, {self.id: now + LEASE_SECONDS})
            pipe.expire(key, LEASE_SECONDS)
        pipe.execute()

    def release(self) -> None:
        pipe = self.client.pipeline(transaction=False)
        for key in self.keys:
            pipe.zrem(key, self.id)
        try:
            pipe.execute()
        except redis.RedisError:
            pass  # the lease lapses by itself


def leased(frames, lease: Lease | None):
    """An event stream's frames, renewing its lease as they go and releasing it at the end."""
    if lease is None:
        yield from frames
        return
    try:
        for frame in frames:
            lease.refresh()
            yield frame
    finally:
        lease.release()


def stream_lease() -> Lease | None:
    """The request's stream lease, taken before the view (None when no limit applies)."""
    return g.get("stream_lease")


def install(app: Flask) -> Limits | None:
    """Apply every rule by endpoint; call after every blueprint is registered."""
    app.config["RATELIMIT_ENABLED"] = enabled(app)
    if not app.config["RATELIMIT_ENABLED"]:
        return None
    missing = set(RULES) - set(app.view_functions)
    if missing:  # a renamed view would silently lose its limits
        raise RuntimeError(f"limits name endpoints the app does not have: {sorted(missing)}")
    limits = Limits(app, app.extensions["games"].redis)

    @app.before_request
    def _limit():
        limits.check()
        g.stream_lease = limits.lease()

    @app.teardown_request
    def _unused_lease(_exc):
        lease = g.pop("stream_lease", None)
        if lease is not None and not getattr(lease, "streaming", False):
            lease.release()  # the view refused before streaming (404...): give the place back

    app.extensions["rate_limits"] = limits
    return limits
