"""An import's body is bounded by who sends it (service/api/frontdoor.py
`read_import`).

The probe sent a 64 MiB body to `POST /v1/tournaments/import` with a bogus token: it was
parsed whole before the token was compared (422 after 9.8 s, the worker 105 MB -> 1,925 MB;
two at once stalled /healthz 15.2 s). Now the token must be there and the import limit pass
before a byte is read; of a large body only its first MiB is read before the record's first
event must name the caller as its organizer; and what the rest would take once parsed is
counted while it arrives, 413 over `MAX_IMPORT_MEMORY`, before anything is parsed.

The first tests drive the app in process (what is read, what is answered); the last ones a
real `bootleggers serve` (gunicorn, 2 gevent workers), measuring the workers' RSS and
/healthz while two 64 MiB imports run. Each fails on ea21c6d's front door."""
from __future__ import annotations

import http.client
import io
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from tests.api.conftest import bearer, problem
from tests.support.import_bodies import GAME, TOURNAMENT, padded_record, send_import
from tests.support.served import Served

MiB = 2**20
#: service/api/frontdoor.py IMPORT_HEAD_BYTES (written out: the tests run against ea21c6d too)
IMPORT_HEAD_BYTES = MiB


class Counting(io.BytesIO):
    """A request body that counts what the server read of it."""

    def __init__(self, data: bytes):
        super().__init__(data)
        self.taken = 0

    def read(self, size: int | None = -1) -> bytes:
        got = super().read(size)
        self.taken += len(got)
        return got

    def readinto(self, buffer) -> int:
        got = super().readinto(buffer)
        self.taken += got
        return got

    def readline(self, size: int | None = -1) -> bytes:
        got = super().readline(size)
        self.taken += len(got)
        return got


def post_counted(client, path: str, body: bytes, token: str | None):
    sent = Counting(body)
    answer = client.post(path, input_stream=sent, content_length=len(body), content_type="application/json",
                         headers=bearer(token) if token else {})
    return answer, sent.taken


# ---- in process: what is read, what is answered ----------------------------------------
@pytest.mark.parametrize("path, fmt", [("/v1/tournaments/import", TOURNAMENT), ("/v1/games/import", GAME)])
def test_a_stranger_s_large_import_is_refused_from_its_first_megabyte(client, path, fmt):
    body = padded_record(3 * MiB, "the-real-organizer", fmt)
    answer, taken = post_counted(client, path, body, "a-bogus-token")
    assert "organizer" in problem(answer, 403, "forbidden")["detail"]
    assert taken <= IMPORT_HEAD_BYTES + 64 * 1024 < len(body)  # ea21c6d: read and parsed whole
    answer, taken = post_counted(client, path, body, None)  # no token: not a byte read
    problem(answer, 401, "token_required")
    assert taken == 0


def test_an_import_whose_parse_would_take_too_much_memory_is_413_before_parsing(app, client):
    app.config["MAX_IMPORT_MEMORY"] = 48 * MiB
    body = padded_record(8 * MiB, "me")  # ~190 MiB once parsed
    answer, taken = post_counted(client, "/v1/tournaments/import", body, "me")
    detail = problem(answer, 413, "body_too_large")["detail"]  # ea21c6d: parsed (~200 MB), then 422
    assert "MAX_IMPORT_MEMORY" in detail and taken < 3 * MiB
    small = padded_record(256 * 1024, "me")  # within the budget: parsed, and judged by the import
    problem(client.post("/v1/tournaments/import", data=small, content_type="application/json",
                        headers=bearer("me")), 422, "invalid_record")


def test_a_large_record_must_begin_with_its_events_as_an_export_does(client):
    body = padded_record(3 * MiB, "me")
    record = json.loads(body)
    tables_first = json.dumps({"pad": record.pop("pad"), **record}).encode()
    answer, taken = post_counted(client, "/v1/tournaments/import", tables_first, "me")
    assert "first event" in problem(answer, 422, "invalid_record")["detail"]
    assert taken <= IMPORT_HEAD_BYTES + 64 * 1024
    not_json = b"[" + b"1," * (2 * MiB) + b"1]"
    problem(client.post("/v1/tournaments/import", data=not_json, content_type="application/json",
                        headers=bearer("me")), 400, "malformed_json")
    problem(client.post("/v1/tournaments/import", data=body, content_type="text/plain", headers=bearer("me")),
            415, "unsupported_media_type")


