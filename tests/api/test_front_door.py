"""The front door: JSON only as JSON, bounds on every list and string, body size,
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
    from tests.streams.toy import TOY

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


def test_no_address_is_exempt_by_default_and_limits_are_off_under_testing(make_app, redis_url):
    from service.app import create_app
    from tests.streams.toy import TOY

    app = create_app({"REDIS_URL": redis_url, "RULESETS": {"toy": TOY}, "RATE_LIMIT_CREATE": "1/minute"})
    assert app.config["RATELIMIT_ENABLED"] is True
    client = app.test_client()  # the test client comes from 127.0.0.1: loopback is limited like anyone
    assert [client.post("/v1/games", json=CREATE).status_code for _ in range(2)] == [201, 429]
    exempted = create_app({"REDIS_URL": redis_url, "RULESETS": {"toy": TOY}, "RATE_LIMIT_CREATE": "1/minute",
                           "RATE_LIMIT_EXEMPT": "127.0.0.1"}).test_client()
    assert [exempted.post("/v1/games", json=CREATE).status_code for _ in range(2)] == [201, 201]
    testing = create_app({"REDIS_URL": redis_url, "RULESETS": {"toy": TOY}, "TESTING": True,
                          "RATE_LIMIT_CREATE": "1/minute"}).test_client()
    assert [testing.post("/v1/games", json=CREATE).status_code for _ in range(2)] == [201, 201]


def limited_app(redis_url: str, **limits):
    from service.app import create_app
    from tests.streams.toy import TOY
    return create_app({"REDIS_URL": redis_url, "TESTING": True, "RULESETS": {"toy": TOY},
                       "RATELIMIT_ENABLED": True, **limits})


def test_commands_are_limited_per_token_and_per_game_and_a_refusal_appends_nothing(redis_url, redis_client):
    # the game's budget counts its start (1), seat 1's three rolls and the one refused (5), seat 2's two rolls
    client = limited_app(redis_url, RATE_LIMIT_COMMANDS="3/minute", RATE_LIMIT_GAME_COMMANDS="7/minute").test_client()
    game = new_game(client)
    one, two, three = game["players"]
    url = f"/v1/games/{game['id']}/commands"
    assert [client.post(url, json={"type": "roll"}, headers=bearer(one)).status_code for _ in range(3)] == [201] * 3
    version = client.get(f"/v1/games/{game['id']}").get_json()["version"]
    refused = client.post(url, json={"type": "roll"}, headers=bearer(one))
    body = problem(refused, 429, "rate_limited")
    assert "your token" in body["detail"] and 1 <= int(refused.headers["Retry-After"]) <= 60
    assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == version  # nothing appended
    assert [client.post(url, json={"type": "roll"}, headers=bearer(two)).status_code for _ in range(3)] == [201, 201, 429]
    # the game is over its budget, but seat 3 has spent nothing: its fair share (7 // 4 tokens
    # = 1 command) still goes through, and only then is it refused for the game's budget
    assert client.post(url, json={"type": "roll"}, headers=bearer(three)).status_code == 201
    assert "this game" in problem(client.post(url, json={"type": "roll"}, headers=bearer(three)), 429)["detail"]
    other = new_game(client)  # another game's budget is its own
    assert client.post(f"/v1/games/{other['id']}/commands", json={"type": "roll"},
                       headers=bearer(other["players"][0])).status_code == 201


def test_table_talk_has_a_budget_of_its_own(redis_url, redis_client):
    client = limited_app(redis_url, RATE_LIMIT_TALK="2/minute").test_client()
    game = new_game(client)
    url, seat = f"/v1/games/{game['id']}/commands", bearer(game["players"][0])
    said = [client.post(url, json={"type": "say", "text": f"line {n}"}, headers=seat).status_code for n in range(3)]
    assert said == [201, 201, 429]
    assert client.post(url, json={"type": "roll"}, headers=seat).status_code == 201  # moves still go
    talk = client.get(f"/v1/games/{game['id']}/talk").get_json()["entries"]
    assert [line["text"] for line in talk] == ["line 0", "line 1"]


def test_imports_and_tournaments_are_limited_per_address(redis_url, redis_client, toy_game, api):
    client = limited_app(redis_url, RATE_LIMIT_IMPORT="1/minute", RATE_LIMIT_TOURNAMENT="1/minute").test_client()
    first = client.post("/v1/games/import", json={"format": "x"}, headers=bearer(toy_game["organizer"]))
    assert first.status_code == 422  # read and judged
    problem(client.post("/v1/tournaments/import", json={"format": "x"}, headers=bearer("t")), 429, "rate_limited")
    body = {"name": "Cup", "ruleset": "toy", "rounds": 1, "table_size": {"min": 3, "max": 3}}
    client.post("/v1/tournaments", json=body)
    problem(client.post("/v1/tournaments", json=body), 429, "rate_limited")


def test_open_streams_are_limited_per_token_and_per_address(redis_url, redis_client):
    import threading
    import time

    app = limited_app(redis_url, STREAMS_PER_TOKEN="1", STREAMS_PER_ADDRESS="2")
    game = new_game(app.test_client())
    url = f"/v1/games/{game['id']}/events/stream"

    def hold(token: str) -> threading.Thread:  # each stream in a thread of its own, open 2 s
        opened = threading.Thread(target=lambda: app.test_client().get(url + "?timeout=2", headers=bearer(token)).get_data())
        opened.start()
        return opened

    def leases() -> int:
        return sum(app.extensions["games"].redis.zcard(k) for k in
                   app.extensions["games"].redis.keys("ratelimit:open-streams:address:*"))

    first = hold(game["players"][0])
    deadline = time.monotonic() + 5
    while leases() < 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    client = app.test_client()
    refused = client.get(url + "?timeout=0", headers=bearer(game["players"][0]))
    assert "for your token" in problem(refused, 429, "rate_limited")["detail"]
    second = hold(game["players"][1])
    while leases() < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert "from your address" in problem(client.get(url + "?timeout=0", headers=bearer(game["players"][2])),
                                          429)["detail"]
    first.join()
    second.join()
    assert leases() == 0  # a closed stream gives its place back
    assert client.get(url + "?timeout=0", headers=bearer(game["players"][0])).status_code == 200


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_one_limited(redis_url, redis_client):
    proxied = limited_app(redis_url, RATE_LIMIT_CREATE="1/minute", TRUSTED_PROXIES="1").test_client()
    sent = lambda addr: proxied.post("/v1/games", json=CREATE, headers={"X-Forwarded-For": addr}).status_code  # noqa: E731
    assert [sent("203.0.113.1"), sent("203.0.113.2"), sent("203.0.113.1")] == [201, 201, 429]
    direct = limited_app(redis_url, RATE_LIMIT_CREATE="1/minute").test_client()  # no proxy trusted: ignored
    sent = lambda addr: direct.post("/v1/games", json=CREATE, headers={"X-Forwarded-For": addr}).status_code  # noqa: E731
    assert [sent("198.51.100.1"), sent("198.51.100.2")] == [201, 429]


def test_a_utf16_body_is_not_json(api):
    body = json.dumps(CREATE).encode("utf-16")
    problem(api.post("/v1/games", data=body, content_type="application/json"), 400, "malformed_json")
    problem(api.post("/v1/games", data=json.dumps(CREATE).encode(), content_type="application/json; charset=utf-16"),
            415, "unsupported_media_type")


def test_pages_forbid_inline_script_framing_and_sniffing(client, toy_game, api):
    for path in ("/docs", f"/viewer/{toy_game['id']}"):
        page = api.get(path)
        assert page.status_code == 200 and page.mimetype == "text/html"
        policy = page.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert page.headers["X-Content-Type-Options"] == "nosniff" and page.headers["X-Frame-Options"] == "DENY"
        assert "<script>" not in page.get_data(as_text=True)
    assert api.get("/docs/init.js").mimetype == "text/javascript"
    assert api.get("/healthz").headers["X-Content-Type-Options"] == "nosniff"


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
    from service.runtime.logs import json_formatter

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

    from service.runtime.logs import configure, json_formatter

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


def test_a_chunked_body_over_the_limit_is_413_not_malformed(api):
    import io
    body = json.dumps({**CREATE, "pad": "x" * 300_000}).encode()
    r = api.post("/v1/games", input_stream=io.BytesIO(body), content_type="application/json",
                 headers={"Transfer-Encoding": "chunked"}, environ_overrides={"wsgi.input_terminated": True})
    problem(r, 413, "body_too_large")
    small = json.dumps(CREATE).encode()
    ok = api.post("/v1/games", input_stream=io.BytesIO(small), content_type="application/json",
                  headers={"Transfer-Encoding": "chunked"}, environ_overrides={"wsgi.input_terminated": True})
    assert ok.status_code == 201
