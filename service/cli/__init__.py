"""``bootleggers`` — the command line.

``bootleggers serve`` runs what the Procfile lists (gunicorn + an RQ worker) as child
processes, with an embedded Redis when ``REDIS_URL`` is not set, and supervises them: a
crashed RQ worker or embedded Redis is started again after a backoff (service/runtime/
supervise.py), Redis on the same port and data dir; gunicorn restarts its own workers, and
should gunicorn itself die everything is stopped and the command fails. It stops them in
order: web and worker first, Redis last. Every child runs in its own session so that a Ctrl-C
at the terminal reaches only this process, which then shuts the others down cleanly; each
also gets SIGTERM from the kernel should this process die without cleaning up. What it says
is one JSON object a line on stderr, as the children's logs (service/runtime/logs.py).

What the other commands print is in the reader's language: ``--lang`` (on ``bootleggers`` or
on the command), else ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, else English
(service/desk/cli.py; messages in service/i18n/locales/<lang>/cli.ftl). ``serve``'s log lines
are for operators and stay English.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import click

from service.desk.cli import lang_option, language, say
from service.runtime.queues import ALL_QUEUES
from service.runtime.supervise import Backoff, Restarts, exit_fields

DEFAULT_APP = "service.app:create_app()"
REPO_ROOT = Path(__file__).resolve().parent.parent
#: seconds between two looks at the children
SUPERVISE_EVERY = 0.1

_serve_logger = None


def log(message: str, level: str = "info", **fields: object) -> None:
    """One JSON line on stderr: `event` the sentence, `logger` bootleggers.serve, the fields."""
    global _serve_logger
    if _serve_logger is None:
        import structlog

        from service.runtime import logs

        logs.configure()
        _serve_logger = structlog.get_logger("bootleggers.serve")
    getattr(_serve_logger, level)(message, **fields)


def redacted(url: str) -> str:
    """`url` without its password, for a log line."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = f"{parts.username}:***@" if parts.username else ":***@"
    return urlunsplit(parts._replace(netloc=user + netloc))


@click.group()
@lang_option
def main() -> None:
    """Referee server for the board game Bootleggers."""


# -- serve ---------------------------------------------------------------------------


@dataclass
class Child:
    name: str
    argv: list[str]
    process: subprocess.Popen[bytes] | None = None
    #: restarted after a crash (the worker); None: its death stops serve (the web)
    restarts: Restarts | None = None

    def start(self, env: dict[str, str]) -> None:
        from service.runtime.embedded_redis import die_with_parent

        self.process = subprocess.Popen(
            self.argv,
            env=env,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            preexec_fn=die_with_parent,
        )
        if self.restarts is not None:
            self.restarts.started(time.monotonic())
        shown = " ".join(redacted(a) if "://" in a else a for a in self.argv)
        log(f"{self.name} started (pid {self.process.pid}): {shown}",
            child=self.name, pid=self.process.pid)

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def terminate(self) -> None:
        if self.alive:
            assert self.process is not None
            self.process.send_signal(signal.SIGTERM)

    def kill_group(self) -> None:
        """SIGKILL the child and whatever it forked (gunicorn workers, rq work-horses)."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def gunicorn_config() -> Path:
    """``gunicorn.conf.py`` of the working dir (Procfile semantics), else of the repo."""
    for candidate in (Path.cwd() / "gunicorn.conf.py", REPO_ROOT / "gunicorn.conf.py"):
        if candidate.is_file():
            return candidate
    raise click.ClickException("gunicorn.conf.py not found in the working dir or the repo")


def rq_command() -> list[str]:
    """``rq`` from the same environment as this interpreter, even if it is not on PATH."""
    beside = Path(sys.executable).parent / "rq"
    if beside.is_file():
        return [str(beside)]
    found = shutil.which("rq")
    return [found] if found else [sys.executable, "-m", "rq.cli"]


def stop_children(children: list[Child], timeout: float) -> None:
    for child in children:
        child.terminate()
    deadline = time.monotonic() + timeout
    for child in children:
        if child.process is None:
            continue
        remaining = max(0.0, deadline - time.monotonic())
        try:
            child.process.wait(remaining)
        except subprocess.TimeoutExpired:
            log(f"{child.name} did not stop within {timeout:.0f}s; killing it", "warning", child=child.name)
            child.kill_group()
            child.process.wait()
        # Leave nothing behind that the child forked and did not reap.
        child.kill_group()


@dataclass
class MetricsDir:
    path: str
    owned: bool


def fresh_metrics_dir(env: dict[str, str]) -> MetricsDir:
    """PROMETHEUS_MULTIPROC_DIR for the children, emptied: /metrics then sums the counters of
    every gunicorn worker and the RQ worker of this run, and nothing of an earlier one. A
    directory given in the environment is emptied of its metric files; otherwise a temp
    directory is made and removed at the end."""
    given = env.get("PROMETHEUS_MULTIPROC_DIR")
    if given:
        Path(given).mkdir(parents=True, exist_ok=True)
        for stale in Path(given).glob("*.db"):
            stale.unlink(missing_ok=True)
        return MetricsDir(given, owned=False)
    import tempfile

    env["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="bootleggers-metrics-")
    return MetricsDir(env["PROMETHEUS_MULTIPROC_DIR"], owned=True)


def _wall_in(seconds: float) -> str:
    """The UTC time `seconds` from now, ISO 8601 (the log lines' own `time` format)."""
    from datetime import datetime, timedelta, timezone

    return (datetime.now(timezone.utc) + timedelta(seconds=seconds)).isoformat().replace("+00:00", "Z")


def _forget_metrics_of(pid: int, env: dict[str, str]) -> None:
    """A dead process's live gauges must not be summed with the living (gunicorn.conf.py's
    child_exit does the same for its workers)."""
    if env.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid, env["PROMETHEUS_MULTIPROC_DIR"])


