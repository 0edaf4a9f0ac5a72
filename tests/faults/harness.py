"""A Jepsen-style fault run of the whole service: failovers under load, then every receipt checked.

The system: a FaultCluster (3 masters, a replica each: tests/faults/cluster.py), RQ on a plain
Redis apart, and `bootleggers serve` on them (gunicorn's web workers + the RQ worker with the
clock), with `DURABILITY` as given. The load: `tables` Bootleggers games of 3 seats, seat 1
played by the server's bot (its moves are the worker's appends), seats 2 and 3 by talkers
that only talk (`say`, each text unique, the next sent once the last is acknowledged, a
retry always with the same Idempotency-Key), so every step waits on them and the clock fires
its deadline (the worker's appends too). Each talker keeps a receipt of every acknowledged
event: game, version, hash, text.

The nemesis, one move at a time on the busiest master, each a failover: kill -9 (its replica
takes over), the replica's link cut then the master killed, SIGSTOP past the node timeout
(the cluster elects the replica; SIGCONT). Every few moves it also kill -9s a web worker
(gunicorn starts another) or the RQ worker (serve restarts it). After each it waits for the
cluster to heal (the killed node back as a replica, in sync), lets the load run `gap`
seconds, and moves again.

At the end (cluster healed, load stopped) every receipt is checked against the streams, read
from the cluster: `lost` (the stream holds no such event at that version), `duplicated` (a
text recorded twice), `reordered` (a talker's texts out of its sending order), `chain_breaks`
(an event whose hash or link does not check), `stuck` (a running game that refuses a new
`say`, or a game the API cannot read), `unfired` (a running game whose deadline stays past
due). Figures are returned (`Figures`); tests/faults/test_failovers.py and bench/faults.py use them.
"""
from __future__ import annotations

import http.client
import json
import os
import random
import signal
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from redis.cluster import RedisCluster

from events.canonical import loads
from events.integrity import RecordDamaged, check_event
from events.receipts import receipt as events_receipt
from service.runtime.embedded_redis import EmbeddedRedis
from tests.faults.cluster import FaultCluster, Shard
from tests.support.bots import bearer
from tests.support.http_client import HttpClient
from tests.support.served import _cmdline, _proc_stat, descendants
from tests.support.web_process import start_serve, stop

#: the nemesis's moves, in turn (each a failover); "kill" and "cut" promote the replica at
#: once (CLUSTER FAILOVER TAKEOVER), "pause" and "natural" wait for the cluster's election (~2 s)
MOVES = ("kill", "cut", "kill", "cut", "pause", "kill", "cut", "kill", "cut", "natural")
#: the same with fewer elections, for a run that must be short (CI)
QUICK_MOVES = ("kill", "cut") * 4 + ("pause",) + ("kill", "cut") * 5 + ("natural",)
#: every this many failovers a web worker is killed, and the RQ worker (`kills`: a short run's
#: fewer, each restart costs a second of CPU)
KILLS, QUICK_KILLS = (4, 7), (10, 15)
#: a step's deadline in the games (seconds): the talkers never move, so the clock plays for them
DEADLINE = 2
#: a deadline this far past due once everything is healed has not fired
DEADLINE_GRACE = 6.0
#: how long a talker keeps retrying one text before giving up on it (never acknowledged)
SEND_PATIENCE = 60.0


@dataclass
class Receipt:
    """What an acknowledged `say` answered: its version and the receipt of the chain head there
    (keyed by the game's seed: events/receipts.py), and the text it said."""
    game_id: str
    version: int
    receipt: str
    text: str


@dataclass
class Figures:
    durability: str
    failovers: int = 0
    moves: dict = field(default_factory=dict)
    web_kills: int = 0
    worker_kills: int = 0
    acknowledged: int = 0
    unacknowledged: int = 0  # texts given up on after SEND_PATIENCE (never acknowledged: no promise)
    retries: int = 0
    refusals: dict = field(default_factory=dict)  # status -> count of answers that were retried
    lost: int = 0
    duplicated: int = 0
    reordered: int = 0
    chain_breaks: int = 0
    stuck: int = 0
    unfired: int = 0
    games: int = 0
    events: int = 0
    seconds: float = 0.0
    load_seconds: float = 0.0
    problems: list = field(default_factory=list)

    def ok(self) -> bool:
        return not (self.lost or self.duplicated or self.reordered or self.chain_breaks or self.stuck
                    or self.unfired)

    def line(self) -> str:
        return (f"DURABILITY={self.durability}: {self.failovers} failovers {self.moves}, {self.web_kills} web and "
                f"{self.worker_kills} worker kills; {self.acknowledged} acknowledged ({self.events} events in "
                f"{self.games} games, {self.unacknowledged} given up unacknowledged, {self.retries} retries "
                f"{self.refusals}); lost {self.lost}, duplicated {self.duplicated}, reordered {self.reordered}, "
                f"chain breaks {self.chain_breaks}, stuck games {self.stuck}, deadlines never fired {self.unfired}; "
                f"{self.seconds:.0f} s ({self.load_seconds:.0f} s under faults)")


