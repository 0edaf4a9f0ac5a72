"""The viewer in a real browser: Debian's chromium driven by Playwright (never a downloaded
browser), against the real app served over real HTTP by werkzeug in a thread, on the test
Redis. Every test here is skipped, saying why, when playwright or chromium is missing.
"""
from __future__ import annotations

import os
import random
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.bots import Table, open_table, play

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


def _chromium() -> str:
    found = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    if not found:
        pytest.skip("browser tests skipped: no chromium on this machine "
                    "(apt-get install chromium; .ci/run does it)")
    return found


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One Chromium per test process, shared by every module (each test opens its own context,
    so no cookie, storage or page leaks from one test to the next)."""
    executable = _chromium()
    sync_api = pytest.importorskip("playwright.sync_api", reason="browser tests skipped: playwright is not installed")
    with sync_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser):  # type: ignore[no-untyped-def]
    # Playwright evaluates a test's string predicates (wait_for_function) with eval inside the
    # page, which the pages' CSP forbids (script-src 'self'): these contexts bypass the CSP;
    # `strict_page` keeps it, and tests/web/test_csp.py loads every page under it.
    # English pages whatever the machine's language (the pages follow navigator.languages).
    context = browser.new_context(viewport={"width": 1360, "height": 1000}, bypass_csp=True, locale="en-US")
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, f"the page threw: {errors}"


@pytest.fixture
def strict_page(browser):  # type: ignore[no-untyped-def]
    """A page under the server's own CSP; fails the test on any page error or CSP report."""
    context = browser.new_context(viewport={"width": 1360, "height": 1000}, locale="en-US")
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on("console", lambda message: errors.append(message.text)
              if message.type == "error" and "Content Security Policy" in message.text else None)
    yield opened
    context.close()
    assert not errors, f"the page broke its CSP or threw: {errors}"


class Site:
    """The app served over HTTP; `client` is a Flask test client on the same app and Redis."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        from werkzeug.serving import make_server

        self.client = app.test_client()
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.base = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def viewer(self, game_id: str, token: str | None = None) -> str:
        return f"{self.base}/viewer/{game_id}" + (f"#token={token}" if token else "")

    def close(self) -> None:
        self.server.shutdown()
        self.thread.join(5)


@pytest.fixture(scope="module")
def site(redis_url: str) -> Iterator[Site]:
    import redis

    from service.app import create_app

    redis.Redis.from_url(redis_url).flushdb()
    served = Site(create_app({"REDIS_URL": redis_url, "TESTING": True}))
    try:
        yield served
    finally:
        served.close()


@pytest.fixture(scope="module")
def finished(site: Site) -> Table:
    """A short 3-seat game played to its end by bots."""
    table = open_table(site.client, 3, {"rounds": 8})
    play(table, random.Random(15))
    return table


def play_some(table: Table, commands: int, rng: random.Random) -> None:
    """Send `commands` listed examples of awaited seats (no talk); stop early at the end."""
    for _ in range(commands):
        state = table.state()
        if state["status"] == "finished":
            return
        seat = rng.choice(state["waiting_for"])
        legal = table.legal(seat)
        actions = [a for a in legal["actions"] if a["type"] != "say" and a["examples"]]
        r = table.send(seat, rng.choice(rng.choice(actions)["examples"]), version=legal["version"])
        assert r.status_code == 201, r.get_data(as_text=True)


def screenshot(page, name: str) -> Path:  # type: ignore[no-untyped-def]
    """Keep a screenshot of the view under var/screenshots/ (a CI artifact)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


class BotDriver:
    """The server's bot for a served app without an RQ worker: takes the bot jobs the app
    enqueues on the clock queue (service/bots/seat_bots.py) and plays them in a thread, as the
    worker would (the same `play_bot_seats`); other clock jobs are left alone."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        from rq import Queue
        from rq.serializers import JSONSerializer

        from service.bots import seat_bots
        from service.runtime.queues import CLOCK_QUEUE

        self.games = app.extensions["games"]
        self.play = seat_bots.play_bot_seats
        self.job = seat_bots.JOB
        self.queue = Queue(CLOCK_QUEUE, connection=self.games.queue_redis, serializer=JSONSerializer)
        self.stopped = threading.Event()
        self.failures: list[str] = []
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while not self.stopped.wait(0.05):
            for job_id in self.queue.get_job_ids():
                job = self.queue.fetch_job(job_id)
                if job is None or job.func_name != self.job:
                    continue
                self.queue.remove(job_id)
                try:
                    self.play(self.games, job.args[0])
                except Exception as error:  # noqa: BLE001 (reported by the test that needed the bot)
                    self.failures.append(f"{job.args[0]}: {error!r}")

    def close(self) -> None:
        self.stopped.set()
        self.thread.join(5)


@pytest.fixture(scope="module")
def bots(site: Site) -> Iterator[BotDriver]:
    driver = BotDriver(site.client.application)
    try:
        yield driver
    finally:
        driver.close()
    assert not driver.failures, driver.failures


def play_url(site: Site, game_id: str, token: str) -> str:
    return f"{site.base}/play/{game_id}#token={token}"