def supervise_worker(worker: Child, env: dict[str, str], redis_up: bool) -> None:
    """Restart the RQ worker after a crash, once its backoff has passed and Redis runs."""
    restarts = worker.restarts
    assert restarts is not None and worker.process is not None
    now = time.monotonic()
    if not restarts.pending and not worker.alive:
        pid, code = worker.process.pid, worker.process.returncode
        ran = None if restarts.started_at is None else round(now - restarts.started_at, 1)
        worker.kill_group()  # what it forked (RQ's scheduler) must not outlive it
        _forget_metrics_of(pid, env)
        wait = restarts.died(now)
        log(f"worker (pid {pid}) died ({_how(code)}) after {ran} s; restarting in {wait:g} s"
            + ("" if redis_up else ", once Redis is back"), "warning",
            child="worker", pid=pid, **exit_fields(code), ran_seconds=ran, restart_in_seconds=wait,
            restart_at=_wall_in(wait), restart=restarts.count + 1)
    if restarts.due(now) and redis_up:
        restarts.count += 1
        worker.start(env)
        log(f"worker restarted (pid {worker.process.pid}, restart {restarts.count})",
            child="worker", pid=worker.process.pid, restart=restarts.count)


def supervise_redis(embedded, restarts: Restarts) -> None:  # embedded: EmbeddedRedis
    """Restart the embedded Redis after a crash: same port, same data dir (its AOF)."""
    from service.runtime.embedded_redis import EmbeddedRedisError

    now = time.monotonic()
    if not restarts.pending and not embedded.running():
        pid, code = embedded.pid, embedded.returncode
        ran = None if restarts.started_at is None else round(now - restarts.started_at, 1)
        wait = restarts.died(now)
        log(f"embedded redis (pid {pid}) died ({_how(code)}) after {ran} s; restarting it on the "
            f"same port and data dir in {wait:g} s; meanwhile the API answers 503", "warning",
            child="redis", pid=pid, **exit_fields(code), ran_seconds=ran, restart_in_seconds=wait,
            restart_at=_wall_in(wait), restart=restarts.count + 1)
    if restarts.due(now):
        restarts.count += 1
        began = time.monotonic()
        try:
            embedded.restart()
        except EmbeddedRedisError as exc:
            wait = restarts.failed(time.monotonic())
            log(f"embedded redis did not come back ({exc}); trying again in {wait:g} s", "error",
                child="redis", restart=restarts.count, restart_in_seconds=wait, restart_at=_wall_in(wait))
            return
        restarts.started(time.monotonic())
        log(f"embedded redis restarted (pid {embedded.pid}) at {embedded.url}, AOF replayed in "
            f"{time.monotonic() - began:.2f} s", child="redis", pid=embedded.pid, restart=restarts.count,
            url=embedded.url)


def _how(returncode: int | None) -> str:
    fields = exit_fields(returncode)
    return f"killed by {fields['signal']}" if "signal" in fields else f"exit code {returncode}"