class Table:
    def __init__(self, game_id: str, organizer: str, tokens: dict[int, str]):
        self.game_id, self.organizer, self.tokens = game_id, organizer, tokens
        self.finished = False


def _call(client: HttpClient, method: str, path: str, body=None, headers=None, patience: float = 30.0):
    """One request, retried on 503, 502 and a dropped connection (same body, same headers)."""
    end = time.monotonic() + patience
    while True:
        try:
            answer = client.request(method, path, json_body=body, headers=headers)
            if answer.status_code not in (502, 503) or time.monotonic() > end:
                return answer
        except (OSError, http.client.HTTPException):
            if time.monotonic() > end:
                raise
            client.close()
            client.connection = http.client.HTTPConnection(client.host, client.port, timeout=client.timeout)
        time.sleep(0.2)


class SetupFailed(Exception):
    """A table could not be opened (a fault in the way: a join retried after its answer was lost
    takes another seat); a new one is opened instead."""


def open_table(client: HttpClient) -> Table:
    """A running 3-seat game, seat 1 the server's bot."""
    made = _call(client, "POST", "/v1/games", {"ruleset": "bootleggers", "seats": 3,
                                                "options": {"rounds": 8, "deadlines": {"default": DEADLINE}}})
    if made.status_code != 201:
        raise SetupFailed(made.get_data(as_text=True))
    game_id, organizer = made.get_json()["game_id"], made.get_json()["organizer_token"]
    tokens = {}
    for name in ("Bot", "Talk A", "Talk B"):
        joined = _call(client, "POST", f"/v1/games/{game_id}/seats", {"name": name})
        if joined.status_code != 201:
            raise SetupFailed(joined.get_data(as_text=True))
        tokens[joined.get_json()["seat"]] = joined.get_json()["player_token"]
    pinned = {**bearer(organizer), "Idempotency-Key": uuid.uuid4().hex}
    started = _call(client, "POST", f"/v1/games/{game_id}/start", headers=pinned)
    ruled = _call(client, "POST", f"/v1/games/{game_id}/commands",
                  {"type": "ruling", "kind": "seat_to_bot", "seat": 1, "strategy": "random",
                   "reason": "the fault harness's bot"}, headers={**pinned, "Idempotency-Key": uuid.uuid4().hex})
    if started.status_code != 201 or ruled.status_code != 201 or sorted(tokens) != [1, 2, 3]:
        raise SetupFailed(f"{started.get_data(as_text=True)} {ruled.get_data(as_text=True)}")
    return Table(game_id, organizer, tokens)


