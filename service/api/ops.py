"""Operations endpoints: liveness (a Redis ping and the clock worker's heartbeat) and
Prometheus metrics, summed over every process when PROMETHEUS_MULTIPROC_DIR is set (as
`bootleggers serve` does: gunicorn's workers and the RQ worker each write their own files)."""
from __future__ import annotations

import os
import time

import redis
from flask import Flask, Response, current_app, g, jsonify, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest, multiprocess

from service.runtime import heartbeat, metrics
from service.api.problems import store_unavailable
from service.rules.errors import Message
from service.runtime.redis_connect import UNAVAILABLE
from service.api.openapi import ApiBlueprint
from service.api.declare import PUBLIC, api_operation, errors

bp = ApiBlueprint("ops", __name__)


@bp.get("/healthz")
@api_operation("getHealth", "ops", security=PUBLIC,
               summary="Liveness (pings Redis), and whether a clock worker swept within the last minute",
               description="For load balancers and uptime checks; public (no token is read). 200 while this "
                           "server process reaches Redis, with `clock_worker`: whether a clock worker swept "
                           "the deadlines within the last `within_seconds` (`seen`) and how many seconds ago "
                           "it last did (null: never). 503 `storage_unavailable` when Redis does not answer. "
                           "Like every route, it refuses a request body over the limit (413) unread.",
               responses={"200": {"description": '{"status": "ok", "clock_worker": {"seen", "within_seconds", '
                                                 '"last_seen_seconds_ago"}}'}, **errors(413, 503)})
def healthz():
    """200 `{"status": "ok", "redis": "ok", "clock_worker": {...}}` while Redis answers (a
    missing clock worker stops deadlines, not the API: `clock_worker.seen` says so, the status
    stays 200). While Redis does not answer, this process is up but *degraded*: 503
    `storage_unavailable` with `Retry-After`, as every store-touching route answers meanwhile,
    its problem body saying why: `"health": "degraded", "redis": "unreachable"` and
    `"clock_worker": null` (unknown: its heartbeat lives in Redis). 503, not 200: a load
    balancer or readiness probe should not count on this process for games until Redis is
    back; a liveness probe that must not restart the web for Redis's sake reads /metrics,
    which needs no Redis."""
    client = current_app.extensions["games"].redis
    try:
        client.ping()
        ago = heartbeat.seconds_since(client)
    except (redis.exceptions.RedisError, *UNAVAILABLE) as exc:  # (a cluster's own errors are not all RedisErrors)
        return store_unavailable(Message("problem-api-redis-unreachable", error=type(exc).__name__),
                                 health="degraded", redis="unreachable", clock_worker=None)
    clock = {"seen": ago is not None and ago <= heartbeat.SEEN_WITHIN, "within_seconds": heartbeat.SEEN_WITHIN,
             "last_seen_seconds_ago": None if ago is None else round(ago, 1)}
    return jsonify(status="ok", redis="ok", clock_worker=clock)


@bp.get("/metrics")
@api_operation("getMetrics", "ops", summary="Prometheus metrics", security=PUBLIC, store=False,
               description="For a Prometheus scraper; public (no token is read) and answered without Redis. "
                           "The text exposition format: HTTP requests by method, route and status, their "
                           "latencies, events appended by type and appends refused for a stale version; under "
                           "`bootleggers serve`, summed over every process (the web workers and the job "
                           "worker). Like every route, it refuses a request body over the limit (413) unread.",
               responses={"200": {"description": "Prometheus text format",
                                  "content": {"text/plain": {"schema": {"type": "string"}}}}, **errors(413)})
def prometheus():
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return Response(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)
    return Response(generate_latest(), content_type=CONTENT_TYPE_LATEST)


def instrument(app: Flask) -> None:
    @app.before_request
    def _start():
        g.started = time.perf_counter()

    counters: dict[tuple, tuple] = {}  # (method, route, status) -> its counter and histogram, looked up once

    @app.after_request
    def _count(response):
        key = (request.method, request.url_rule.rule if request.url_rule else "unmatched", response.status_code)
        children = counters.get(key)
        if children is None:
            children = counters[key] = (metrics.REQUESTS.labels(key[0], key[1], str(key[2])),
                                        metrics.LATENCY.labels(key[0], key[1]))
        children[0].inc()
        if "started" in g:
            children[1].observe(time.perf_counter() - g.started)
        return response
