"""`bootleggers bot`: the referee from BOOTLEGGERS_URL like the other
commands, a sentence and exit 1 (no traceback) when the seat is refused — given to another
player (401), forfeited or handed to the server's bot (403) — and `--receipts FILE` keeps the
receipt of every command it sends, which `bootleggers verify --receipts` checks against the
exported record. Real HTTP: werkzeug's server on the test Redis, the command in-process."""
from __future__ import annotations

import json
import random
import threading

import pytest
from click.testing import CliRunner


from service.cli import main
from tests.desk.helpers import ok, organizer
from tests.support.bots import bearer, open_table

bootleggers_play = pytest.importorskip("bootleggers_play", reason="clients/python is not installed (make venv)")


def bot(game_id: str, token: str, url: str, *extra: str, **env: str):
    """`bootleggers bot` with the referee given only by BOOTLEGGERS_URL (no --url)."""
    return CliRunner().invoke(main, ["bot", "--game", game_id, "--token", token, *extra],
                              env={"BOOTLEGGERS_URL": url, **env}, catch_exceptions=False)


def test_a_replaced_seat_is_a_sentence_and_exit_1_not_a_traceback(app, served):
    table = open_table(app.test_client(), 3)
    old = table.tokens[2]
    ok(organizer(table, {"type": "ruling", "kind": "replace_player", "seat": 2, "reason": "a new player"}))
    run = bot(table.game_id, old, served)
    assert run.exit_code == 1, run.output
    assert "this seat was given to another player" in run.output and "401" in run.output
    assert "Traceback" not in run.output


@pytest.mark.parametrize("ruling, said", [
    ({"kind": "seat_to_bot", "seat": 1, "strategy": "random"}, "this seat was given to another player"),
    ({"kind": "forfeit", "seat": 1}, "this seat has forfeited"),
])
def test_a_seat_the_referee_refuses_is_a_sentence_and_exit_1(app, served, ruling, said):
    table = open_table(app.test_client(), 3)
    ok(organizer(table, {"type": "ruling", "reason": "ruled", **ruling}))
    run = bot(table.game_id, table.tokens[1], served)
    assert run.exit_code == 1 and said in run.output and "403" in run.output, run.output
    assert "Traceback" not in run.output


def test_no_referee_at_the_url_is_a_sentence(app):
    table = open_table(app.test_client(), 3)
    run = bot(table.game_id, table.tokens[1], "http://127.0.0.1:9")
    assert run.exit_code == 1 and "cannot reach http://127.0.0.1:9" in run.output, run.output


def test_the_bot_keeps_its_receipts_for_verify(app, served, tmp_path):
    client = app.test_client()
    table = open_table(client, 3, {"rounds": 8})
    errors: list[str] = []

    def other(n: int) -> None:
        try:
            random.seed(n)
            bootleggers_play.play_seat(served, table.game_id, table.tokens[n])
        except Exception as exc:  # noqa: BLE001 (reported below)
            errors.append(repr(exc))

    threads = [threading.Thread(target=other, args=(n,), daemon=True) for n in (2, 3)]
    for t in threads:
        t.start()
    kept = tmp_path / "kept.json"
    run = bot(table.game_id, table.tokens[1], served, "--receipts", str(kept))
    for t in threads:
        t.join(120)
    assert run.exit_code == 0 and not errors, run.output + repr(errors)
    receipts = json.loads(kept.read_text())
    sent = run.output.count("sent {")
    assert sent > 5 and len(receipts) == sent, (sent, len(receipts))
    assert all(set(r) == {"version", "receipt"} for r in receipts)
    record = client.get(f"/v1/games/{table.game_id}/export", headers=bearer(table.organizer)).get_data()
    (tmp_path / "game.json").write_bytes(record)
    checked = CliRunner().invoke(main, ["verify", str(tmp_path / "game.json"), "--receipts", str(kept), "--json"])
    assert checked.exit_code == 0, checked.output
    (receipt_check,) = [c for c in json.loads(checked.output)["checks"] if c["name"] == "receipts"]
    assert receipt_check["ok"] is True and f"{sent} receipts" in receipt_check["detail"]
    # a receipt that is not the record's fails the check
    forged = [{**receipts[0], "receipt": "00" * 32}] + receipts[1:]
    (tmp_path / "forged.json").write_text(json.dumps(forged))
    refused = CliRunner().invoke(main, ["verify", str(tmp_path / "game.json"), "--receipts", str(tmp_path / "forged.json")])
    assert refused.exit_code == 1, refused.output
