"""Operations endpoints: liveness (a Redis ping and the clock worker's heartbeat) and
Prometheus metrics, summed over every process when PROMETHEUS_MULTIPROC_DIR is set (as
`bootleggers serve` does: gunicorn's workers and the RQ worker each write their own files)."""
from __future__ import annotations

import os
import time

import redis
from flask import Flask, Response, current_app, g, jsonify, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest, multiprocess

from service import heartbeat, metrics
from service.api.problems import problem_response
from service.redis_connect import UNAVAILABLE
from service.api.openapi import ApiBlueprint
from service.api.declare import PUBLIC, api_operation, errors, ok

bp = ApiBlueprint("ops", __name__)


@bp.get("/healthz")
@api_operation("getHealth", "ops", security=PUBLIC,
               summary="Liveness (pings Redis), and whether a clock worker swept within the last minute",
               responses={"200": {"description": '{"status": "ok", "clock_worker": {"seen", "within_seconds", '
                                                 '"last_seen_seconds_ago"}}'}, **errors(503)})
def healthz():
    client = current_app.extensions["games"].redis
    try:
        client.ping()
        ago = heartbeat.seconds_since(client)
    except (redis.exceptions.RedisError, *UNAVAILABLE):  # (a cluster's own errors are not all RedisErrors)
        return problem_response(503, "storage_unavailable", "the service cannot reach Redis")
    clock = {"seen": ago is not None and ago <= heartbeat.SEEN_WITHIN, "within_seconds": heartbeat.SEEN_WITHIN,
             "last_seen_seconds_ago": None if ago is None else round(ago, 1)}
    return jsonify(status="ok", clock_worker=clock)


@bp.get("/metrics")
@api_operation("getMetrics", "ops", summary="Prometheus metrics", security=PUBLIC, store=False, responses={
    "200": {"description": "Prometheus text format", "content": {"text/plain": {"schema": {"type": "string"}}}}})
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

    @app.after_request
    def _count(response):
        endpoint = request.url_rule.rule if request.url_rule else "unmatched"
        metrics.REQUESTS.labels(request.method, endpoint, str(response.status_code)).inc()
        if "started" in g:
            metrics.LATENCY.labels(request.method, endpoint).observe(time.perf_counter() - g.started)
        return response