class Talker(threading.Thread):
    """One seat's table talk, as fast as acknowledged (`pace`: seconds between texts)."""

    def __init__(self, base: str, table: Table, seat: int, name: str, pace: float, tables: list[Table],
                 stopping: threading.Event):
        super().__init__(name=f"talker-{name}", daemon=True)
        self.base, self.table, self.seat, self.name, self.pace = base, table, seat, name, pace
        self.tables, self.stopping = tables, stopping
        self.receipts: list[Receipt] = []
        self.sent: list[tuple[str, str]] = []  # (game, text) in sending order
        self.given_up = self.retries = 0
        self.refusals: dict[int, int] = {}
        self.errors: list[str] = []
        self.slow: list[tuple[float, str, float]] = []  # (when, what, seconds) of answers over 2 s

    def run(self) -> None:
        client = HttpClient(self.base, timeout=20)
        seq = 0
        try:
            while not self.stopping.is_set():
                if self.table.finished:
                    try:
                        self.table = open_table(client)
                    except SetupFailed:
                        continue  # (another one)
                    self.tables.append(self.table)
                seq += 1
                text = f"{self.name}#{seq}"
                self.sent.append((self.table.game_id, text))
                self.say(client, text)
                if self.pace:
                    self.stopping.wait(self.pace)
        except Exception as exc:  # noqa: BLE001 (reported as a problem of the run)
            self.errors.append(f"{self.name}: {exc!r}")
        finally:
            client.close()

    def say(self, client: HttpClient, text: str) -> None:
        headers = {**bearer(self.table.tokens[self.seat]), "Idempotency-Key": uuid.uuid4().hex}
        path = f"/v1/games/{self.table.game_id}/commands"
        end = time.monotonic() + SEND_PATIENCE
        while time.monotonic() < end:
            began = time.monotonic()
            try:
                answer = client.post(path, json={"type": "say", "text": text}, headers=headers)
            except (OSError, http.client.HTTPException) as exc:  # a web worker killed mid-answer: the same key again
                self.slow.append((time.time(), repr(exc)[:80], time.monotonic() - began))
                self.retries += 1
                client.close()
                client.connection = http.client.HTTPConnection(client.host, client.port, timeout=client.timeout)
                time.sleep(0.05)
                continue
            if time.monotonic() - began > 2:
                self.slow.append((time.time(), str(answer.status_code), time.monotonic() - began))
            if answer.status_code == 201:
                body = answer.get_json()
                self.receipts.append(Receipt(self.table.game_id, body["version"], body["receipt"]["receipt"], text))
                return
            self.refusals[answer.status_code] = self.refusals.get(answer.status_code, 0) + 1
            if answer.status_code not in (502, 503, 504):
                # the game ended; else a refusal the run reports (the table is left for a new one)
                code = (answer.get_json() or {}).get("code")
                if code != "game_finished":
                    self.errors.append(f"{self.name} at {self.table.game_id}: {answer.status_code} "
                                       f"{answer.get_data(as_text=True)[:300]}")
                self.table.finished = True
                return
            self.retries += 1
            time.sleep(min(0.2, float(answer.headers.get("Retry-After") or 0.2)))
        self.given_up += 1


class Service:
    """`bootleggers serve` on the cluster, and its processes to kill."""

    def __init__(self, cluster: FaultCluster, rq_url: str, workdir: Path, durability: str, anchor: bool):
        env = {**({} if anchor else {"ANCHOR_SECONDS": "0"}),
               "REDIS_CLUSTER_NODES": ",".join(f"127.0.0.1:{port}" for port in cluster.ports),"RQ_REDIS_URL": rq_url, "REDIS_CLUSTER": "1", "DURABILITY": durability, "RATE_LIMITS": "off",
               "LOG_LEVEL": os.environ.get("FAULTS_LOG_LEVEL", "warning"), "ARCHIVE_URL": (workdir / "archive").as_uri(), "SECRET_KEY": "fault-harness-key-" + uuid.uuid4().hex,
               "REDIS_SOCKET_TIMEOUT": "3", "RESTART_BACKOFF_SECONDS": "0.2", "RESTART_BACKOFF_MAX_SECONDS": "1",
               "WEB_CONCURRENCY": "2"}
        (workdir / "archive").mkdir(exist_ok=True)
        self.process, self.base = start_serve(cluster.url, workdir / "serve.log", **env)
        self.log = workdir / "serve.log"

    def pids(self, word: str) -> list[int]:
        return sorted(p for p in descendants(self.process.pid) if word in _cmdline(p))

    def kill_web_worker(self) -> bool:
        """kill -9 one of gunicorn's workers (its master starts another)."""
        gunicorn = set(self.pids("gunicorn"))
        workers = sorted(p for p in gunicorn if (_proc_stat(p) or ("", 0))[1] in gunicorn)
        return _kill(random.choice(workers)) if workers else False

    def kill_rq_worker(self) -> bool:
        workers = self.pids("ClockWorker")
        return _kill(workers[0]) if workers else False

    def unexpected(self) -> list[str]:
        """The service's own 500s (`unexpected error` in its log), with their last frame."""
        found = []
        for line in self.log.read_text(errors="replace").splitlines():
            if '"unexpected error"' in line:
                trace = (json.loads(line).get("exception") or "").strip().splitlines()
                found.append("500: " + " | ".join(trace[-3:]))
        return found

    def stop(self) -> None:
        stop(self.process)


def _kill(pid: int) -> bool:
    try:
        os.kill(pid, signal.SIGKILL)
        return True
    except ProcessLookupError:
        return False


