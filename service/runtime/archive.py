"""The archive store: where finished streams' records go, by name, written whole.

`ARCHIVE_URL` says where:

- `file:///abs/dir` (the default: `var/archive` beside `var/redis` and `var/secret_key`;
  `bootleggers serve` puts it next to its `--data-dir`): one file per record under the
  directory, written to a temporary name in the same folder, fsynced, then renamed into
  place (a reader sees the whole record or none);
- `s3://bucket/prefix`: an S3-compatible bucket through boto3, one object per record (a PUT
  is whole or nothing). Credentials and region come from the standard AWS settings
  (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_DEFAULT_REGION`, a profile...);
  `ARCHIVE_S3_ENDPOINT` names a non-AWS server (MinIO, Ceph, moto...), addressed path-style.

`ArchivedRecords` is what the event stores read archived streams through
(events/store.py `EventStore.archive`): it fetches a record by the name the stub gives,
checks its bytes against the stub's digest, decodes it and keeps the most recently read ones
in memory (`ARCHIVE_CACHE_MB`, default 64), so that a finished game read again and again
costs no more than a live one. One per archive URL in a process, shared by the games' and
the tournaments' stores.

A record that is not there or not the one the stub names is a damaged record (the read
answers `record_damaged`); an archive that does not answer (a bucket unreachable, a
permission refused, a disk error) is `ArchiveUnavailable`, answered 503 like a Redis outage.
"""
from __future__ import annotations

import hashlib
import os
import secrets
import threading
from collections import OrderedDict
from pathlib import Path, PurePosixPath
from typing import Mapping, Protocol
from urllib.parse import unquote, urlsplit

from events.archived import ARCHIVE_UNREADABLE, ArchivedStream, BadArchive, decode
from events.integrity import RecordDamaged

ENV = "ARCHIVE_URL"
S3_ENDPOINT_ENV = "ARCHIVE_S3_ENDPOINT"
CACHE_ENV = "ARCHIVE_CACHE_MB"
DEFAULT_DIR = Path("var") / "archive"
DEFAULT_CACHE_MB = 64


class ArchiveError(Exception):
    pass


class ArchiveUnavailable(ArchiveError):
    """The archive store does not answer (or refuses): nothing to fix in the request."""


class ArchiveMissing(ArchiveError):
    """No record of that name."""


class ArchiveExists(ArchiveError):
    """An exclusive put found the name taken (the anchor's log: service/streams/anchor_log.py)."""


class ArchiveStore(Protocol):
    url: str

    def put(self, name: str, data: bytes, exclusive: bool = False) -> None: ...

    def get(self, name: str) -> bytes: ...

    def delete(self, name: str) -> None: ...


def archive_url(environ: Mapping[str, str] | None = None) -> str:
    """`ARCHIVE_URL`, else `file://` + the absolute path of `var/archive` (in the working
    directory, as `var/secret_key` is)."""
    env = os.environ if environ is None else environ
    given = (env.get(ENV) or "").strip()
    return given or DEFAULT_DIR.resolve().as_uri()


def beside(data_dir: str | os.PathLike[str]) -> str:
    """The default archive of a `bootleggers serve` whose embedded Redis keeps its data in
    `data_dir` (`var/redis` -> `var/archive`)."""
    return (Path(data_dir).resolve().parent / "archive").as_uri()


def record_name(ns: str, stream_id: str) -> str:
    """Where a stream's record goes in the archive: `<ns>/<2 hex>/<id>.rec` (the two hex
    characters spread the records over 256 folders or prefixes)."""
    shard = hashlib.sha256(stream_id.encode()).hexdigest()[:2]
    return f"{ns}/{shard}/{stream_id}.rec"


def name_parts(name: str) -> tuple[str, ...]:
    """The folders and file of record `name`: relative, no `.` or `..` (checked on the name, not
    by resolving a path: a cold read must not pay a system call per folder), so a stub rewritten
    in Redis cannot make a read open a file, or a key, outside the archive."""
    parts = PurePosixPath(name).parts
    if not parts or name.startswith("/") or any(p in ("..", ".") for p in parts) or "//" in name:
        raise ArchiveError(f"{name!r} is not a record name")
    return parts


