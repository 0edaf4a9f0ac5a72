"""Prometheus metrics of the service: requests, latencies, appends and conflicts.

Defined once per process (prometheus_client's default registry is global); each gunicorn
worker reports its own counters unless PROMETHEUS_MULTIPROC_DIR is set.
"""
from __future__ import annotations

from prometheus_client import Counter, Histogram

REQUESTS = Counter("bootleggers_http_requests_total", "HTTP requests", ["method", "endpoint", "status"])
LATENCY = Histogram("bootleggers_http_request_seconds", "HTTP request latency", ["method", "endpoint"])
APPENDS = Counter("bootleggers_events_appended_total", "Events appended to game streams", ["type"])
CONFLICTS = Counter("bootleggers_version_conflicts_total", "Appends refused for a stale version")
REFUSALS = Counter("bootleggers_commands_refused_total", "Commands refused by the rules", ["code"])
