"""A real ``bootleggers serve`` of the real app, shared by the e2e tests of one module.

``live_server`` boots the Procfile's processes (embedded Redis, gunicorn, RQ worker) in a temp
working dir once per test module and stops them after it; tests talk to ``live_server.base``
over real HTTP, as a client would.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.served import Served


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = Served(Path(tmp_path_factory.mktemp("serve")))
    try:
        assert served.wait_for_http("/healthz") == 200, served.log()
        yield served
    finally:
        served.kill_everything()
