"""Rate limits per client address (Flask-Limiter, counted in the app's Redis).

Only what costs the server without costing the caller is limited: creating a game,
taking a seat, and opening an event stream without a token (a spectator). Everything
else needs a token, which only those three hand out. The limits are applied here by
endpoint name, so the views stay free of them:

| endpoint | env | default |
|---|---|---|
| `POST /v1/games` (`games.create_game`) | `RATE_LIMIT_CREATE` | `30/minute;300/day` |
| `POST /v1/games/{id}/seats` (`games.join`) | `RATE_LIMIT_JOIN` | `60/minute` |
| `GET /v1/games/{id}/events/stream` without a token (`games.stream_events`) | `RATE_LIMIT_STREAM` | `120/minute` |

`RATE_LIMITS=off` turns them off (the tests' default, `TESTING`); `RATE_LIMIT_EXEMPT`
lists addresses never limited (default the loopback addresses: the machine itself, its
benchmarks and a local reverse proxy — which must then pass the client's address on, see
`TRUSTED_PROXIES` in service/api/frontdoor.py). A refusal is 429 problem+json with
`Retry-After` in seconds.
"""
from __future__ import annotations

import math
import os
import time

from flask import Flask, request
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded

from service.api.problems import problem_response

#: endpoint -> (env, default, the method limited: never a CORS preflight's OPTIONS)
DEFAULTS = {"games.create_game": ("RATE_LIMIT_CREATE", "30/minute;300/day", "POST"),
            "games.join": ("RATE_LIMIT_JOIN", "60/minute", "POST"),
            "games.stream_events": ("RATE_LIMIT_STREAM", "120/minute", "GET")}
WHAT = {"games.create_game": "new games", "games.join": "seats taken",
        "games.stream_events": "event streams opened without a token"}
DEFAULT_EXEMPT = "127.0.0.1,::1"


def client_address() -> str:
    return request.remote_addr or "unknown"


def has_token() -> bool:
    return bool(request.headers.get("Authorization"))


def enabled(app: Flask) -> bool:
    if "RATELIMIT_ENABLED" in app.config:
        return bool(app.config["RATELIMIT_ENABLED"])
    if app.config.get("TESTING"):
        return False
    return os.environ.get("RATE_LIMITS", "on").strip().lower() not in ("off", "0", "false", "no")


def storage_uri(app: Flask) -> str:
    """The limits' Redis: the game store's (`redis+cluster://` when it is a cluster)."""
    from service.redis_connect import is_cluster
    url = app.config["REDIS_URL"]
    service = app.extensions.get("games")
    if service is not None and is_cluster(service.redis):
        return "redis+cluster://" + url.split("://", 1)[1].split("/", 1)[0]
    return url


def install(app: Flask) -> Limiter:
    """Limit the three endpoints of DEFAULTS; call after every blueprint is registered."""
    app.config["RATELIMIT_ENABLED"] = enabled(app)
    exempt_list = app.config.get("RATE_LIMIT_EXEMPT", os.environ.get("RATE_LIMIT_EXEMPT", DEFAULT_EXEMPT))
    exempt = {a.strip() for a in exempt_list.split(",") if a.strip()}
    limiter = Limiter(client_address, app=app, storage_uri=storage_uri(app),
                      key_prefix="ratelimit", strategy="moving-window", headers_enabled=False, swallow_errors=True,
                      storage_options={"socket_connect_timeout": 2, "socket_timeout": 2})
    limiter.request_filter(lambda: client_address() in exempt)
    for endpoint, (env, default, method) in DEFAULTS.items():
        value = app.config.get(env) or os.environ.get(env) or default
        anonymous_only = has_token if endpoint == "games.stream_events" else None
        view = app.view_functions[endpoint]
        app.view_functions[endpoint] = limiter.limit(value, methods=[method], exempt_when=anonymous_only)(view)

    @app.errorhandler(RateLimitExceeded)
    def _too_many(err: RateLimitExceeded):
        current = limiter.current_limit
        wait = max(1, math.ceil(current.window[0] - time.time())) if current else 60
        what = WHAT.get(request.endpoint or "", "requests")
        response = problem_response(429, "rate_limited", f"too many {what} from your address (at most "
                                    f"{err.limit.limit}); try again in {wait} seconds", retry_after=wait)
        response.headers["Retry-After"] = str(wait)
        return response

    app.extensions["rate_limits"] = limiter
    return limiter
