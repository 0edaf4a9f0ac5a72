"""The server key: what the server seals its caches with, and what Redis never holds.

Snapshots, checkpoints and the seal of a finished stream's end (service/streams) carry an
HMAC-SHA256 under this key (events/integrity.py `server_seal`), so whoever can write to Redis but
does not hold the key cannot make the server serve a state it did not fold itself
(docs/verification.md, "What the server's seals cover").

Where the key comes from, in order:

1. the setting `SECRET_KEY` (the app's config, else the environment): any string of at
   least 16 characters, e.g. `python -c 'import secrets; print(secrets.token_hex(32))'`;
   every process of one deployment (web and worker) must be given the same one;
2. otherwise a key generated once into a file, `SECRET_KEY_FILE` (default `var/secret_key`
   relative to the working directory, beside the embedded Redis's `var/redis`), mode 0600,
   read by every later process started there: `bootleggers serve`'s web and worker find
   the same file. Creation is atomic (written aside, then hard-linked into place), so
   processes starting together agree on one key.

Changing the key is safe but not free: every seal made under the old one stops checking,
so each cache is rebuilt from the events on its next read (and noted as repaired in
`/audit`), and each finished stream's end is sealed again when next read.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import os
import secrets
import stat
import threading
from pathlib import Path
from typing import Mapping

from events.integrity import server_seal, server_seal_holds

log = logging.getLogger(__name__)

ENV = "SECRET_KEY"
FILE_ENV = "SECRET_KEY_FILE"
DEFAULT_FILE = Path("var") / "secret_key"
MIN_LENGTH = 16
#: what a seal is keyed with is derived from the key, never the key itself (the same key may
#: also be Flask's SECRET_KEY)
_PURPOSE = b"bootleggers:cache-seal:1"

_loaded: dict[tuple[str | None, str], bytes] = {}
_lock = threading.Lock()


class SecretKeyError(RuntimeError):
    """The configured key is unusable (too short), or its file cannot be read or made."""


def key_path(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    return Path(env.get(FILE_ENV) or DEFAULT_FILE)


def _checked(key: str | bytes, where: str) -> bytes:
    raw = key.encode() if isinstance(key, str) else bytes(key)
    raw = raw.strip()
    if len(raw) < MIN_LENGTH:
        raise SecretKeyError(f"{where} is {len(raw)} characters long; a server key needs at least "
                             f"{MIN_LENGTH} (e.g. python -c 'import secrets; print(secrets.token_hex(32))')")
    return raw


def _read(path: Path) -> bytes:
    mode = path.stat().st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        log.warning("the server key file %s can be read by other users (mode %o); chmod 600 it", path,
                    stat.S_IMODE(mode))
    return _checked(path.read_bytes(), f"the server key in {path}")


def read_or_create(path: Path) -> bytes:
    """The key in `path`, made first (32 random bytes, hex) when there is none."""
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    aside = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32) + "\n")
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(aside, path)  # atomic, and refused when another process made it first
            log.info("generated a server key into %s (keep it with the data; SECRET_KEY overrides it)", path)
        except FileExistsError:
            pass
    finally:
        os.unlink(aside)
    return _read(path)


def load(environ: Mapping[str, str] | None = None) -> bytes:
    """This process's server key: `SECRET_KEY`, else the key file (made once). Memoized."""
    env = os.environ if environ is None else environ
    given = env.get(ENV) or None
    path = key_path(env)
    memo = (given, str(path.absolute()))
    with _lock:
        if memo not in _loaded:
            try:
                _loaded[memo] = _checked(given, ENV) if given else read_or_create(path)
            except OSError as exc:
                raise SecretKeyError(f"no SECRET_KEY is set and the server key file {path} cannot be read or "
                                     f"made ({exc}); set SECRET_KEY, or {FILE_ENV} to a writable path") from exc
        return _loaded[memo]


class ServerKey:
    """The key one ledger seals with: given (`set`, the app's SECRET_KEY), or this process's
    (`load()`), looked up on first use so that a process that never reads a stream never
    makes a key file."""

    def __init__(self, key: str | bytes | None = None):
        self._given = None if key is None else _checked(key, "the given server key")
        self._derived: bytes | None = None

    def set(self, key: str | bytes | None) -> None:
        self._given = None if key is None else _checked(key, "the given server key")
        self._derived = None

    def sealing_key(self) -> bytes:
        derived = self._derived
        if derived is None:
            master = self._given if self._given is not None else load()
            derived = self._derived = hmac.new(master, _PURPOSE, hashlib.sha256).digest()
        return derived


class Sealer:
    """Seals of one namespace's streams (`game`, `tournament`) under a server key."""

    def __init__(self, ns: str, key: ServerKey | None = None):
        self.ns = ns
        self.key = key if key is not None else ServerKey()

    def sign(self, kind: str, stream_id: str, version: int, head_hash: str, digest: str = "") -> str:
        return server_seal(self.key.sealing_key(), kind, self.ns, stream_id, version, head_hash, digest)

    def holds(self, kind: str, stream_id: str, version: int, head_hash: str, digest: str, mac) -> bool:
        return server_seal_holds(self.key.sealing_key(), kind, self.ns, stream_id, version, head_hash, digest, mac)
