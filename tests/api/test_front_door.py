"""The front door (issue 10): JSON only as JSON, bounds on every list and string, body size,
rate limits, CORS and request ids — each refusal a problem+json that stores nothing."""
from __future__ import annotations

import json
import logging

import pytest

from tests.api.conftest import bearer, new_game, problem

CREATE = {"ruleset": "toy", "seats": 3}


def listed(api) -> list[dict]:
    return api.get("/v1/games").get_json()["games"]


# ---- Content-Type ------------------------------------------------------------------------
@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", "application/xml"])
def test_a_body_that_is_not_declared_json_is_415_and_creates_nothing(api, content_type):
    body = problem(api.post("/v1/games", data=json.dumps(CREATE), content_type=content_type),
                   415, "unsupported_media_type")
    assert "application/json" in body["detail"]
    assert listed(api) == []


def test_a_form_cannot_take_a_seat(api):
    game = new_game(api, join=0, start=False)["id"]
    problem(api.post(f"/v1/games/{game}/seats", data='{"name": "Mallory"}', content_type="text/plain"),
            415, "unsupported_media_type")
    assert api.get(f"/v1/games/{game}").get_json()["players"] == []


@pytest.mark.parametrize("content_type", ["application/json", "application/json; charset=utf-8",
                                          "application/vnd.bootleggers+json"])
def test_json_content_types_are_read(api, content_type):
    r = api.post("/v1/games", data=json.dumps(CREATE), content_type=content_type)
    assert r.status_code == 201, r.get_data(as_text=True)


def test_a_bodiless_post_needs_no_content_type(api):
    game = new_game(api, start=False)
    r = api.post(f"/v1/games/{game['id']}/start", headers=bearer(game["organizer"]))
    assert r.status_code == 201, r.get_data(as_text=True)


# ---- names and talk ----------------------------------------------------------------------
@pytest.mark.parametrize("name", ["\u200b", "\u200b\u200c\u200d", "\x00", "Ada\x00", "\u202eAda", "A\u2066da",
                                  "\ufeffAda", "Ad\u2060a", "   ", "\u0301", "a" * 41, "Ada\nLovelace", ""])
def test_invisible_control_bidi_or_overlong_names_are_422_and_store_nothing(api, name):
    game = new_game(api, join=0, start=False)["id"]
    body = problem(api.post(f"/v1/games/{game}/seats", json={"name": name}), 422, "invalid_fields")
    assert "name" in body["errors"], body
    state = api.get(f"/v1/games/{game}").get_json()
    assert state["players"] == [] and state["version"] == 1


@pytest.mark.parametrize("name", ["Zoë", "李小龍", "Ada 🎲", "O'Malley", "a" * 40, "  Bob  "])
def test_visible_names_are_taken_trimmed(api, name):
    game = new_game(api, join=0, start=False)["id"]
    assert api.post(f"/v1/games/{game}/seats", json={"name": name}).status_code == 201
    assert api.get(f"/v1/games/{game}").get_json()["players"][0]["name"] == name.strip()


def test_table_talk_keeps_line_breaks_and_refuses_control_and_bidi_characters(api, toy_game):
    game, player = toy_game["id"], bearer(toy_game["players"][0])
    for text in ("\u202egnihton", "nul\x00", "\u2067x", "\x1b[31mred", "a" * 501, "\u200b"):
        body = problem(api.post(f"/v1/games/{game}/commands", json={"type": "say", "text": text}, headers=player),
                       422, "invalid_fields")
        assert "text" in body["errors"], body
    ok = api.post(f"/v1/games/{game}/commands", json={"type": "say", "text": "two\nlines\tand 👨‍👩‍👧"}, headers=player)
    assert ok.status_code == 201


# ---- scripted randomness -----------------------------------------------------------------
@pytest.mark.parametrize("rng, field", [
    ({"mode": "scripted", "dice": [1] * 2001}, "dice"),
    ({"mode": "scripted", "decks": {"numbers": list(range(201))}}, "decks"),
    ({"mode": "scripted", "decks": {f"d{i}": [1] for i in range(9)}}, "decks"),
    ({"mode": "scripted", "decks": {"numbers": [{"nested": "x" * 100}]}}, "decks"),
    ({"mode": "scripted", "decks": {"numbers": ["x" * 61]}}, "decks"),
    ({"mode": "scripted", "hands": {"1": list(range(1, 26))}}, "hands"),
])
def test_oversized_scripts_are_422_naming_the_field_and_store_nothing(api, rng, field):
    body = problem(api.post("/v1/games", json={**CREATE, "options": {"rng": rng}}), 422, "invalid_fields")
    assert field in body["errors"]["options"]["rng"], body
    assert listed(api) == []


def test_a_13_mb_create_is_refused_before_it_is_read(api, redis_client):
    huge = {**CREATE, "options": {"rng": {"mode": "scripted", "decks": {"numbers": ["card"] * 2_000_000}}}}
    problem(api.post("/v1/games", data=json.dumps(huge), content_type="application/json"), 413, "body_too_large")
    assert listed(api) == [] and redis_client.dbsize() <= 2  # at most the index backfill marker


