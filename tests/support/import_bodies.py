"""Large import bodies and a plain client that sends them whole: shared by the bounded-import
tests (tests/e2e/test_import_bounded.py) and the abuse bench (bench/abuse.py)."""
from __future__ import annotations

import hashlib
import http.client
import json
import socket
import time

TOURNAMENT, GAME = "bootleggers-tournament-record", "bootleggers-game-record"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def padded_record(size: int, organizer_token: str, fmt: str = TOURNAMENT, unit: bytes = b"{},") -> bytes:
    """A record-shaped body of `size` bytes: a first event naming `organizer_token`'s hash as
    its organizer's, then `unit` over and over (`{},`: ~24 bytes of memory a byte once parsed)."""
    head = json.dumps({"format": fmt, "format_version": 1, "complete": True,
                       "events": [{"type": "tournament_created", "version": 1, "game_id": "t0123456789abcdef",
                                   "payload": {"organizer_token_hash": digest(organizer_token)}}],
                       "tables": {}}).encode()[:-1] + b', "pad": ['
    count = (size - len(head) - 3) // len(unit)
    return head + unit * count + b"{}]}"


def send_import(port: int, body: bytes, token: str, answers: list) -> None:
    """POST the whole body to /v1/tournaments/import as a plain client does (all of it, then
    the answer); appends (status, seconds), or (the error's name, seconds) when cut off."""
    started = time.monotonic()
    sock = socket.create_connection(("127.0.0.1", port), timeout=120)
    try:
        sock.sendall(f"POST /v1/tournaments/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     f"Authorization: Bearer {token}\r\nContent-Length: {len(body)}\r\n\r\n".encode())
        try:
            sock.sendall(body)
        except (BrokenPipeError, ConnectionResetError):
            pass
        response = http.client.HTTPResponse(sock)
        response.begin()
        response.read()
        answers.append((response.status, time.monotonic() - started))
    except OSError as exc:
        answers.append((type(exc).__name__, time.monotonic() - started))
    finally:
        sock.close()
