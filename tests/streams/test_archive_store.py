"""The archive store (service/runtime/archive.py): ARCHIVE_URL read and checked at boot, records
written whole to a directory or a real S3 server (moto's `moto_server`, a process of the test
session), and an archive that does not answer is a 503 that leaves the game whole in Redis."""
from __future__ import annotations

import subprocess
import sys
import time

import pytest

from service.app import create_app
from service.runtime.archive import (ArchivedRecords, ArchiveError, ArchiveMissing, ArchiveUnavailable, DirectoryArchive, S3Archive,
                                     archive_url, beside, open_archive, record_name)
from service.runtime.embedded_redis import EmbeddedRedis, EmbeddedRedisError, free_port
from service.streams import archive
from service.streams.archive import Archiver
from tests.api.conftest import kernel_rulesets, problem
from tests.support.archive import finished_bot_game


def test_archive_url_defaults_to_var_archive_and_serve_puts_it_beside_its_data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert archive_url({}) == (tmp_path / "var" / "archive").as_uri()
    assert archive_url({"ARCHIVE_URL": " s3://b/p "}) == "s3://b/p"
    assert beside(tmp_path / "var" / "redis") == (tmp_path / "var" / "archive").as_uri()


def test_a_url_names_a_directory_or_a_bucket(tmp_path):
    assert isinstance(open_archive((tmp_path / "a").as_uri()), DirectoryArchive)
    assert open_archive(str(tmp_path / "a")).url == (tmp_path / "a").as_uri()
    bucket = open_archive("s3://records/games/", {"ARCHIVE_S3_ENDPOINT": "http://127.0.0.1:9"})
    assert isinstance(bucket, S3Archive) and bucket.url == "s3://records/games"
    assert bucket.endpoint == "http://127.0.0.1:9" and bucket.key("game/ab/x.rec") == "games/game/ab/x.rec"
    for bad, why in (("ftp://host/x", "a directory"), ("s3://", "name the bucket"), ("file://host/x", "local")):
        with pytest.raises(ArchiveError, match=why):
            open_archive(bad, {})


def test_a_bad_archive_url_stops_the_boot_with_a_clear_message(redis_url, monkeypatch):
    with pytest.raises(ArchiveError, match="ARCHIVE_URL=ftp://nowhere"):
        create_app({"REDIS_URL": redis_url, "TESTING": True, "ARCHIVE_URL": "ftp://nowhere"})
    monkeypatch.setenv("ARCHIVE_URL", "s3://")
    with pytest.raises(ArchiveError, match="name the bucket"):
        create_app({"REDIS_URL": redis_url, "TESTING": True})


def test_serve_refuses_a_bad_archive_url_before_starting_anything(tmp_path):
    done = subprocess.run([sys.executable, "-m", "service.cli", "serve", "--port", str(free_port()),
                           "--data-dir", str(tmp_path / "redis")],
                          env={"PATH": "/usr/bin:/bin", "ARCHIVE_URL": "gopher://x"}, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode != 0 and "ARCHIVE_URL=gopher://x" in done.stderr, done.stderr
    assert not (tmp_path / "redis").exists(), "no Redis was started"


def test_redis_maxmemory_must_be_a_size(monkeypatch):
    monkeypatch.setenv("REDIS_MAXMEMORY", "lots")
    with pytest.raises(EmbeddedRedisError, match="REDIS_MAXMEMORY must be a size"):
        EmbeddedRedis.ephemeral()


def test_a_directory_keeps_whole_records_under_sharded_names(tmp_path):
    store = DirectoryArchive(tmp_path / "archive")
    name = record_name("game", "abc123")
    assert name.startswith("game/") and name.endswith("/abc123.rec") and len(name.split("/")[1]) == 2
    store.put(name, b"record")
    store.put(name, b"record, again")  # the same name written again: replaced whole
    assert store.get(name) == b"record, again"
    assert [p.name for p in (tmp_path / "archive").rglob("*") if p.is_file()] == ["abc123.rec"], "no temporary left"
    store.delete(name)
    with pytest.raises(ArchiveMissing):
        store.get(name)
    for bad in ("../outside.rec", "/etc/passwd", "game/../../x", ""):
        with pytest.raises(ArchiveError):
            store.put(bad, b"x")
    (tmp_path / "ro").mkdir()
    (tmp_path / "ro" / "game").write_text("a file where a folder must go")
    with pytest.raises(ArchiveUnavailable):
        DirectoryArchive(tmp_path / "ro").put(name, b"x")


def test_a_bucket_keeps_records_on_a_real_s3_server(s3_archive):
    store = open_archive(s3_archive)
    name = record_name("tournament", "t1")
    store.put(name, b"\x00binary record\xff")
    assert store.get(name) == b"\x00binary record\xff"
    store.delete(name)
    with pytest.raises(ArchiveMissing):
        store.get(name)
    with pytest.raises(ArchiveError, match="not a record name"):
        store.get("../other-bucket/x.rec")


def test_an_unreachable_bucket_is_a_503_and_the_game_stays_whole_in_redis(s3_archive, redis_url, redis_client):
    app = create_app({"REDIS_URL": redis_url, "TESTING": True, "ARCHIVE_URL": s3_archive,
                      "RULESETS": kernel_rulesets()})
    games, client = app.extensions["games"], app.test_client()
    kept = finished_bot_game(games, "booze_baron", 3, talk=False, dispute=None)
    held = finished_bot_game(games, "booze_baron", 3, talk=False, dispute=None)
    assert Archiver(games, now=lambda: time.time() + 2 * 86400).archive(kept.game_id).outcome == archive.ARCHIVED

    # another process whose archive is the same bucket on a server where nothing listens: an outage
    down = create_app({"REDIS_URL": redis_url, "TESTING": True, "ARCHIVE_URL": s3_archive,
                       "RULESETS": kernel_rulesets()})
    bucket = open_archive(s3_archive)
    down.extensions["games"].store.archive = ArchivedRecords(
        S3Archive(bucket.bucket, bucket.prefix, endpoint=f"http://127.0.0.1:{free_port()}"))
    answer = down.test_client().get(f"/v1/games/{kept.game_id}")
    problem(answer, 503, "storage_unavailable")
    assert answer.headers["Retry-After"]
    keys = sorted(redis_client.scan_iter(f"game:{{{held.game_id}}}:*"))
    done = archive.sweep({"game": Archiver(down.extensions["games"], now=lambda: time.time() + 2 * 86400)},
                         redis_client, now=time.time() + 2 * 86400)
    outcomes = dict((m, r.outcome) for m, r in done)
    assert outcomes[f"game:{held.game_id}"] == archive.UNAVAILABLE
    assert sorted(redis_client.scan_iter(f"game:{{{held.game_id}}}:*")) == keys, "nothing of it left Redis"
    retry = redis_client.zscore("archive:due", f"game:{held.game_id}")
    assert time.time() + 2 * 86400 < retry <= time.time() + 2 * 86400 + archive.UNAVAILABLE_RETRY_SECONDS
    assert client.get(f"/v1/games/{kept.game_id}").status_code == 200, "the reachable bucket still serves it"