@main.command()
@click.option("--port", type=int, envvar="PORT", default=8000, show_default=True,
              help="HTTP port (env PORT).")
@click.option("--app", "app_spec", envvar="BOOTLEGGERS_APP", default=DEFAULT_APP,
              show_default=True, help="gunicorn application spec (env BOOTLEGGERS_APP).")
@click.option("--data-dir", type=click.Path(file_okay=False), envvar="BOOTLEGGERS_DATA_DIR",
              default="var/redis", show_default=True,
              help="Embedded Redis data dir (used only when REDIS_URL is unset).")
@click.option("--stop-timeout", type=float, default=8.0, show_default=True,
              help="Seconds the web and worker get to stop before they are killed.")
def serve(port: int, app_spec: str, data_dir: str, stop_timeout: float) -> None:
    """Run web (gunicorn) + worker (rq) as in the Procfile, with Redis if needed.

    Without REDIS_URL an embedded Redis (AOF on, data under var/redis) is started and its
    URL is exported to the children. A crashed worker or embedded Redis is restarted after
    a backoff (0.5 s doubling to 10 s; RESTART_BACKOFF_SECONDS, RESTART_BACKOFF_MAX_SECONDS,
    RESTART_STABLE_SECONDS); if gunicorn itself dies, the others are stopped and the command
    exits non-zero. Ctrl-C or SIGTERM stops everything.
    """
    stop_signal: list[int] = []

    def request_stop(signum: int, _frame: object) -> None:
        stop_signal.append(signum)

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, request_stop)

    env = dict(os.environ)
    env["PORT"] = str(port)
    env.setdefault("PYTHONUNBUFFERED", "1")
    try:
        backoff = Backoff.from_env(env)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from exc
    from service.runtime.archive import ArchiveError, archive_url, open_archive
    try:
        if env.get("ARCHIVE_URL"):  # a URL that names no archive stops serve before anything starts
            open_archive(archive_url(env), env)
    except ArchiveError as exc:
        raise click.ClickException(str(exc)) from exc

    def restarts() -> Restarts:
        return Restarts(Backoff(backoff.initial, backoff.maximum, backoff.stable))

    embedded = None
    redis_restarts: Restarts | None = None
    if not env.get("REDIS_URL"):
        from service.runtime.embedded_redis import EmbeddedRedis, EmbeddedRedisError

        try:
            embedded = EmbeddedRedis(data_dir, appendonly=True).start()
        except EmbeddedRedisError as exc:
            raise click.ClickException(str(exc)) from exc
        redis_restarts = restarts()
        redis_restarts.started(time.monotonic())
        env["REDIS_URL"] = embedded.url
        log(f"embedded redis started (pid {embedded.pid}) at {embedded.url}, "
            f"AOF in {embedded.data_dir} (appendfsync {embedded.fsync}; REDIS_FSYNC=always|everysec), "
            f"maxmemory {embedded.maxmemory} (REDIS_MAXMEMORY)",
            child="redis", pid=embedded.pid, url=embedded.url)
        if not env.get("ARCHIVE_URL"):  # finished games' records: beside the data dir (var/archive)
            from service.runtime.archive import beside
            env["ARCHIVE_URL"] = beside(data_dir)
    else:
        log(f"using REDIS_URL={redacted(env['REDIS_URL'])} (not supervised here: an external Redis)")
    log(f"finished games leave for the archive at {archive_url(env)} (ARCHIVE_URL)")

    import redis
    from service.runtime.redis_connect import ClusterWithoutQueue, rq_url
    try:
        queue_url = rq_url(env)  # RQ's plain Redis (REDIS_URL unless that is a cluster)
    except ClusterWithoutQueue as exc:
        if embedded is not None:
            embedded.stop()
        raise click.ClickException(str(exc)) from exc
    except redis.RedisError:  # not answering yet: the worker retries on REDIS_URL as before
        queue_url = env["REDIS_URL"]
    metrics_dir = fresh_metrics_dir(env)
    web = Child("web", [sys.executable, "-m", "gunicorn", "-c", str(gunicorn_config()), app_spec])
    worker = Child("worker", [*rq_command(), "worker", "--with-scheduler", "-w", "service.jobs.worker.ClockWorker",
                              "--serializer", "json", "--url", queue_url, *ALL_QUEUES], restarts=restarts())
    children = [web, worker]
    exit_code = 0
    try:
        for child in children:
            if stop_signal:
                break
            child.start(env)
        host = env.get("HOST", "0.0.0.0")
        where = f"http://127.0.0.1:{port}" + (f" (listening on {host}:{port})" if host != "127.0.0.1" else "")
        log(f"serving on {where} (Ctrl-C to stop)", port=port)
        while not stop_signal:
            if web.process is not None and not web.alive:
                code = web.process.returncode
                log(f"web exited ({_how(code)}); stopping the others", "error", child="web",
                    pid=web.process.pid, **exit_fields(code))
                exit_code = 1
                break
            if embedded is not None and redis_restarts is not None:
                supervise_redis(embedded, redis_restarts)
            if worker.process is not None and not stop_signal:
                supervise_worker(worker, env, redis_up=embedded is None or embedded.running())
            time.sleep(SUPERVISE_EVERY)
        if stop_signal:
            log(f"got {signal.Signals(stop_signal[0]).name}; stopping")
    finally:
        # Ignore further Ctrl-Cs while we shut down in order.
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, lambda *_: None)
        stop_children(children, stop_timeout)
        if embedded is not None:
            embedded.stop()
            log("embedded redis stopped")
        if metrics_dir.owned:
            shutil.rmtree(metrics_dir.path, ignore_errors=True)
    log("stopped")
    sys.exit(exit_code)


