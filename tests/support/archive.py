"""What the archive's tests share: finished games played in-process by the server's bot, every
read endpoint of a game answered as bytes, and a real S3 server process (moto's `moto_server`).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from service.bots import seat_bots
from service.runtime.embedded_redis import free_port

ORGANIZER = {"kind": "organizer"}
#: the parts of an answer that must not change when its game leaves for the archive
HEADERS = ("Content-Type", "ETag", "Cache-Control", "Vary", "Content-Disposition")


@dataclass
class Played:
    game_id: str
    organizer: str
    tokens: dict[int, str]
    receipts: list[dict] = field(default_factory=list)


def bearer(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


def finished_bot_game(games, ruleset: str = "bootleggers", seats: int = 3, options: dict | None = None,
                      talk: bool = True, dispute: str | None = "resolved") -> Played:
    """A game played to its end in-process: every seat handed to the server's random bot, some
    table talk before, and after the end a dispute (`resolved`, left `open`, or None); then its
    head anchored, as the worker's sweeper does."""
    made = games.create(ruleset, seats, {**({"rounds": 8} if ruleset == "bootleggers" else {}), **(options or {})})
    game_id, tokens = made["game_id"], {}
    for n in range(1, seats + 1):
        seat, token, _ = games.join(game_id, f"Player {n}")
        tokens[seat] = token
    played = Played(game_id, made["organizer_token"], tokens)
    played.receipts.append(keep(games, games.start(game_id, ORGANIZER)))
    if talk:
        for seat in tokens:
            played.receipts.append(keep(games, games.command(game_id, {"kind": "seat", "seat": seat},
                                                             {"type": "say", "text": f"good luck from seat {seat}"})))
        games.command(game_id, ORGANIZER, {"type": "say", "text": "may the best bootlegger win"})
    for seat in tokens:
        games.command(game_id, ORGANIZER, {"type": "ruling", "kind": "seat_to_bot", "seat": seat,
                                           "strategy": "random", "reason": "the house plays"})
    seat_bots.play_bot_seats(games, game_id, max_moves=100_000)
    state = games.load(game_id)
    assert state["status"] == "finished", state["status"]
    if dispute:
        filed = games.command(game_id, {"kind": "seat", "seat": 1}, {"type": "dispute", "version": 3,
                                                                      "text": "the dice looked loaded"})
        played.receipts.append(keep(games, filed))
        if dispute == "resolved":
            games.command(game_id, ORGANIZER, {"type": "resolve_dispute", "dispute": 1, "decision": "rejected",
                                               "text": "the seed says otherwise"})
    anchor_due(games)
    return played


def anchor_due(games) -> list:
    """What the worker's anchor sweeper does every second: the heads due, anchored outside Redis
    (service/streams/anchor_log.py)."""
    from service.streams.anchor_log import AnchorLog, sweep
    return sweep({games.NS: games.anchors}, games.redis, AnchorLog.for_ledger(games))


def keep(games, outcome) -> dict:
    return games.receipt(outcome.state["game_id"], outcome.version, outcome.events[-1]["hash"],
                         outcome.state["rng"].get("seed"))


#: the clock's answer says what time it is: the one field of an answer that changes by itself
NOW = re.compile(rb'"now":"[^"]*"')


def answer(client, path: str, token: str | None = None, **headers) -> tuple:
    r = client.get(path, headers={**bearer(token), **headers})
    return r.status_code, tuple((h, r.headers.get(h)) for h in HEADERS), r.get_data()


def paged(client, path: str, token: str | None, key: str, limit: int = 97) -> list:
    """Every page of a paged list, each answer kept."""
    pages, after = [], 0
    while True:
        status, headers, body = answer(client, f"{path}?after={after}&limit={limit}", token)
        pages.append((status, headers, body))
        if status != 200:
            return pages
        parsed = json.loads(body)
        if not parsed[key] or parsed["next_after"] <= after:
            return pages
        after = parsed["next_after"]