def test_a_real_tournament_record_over_a_megabyte_still_moves_whole(client, app, redis_client):
    from tests.tournaments.test_tournament_rest import finished_tournament

    made, exported = finished_tournament(client, app, rounds=2)
    tid, org = made["tournament_id"], made["organizer_token"]
    body = json.dumps(exported).encode()
    assert len(body) > IMPORT_HEAD_BYTES
    answer, taken = post_counted(client, "/v1/tournaments/import", body, "not-the-organizer")
    problem(answer, 403, "forbidden")
    assert taken < len(body)
    redis_client.flushdb()  # another server; keys sorted as another client may send them
    answer, _ = post_counted(app.test_client(), "/v1/tournaments/import",
                             json.dumps(exported, sort_keys=True).encode(), org)
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["tournament_id"] == tid and answer.get_json()["tables"] == len(exported["tables"])


# ---- a real gunicorn ------------------------------------------------------------------
@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    live = Served(Path(tmp_path_factory.mktemp("imports")), env={"WEB_CONCURRENCY": "2"})
    try:
        assert live.wait_for_http("/healthz") == 200, live.log()
        yield live
    finally:
        live.kill_everything()





class Watch:
    """The web workers' RSS above what it was at the start, and /healthz's slowest answer,
    sampled while the imports run."""

    def __init__(self, served: Served):
        self.served, self.done = served, threading.Event()
        self.workers = [psutil.Process(pid) for pid in served.web_workers()]
        self.base = {p.pid: p.memory_info().rss for p in self.workers}
        self.grown, self.slowest, self.checks = 0, 0.0, 0
        self.threads = [threading.Thread(target=self._memory), threading.Thread(target=self._health)]

    def _memory(self) -> None:
        while not self.done.is_set():
            for p in self.workers:
                try:
                    self.grown = max(self.grown, p.memory_info().rss - self.base[p.pid])
                except psutil.NoSuchProcess:
                    pass
            time.sleep(0.01)

    def _health(self) -> None:
        while not self.done.is_set():
            started = time.monotonic()
            conn = http.client.HTTPConnection("127.0.0.1", self.served.port, timeout=30)
            try:
                conn.request("GET", "/healthz")
                assert conn.getresponse().status == 200
            finally:
                conn.close()
            self.slowest = max(self.slowest, time.monotonic() - started)
            self.checks += 1
            time.sleep(0.05)

    def __enter__(self) -> "Watch":
        for t in self.threads:
            t.start()
        time.sleep(0.2)
        return self

    def __exit__(self, *exc) -> None:
        time.sleep(0.3)
        self.done.set()
        for t in self.threads:
            t.join()


def imports(served: Served, body: bytes, token: str, n: int = 2) -> tuple[list, Watch]:
    for _ in range(4):  # warm both workers
        assert served.wait_for_http("/healthz") == 200
    answers: list = []
    with Watch(served) as watch:
        senders = [threading.Thread(target=send_import, args=(served.port, body, token, answers)) for _ in range(n)]
        for s in senders:
            s.start()
        for s in senders:
            s.join(120)
    return answers, watch


def test_two_64_mib_imports_with_a_bogus_token_cost_no_memory_and_healthz_answers(served):
    body = padded_record(64 * MiB, "the-real-organizer")
    answers, watch = imports(served, body, "a-bogus-token")
    assert sorted(a[0] for a in answers) == [403, 403], answers  # ea21c6d: 422 after ~10 s each
    assert watch.grown < 200 * 10**6, f"a worker grew {watch.grown / 10**6:.0f} MB"  # ea21c6d: ~1.5 GB
    assert watch.slowest < 1.0 and watch.checks >= 5, (watch.slowest, watch.checks)  # ea21c6d: stalled 10+ s


def test_two_64_mib_imports_of_ones_own_forged_record_are_413_unparsed(served):
    body = padded_record(64 * MiB, "me")  # the token matches: read on, counted, refused unparsed
    answers, watch = imports(served, body, "me")
    assert sorted(a[0] for a in answers) == [413, 413], answers  # ea21c6d: parsed (~1.5 GB), then 422
    assert watch.grown < 200 * 10**6, f"a worker grew {watch.grown / 10**6:.0f} MB"
    assert watch.slowest < 1.0, watch.slowest


def test_an_own_record_just_under_the_memory_budget_is_parsed_within_200_mb(served):
    body = padded_record(4 * MiB, "me", unit=b"[],")  # estimated ~147 MiB: parsed (~100 MB), then 422
    answers, watch = imports(served, body, "me", 1)
    assert [a[0] for a in answers] == [422], answers
    assert watch.grown < 200 * 10**6, f"the worker grew {watch.grown / 10**6:.0f} MB"
