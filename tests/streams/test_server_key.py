"""The server key (service/runtime/secret_key.py): SECRET_KEY, else a key made once into a
file that every process started in the same place reads (the web and the worker of one
`bootleggers serve`), and the seals it makes."""
from __future__ import annotations

import multiprocessing
import stat

import pytest
import redis

from events.canonical import dumps
from service.runtime import secret_key
from service.runtime.secret_key import SecretKeyError, Sealer, ServerKey
from service.streams.verified import noted_damage
from tests.conftest import bearer
from tests.streams.toy import TOY


@pytest.fixture
def key_file(tmp_path, monkeypatch):
    """SECRET_KEY unset, the key file in a fresh place, nothing remembered."""
    monkeypatch.delenv(secret_key.ENV, raising=False)
    path = tmp_path / "var" / "secret_key"
    monkeypatch.setenv(secret_key.FILE_ENV, str(path))
    monkeypatch.setattr(secret_key, "_loaded", {})
    return path


def test_without_secret_key_a_key_is_made_once_into_a_private_file(key_file):
    first = secret_key.load()
    assert key_file.exists() and stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert len(first) == 64
    secret_key._loaded.clear()  # a second process
    assert secret_key.load() == first == key_file.read_bytes().strip()


def _load_in_child(queue) -> None:
    queue.put(secret_key.load())


def test_processes_starting_together_agree_on_one_key(key_file):
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    children = [ctx.Process(target=_load_in_child, args=(queue,)) for _ in range(6)]
    for child in children:
        child.start()
    keys = {queue.get(timeout=20) for _ in children}
    for child in children:
        child.join(5)
    assert len(keys) == 1 and keys == {key_file.read_bytes().strip()}
    assert [p.name for p in key_file.parent.iterdir()] == ["secret_key"]  # nothing left aside


def test_secret_key_wins_over_the_file_and_makes_none(key_file, monkeypatch):
    monkeypatch.setenv(secret_key.ENV, "a deployment's own secret key, long enough")
    assert secret_key.load() == b"a deployment's own secret key, long enough"
    assert not key_file.exists()


def test_a_short_key_is_refused(key_file, monkeypatch):
    with pytest.raises(SecretKeyError):
        ServerKey("short")
    monkeypatch.setenv(secret_key.ENV, "short")
    with pytest.raises(SecretKeyError):
        secret_key.load()


def test_an_unwritable_key_place_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.delenv(secret_key.ENV, raising=False)
    monkeypatch.setattr(secret_key, "_loaded", {})
    (tmp_path / "file").write_text("")
    monkeypatch.setenv(secret_key.FILE_ENV, str(tmp_path / "file" / "secret_key"))  # under a file
    with pytest.raises(SecretKeyError, match="SECRET_KEY"):
        secret_key.load()


def test_a_seal_covers_its_stream_kind_version_head_and_digest():
    sealer = Sealer("game", ServerKey("k" * 32))
    mac = sealer.sign("snapshot", "g1", 7, "a" * 64, "b" * 64)
    assert sealer.holds("snapshot", "g1", 7, "a" * 64, "b" * 64, mac)
    for changed in (("checkpoint", "g1", 7, "a" * 64, "b" * 64), ("snapshot", "g2", 7, "a" * 64, "b" * 64),
                    ("snapshot", "g1", 8, "a" * 64, "b" * 64), ("snapshot", "g1", 7, "c" * 64, "b" * 64),
                    ("snapshot", "g1", 7, "a" * 64, "c" * 64)):
        assert not sealer.holds(*changed, mac)
    assert not Sealer("tournament", ServerKey("k" * 32)).holds("snapshot", "g1", 7, "a" * 64, "b" * 64, mac)
    assert not Sealer("game", ServerKey("l" * 32)).holds("snapshot", "g1", 7, "a" * 64, "b" * 64, mac)


def test_the_web_and_a_worker_started_in_one_place_trust_each_others_seals(key_file, make_app, redis_url,
                                                                        redis_client):
    """The app without SECRET_KEY and a worker's Games (service/jobs/context.py builds its own)
    both read var/secret_key: a snapshot the one wrote, the other uses, and notes nothing."""
    from service.table.games import Games

    app = make_app({"toy": TOY})
    api = app.test_client()
    created = api.post("/v1/games", json={"ruleset": "toy", "seats": 3}).get_json()
    game = created["game_id"]
    for name in ("A", "B", "C"):
        api.post(f"/v1/games/{game}/seats", json={"name": name})
    assert api.post(f"/v1/games/{game}/start", headers=bearer(created["organizer_token"])).status_code == 201
    worker = Games(redis.Redis.from_url(redis_url), {"toy": TOY})
    assert dumps(worker.load(game)) == dumps(app.extensions["games"].load(game))
    assert noted_damage(redis_client, game) == {}
    assert key_file.exists()