@pytest.mark.parametrize("decks, hands, message", [
    ({"trucks": ["truck:small#1"]}, None, "trucks deck has 14 cards"),
    ({"jokers": [1]}, None, "no deck 'jokers'"),
    (None, {"1": [1, 2, 3]}, "must hold 12 cards"),
])
def test_bootleggers_scripts_must_match_its_decks_and_hands_at_creation(client, decks, hands, message):
    rng = {"mode": "scripted", **({"decks": decks} if decks else {}), **({"hands": hands} if hands else {})}
    body = problem(client.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3, "options": {"rng": rng}}),
                   422, "invalid_options")
    assert message in json.dumps(body["errors"]), body
    assert client.get("/v1/games").get_json()["games"] == []


# ---- Bootleggers amounts -----------------------------------------------------------------
def test_ruling_and_deal_amounts_stay_within_the_games_range(client):
    game = new_game(client, ruleset="bootleggers", seats=3)
    org, seat1 = bearer(game["organizer"]), bearer(game["players"][0])
    before = client.get(f"/v1/games/{game['id']}").get_json()["version"]
    for ruling, field in (({"kind": "set_cash", "seat": 1, "cash": 10**40}, "cash"),
                          ({"kind": "set_cash", "seat": 1, "cash": 10_001}, "cash"),
                          ({"kind": "set_crates", "seat": 1, "crates": 10**6}, "crates"),
                          ({"kind": "set_cash", "seat": 100, "cash": 5}, "seat"),
                          ({"kind": "set_cash", "seat": 1, "cash": 5, "reason": "\u202e"}, "reason")):
        command = {"type": "ruling", "reason": "table count", **ruling}
        body = problem(client.post(f"/v1/games/{game['id']}/commands", json=command, headers=org), 422)
        assert field in body["errors"], body
    deal = {"type": "propose_deal", "to": 2, "give": {"cash": 10**40, "trucks": ["t"] * 31}, "promise": "\x00"}
    body = problem(client.post(f"/v1/games/{game['id']}/commands", json=deal, headers=seat1), 422)
    assert {"give", "promise"} <= set(body["errors"]), body
    assert {"cash", "trucks"} <= set(body["errors"]["give"]), body
    assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == before
    ok = {"type": "ruling", "kind": "set_cash", "seat": 1, "cash": 10_000, "reason": "the biggest table"}
    assert client.post(f"/v1/games/{game['id']}/commands", json=ok, headers=org).status_code == 201


# ---- body size -----------------------------------------------------------------------------
def test_bodies_over_256_kib_are_413_but_an_import_may_hold_a_whole_game(api, toy_game):
    big = json.dumps({**CREATE, "pad": "x" * 300_000})
    body = problem(api.post("/v1/games", data=big, content_type="application/json"), 413, "body_too_large")
    assert body["max_bytes"] == 256 * 1024
    record = json.dumps({"format": "x", "format_version": 1, "complete": True, "events": [], "pad": "x" * 1_000_000})
    r = api.post("/v1/games/import", data=record, content_type="application/json", headers=bearer(toy_game["organizer"]))
    assert r.status_code == 422, r.get_data(as_text=True)  # read and judged, not refused for size
    ten_mb = json.dumps({"pad": "x" * 10_000_000})
    problem(api.post("/v1/games/import", data=ten_mb, content_type="application/json",
                     headers=bearer(toy_game["organizer"])), 413, "body_too_large")


# ---- rate limits ---------------------------------------------------------------------------
@pytest.fixture
def limited(make_app, redis_url):
    from service.app import create_app
    from tests.engine.toy import TOY

    return create_app({"REDIS_URL": redis_url, "TESTING": True, "RULESETS": {"toy": TOY},
                       "RATELIMIT_ENABLED": True, "RATE_LIMIT_EXEMPT": "", "RATE_LIMIT_CREATE": "2/minute",
                       "RATE_LIMIT_JOIN": "3/minute", "RATE_LIMIT_STREAM": "2/minute"}).test_client()


def test_creating_games_is_limited_per_address_with_a_429_and_retry_after(limited):
    for _ in range(3):  # a browser's CORS preflights do not count
        assert limited.options("/v1/games", headers={"Origin": "https://x.example",
                                                     "Access-Control-Request-Method": "POST"}).status_code == 200
    assert [limited.post("/v1/games", json=CREATE).status_code for _ in range(2)] == [201, 201]
    r = limited.post("/v1/games", json=CREATE)
    body = problem(r, 429, "rate_limited")
    assert 1 <= int(r.headers["Retry-After"]) <= 60 and body["retry_after"] == int(r.headers["Retry-After"])
    assert "new games" in body["detail"]
    assert len(limited.get("/v1/games").get_json()["games"]) == 2
    other = limited.post("/v1/games", json=CREATE, environ_base={"REMOTE_ADDR": "203.0.113.9"})
    assert other.status_code == 201  # per address


