"""A Redis Cluster built to fail over fast, and the nemesis's moves on it.

`FaultCluster` is tests/support/cluster.py's `LocalCluster` (3 masters, a replica each, from
the bundled redis-server) with the settings that make a failover quick and a node restartable:
a short node timeout, `cluster-replica-validity-factor 0` (a replica is always eligible,
however long its link was down), diskless full syncs without delay, and a node restarted with
its own nodes.conf rejoins as the replica of whoever took its slots. Nothing is persisted:
a restarted node comes back empty, so a master is only ever restarted after its replica
took over (`promote`), never before.

The moves, each ending in one failover: `kill` (kill -9 the master, its replica takes over),
`cut` (the replica's link dropped and kept down, so the master's writes meanwhile reach no
replica, then the master is killed), `pause` (SIGSTOP the master past the
node timeout: the cluster elects its replica; SIGCONT: the old master finds itself demoted).
`takeover=True` promotes the replica at once with `CLUSTER FAILOVER TAKEOVER` instead of
waiting for the election: the same failover (the replica takes over with what it holds),
seconds faster; `pause` always waits for the election.
"""
from __future__ import annotations

import os
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import redis

from service.runtime.embedded_redis import die_with_parent
from tests.support.cluster import HOST, LocalCluster

#: what a failover may take at most before the run is called broken
FAILOVER_TIMEOUT = 30.0


class Stuck(RuntimeError):
    """The cluster did not get back to health in time: a harness failure, not a finding."""


@dataclass
class Shard:
    master: int
    replica: int


class FaultCluster(LocalCluster):
    def __init__(self, masters: int = 3, node_timeout_ms: int = 600):
        super().__init__(masters=masters, replicas=1, node_timeout_ms=node_timeout_ms)
        self._server: Path | None = None

    def _spawn(self, server: Path, port: int) -> int:
        self._server = server
        node_dir = self.dir / str(port)
        node_dir.mkdir(exist_ok=True)
        args = [str(server), "--bind", HOST, "--port", str(port), "--dir", str(node_dir),
                "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                "--cluster-node-timeout", str(self.node_timeout_ms), "--cluster-replica-validity-factor", "0",
                "--cluster-require-full-coverage", "no", "--repl-diskless-sync", "yes",
                "--repl-diskless-sync-delay", "0", "--repl-ping-replica-period", "1",
                "--save", "", "--appendonly", "no", "--logfile", str(node_dir / "redis.log")]
        self.processes[port] = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                                preexec_fn=die_with_parent)
        return port

    # ---- looking -------------------------------------------------------------------------
    def role(self, port: int) -> tuple[str, int | None]:
        """('master', None) or ('slave', its master's port)."""
        reply = self.node(port).execute_command("ROLE")
        kind = reply[0].decode() if isinstance(reply[0], bytes) else reply[0]
        return kind, (int(reply[2]) if kind == "slave" else None)

    def shards(self) -> list[Shard]:
        """Each live master serving slots with its replica (the first one it lists)."""
        out = []
        for port in self.master_ports():
            info = self.node(port).info("replication")
            replica = info.get("slave0")
            if isinstance(replica, dict):
                out.append(Shard(port, int(replica["port"])))
        return out

    def commands(self) -> dict[int, int]:
        """Commands each live node has run so far (the nemesis hits the busiest master)."""
        out = {}
        for port in self.alive_ports():
            try:
                out[port] = int(self.node(port).info("stats")["total_commands_processed"])
            except redis.RedisError:
                pass
        return out

    def healthy(self) -> bool:
        """Every node up, the cluster ok on each, every master with a replica in sync."""
        if len(self.alive_ports()) != len(self.ports):
            return False
        try:
            for port in self.ports:
                info = self.node(port).cluster("info")
                if info.get("cluster_state") != "ok" or int(info.get("cluster_size", 0)) != self.masters:
                    return False
            masters = self.master_ports()
            if len(masters) != self.masters:
                return False
            for port in masters:
                replica = self.node(port).info("replication").get("slave0")
                if not isinstance(replica, dict) or replica.get("state") != "online":
                    return False
            for port in set(self.ports) - set(masters):
                info = self.node(port).info("replication")
                if info.get("master_link_status") != "up" or int(info.get("master_sync_in_progress", 1)):
                    return False
            if not all(self._sees_every_replica(port) for port in self.ports):
                return False
        except redis.RedisError:
            return False
        return True

    def _sees_every_replica(self, port: int) -> bool:
        """The node's own view (CLUSTER NODES, which the server's replica checks read) names as
        many replicas as there are masters, none failing: right after the cluster is made a node
        can still list every other node as a master without slots until gossip reaches it."""
        raw = self.node(port).execute_command("CLUSTER", "NODES")
        lines = (raw.decode() if isinstance(raw, bytes) else str(raw)).splitlines()
        flags = [line.split()[2].split(",") for line in lines if len(line.split()) > 2]
        replicas = [f for f in flags if "slave" in f]
        return len(replicas) == self.masters and not any("fail" in f or "fail?" in f for f in flags)

    def wait_healthy(self, timeout: float = FAILOVER_TIMEOUT) -> None:
        end = time.monotonic() + timeout
        while not self.healthy():
            if time.monotonic() > end:
                raise Stuck(f"the cluster did not heal within {timeout:.0f} s: see {self.dir}")
            time.sleep(0.05)

    # ---- the moves ---------------------------------------------------------------------------
    def restart(self, port: int) -> None:
        assert self._server is not None and self.processes[port].poll() is not None
        self._spawn(self._server, port)
        self._wait_ping(port)

    def promote(self, shard: Shard, takeover: bool) -> None:
        """Until the replica is the shard's master (forced at once with `takeover`)."""
        end = time.monotonic() + FAILOVER_TIMEOUT
        asked = False
        while True:
            try:
                if self.role(shard.replica)[0] == "master":
                    return
                if takeover and not asked:
                    self.node(shard.replica).execute_command("CLUSTER FAILOVER", "TAKEOVER")
                    asked = True
            except redis.RedisError:
                pass
            if time.monotonic() > end:
                raise Stuck(f"replica {shard.replica} was not promoted: see {self.dir}")
            time.sleep(0.02)

    def kill(self, port: int) -> None:
        proc = self.processes[port]
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)

    def fail_kill(self, shard: Shard, takeover: bool = True) -> None:
        self.kill(shard.master)
        self.promote(shard, takeover)
        self.restart(shard.master)

    def fail_cut(self, shard: Shard, window: float = 0.5, takeover: bool = True) -> None:
        """The replica's link dropped and kept down `window` seconds (it cannot log in again:
        a wrong `masterauth`), then the master killed: what it took meanwhile reached no replica."""
        replica = self.node(shard.replica)
        replica.config_set("masterauth", "cut-" + str(time.monotonic()))
        try:
            replica.execute_command("CLIENT KILL", "TYPE", "master")
            time.sleep(window)
            self.kill(shard.master)
            self.promote(shard, takeover)
        finally:
            replica.config_set("masterauth", "")
        self.restart(shard.master)

    def fail_pause(self, shard: Shard) -> None:
        os.kill(self.processes[shard.master].pid, signal.SIGSTOP)
        try:
            self.promote(shard, takeover=False)
        finally:
            os.kill(self.processes[shard.master].pid, signal.SIGCONT)
