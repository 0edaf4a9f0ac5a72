"""Operations endpoints: liveness (with a Redis ping) and Prometheus metrics."""
from __future__ import annotations

import time

import redis
from flask import Blueprint, Flask, Response, current_app, g, jsonify, request
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from service import metrics
from service.api.problems import problem_response

bp = Blueprint("ops", __name__)


@bp.get("/healthz")
def healthz():
    try:
        current_app.extensions["games"].redis.ping()
    except redis.exceptions.RedisError:
        return problem_response(503, "storage_unavailable", "the service cannot reach Redis")
    return jsonify(status="ok")


@bp.get("/metrics")
def prometheus():
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
