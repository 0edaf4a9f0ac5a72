"""`bootleggers verify TOURNAMENT.json --anchor FILE|URL`: a tournament's exported record held
against the server's published anchor (service/tournaments/record.py `check_anchor`,
service/desk/anchor_verify.py): a record rewritten with every hash recomputed verifies on its own
(chain, seed, seatings, standings), and fails against the heads the server anchored of it."""
from __future__ import annotations

import json

from service.streams.keys import archive_member
from tests.support.anchor import export_anchor, rechain, verify
from tests.tournaments.test_anchor import NS, api, archive_url, finished, head_of, sweep, web, worker  # noqa: F401


def test_verify_with_the_anchor_fails_a_rewritten_tournament_record_that_verifies_without_it(
        api, worker, archive_url, tmp_path, monkeypatch):
    tid, _ = finished(api)
    head, _ = head_of(api, tid)
    assert sweep(worker) == {archive_member(tid, NS): "anchored"}
    honest = api.get(f"/v1/tournaments/{tid}/export").get_json()
    forged = json.loads(json.dumps(honest))
    forged["events"][1]["payload"]["text"] = "the organizer never said this"
    rechain(forged["events"])
    (tmp_path / "anchor.json").write_text(export_anchor(archive_url, monkeypatch))
    (tmp_path / "honest.json").write_text(json.dumps(honest))
    (tmp_path / "forged.json").write_text(json.dumps(forged))

    convincing = verify(tmp_path / "forged.json")
    assert convincing.exit_code == 0 and "VERIFIED" in convincing.output, convincing.output
    refused = verify(tmp_path / "forged.json", "--anchor", tmp_path / "anchor.json")
    assert refused.exit_code == 1, refused.output
    assert "anchor    FAILED" in refused.output and f"at event {head}" in refused.output
    assert "rewritten" in refused.output
    checked = verify(tmp_path / "honest.json", "--anchor", tmp_path / "anchor.json")
    assert checked.exit_code == 0, checked.output
    assert "anchor    ok" in checked.output and "heads of this tournament" in checked.output
    assert checked.output.rstrip().endswith("and the anchor"), checked.output
