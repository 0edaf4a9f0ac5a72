"""The reader chooses: the log, the reports and the command line in English or German, each
player at the same table in their own language, while the record stays language-free (the
export is the same bytes, the report verifies the same)."""
from __future__ import annotations

import json
import random
import re

from click.testing import CliRunner

from service.cli import main
from service.desk import verification
from service.desk.cli import language_from_env
from service.rules.registry import rulesets
from tests.support.bots import bearer, move, open_table, play
from tests.tournaments.test_tournament_report import seated

#: English words the German pages must not show (each is a heading or a word the catalogs own)
ENGLISH = ("Round ", "Phase 1", "Winner", "Verification", "Rulings", "Disputes", "intact", "not checked",
           "Standings", "provisional", "Seed commitment", "still playing")


def texts(client, game_id: str, token: str, **how) -> list[dict]:
    answer = client.get(f"/v1/games/{game_id}/log?limit=1000" + (f"&lang={how['lang']}" if "lang" in how else ""),
                        headers={**bearer(token), **({"Accept-Language": how["header"]} if "header" in how else {})})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer


def checks(html: str) -> list[str]:
    """The verification table's verdicts, by their class (the same in every language)."""
    return re.findall(r"<td class='(ok|bad|unk)'>", html[html.index("<h2>"):].split("<h2>")[-1])


def test_two_players_at_one_table_read_their_own_language_and_the_record_stays_the_same(app, served):
    client = app.test_client()
    table = open_table(client, 3, {"rounds": 8}, names=["Ada", "Bix", "Cora"])
    rng = random.Random(4)
    for _ in range(3):      # the three sealed bids of round 1
        move(table, rng)
    # while the game runs, what each may see is unchanged by the language: Ada reads Bix's
    # bid sealed in German, Bix his own in English
    sealed = texts(client, table.game_id, table.tokens[1], header="de").get_json()["entries"]
    own = texts(client, table.game_id, table.tokens[2], header="en").get_json()["entries"]
    assert [e["text"] for e in sealed if e["actor"].get("seat") == 2][-1].endswith("Bix hat verdeckt geboten.")
    assert re.search(r"Bix bid \d+\.$", [e["text"] for e in own if e["actor"].get("seat") == 2][-1])
    played = play(table, rng)

    german = texts(client, table.game_id, table.tokens[1], header="de-DE,de;q=0.9,en;q=0.5")
    english = texts(client, table.game_id, table.tokens[2], header="en-GB")
    assert german.headers["Content-Language"] == "de" and english.headers["Content-Language"] == "en"
    assert "Accept-Language" in german.headers.get("Vary", "")
    de, en = german.get_json()["entries"], english.get_json()["entries"]
    assert [e["version"] for e in de] == [e["version"] for e in en] and len(de) == played["version"]
    assert [e["actor"]["kind"] for e in de] == [e["actor"]["kind"] for e in en]
    assert [e["round"] for e in de] == [e["round"] for e in en] and [e["phase"] for e in de] == [e["phase"] for e in en]
    assert any(e["text"].startswith("Runde 1, Phase I – Bieten und Fahrerbestechung: ") for e in de)
    assert any(e["text"].startswith("Round 1, Phase 1: ") for e in en)
    assert all(e["text"].startswith(e["heading"] + ": ") for e in de if e["heading"])
    assert de[0]["heading"] is None and de[-1]["heading"].endswith("Spielende")
    assert not [e["text"] for e in de if any(word in e["text"] for word in (" crates", " wins.", "Round "))]
    # ?lang= beats the header
    asked = texts(client, table.game_id, table.tokens[2], lang="de", header="en").get_json()["entries"]
    assert [e["text"] for e in asked] == [e["text"] for e in texts(client, table.game_id, table.tokens[2],
                                                                    header="de").get_json()["entries"]]

    # the report: German words, the same verdicts, the same record
    report_de = client.get(f"/v1/games/{table.game_id}/report?lang=de").get_data(as_text=True)
    report_en = client.get(f"/v1/games/{table.game_id}/report").get_data(as_text=True)
    assert "<html lang='de'>" in report_de and "<h2>Prüfung</h2>" in report_de and "Sieger:" in report_de
    assert not [word for word in ENGLISH if word in report_de]
    assert checks(report_de) == checks(report_en) == ["ok", "ok", "ok", "ok"]
    exported = {lang: client.get(f"/v1/games/{table.game_id}/export", headers={
        **bearer(table.organizer), "Accept-Language": lang}).get_data() for lang in ("de", "en")}
    assert exported["de"] == exported["en"]
    record = json.loads(exported["de"])
    assert verification.verify(verification.events_of(record), rulesets().get).ok

    # the command line: --lang, then the environment; the server answers in the same language
    runner = CliRunner()
    env = {"BOOTLEGGERS_URL": served, "BOOTLEGGERS_TOKEN": table.organizer, "LANG": "C.UTF-8"}
    log = runner.invoke(main, ["--lang", "de", "log", table.game_id], env=env)
    assert log.exit_code == 0, log.output
    assert "\nRunde 1, Phase I – Bieten und Fahrerbestechung\n" in log.output and "Der Seed wird aufgedeckt" in log.output
    assert len([line for line in log.output.splitlines() if line.startswith("  ")]) == played["version"]
    by_env = runner.invoke(main, ["log", table.game_id], env={**env, "LANG": "de_DE.UTF-8"})
    assert by_env.output == log.output
    english_log = runner.invoke(main, ["log", table.game_id, "--lang", "en"], env={**env, "LANG": "de_DE.UTF-8"})
    assert "\nRound 1, Phase 1\n" in english_log.output
    with runner.isolated_filesystem():
        with open("record.json", "wb") as out:
            out.write(exported["en"])
        told = {lang: runner.invoke(main, ["verify", "record.json", "--lang", lang]) for lang in ("de", "en")}
    assert told["de"].exit_code == told["en"].exit_code == 0
    assert told["de"].output.splitlines()[-1].startswith("GEPRÜFT: die Kette, der Seed, jeder Würfel")
    assert told["en"].output.splitlines()[-1].startswith("VERIFIED: the chain, the seed, every die")
    down = runner.invoke(main, ["log", table.game_id, "--url", "http://127.0.0.1:9"], env={"LANG": "de_AT.UTF-8"})
    assert down.exit_code == 1 and "http://127.0.0.1:9 ist nicht erreichbar" in down.output