class Nemesis:
    def __init__(self, cluster: FaultCluster, service: Service, figures: Figures, gap: float, cut: float,
                 moves: tuple[str, ...], kills: tuple[int, int]):
        self.cluster, self.service, self.figures = cluster, service, figures
        self.gap, self.cut, self.moves, self.kills = gap, cut, moves, kills
        self.last = cluster.commands()
        self.failed_over: list[tuple[float, int, str]] = []  # (when, master port, move)

    def busiest(self) -> Shard:
        now = self.cluster.commands()
        shards = self.cluster.shards()
        busiest = max(shards, key=lambda s: now.get(s.master, 0) - self.last.get(s.master, 0))
        self.last = now
        return busiest

    def move(self, n: int) -> None:
        kind = self.moves[n % len(self.moves)]
        shard = self.busiest()
        if kind == "kill":
            self.cluster.fail_kill(shard, takeover=True)
        elif kind == "natural":
            self.cluster.fail_kill(shard, takeover=False)
        elif kind == "cut":
            self.cluster.fail_cut(shard, window=self.cut, takeover=True)
        else:
            self.cluster.fail_pause(shard)
        self.failed_over.append((time.time(), shard.master, kind))
        self.figures.failovers += 1
        self.figures.moves[kind] = self.figures.moves.get(kind, 0) + 1
        web, worker = self.kills
        if n % web == web - 1 and self.service.kill_web_worker():
            self.figures.web_kills += 1
        if n % worker == worker - 1 and self.service.kill_rq_worker():
            self.figures.worker_kills += 1
        self.cluster.wait_healthy()
        if self.service.process.poll() is not None:
            raise RuntimeError(f"bootleggers serve exited ({self.service.process.returncode}): see its log")
        time.sleep(self.gap)


def run(durability: str, failovers: int, tables: int = 4, pace: float = 0.0, gap: float = 0.3,
        cut: float = 0.5, warmup: float = 2.0, anchor: bool = True, moves: tuple[str, ...] = MOVES,
        kills: tuple[int, int] = KILLS, progress=None) -> Figures:
    """One fault run (see the module); `progress(text)` is told what happens. `pace`: seconds a
    talker waits between texts; `gap`: seconds of load between two moves; `cut`: how long a
    replica's link stays cut; `anchor=False`: the games' heads are not anchored outside Redis
    meanwhile (ANCHOR_SECONDS=0)."""
    say = progress or (lambda text: None)
    figures = Figures(durability)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="faults-") as tmp, FaultCluster() as cluster, \
            EmbeddedRedis.ephemeral() as rq:
        workdir = Path(tmp)
        cluster.wait_healthy()
        service = Service(cluster, rq.url, workdir, durability, anchor)
        talkers: list[Talker] = []
        stopping = threading.Event()
        try:
            setup = HttpClient(service.base, timeout=20)
            made = [open_table(setup) for _ in range(tables)]
            setup.close()
            all_tables = list(made)
            for n, table in enumerate(made):
                for seat in (2, 3):
                    talkers.append(Talker(service.base, table, seat, f"t{n}s{seat}", pace, all_tables, stopping))
            for talker in talkers:
                talker.start()
            say(f"{tables} tables, {len(talkers)} talkers; DURABILITY={durability}; nemesis starts")
            time.sleep(warmup)
            nemesis = Nemesis(cluster, service, figures, gap, cut, moves, kills)
            load_start = time.monotonic()
            for n in range(failovers):
                nemesis.move(n)
                if (n + 1) % 10 == 0:
                    say(f"{n + 1} failovers, {sum(len(t.receipts) for t in talkers)} acknowledged")
            time.sleep(warmup)
            stopping.set()
            for talker in talkers:
                talker.join(SEND_PATIENCE + 30)
            figures.load_seconds = time.monotonic() - load_start
            cluster.wait_healthy()
            check(figures, cluster, service, talkers, all_tables, nemesis)
            figures.problems += service.unexpected()
        finally:
            stopping.set()
            service.stop()
            if os.environ.get("FAULTS_KEEP"):  # the service's log, for a run that went wrong
                import shutil
                shutil.copy(service.log, Path(os.environ["FAULTS_KEEP"]) / f"serve-{durability}.log")
    figures.seconds = time.monotonic() - started
    return figures


