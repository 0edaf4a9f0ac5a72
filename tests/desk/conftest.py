"""Fixtures of the desk's tests: the app served over real HTTP for the command-line tools."""
from __future__ import annotations

import threading

import pytest
from werkzeug.serving import make_server


@pytest.fixture
def served(app):
    """The base URL of `app` served by a threaded werkzeug server for the test's length."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)
