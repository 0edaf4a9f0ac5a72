"""A keep-alive HTTP client with the Flask test client's shape (`get`/`post` answering
`.status_code`, `.get_json()`, `.get_data(as_text=True)`, `.headers`), so the bots of
tests/support/bots.py can play a server run by gunicorn (bench/cluster.py). One per thread."""
from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit


class Answer:
    def __init__(self, status: int, headers: dict, body: bytes):
        self.status_code, self.headers, self.body = status, headers, body

    def get_json(self):
        return json.loads(self.body) if self.body else None

    def get_data(self, as_text: bool = False):
        return self.body.decode() if as_text else self.body


class HttpClient:
    def __init__(self, base: str, timeout: float = 30.0):
        parts = urlsplit(base)
        self.host, self.port, self.timeout = parts.hostname, parts.port or 80, timeout
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    def request(self, method: str, path: str, json_body=None, headers: dict | None = None) -> Answer:
        body = None if json_body is None else json.dumps(json_body).encode()
        sent = {**(headers or {}), **({"Content-Type": "application/json"} if body is not None else {})}
        # A keep-alive connection the server closed: reconnect once. An answer cut after its
        # headers (a worker killed between its two sends) is asked again only for a GET, which
        # is safe to repeat, as browsers and HTTP libraries do.
        retried = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)
        if method == "GET":
            retried += (http.client.IncompleteRead,)
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, body=body, headers=sent)
                reply = self.connection.getresponse()
                return Answer(reply.status, dict(reply.getheaders()), reply.read())
            except retried:
                self.connection.close()
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def get(self, path: str, headers: dict | None = None) -> Answer:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, json=None, headers: dict | None = None) -> Answer:  # noqa: A002
        return self.request("POST", path, json_body=json, headers=headers)

    def close(self) -> None:
        self.connection.close()