# -- verify --------------------------------------------------------------------------


@main.command()
@click.argument("record", type=click.File("rb"))
@click.option("--receipts", "receipts_file", type=click.File("rb"),
              help="A JSON list of receipts ({version, receipt}) or of the answers that carried them.")
@click.option("--anchor", "anchor_source", metavar="FILE|URL",
              help="The server's published anchor (`bootleggers anchor export`): the record must hold every "
                   "head it anchored of the game.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@lang_option
def verify(record, receipts_file, anchor_source, as_json: bool) -> None:
    """Check a finished game's or tournament's record offline (docs/verification.md).

    RECORD is what GET /v1/games/{id}/export gives once the game has ended. Checks the hash
    chain, the seed against its commitment, every die and every shuffle, and the receipts.
    A tournament's record (GET /v1/tournaments/{id}/export): its chain and seed, every
    seating re-derived, every table's game verified and its result read again, the names and
    token hashes at its seats, the points and standings, and the receipts (keyed by its seed).
    With --anchor, a game's record is also held against every head the server anchored of it.
    Exits 0 when everything holds, 1 naming the first bad version, 2 when unreadable.
    """
    import json

    from service.desk import anchor_verify, verification
    from service.desk import check_words
    from service.rules.registry import rulesets
    from service.tournaments import record as tournament_record

    try:
        data = json.load(record)
        events = verification.events_of(data)
        kept = verification.receipts_of(json.load(receipts_file)) if receipts_file else None
        anchor = anchor_verify.read_anchor(anchor_source) if anchor_source else None
    except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
        click.echo(say("cli-cannot-read", reason=str(exc)), err=True)
        sys.exit(2)
    if tournament_record.is_tournament_record(data):  # a tournament: its seatings, tables and standings too
        if anchor is not None:
            click.echo("the anchor holds games' heads: a tournament's record is not held against it", err=True)
        report = tournament_record.verify(data, rulesets().get, kept)
    else:
        report = verification.verify(events, rulesets().get, kept, anchor)
    click.echo(json.dumps(report.as_dict(), indent=1) if as_json else check_words.render(language(), report))
    sys.exit(0 if report.ok else 1)


# -- openapi -------------------------------------------------------------------------


@main.command()
def openapi() -> None:
    """Regenerate api_spec/openapi.json from the marshmallow schemas."""
    if str(REPO_ROOT) not in sys.path and (REPO_ROOT / "api_spec").is_dir():
        sys.path.insert(0, str(REPO_ROOT))  # api_spec/ lives beside the packages, uninstalled
    from api_spec.generate import main as generate  # lazy: needs the whole app

    result = generate()
    if isinstance(result, int) and result:
        sys.exit(result)


# -- bot ---------------------------------------------------------------------------


@main.command()
@click.option("--url", envvar="BOOTLEGGERS_URL", default="http://127.0.0.1:8000", show_default=True,
              help="The referee (env BOOTLEGGERS_URL).")
@click.option("--game", "game_id", required=True, help="The game's id.")
@click.option("--token", required=True, envvar="BOOTLEGGERS_TOKEN", help="The seat's player token (env BOOTLEGGERS_TOKEN).")
@click.option("--strategy", type=click.Choice(["random", "greedy"]), default="random", show_default=True,
              help="random: any legal example; greedy: the one that leaves the seat the most cash right after.")
@click.option("--receipts", "receipts_path", type=click.Path(dir_okay=False, writable=True),
              help="Keep the receipt of every command the bot sends in this JSON file (rewritten after each "
                   "answer; receipts already in it are kept), for `bootleggers verify RECORD --receipts FILE`.")
@lang_option
def bot(url: str, game_id: str, token: str, strategy: str, receipts_path: str | None) -> None:
    """Play one seat by its legal examples until the game ends (clients/python's play loop:
    waits on the event stream, retries with the same Idempotency-Key).

    Greedy reads the cash each example leaves from legal-actions' `look_ahead=cash`, which the
    referee works out on a stand-in of the game dealing again what the seat cannot see: the
    bot learns nothing its player may not. Exits 1 with a sentence when the referee refuses
    the seat (given to another player, forfeited, handed to the server's bot) or cannot be
    reached; what it kept stays in the receipts file."""
    import json

    try:
        import httpx
        from bootleggers_play import GREEDY, RANDOM, Refused, play_seat, receipt_of
    except ModuleNotFoundError:
        raise click.ClickException(say("cli-bot-no-client")) from None

    kept: list[dict] = []
    if receipts_path and Path(receipts_path).is_file():
        try:
            old = json.loads(Path(receipts_path).read_text() or "[]")
        except ValueError:
            raise click.ClickException(say("cli-bot-not-receipts", path=receipts_path)) from None
        kept = [r for r in (old.get("receipts") if isinstance(old, dict) else old) or [] if isinstance(r, dict)]

    def moved(command) -> None:
        click.echo(say("cli-bot-sent", command=str(command.to_dict())))

    def answered(_command, answer) -> None:
        receipt = receipt_of(answer)
        if receipts_path and receipt is not None:
            kept.append(receipt)
            scratch = Path(f"{receipts_path}.part")
            scratch.write_text(json.dumps(kept, indent=1) + "\n")
            scratch.replace(receipts_path)  # whole or not at all, even if the bot is stopped here

    def refused_sentence(refused) -> str:
        """The sentence for a refusal of the bot's seat (bootleggers_play.Refused)."""
        code = getattr(refused.problem, "code", None)
        code = getattr(code, "value", code)        # the generated enum's value; Unset: none
        code = code if isinstance(code, str) else ""
        detail = getattr(refused.problem, "detail", None)
        detail = detail if isinstance(detail, str) else ""
        said = (say("cli-bot-referee-said", status=str(refused.status), code=code, detail=detail) if code or detail
                else say("cli-bot-referee-status", status=str(refused.status)))
        if refused.status == 401:
            return say("cli-bot-replaced", said=said)
        if refused.status == 403 and code == "seat_played_by_bot":
            return say("cli-bot-to-bot", said=said)
        if refused.status == 403 and code == "seat_forfeited":
            return say("cli-bot-forfeited", said=said)
        if refused.status == 403:
            return say("cli-bot-refused-token", said=said)
        if refused.status == 404:
            return say("cli-bot-no-game", said=said)
        return say("cli-bot-refused", said=said)

    try:
        final = play_seat(url.rstrip("/"), game_id, token, strategy={"random": RANDOM, "greedy": GREEDY}[strategy],
                          on_move=moved, on_answer=answered)
    except Refused as refused:
        raise click.ClickException(refused_sentence(refused)) from None
    except httpx.TransportError as down:
        raise click.ClickException(say("cli-cannot-reach", url=url, reason=str(down))) from None
    except RuntimeError as broken:          # the event stream said the record is damaged
        raise click.ClickException(str(broken)) from None
    click.echo(say("cli-bot-over", version=str(final)))
    if receipts_path:
        click.echo(say("cli-bot-receipts-kept", n=len(kept), path=receipts_path))


# -- the organizer's desk: log, export, report (service/desk/cli.py) --------------------
from service.desk import cli as desk_cli  # noqa: E402  (after `main` exists)

desk_cli.install(main)

from service.desk import tournament_cli  # noqa: E402  (bootleggers tournament ...)

tournament_cli.install(main)

from service.desk import anchor_cli  # noqa: E402  (bootleggers anchor export)

anchor_cli.install(main)


if __name__ == "__main__":
    main()
