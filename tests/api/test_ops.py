"""Operations: /healthz pings Redis (503 problem+json when it is gone), /metrics is
Prometheus text with requests, latencies, appends and version conflicts."""
from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

from service.runtime.embedded_redis import EmbeddedRedis, free_port
from tests.api.conftest import bearer, problem
from tests.streams.toy import TOY


def samples(client) -> dict:
    r = client.get("/metrics")
    assert r.status_code == 200
    assert r.mimetype == "text/plain" and r.headers["Content-Type"].count("charset") == 1, r.headers["Content-Type"]
    out = {}
    for family in text_string_to_metric_families(r.get_data(as_text=True)):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def value(metrics: dict, name: str, **labels) -> float:
    return metrics.get((name, tuple(sorted(labels.items()))), 0.0)


def test_healthz_is_ok_while_redis_answers(api):
    r = api.get("/healthz")
    assert r.status_code == 200 and r.get_json()["status"] == "ok"


def test_healthz_says_whether_a_clock_worker_swept_within_the_last_minute(api, redis_client):
    from service.runtime import heartbeat
    assert api.get("/healthz").get_json()["clock_worker"] == {
        "seen": False, "within_seconds": 60, "last_seen_seconds_ago": None}
    heartbeat.beat(redis_client)
    seen = api.get("/healthz").get_json()["clock_worker"]
    assert seen["seen"] is True and 0 <= seen["last_seen_seconds_ago"] < 5
    assert 55 <= redis_client.ttl(heartbeat.KEY) <= 60  # a dead worker is forgotten within a minute


def _app_on(url: str):
    from service.app import create_app
    return create_app({"REDIS_URL": url, "TESTING": True, "RULESETS": {"toy": TOY}})


def test_healthz_is_503_problem_when_redis_goes_away():
    server = EmbeddedRedis.ephemeral().start()
    try:
        client = _app_on(server.url).test_client()
        assert client.get("/healthz").status_code == 200
    finally:
        server.stop()
    body = problem(client.get("/healthz"), 503, "storage_unavailable")
    assert "Redis" in body["detail"]


def test_every_endpoint_answers_503_problem_when_redis_is_unreachable():
    client = _app_on(f"redis://127.0.0.1:{free_port()}/0").test_client()
    problem(client.get("/healthz"), 503, "storage_unavailable")
    problem(client.post("/v1/games", json={"ruleset": "toy", "seats": 3}), 503, "storage_unavailable")
    problem(client.get("/v1/games"), 503, "storage_unavailable")
    problem(client.get("/v1/games/abc"), 503, "storage_unavailable")
    problem(client.get("/v1/games/abc/events/stream?timeout=1"), 503, "storage_unavailable")
    assert client.get("/metrics").status_code == 200  # metrics need no Redis


def test_metrics_count_requests_latencies_and_appends(api):
    before = samples(api)
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()
    api.post(f"/v1/games/{created['game_id']}/seats", json={"name": "Ann"})
    api.get("/v1/games/nosuchgame")
    after = samples(api)
    for status, path in (("201", "/v1/games"), ("201", "/v1/games/<game_id>/seats"), ("404", "/v1/games/<game_id>")):
        method = "GET" if status == "404" else "POST"
        key = dict(method=method, endpoint=path, status=status)
        assert value(after, "bootleggers_http_requests_total", **key) == value(before, "bootleggers_http_requests_total", **key) + 1
    count = dict(method="POST", endpoint="/v1/games")
    assert value(after, "bootleggers_http_request_seconds_count", **count) == \
        value(before, "bootleggers_http_request_seconds_count", **count) + 1
    assert value(after, "bootleggers_http_request_seconds_sum", **count) > value(before, "bootleggers_http_request_seconds_sum", **count)
    for kind in ("game_created", "seat_joined"):
        assert value(after, "bootleggers_events_appended_total", type=kind) == \
            value(before, "bootleggers_events_appended_total", type=kind) + 1
    unmatched = dict(method="GET", endpoint="unmatched", status="404")
    api.get("/no/such/path")
    assert value(samples(api), "bootleggers_http_requests_total", **unmatched) == \
        value(after, "bootleggers_http_requests_total", **unmatched) + 1


def test_metrics_count_version_conflicts(toy_app, api, toy_game):
    """A writer that loses the race for the next version is counted, then retries and wins."""
    games = toy_app.extensions["games"]
    game, seat1 = toy_game["id"], toy_game["players"][0]
    before = value(samples(api), "bootleggers_version_conflicts_total")
    interfered = []

    def decide(state, oracle):
        if not interfered:  # another writer appends between our read and our append
            interfered.append(api.post(f"/v1/games/{game}/commands", json={"type": "say", "text": "me first"},
                                       headers=bearer(seat1)).status_code)
        return [{"type": "said", "payload": {"text": "then me"}}]

    outcome = games.system(game, decide)
    assert interfered == [201]
    assert value(samples(api), "bootleggers_version_conflicts_total") == before + 1
    talk = api.get(f"/v1/games/{game}/talk").get_json()["entries"]
    assert [t["text"] for t in talk][-2:] == ["me first", "then me"]
    assert outcome.version == api.get(f"/v1/games/{game}").get_json()["version"]


def test_a_stale_if_match_is_a_412_problem_and_appends_nothing(api, toy_game):
    game, seat1 = toy_game["id"], toy_game["players"][0]
    version = api.get(f"/v1/games/{game}").get_json()["version"]
    body = problem(api.post(f"/v1/games/{game}/commands", json={"type": "say", "text": "hi"},
                            headers={**bearer(seat1), "If-Match": str(version - 1)}), 412, "version_conflict")
    assert body["current_version"] == version
    assert api.get(f"/v1/games/{game}").get_json()["version"] == version