def read_game(client, played: Played, every_version: bool = True) -> dict:
    """Every read endpoint of a game for every caller, as (status, headers, bytes) by request."""
    gid, out = played.game_id, {}
    base = f"/v1/games/{gid}"
    callers = {"organizer": played.organizer, "spectator": None,
               **{f"seat{n}": t for n, t in played.tokens.items()}}
    state = json.loads(answer(client, base, played.organizer)[2])
    for who, token in callers.items():
        out[(who, "state")] = answer(client, base, token)
        out[(who, "state 304")] = answer(client, base, token, **{"If-None-Match": f'"{state["version"]}"'})
        for name, key in (("events", "events"), ("log", "entries"), ("talk", "entries")):
            for n, page in enumerate(paged(client, f"{base}/{name}", token, key)):
                out[(who, name, n)] = page
        out[(who, "events 1000")] = answer(client, f"{base}/events?limit=1000", token)
        for name in ("report", "export", "audit", "disputes"):
            out[(who, name)] = answer(client, f"{base}/{name}", token)
        status, headers, body = answer(client, f"{base}/clock", token)
        out[(who, "clock")] = status, headers, NOW.sub(b'"now":"(the time of the request)"', body)
        out[(who, "stream")] = answer(client, f"{base}/events/stream", token)
        out[(who, "stream resumed")] = answer(client, f"{base}/events/stream", token, **{"Last-Event-ID": "100"})
        out[(who, "stream after")] = answer(client, f"{base}/events/stream?after={state['version'] - 5}", token)
    for seat, token in played.tokens.items():
        out[(f"seat{seat}", "legal-actions")] = answer(client, f"{base}/legal-actions", token)
        out[("organizer", "as", seat)] = answer(client, f"{base}?as=seat:{seat}", played.organizer)
    out[("organizer", "as spectator")] = answer(client, f"{base}?as=spectator", played.organizer)
    out[("list",)] = answer(client, "/v1/games?status=finished&limit=100")
    for page in (f"/viewer/{gid}", f"/play/{gid}"):  # the pages people open (the page reads the API above)
        out[(page,)] = answer(client, page, Accept="text/html")
    seats = sorted(played.tokens)
    versions = range(1, state["version"] + 1) if every_version else \
        sorted({1, 2, 3, 50, 99, 100, 101, state["version"] // 2, state["version"] - 1, state["version"]})
    for version in versions:
        turn = version % 4
        if turn == 0:
            out[("at", version)] = answer(client, f"{base}?at={version}&as=seat:{seats[version % len(seats)]}",
                                          played.organizer)
        elif turn == 1:
            out[("at", version)] = answer(client, f"{base}?at={version}" + ("&as=spectator" if version % 8 == 1 else ""),
                                          played.organizer)
        elif turn == 2:
            out[("at", version)] = answer(client, f"{base}?at={version}")
        else:
            out[("at", version)] = answer(client, f"{base}?at={version}", played.tokens[seats[version % len(seats)]])
    return out


def differences(before: dict, after: dict) -> list:
    """The requests whose answers differ (status, headers or a byte), with a glimpse of each."""
    found = []
    for key in sorted(set(before) | set(after), key=repr):
        if before.get(key) != after.get(key):
            b, a = before.get(key), after.get(key)
            found.append((key, b and (b[0], b[2][:200]), a and (a[0], a[2][:200])))
    return found


# ---- a real S3 server -------------------------------------------------------------------------
def moto_server_binary() -> Path | None:
    beside = Path(sys.executable).parent / "moto_server"
    return beside if beside.exists() else (Path(found) if (found := shutil.which("moto_server")) else None)


@contextmanager
def s3_server():
    """moto's standalone S3-compatible server on a free port of 127.0.0.1: its endpoint URL."""
    binary = moto_server_binary()
    if binary is None:
        raise FileNotFoundError("moto_server is not installed (pip install 'moto[server]': the test extras)")
    port = free_port()
    log = open(os.devnull, "wb")
    process = subprocess.Popen([str(binary), "-H", "127.0.0.1", "-p", str(port)], stdout=log, stderr=log,
                               stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"moto_server exited with {process.returncode}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("moto_server did not listen within 30 s") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


S3_ENV = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing", "AWS_DEFAULT_REGION": "us-east-1"}


def new_bucket(endpoint: str) -> str:
    """A fresh bucket on the server (a test's own archive URL, s3://<it>/records)."""
    import boto3
    name = f"archive-{uuid.uuid4().hex[:12]}"
    boto3.session.Session(aws_access_key_id="testing", aws_secret_access_key="testing",
                          region_name="us-east-1").client("s3", endpoint_url=endpoint).create_bucket(Bucket=name)
    return name
