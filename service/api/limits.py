"""Limits everywhere a client can spend the server's resources (docs/operations.md "Limits").

Two kinds of rule. An address's rules are applied by endpoint name before the view runs, so
the views stay free of them. The rules of a token and of a game (or tournament) are spent only
once the view has resolved the bearer token against that stream's own `auth` table
(service/api/auth.py `caller`): a request whose token belongs to nobody there never touches
them, so no outsider can spend a game's budget. A refusal is 429 problem+json
`rate_limited` with `Retry-After` (seconds), and changes nothing. Counters are fixed windows in
the app's Redis, each kind's in one round trip.

The rules, their settings and defaults are service/api/limit_rules.py; the places of event
streams open at once, service/api/stream_leases.py.

- **Unknown tokens spend their address's budget only.** Every 401 answer counts against the
  address (`RATE_LIMIT_UNAUTHORIZED`, counted in Redis; a process that counts one past the
  budget remembers the address until the window ends, so a command costs no extra round
  trip and each web process answers at most one 401 more). Once an address is over it, its
  commands are refused (429) before the view runs, unless their token is one the stream
  knows (checked against the stream's `auth` hashes, held in this process and re-read at most
  once a second per stream): the players behind the same address as a flood keep playing.
- **Fair shares.** A game's budget is shared by the tokens it knows (the organizer and every
  seat; a tournament's: its organizer and entrants). Each has a fair share of every window
  (the budget divided by their number, at least 1): a token within its share is never refused
  for the game's budget, so one seat — or several — cannot spend what the others at the table
  need; a token over its share is refused only once the whole game is over its budget.

No address is exempt by default: behind a reverse proxy every client would be the proxy's
address, so set `TRUSTED_PROXIES` (service/api/frontdoor.py) to the number of proxies in front,
and the client's address is read from `X-Forwarded-For`. `RATE_LIMIT_EXEMPT` lists addresses
never limited (tests and benchmarks opt in with it); `RATE_LIMITS=off` turns every limit off
(the tests' default, `TESTING`). The defaults are sized so that people and the official bots
never meet them (bench/seat_bot.py and bench/tournament.py run under them and count their
429s); bench/abuse.py floods a game with random tokens and counts what a real seat gets through.
"""
from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict

import redis
from flask import Flask, current_app, g, request

from service.api.limit_rules import (AUTHENTICATED, CREATE, PREFIX, RULES, STREAM_ENDPOINTS, UNAUTHORIZED, Rule,
                                     address, enabled, parse, rate_limited, setting)
from service.api.problems import Problem
from service.api.stream_leases import Lease, LocalLease
from service.api.stream_leases import take as take_lease
from service.runtime.redis_connect import is_full

#: a stream's known token hashes, re-read from its state at most this often while an address
#: over its 401 budget knocks (a token that joined within it waits that long at most)
KNOWN_REFRESH_SECONDS = 1.0
#: streams whose token hashes a process keeps for that check
KNOWN_KEPT = 512
#: addresses over their 401 budget a process remembers before it forgets the lapsed ones
OVER_KEPT = 4096


