"""``bootleggers`` — the command line.

``bootleggers serve`` runs what the Procfile lists (gunicorn + an RQ worker) as child
processes, with an embedded Redis when ``REDIS_URL`` is not set, and stops them in order:
web and worker first, Redis last. Every child runs in its own session so that a Ctrl-C at
the terminal reaches only this process, which then shuts the others down cleanly; each also
gets SIGTERM from the kernel should this process die without cleaning up.
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

import click

from service.queues import ALL_QUEUES

DEFAULT_APP = "service.app:create_app()"
REPO_ROOT = Path(__file__).resolve().parent.parent


def log(message: str) -> None:
    click.echo(f"[bootleggers] {message}", err=True)


@click.group()
def main() -> None:
    """Referee server for the board game Bootleggers."""


# -- serve ---------------------------------------------------------------------------


@dataclass
class Child:
    name: str
    argv: list[str]
    process: subprocess.Popen[bytes] | None = None

    def start(self, env: dict[str, str]) -> None:
        from service.embedded_redis import die_with_parent

        self.process = subprocess.Popen(
            self.argv,
            env=env,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            preexec_fn=die_with_parent,
        )
        log(f"{self.name} started (pid {self.process.pid}): {' '.join(self.argv)}")

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
            log(f"{child.name} did not stop within {timeout:.0f}s; killing it")
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
    URL is exported to the children. Ctrl-C or SIGTERM stops everything; if one child
    dies the others are stopped and the command exits non-zero.
    """
    stop_signal: list[int] = []

    def request_stop(signum: int, _frame: object) -> None:
        if not stop_signal:
            log(f"got {signal.Signals(signum).name}; stopping")
        stop_signal.append(signum)

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, request_stop)

    env = dict(os.environ)
    env["PORT"] = str(port)
    env.setdefault("PYTHONUNBUFFERED", "1")

    embedded = None
    if not env.get("REDIS_URL"):
        from service.embedded_redis import EmbeddedRedis, EmbeddedRedisError

        try:
            embedded = EmbeddedRedis(data_dir, appendonly=True).start()
        except EmbeddedRedisError as exc:
            raise click.ClickException(str(exc)) from exc
        env["REDIS_URL"] = embedded.url
        log(f"embedded redis started (pid {embedded.pid}) at {embedded.url}, "
            f"AOF in {embedded.data_dir} (appendfsync {embedded.fsync}; REDIS_FSYNC=always|everysec)")
    else:
        log(f"using REDIS_URL={env['REDIS_URL']}")

    import redis
    from service.redis_connect import ClusterWithoutQueue, rq_url
    try:
        queue_url = rq_url(env)  # RQ's plain Redis (REDIS_URL unless that is a cluster)
    except ClusterWithoutQueue as exc:
        if embedded is not None:
            embedded.stop()
        raise click.ClickException(str(exc)) from exc
    except redis.RedisError:  # not answering yet: the worker retries on REDIS_URL as before
        queue_url = env["REDIS_URL"]
    metrics_dir = fresh_metrics_dir(env)
    children = [
        Child("web", [sys.executable, "-m", "gunicorn", "-c", str(gunicorn_config()), app_spec]),
        Child("worker", [*rq_command(), "worker", "--with-scheduler", "-w", "service.jobs.worker.ClockWorker",
                         "--serializer", "json", "--url", queue_url, *ALL_QUEUES]),
    ]
    exit_code = 0
    try:
        for child in children:
            if stop_signal:
                break
            child.start(env)
        host = env.get("HOST", "0.0.0.0")
        where = f"http://127.0.0.1:{port}" + (f" (listening on {host}:{port})" if host != "127.0.0.1" else "")
        log(f"serving on {where} (Ctrl-C to stop)")
        while not stop_signal:
            dead = [c for c in children if c.process is not None and not c.alive]
            if embedded is not None and not embedded.running():
                log("embedded redis exited unexpectedly")
                exit_code = 1
                break
            if dead:
                for child in dead:
                    assert child.process is not None
                    log(f"{child.name} exited with code {child.process.returncode}; "
                        f"stopping the others")
                exit_code = 1
                break
            time.sleep(0.2)
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
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def verify(record, receipts_file, as_json: bool) -> None:
    """Check a finished game's record offline (docs/verification.md).

    RECORD is what GET /v1/games/{id}/export gives once the game has ended. Checks the hash
    chain, the seed against its commitment, every die and every shuffle, and the receipts.
    Exits 0 when everything holds, 1 naming the first bad version, 2 when unreadable.
    """
    import json

    from service import verification
    from service.rules.registry import rulesets

    try:
        events = verification.events_of(json.load(record))
        kept = verification.receipts_of(json.load(receipts_file)) if receipts_file else None
    except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
        click.echo(f"cannot read: {exc}", err=True)
        sys.exit(2)
    report = verification.verify(events, rulesets().get, kept)
    click.echo(json.dumps(report.as_dict(), indent=1) if as_json else verification.render(report))
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
@click.option("--url", required=True, help="The referee, e.g. http://127.0.0.1:8000")
@click.option("--game", "game_id", required=True, help="The game's id.")
@click.option("--token", required=True, envvar="BOOTLEGGERS_TOKEN", help="The seat's player token (env BOOTLEGGERS_TOKEN).")
@click.option("--strategy", type=click.Choice(["random", "greedy"]), default="random", show_default=True,
              help="random: any legal example; greedy: the one that leaves the seat the most cash right after.")
def bot(url: str, game_id: str, token: str, strategy: str) -> None:
    """Play one seat by its legal examples until the game ends (clients/python's play loop:
    waits on the event stream, retries with the same Idempotency-Key).

    Greedy reads the cash each example leaves from legal-actions' `look_ahead=cash`, which the
    referee works out on a stand-in of the game dealing again what the seat cannot see: the
    bot learns nothing its player may not."""
    try:
        from bootleggers_play import GREEDY, RANDOM, play_seat
    except ModuleNotFoundError:
        raise click.ClickException("the official client is not installed: pip install ./clients/python "
                                   "(make venv does)") from None

    def moved(command) -> None:
        click.echo(f"sent {command.to_dict()}")

    final = play_seat(url.rstrip("/"), game_id, token, strategy={"random": RANDOM, "greedy": GREEDY}[strategy], on_move=moved)
    click.echo(f"the game is over at version {final}")


# -- the organizer's desk: log, export, report (service/desk_cli.py) --------------------
from service import desk_cli  # noqa: E402  (after `main` exists)

desk_cli.install(main)


if __name__ == "__main__":
    main()