def test_joining_and_anonymous_streams_are_limited_but_streams_with_a_token_are_not(limited):
    game = new_game(limited, join=3, start=True)
    problem(limited.post(f"/v1/games/{game['id']}/seats", json={"name": "late"}), 429, "rate_limited")
    stream = f"/v1/games/{game['id']}/events/stream?timeout=0"
    assert [limited.get(stream).status_code for _ in range(2)] == [200, 200]
    problem(limited.get(stream), 429, "rate_limited")
    for _ in range(3):
        assert limited.get(stream, headers=bearer(game["players"][0])).status_code == 200


def test_loopback_is_exempt_by_default_and_limits_are_off_under_testing(make_app, redis_url):
    from service.app import create_app
    from tests.engine.toy import TOY

    app = create_app({"REDIS_URL": redis_url, "RULESETS": {"toy": TOY}, "RATE_LIMIT_CREATE": "1/minute"})
    assert app.config["RATELIMIT_ENABLED"] is True
    client = app.test_client()
    assert [client.post("/v1/games", json=CREATE).status_code for _ in range(3)] == [201] * 3
    assert client.post("/v1/games", json=CREATE, environ_base={"REMOTE_ADDR": "198.51.100.1"}).status_code == 201
    problem(client.post("/v1/games", json=CREATE, environ_base={"REMOTE_ADDR": "198.51.100.1"}), 429, "rate_limited")


# ---- CORS ----------------------------------------------------------------------------------
def test_a_preflight_from_any_origin_is_allowed_without_credentials(api):
    r = api.options("/v1/games/abc/commands", headers={
        "Origin": "https://table.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type, if-match, idempotency-key"})
    assert r.status_code == 200
    assert r.headers["Access-Control-Allow-Origin"] == "*"
    allowed = {h.strip().lower() for h in r.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "if-match", "idempotency-key"} <= allowed
    assert "POST" in r.headers["Access-Control-Allow-Methods"]
    assert "Access-Control-Allow-Credentials" not in r.headers


def test_answers_expose_etag_location_and_the_request_id_to_scripts(api, toy_game):
    r = api.get(f"/v1/games/{toy_game['id']}", headers={"Origin": "https://table.example"})
    assert r.headers["Access-Control-Allow-Origin"] == "*"
    exposed = {h.strip() for h in r.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"ETag", "Location", "Idempotent-Replayed", "X-Request-Id", "Retry-After"} <= exposed


def test_cors_origins_narrows_the_origins(make_app, redis_url):
    from service.app import create_app

    client = create_app({"REDIS_URL": redis_url, "TESTING": True,
                         "CORS_ORIGINS": "https://a.example, https://b.example"}).test_client()
    ok = client.get("/healthz", headers={"Origin": "https://b.example"})
    assert ok.headers["Access-Control-Allow-Origin"] == "https://b.example"
    assert "Access-Control-Allow-Origin" not in client.get("/healthz", headers={"Origin": "https://evil.example"}).headers


# ---- request ids and the request log -------------------------------------------------------
def test_every_answer_carries_a_request_id_taken_from_the_request_when_sane(api):
    fresh = api.get("/healthz").headers["X-Request-Id"]
    assert len(fresh) == 32 and fresh != api.get("/healthz").headers["X-Request-Id"]
    assert api.get("/v1/games/nope", headers={"X-Request-Id": "lb-42.a:b"}).headers["X-Request-Id"] == "lb-42.a:b"
    for insane in ("has space", "x" * 129, "<script>"):
        assert api.get("/healthz", headers={"X-Request-Id": insane}).headers["X-Request-Id"] != insane
    assert api.post("/v1/games", data="x", content_type="text/plain").headers["X-Request-Id"]


def test_each_request_is_one_json_log_line_with_game_seat_command_status_and_duration(api, toy_game, caplog):
    from service.logs import json_formatter

    caplog.set_level(logging.INFO, logger="bootleggers.request")
    api.post(f"/v1/games/{toy_game['id']}/commands", json={"type": "say", "text": "hi"},
             headers={**bearer(toy_game["players"][1]), "X-Request-Id": "req-1"})
    records = [r for r in caplog.records if r.name == "bootleggers.request"]
    line = json_formatter().format(records[-1])
    assert "\n" not in line
    entry = json.loads(line)
    assert entry["event"] == "request" and entry["request_id"] == "req-1" and entry["status"] == 201
    assert entry["game_id"] == toy_game["id"] and entry["seat"] == 2 and entry["command"] == "say"
    assert entry["duration_ms"] >= 0 and entry["time"].endswith("Z") and entry["level"] == "info"


def test_an_unexpected_error_is_a_json_line_with_its_traceback_and_request_id(caplog):
    import structlog

    from service.logs import configure, json_formatter

    configure()
    caplog.set_level(logging.ERROR)
    structlog.contextvars.bind_contextvars(request_id="req-err")
    try:
        try:
            raise RuntimeError("boom")
        except RuntimeError:
            logging.getLogger("service.api.problems").exception("unexpected error")
    finally:
        structlog.contextvars.clear_contextvars()
    entry = json.loads(json_formatter().format(caplog.records[-1]))
    assert entry["event"] == "unexpected error" and entry["level"] == "error"
    assert "RuntimeError: boom" in entry["exception"]