def test_the_environment_names_the_language_as_gettext_does():
    assert language_from_env({}) == "en"
    assert language_from_env({"LANG": "de_DE.UTF-8"}) == "de"
    assert language_from_env({"LANG": "de_DE.UTF-8", "LC_ALL": "C"}) == "en"
    assert language_from_env({"LANG": "fr_FR.UTF-8"}) == "en"
    assert language_from_env({"LANGUAGE": "fr:de:en", "LANG": "en_US.UTF-8"}) == "de"
    assert language_from_env({"LANGUAGE": "fr", "LC_MESSAGES": "de_AT"}) == "de"


def test_a_tournament_report_in_german(client):
    made, _ = seated(client, name="Donnerstag")
    tid, org = made["tournament_id"], made["organizer_token"]
    html = client.get(f"/v1/tournaments/{tid}/report", headers={**bearer(org), "Accept-Language": "de"})
    assert html.headers["Content-Language"] == "de"
    page = html.get_data(as_text=True)
    assert "<html lang='de'>" in page and "Donnerstag – Turnierbericht" in page
    assert "Wertung <span class='unk tag'>vorläufig</span>" in page and "wird noch gespielt" in page
    assert "Festlegung des Seeds" in page and "?lang=de" in page      # its links to each game's report in German
    assert not [word for word in ENGLISH if word in page]