class Limits:
    """One app's limits: its settings read once, its counters in Redis, and what this process
    remembers between requests (addresses over their 401 budget, the streams' known tokens)."""

    def __init__(self, app: Flask, client: redis.Redis):
        self.client = client
        self.exempt = {a.strip() for a in setting(app, "RATE_LIMIT_EXEMPT", "").split(",") if a.strip()}
        self.rules = {endpoint: [(rule, parse(setting(app, rule.setting, rule.default))) for rule in rules]
                      for endpoint, rules in RULES.items()}
        self.after_auth = {endpoint: [(rule, parse(setting(app, rule.setting, rule.default))) for rule in rules]
                           for endpoint, rules in AUTHENTICATED.items()}
        self.unauthorized = parse(setting(app, UNAUTHORIZED.setting, UNAUTHORIZED.default))
        self.streams = {"token": int(setting(app, "STREAMS_PER_TOKEN", "16")),
                        "address": int(setting(app, "STREAMS_PER_ADDRESS", "200"))}
        #: address -> (until when, count, window) of a 401 budget it reached (`answered`)
        self._over: dict[str, tuple[float, int, int]] = {}
        #: stream id -> (when read, the token hashes its state knows), for `known`
        self._known: OrderedDict[str, tuple[float, frozenset]] = OrderedDict()
        self._known_lock = threading.Lock()

    def applies(self) -> bool:
        return request.method != "OPTIONS" and address() not in self.exempt

    def _count(self, keys: list[tuple[Rule, int, int, str]]) -> list[tuple[Rule, int, int, int, int]]:
        """Add one to each key (a fixed window of `seconds`); (rule, count, seconds, used, ttl) each."""
        pipe = self.client.pipeline(transaction=False)
        for _, _, seconds, key in keys:
            pipe.set(key, 0, ex=seconds, nx=True)
            pipe.incr(key)
            pipe.ttl(key)
        answers = pipe.execute()
        return [(rule, count, seconds, answers[3 * n + 1], answers[3 * n + 2])
                for n, (rule, count, seconds, _) in enumerate(keys)]

    def _unauthorized_keys(self) -> list[tuple[Rule, int, int, str]]:
        return [(UNAUTHORIZED, count, seconds, f"{PREFIX}:{UNAUTHORIZED.name}:{address()}:{seconds}")
                for count, seconds in self.unauthorized]

    # ---- before the view: the address's budgets ----------------------------------------
    def check(self) -> None:
        """Count this request against its endpoint's address rules; 429 when one is over. A
        command from an address over its 401 budget is refused here unless its token is known."""
        endpoint = request.endpoint or ""
        rules = self.rules.get(endpoint)
        guarded = endpoint in self.after_auth
        if not (rules or guarded) or not self.applies():
            return
        if guarded:
            self._check_unauthorized()
        keys = [(rule, count, seconds, f"{PREFIX}:{rule.name}:{address()}:{seconds}")
                for rule, items in rules or () if rule.when is None or rule.when() for count, seconds in items]
        if keys:
            try:
                counted = self._count(keys)
            except redis.exceptions.OutOfMemoryError as refused:
                if endpoint in STREAM_ENDPOINTS and is_full(refused):
                    return  # a reader is not refused because its count cannot be written
                raise
            for rule, count, seconds, used, ttl in counted:
                if used > count:
                    raise rate_limited(rule, count, seconds, ttl)

    def _check_unauthorized(self) -> None:
        """An address this process saw reach its 401 budget (`answered`: the count is every
        process's, in Redis) sends commands only with tokens their stream knows until the
        window ends; nothing is read from Redis unless it did."""
        until = self._over.get(address())
        if until is None:
            return
        now = time.monotonic()
        if until[0] <= now:
            self._over.pop(address(), None)
            return
        if not self.known():
            raise rate_limited(UNAUTHORIZED, until[1], until[2], int(until[0] - now + 0.999))

    def known(self) -> bool:
        """Whether the request's bearer token is one its stream's state knows (organizer, seat,
        entrant): the stream's token hashes as this process last read them, read again when
        older than KNOWN_REFRESH_SECONDS and the token is not among them."""
        header = request.headers.get("Authorization", "")
        scheme, _, token = header.partition(" ")
        args = request.view_args or {}
        stream_id = args.get("game_id") or args.get("tournament_id")
        if scheme.lower() != "bearer" or not token.strip() or not stream_id:
            return False
        digest = hashlib.sha256(token.strip().encode()).hexdigest()
        with self._known_lock:
            held = self._known.get(stream_id)
        if held is not None and (digest in held[1] or time.monotonic() - held[0] < KNOWN_REFRESH_SECONDS):
            return digest in held[1]
        ledger = current_app.extensions["tournaments" if "tournament_id" in args else "games"]
        try:
            hashes = frozenset((ledger.load(stream_id).get("auth") or {}))
        except Exception:  # no such stream, a damaged one, Redis away: nobody's token
            hashes = frozenset()
        with self._known_lock:
            self._known[stream_id] = (time.monotonic(), hashes)
            self._known.move_to_end(stream_id)
            while len(self._known) > KNOWN_KEPT:
                self._known.popitem(last=False)
        return digest in hashes

    # ---- once the token is known: the token's and the stream's budgets ------------------
    def spend(self, state: dict, digest: str) -> None:
        """Count a command from a token that `state`'s stream knows (its full SHA-256 hex
        `digest`) against the token's budgets and the stream's; 429 when one is over. Once per
        request (a view may decide on a held copy and again on a fresh read): a refusal stays."""
        if "limits_spent" in g:
            if isinstance(g.limits_spent, Problem):
                raise g.limits_spent
            return
        g.limits_spent = True
        rules = self.after_auth.get(request.endpoint or "")
        if not rules or not self.applies():
            return
        args = request.view_args or {}
        stream = args.get("game_id") or args.get("tournament_id") or "-"
        token = f"t:{digest[:32]}"
        share_of = max(1, len(state.get("auth") or {}))
        keys, shares = [], []
        for rule, items in rules:
            if rule.when is not None and not rule.when():
                continue
            for count, seconds in items:
                if rule.per == "token":
                    keys.append((rule, count, seconds, f"{PREFIX}:{rule.name}:{token}:{seconds}"))
                elif rule.per == "address":
                    keys.append((rule, count, seconds, f"{PREFIX}:{rule.name}:{address()}:{seconds}"))
                else:  # the stream's window, and this token's part of it
                    keys.append((rule, count, seconds, f"{PREFIX}:{rule.name}:{stream}:{seconds}"))
                    keys.append((rule, max(1, count // share_of), seconds,
                                 f"{PREFIX}:{rule.name}:{stream}:{token}:{seconds}"))
                    shares.append(len(keys) - 1)
        if not keys:
            return
        counted = self._count(keys)
        for n, (rule, count, seconds, used, ttl) in enumerate(counted):
            if n in shares:
                continue
            if rule.per in ("token", "address") and used > count:
                refusal = rate_limited(rule, count, seconds, ttl)
            elif rule.per == "game" and used > count and counted[n + 1][3] > counted[n + 1][1]:
                refusal = rate_limited(rule, count, seconds, ttl)  # the stream is over, and so is this token's share
            else:
                continue
            g.limits_spent = refusal
            raise refusal

    def charge(self, rule: Rule, amount: int) -> None:
        """Spend `amount` of the address's `rule` at once (the games a tournament's round makes
        for the server's bots count as new games from the organizer's address); 429, having
        spent nothing, when that would go over."""
        if amount <= 0 or not self.applies():
            return
        keys = [f"{PREFIX}:{rule.name}:{address()}:{seconds}" for _, seconds in self.budget(rule)]
        used = [int(v or 0) for v in self.client.mget(keys)]
        ttls = self.client.pipeline(transaction=False)
        for key in keys:
            ttls.ttl(key)
        waits = ttls.execute()
        for (count, seconds), have, ttl in zip(self.budget(rule), used, waits):
            if have + amount > count:
                raise rate_limited(rule, count, seconds, ttl)
        pipe = self.client.pipeline(transaction=False)
        for (_, seconds), key in zip(self.budget(rule), keys):
            pipe.set(key, 0, ex=seconds, nx=True)
            pipe.incrby(key, amount)
        pipe.execute()

    def budget(self, rule: Rule) -> list[tuple[int, int]]:
        return parse(setting(current_app, rule.setting, rule.default))

    def answered(self, status: int) -> None:
        """A 401 answered counts against the address's budget of them; an address that has
        reached it is remembered (in this process) until its window ends."""
        if status != 401 or not self.applies():
            return
        try:
            counted = self._count(self._unauthorized_keys())
        except redis.RedisError:
            return  # (the answer stands; the count is only a limit)
        now = time.monotonic()
        for _, count, seconds, used, ttl in counted:
            if used >= count:
                until = now + (ttl if ttl and ttl > 0 else seconds)
                held = self._over.get(address())
                if held is None or held[0] < until:
                    self._over[address()] = (until, count, seconds)
        if len(self._over) > OVER_KEPT:
            for addr in [a for a, held in self._over.items() if held[0] <= now]:
                self._over.pop(addr, None)

    # ---- event streams open at once -----------------------------------------------------
    def lease(self) -> Lease | LocalLease | None:
        """Hold one of the open streams this token and this address may have; 429 when full."""
        return take_lease(self.client, self.streams, self.exempt)


def install(app: Flask) -> Limits | None:
    """Apply every rule by endpoint; call after every blueprint is registered."""
    app.config["RATELIMIT_ENABLED"] = enabled(app)
    if not app.config["RATELIMIT_ENABLED"]:
        return None
    missing = (set(RULES) | set(AUTHENTICATED)) - set(app.view_functions)
    if missing:  # a renamed view would silently lose its limits
        raise RuntimeError(f"limits name endpoints the app does not have: {sorted(missing)}")
    limits = Limits(app, app.extensions["games"].redis)

    @app.before_request
    def _limit():
        limits.check()
        g.stream_lease = limits.lease()

    @app.after_request
    def _count_unauthorized(response):
        limits.answered(response.status_code)
        return response

    @app.teardown_request
    def _unused_lease(_exc):
        lease = g.pop("stream_lease", None)
        if lease is not None and not getattr(lease, "streaming", False):
            lease.release()  # the view refused before streaming (404...): give the place back

    app.extensions["rate_limits"] = limits
    return limits


def spend(state: dict, digest: str) -> None:
    """The token/stream budgets of this request's command (Limits.spend), where limits are on."""
    limits = current_app.extensions.get("rate_limits")
    if limits is not None:
        limits.spend(state, digest)


def charge_games(amount: int) -> None:
    """`amount` games the server's bots alone will play, made for this request (a tournament
    round's tables without a person): spent from the address's new-game budget."""
    limits = current_app.extensions.get("rate_limits")
    if limits is not None:
        limits.charge(CREATE, amount)