class DirectoryArchive:
    """Records as files under `root`."""

    def __init__(self, root: str | os.PathLike[str]):
        self.root = Path(root).resolve()
        self.url = self.root.as_uri()

    def _path(self, name: str) -> Path:
        return self.root.joinpath(*name_parts(name))

    def put(self, name: str, data: bytes, exclusive: bool = False) -> None:
        """`exclusive`: only if nothing has that name yet (else ArchiveExists)."""
        path = self._path(name)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            aside = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
            with open(aside, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            if exclusive:
                try:
                    os.link(aside, path)  # whole, and refused when the name is taken
                except FileExistsError:
                    raise ArchiveExists(f"{path} is already there") from None
                finally:
                    os.unlink(aside)
            else:
                os.replace(aside, path)  # whole, or not there at all
            folder = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(folder)  # the rename itself on disk
            finally:
                os.close(folder)
        except OSError as exc:
            raise ArchiveUnavailable(f"cannot write {path}: {exc}") from exc

    def get(self, name: str) -> bytes:
        path = self._path(name)
        try:
            return path.read_bytes()
        except FileNotFoundError:
            raise ArchiveMissing(f"{path} is not there") from None
        except OSError as exc:
            raise ArchiveUnavailable(f"cannot read {path}: {exc}") from exc

    def delete(self, name: str) -> None:
        try:
            self._path(name).unlink()
        except FileNotFoundError:
            pass


class S3Archive:
    """Records as objects `<prefix>/<name>` of an S3-compatible bucket (boto3)."""

    def __init__(self, bucket: str, prefix: str = "", endpoint: str | None = None, client=None):
        self.bucket, self.prefix = bucket, prefix.strip("/")
        self.url = f"s3://{bucket}/{self.prefix}" if self.prefix else f"s3://{bucket}"
        self.endpoint = endpoint
        self._client = client
        self._lock = threading.Lock()

    @property
    def client(self):
        if self._client is None:
            with self._lock:
                if self._client is None:
                    import boto3
                    from botocore.config import Config

                    config = Config(retries={"max_attempts": 3, "mode": "standard"}, connect_timeout=5,
                                    read_timeout=30, **({"s3": {"addressing_style": "path"}} if self.endpoint else {}))
                    self._client = boto3.session.Session().client("s3", endpoint_url=self.endpoint or None,
                                                                  config=config)
        return self._client

    def key(self, name: str) -> str:
        name = "/".join(name_parts(name))
        return f"{self.prefix}/{name}" if self.prefix else name

    def put(self, name: str, data: bytes, exclusive: bool = False) -> None:
        """`exclusive`: only if nothing has that name yet (a conditional PUT, If-None-Match: *)."""
        key = self.key(name)
        try:
            self.client.put_object(Bucket=self.bucket, Key=key, Body=data, ContentType="application/octet-stream",
                                   **({"IfNoneMatch": "*"} if exclusive else {}))
        except Exception as exc:  # botocore's errors: unreachable, refused, no such bucket
            code = getattr(exc, "response", {}).get("Error", {}).get("Code")
            if exclusive and code in ("PreconditionFailed", "412", "ConditionalRequestConflict"):
                raise ArchiveExists(f"{self.url}/{name} is already there") from None
            raise ArchiveUnavailable(f"cannot put {self.url}/{name}: {exc}") from exc

    def get(self, name: str) -> bytes:
        key = self.key(name)
        try:
            return self.client.get_object(Bucket=self.bucket, Key=key)["Body"].read()
        except Exception as exc:
            code = getattr(exc, "response", {}).get("Error", {}).get("Code")
            if code in ("NoSuchKey", "404", "NotFound"):
                raise ArchiveMissing(f"{self.url}/{name} is not there") from None
            raise ArchiveUnavailable(f"cannot get {self.url}/{name}: {exc}") from exc

    def delete(self, name: str) -> None:
        key = self.key(name)
        try:
            self.client.delete_object(Bucket=self.bucket, Key=key)
        except Exception as exc:
            raise ArchiveUnavailable(f"cannot delete {self.url}/{name}: {exc}") from exc


def open_archive(url: str, environ: Mapping[str, str] | None = None) -> ArchiveStore:
    env = os.environ if environ is None else environ
    parts = urlsplit(url)
    if parts.scheme == "file":
        if parts.netloc not in ("", "localhost"):
            raise ArchiveError(f"ARCHIVE_URL={url}: a file URL names a local directory (file:///path)")
        return DirectoryArchive(unquote(parts.path))
    if parts.scheme == "s3":
        if not parts.netloc:
            raise ArchiveError(f"ARCHIVE_URL={url}: name the bucket (s3://bucket/prefix)")
        return S3Archive(parts.netloc, unquote(parts.path), (env.get(S3_ENDPOINT_ENV) or "").strip() or None)
    if not parts.scheme:  # a bare path
        return DirectoryArchive(url)
    raise ArchiveError(f"ARCHIVE_URL={url}: the archive is a directory (file:///path) or a bucket (s3://bucket/prefix)")


def cache_bytes(environ: Mapping[str, str] | None = None) -> int:
    env = os.environ if environ is None else environ
    return int(float(env.get(CACHE_ENV) or DEFAULT_CACHE_MB) * 1024 * 1024)


class ArchivedRecords:
    """Archived records read (and written) through one store, the recent ones kept decoded."""

    def __init__(self, store: ArchiveStore, capacity: int | None = None):
        self.store = store
        self.capacity = cache_bytes() if capacity is None else capacity
        self._cache: OrderedDict[tuple[str, str, str], ArchivedStream] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    def fetch(self, ns: str, stream_id: str, location: str, digest: str) -> ArchivedStream:
        """The record the stub names, its bytes checked against the stub's digest (cached)."""
        key = (ns, stream_id, digest)
        with self._lock:
            found = self._cache.get(key)
            if found is not None:
                self._cache.move_to_end(key)
                return found
        try:
            blob = self.store.get(location)
        except ArchiveMissing:
            raise RecordDamaged(stream_id, 1, ARCHIVE_UNREADABLE, f"the record was archived to {location}, which "
                                f"is not in the archive ({self.store.url})") from None
        except ArchiveUnavailable:
            raise
        except ArchiveError:  # the stub names no record (a Redis writer's `../`): damage, not a crash
            raise RecordDamaged(stream_id, 1, ARCHIVE_UNREADABLE, f"the stub names {location!r}, which is not "
                                "a record's name") from None
        record = self.check(ns, stream_id, blob, digest, location)
        self.keep(key, record)
        return record

    def check(self, ns: str, stream_id: str, blob: bytes, digest: str, location: str = "") -> ArchivedStream:
        """`blob` decoded, when it hashes to `digest` and is the record of that stream."""
        if hashlib.sha256(blob).hexdigest() != digest:
            raise RecordDamaged(stream_id, 1, ARCHIVE_UNREADABLE, f"the archived record at {location} is not "
                                "the one archived (its SHA-256 is not the one Redis kept for it)")
        try:
            record = decode(blob)
        except BadArchive as bad:
            raise RecordDamaged(stream_id, 1, ARCHIVE_UNREADABLE, f"the archived record at {location} cannot be "
                                f"read: {bad}") from None
        if (record.ns, record.stream_id) != (ns, stream_id):
            raise RecordDamaged(stream_id, 1, ARCHIVE_UNREADABLE, f"the archived record at {location} is the "
                                f"record of {record.ns} {record.stream_id}")
        return record

    def keep(self, key: tuple[str, str, str], record: ArchivedStream) -> None:
        if record.size > self.capacity:
            return
        with self._lock:
            if key in self._cache:
                return
            self._cache[key] = record
            self._held += record.size
            while self._held > self.capacity and self._cache:
                _, dropped = self._cache.popitem(last=False)
                self._held -= dropped.size

    def forget(self) -> None:
        with self._lock:
            self._cache.clear()
            self._held = 0


_shared: dict[str, ArchivedRecords] = {}
_shared_lock = threading.Lock()


def records_for(url: str | None = None) -> ArchivedRecords:
    """This process's reader of the archive at `url` (default: `archive_url()`), one per URL."""
    url = url or archive_url()
    with _shared_lock:
        found = _shared.get(url)
        if found is None:
            found = _shared[url] = ArchivedRecords(open_archive(url))
        return found


class DefaultRecords:
    """The archive of `ARCHIVE_URL`, looked up when first needed (a process that never reads
    an archived stream never opens the archive)."""

    def __init__(self):
        self._records: ArchivedRecords | None = None

    @property
    def records(self) -> ArchivedRecords:
        if self._records is None:
            self._records = records_for()
        return self._records

    @property
    def store(self) -> ArchiveStore:
        return self.records.store

    def fetch(self, ns: str, stream_id: str, location: str, digest: str) -> ArchivedStream:
        return self.records.fetch(ns, stream_id, location, digest)

    def check(self, *args, **kwargs) -> ArchivedStream:
        return self.records.check(*args, **kwargs)

    def keep(self, *args) -> None:
        self.records.keep(*args)

    def forget(self) -> None:
        self.records.forget()