def check(figures: Figures, cluster: FaultCluster, service: Service, talkers: list[Talker],
          tables: list[Table], nemesis: Nemesis) -> None:
    """Every receipt against the streams; the games and their clocks (see the module)."""
    for talker in talkers:
        figures.acknowledged += len(talker.receipts)
        figures.unacknowledged += talker.given_up
        figures.retries += talker.retries
        for status, count in talker.refusals.items():
            figures.refusals[status] = figures.refusals.get(status, 0) + count
        figures.problems += talker.errors
    store = RedisCluster.from_url(cluster.url)
    streams: dict[str, dict[int, dict]] = {}
    seeds: dict[str, bytes] = {}
    try:
        for table in tables:
            seeds[table.game_id] = bytes.fromhex(store.get(f"game:{{{table.game_id}}}:seed").decode())
            events, prev = {}, None
            for entry_id, fields in store.xrange(f"game:{{{table.game_id}}}:events"):
                version = int(entry_id.split(b"-")[0])
                try:
                    event = check_event(table.game_id, version, fields[b"e"], prev)
                except RecordDamaged:
                    figures.chain_breaks += 1
                    event = loads(fields[b"e"])
                events[version] = event
                prev = event.get("hash")
            streams[table.game_id] = events
            figures.events += len(events)
    finally:
        store.close()
    figures.games = len(tables)
    for talker in talkers:
        for receipt in talker.receipts:
            event = streams.get(receipt.game_id, {}).get(receipt.version)
            if (event is None or event.get("type") != "said" or event["payload"].get("text") != receipt.text
                    or events_receipt(seeds[receipt.game_id], receipt.game_id, receipt.version,
                                      event["hash"]) != receipt.receipt):
                figures.lost += 1
        position = {}
        for game_id, events in streams.items():
            for version, event in events.items():
                if event.get("type") == "said" and str(event["payload"].get("text", "")).startswith(talker.name + "#"):
                    position.setdefault((game_id, event["payload"]["text"]), []).append(version)
        figures.duplicated += sum(len(v) - 1 for v in position.values())
        order = [position[(g, t)][0] for g, t in talker.sent if (g, t) in position]
        games_of = [g for g, t in talker.sent if (g, t) in position]
        figures.reordered += sum(1 for a, b, ga, gb in zip(order, order[1:], games_of, games_of[1:])
                                 if ga == gb and b < a)
    client = HttpClient(service.base, timeout=20)
    try:
        running = []
        for table in tables:
            state = _call(client, "GET", f"/v1/games/{table.game_id}", headers=bearer(table.organizer))
            if state.status_code != 200:
                figures.stuck += 1
                figures.problems.append(f"game {table.game_id}: {state.status_code} {state.get_data(as_text=True)[:300]}")
                continue
            if state.get_json()["status"] == "finished":
                continue
            said = _call(client, "POST", f"/v1/games/{table.game_id}/commands", {"type": "say", "text": "still here?"},
                         headers={**bearer(table.tokens[2]), "Idempotency-Key": uuid.uuid4().hex})
            if said.status_code != 201:
                figures.stuck += 1
                figures.problems.append(f"game {table.game_id} refused a say: {said.status_code} "
                                        f"{said.get_data(as_text=True)[:300]}")
            else:
                running.append(table)
        figures.unfired = overdue(client, running, figures)
    finally:
        client.close()


def overdue(client: HttpClient, tables: list[Table], figures: Figures) -> int:
    """Running games whose deadline is past due by DEADLINE_GRACE and stays so (it never fired)."""
    def late(table: Table) -> tuple | None:
        state = _call(client, "GET", f"/v1/games/{table.game_id}", headers=bearer(table.organizer)).get_json()
        deadline = state.get("deadline") or {}
        if state.get("status") != "running" or not deadline.get("due_at"):
            return None
        due = time.mktime(time.strptime(deadline["due_at"][:19], "%Y-%m-%dT%H:%M:%S")) - time.timezone
        return (deadline.get("step_version"), deadline["due_at"]) if due < time.time() - DEADLINE_GRACE else None

    suspects = {t.game_id: (t, found) for t in tables if (found := late(t)) is not None}
    time.sleep(DEADLINE_GRACE)
    never = [gid for gid, (t, found) in suspects.items() if late(t) == found]
    for game_id in never:
        figures.problems.append(f"game {game_id}: its deadline {suspects[game_id][1]} never fired")
    return len(never)


def as_json(figures: Figures) -> str:
    return json.dumps(figures.__dict__, default=str)
