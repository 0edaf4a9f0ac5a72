"""The HTML pages a browser gets for a game, tournament or path that is not there read in the
reader's language (Accept-Language, `?lang=`), like every other text a person reads."""
from __future__ import annotations

import pytest

HTML = {"Accept": "text/html"}


@pytest.mark.parametrize("path,english,german", [
    ("/no/such/page", "Not found", "Nicht gefunden"),
    ("/play/0000000000000000", "No such game", "Kein solches Spiel"),
    ("/viewer/0000000000000000", "No such game", "Kein solches Spiel"),
    ("/viewer/tournaments/t000000000000000", "No such tournament", "Kein solches Turnier"),
])
def test_a_missing_page_says_so_in_the_readers_language(client, path, english, german):
    en = client.get(path, headers=HTML)
    de = client.get(path, headers={**HTML, "Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    asked = client.get(f"{path}?lang=de", headers=HTML)
    for answer in (en, de, asked):
        assert answer.status_code == 404 and answer.mimetype == "text/html"
    assert f"<h1>{english}</h1>" in en.get_data(as_text=True) and '<html lang="en">' in en.get_data(as_text=True)
    for answer in (de, asked):
        page = answer.get_data(as_text=True)
        assert f"<h1>{german}</h1>" in page and '<html lang="de">' in page
        assert "Zurück zur Lobby" in page and "Back to the lobby" not in page
    assert "Accept-Language" in de.headers.get("Vary", "")


def test_an_api_client_still_gets_the_problem(client):
    answer = client.get("/v1/games/0000000000000000", headers={"Accept-Language": "de"})
    assert answer.status_code == 404 and answer.mimetype == "application/problem+json"
