"""A refusal reads in the reader's language over real HTTP (Flask test client, the test
Redis): the same request asked in English and in German gets the same status, `code` and
machine-readable fields; only `title` and `detail` change, and say `Content-Language`.

One Bootleggers table walks through the refusals a German club meets most: a wrong step, not
its turn, money it does not have, a bad body, an unknown game, a seat asked too late, no
token, a bad token; a second app with a tight budget gives the 429."""
from __future__ import annotations

import pytest

from tests.api.conftest import PROBLEM, bearer
from tests.support.bots import open_table

NAMES = ["Bix", "Ann", "Cy"]


def asked(client, method: str, url: str, lang: str, via: str = "header", **kwargs):
    """The request in `lang`: by Accept-Language, or by ?lang= (which wins over the header)."""
    headers = dict(kwargs.pop("headers", {}))
    if via == "header":
        headers["Accept-Language"] = f"{lang}-DE,{lang};q=0.9,en;q=0.5" if lang == "de" else lang
    else:
        headers["Accept-Language"] = "en"
        url += ("&" if "?" in url else "?") + f"lang={lang}"
    return client.open(url, method=method, headers=headers, **kwargs)


def both(client, method: str, url: str, status: int, code: str, via: str = "header", **kwargs) -> tuple[dict, dict]:
    """The English and the German answer to one refused request: same status, code and fields."""
    en = asked(client, method, url, "en", via, **kwargs)
    de = asked(client, method, url, "de", via, **kwargs)
    for answer, lang in ((en, "en"), (de, "de")):
        assert answer.status_code == status and answer.mimetype == PROBLEM, answer.get_data(as_text=True)
        assert answer.headers["Content-Language"] == lang and "Accept-Language" in answer.headers["Vary"]
    english, german = en.get_json(), de.get_json()
    assert english["code"] == german["code"] == code, (english, german)
    machine = lambda body: {k: v for k, v in body.items() if k not in ("title", "detail", "errors")}  # noqa: E731
    assert machine(english) == machine(german)
    assert set(english.get("errors", {})) == set(german.get("errors", {}))   # the same fields (test_field_errors)
    assert german["detail"] != english["detail"] and german["title"]
    assert "{" + "$" not in german["detail"] and "problem-" not in german["detail"], german["detail"]
    return english, german


@pytest.fixture
def table(client):
    return open_table(client, 3, names=NAMES)


def test_a_german_club_reads_its_refusals_in_german(client, table):
    gid, url = table.game_id, f"/v1/games/{table.game_id}/commands"
    seat1 = bearer(table.tokens[1])

    # a wrong step: the game waits for sealed bids
    en, de = both(client, "POST", url, 409, "wrong_step", json={"type": "take_offer", "offer": 1}, headers=seat1)
    assert "Phase 1 sealed bidding" in en["detail"]
    assert de["detail"].startswith("Das Spiel steht bei „verdecktes Bieten in Phase I“") and de["title"] == "Konflikt"

    # a bad body (422): the bid's card is missing
    en, de = both(client, "POST", url, 422, "invalid_fields", json={"type": "bid"}, headers=seat1)
    assert de["detail"] == "Einige Felder fehlen oder sind falsch; siehe `errors`"
    assert de["title"] == "Nicht verarbeitbarer Inhalt" and de["errors"] == {"card": ["Pflichtfeld fehlt."]}

    for seat in (1, 2, 3):
        hand = table.state(table.tokens[seat])["players"][seat - 1]["muscle_hand"]
        assert table.send(seat, {"type": "bid", "card": max(hand)}).status_code == 201
    state = table.state(table.organizer)
    first, *others = state["waiting_for"] or [None]
    assert state["step"] == "choose_offer" and first is not None
    late = next(s for s in (1, 2, 3) if s != first)

    # not your turn: the refusal names the player whose turn it is, not a seat number
    en, de = both(client, "POST", url, 409, "not_your_turn", json={"type": "take_offer", "offer": 1},
                  headers=bearer(table.tokens[late]))
    name = NAMES[first - 1]
    assert de["detail"].startswith(f"{name} ist bei „Kartenwahl in Phase I“ an der Reihe")
    assert en["detail"].startswith(f"it is {name}'s turn in Phase 1 offer choices")

    # money: once its payroll is paid, the first seat offers more cash than it has
    slot = next(s for s in state["offers"]["slots"] if s["card"])
    take = {"type": "take_offer", "offer": slot["slot"]}
    if slot["card"].startswith("double_still_improvement"):
        take["choice"] = "dice"
    assert table.send(first, take).status_code == 201
    cash = table.state(table.tokens[first])["players"][first - 1]["cash"]
    deal = {"type": "propose_deal", "to": late, "give": {"cash": 500}, "get": {}, "promise": ""}
    en, de = both(client, "POST", url, 409, "insufficient_cash", json=deal, headers=bearer(table.tokens[first]))
    assert de["detail"] == f"{name} hat {cash} Riese{'' if cash == 1 else 'n'}, nicht 500 Riesen"
    assert en["detail"] == f"{name} has ${cash}G, not $500G"

    # no token (401) and a token sent the wrong way (401)
    en, de = both(client, "POST", url, 401, "token_required", json={"type": "pass"})
    assert de["detail"].startswith("Um Züge schicken zu dürfen, brauchst du ein Token") and de["title"] == "Nicht angemeldet"
    both(client, "POST", url, 401, "bad_token", json={"type": "pass"}, headers={"Authorization": "Basic x"})

    # a seat asked for once the game runs: refused by the table's kernel, matched by its code
    en, de = both(client, "POST", f"/v1/games/{gid}/seats", 409, "game_started", via="query", json={"name": "Dee"})
    assert de["detail"] == "Das Spiel hat schon begonnen" and en["detail"] == "the game has already started"

    # not found (404)
    en, de = both(client, "GET", "/v1/games/no-such-game", 404, "game_not_found", via="query")
    assert de["detail"] == "Ein Spiel „no-such-game“ gibt es nicht" and de["title"] == "Nicht gefunden"


def test_the_pseudo_locale_wraps_every_refusal(client, table):
    """`xx`: what did not come from the catalog would show unwrapped."""
    refused = client.post(f"/v1/games/{table.game_id}/commands?lang=xx", json={"type": "take_offer", "offer": 1},
                          headers=bearer(table.tokens[1]))
    body = refused.get_json()
    assert body["code"] == "wrong_step" and body["detail"].startswith("⟦") and body["detail"].endswith("⟧")
    assert body["title"].startswith("⟦")


def test_a_rate_limit_reads_in_german(redis_url, redis_client):
    from service.app import create_app
    from tests.streams.toy import TOY
    client = create_app({"REDIS_URL": redis_url, "TESTING": True, "RULESETS": {"toy": TOY}, "RATELIMIT_ENABLED": True,
                         "RATE_LIMIT_EXEMPT": "", "RATE_LIMIT_CREATE": "1/minute"}).test_client()
    assert client.post("/v1/games", json={"ruleset": "toy", "seats": 3}).status_code == 201
    en = asked(client, "POST", "/v1/games", "en", json={"ruleset": "toy", "seats": 3})
    de = asked(client, "POST", "/v1/games", "de", json={"ruleset": "toy", "seats": 3})
    assert en.status_code == de.status_code == 429 and en.get_json()["code"] == de.get_json()["code"] == "rate_limited"
    assert en.get_json()["detail"].startswith("too many new games from your address (at most 1 a minute)")
    assert de.get_json()["detail"].startswith("Zu viele neue Spiele von deiner Adresse (höchstens 1 pro Minute)")
    assert de.get_json()["title"] == "Zu viele Anfragen"
    assert abs(int(de.headers["Retry-After"]) - int(en.headers["Retry-After"])) <= 1   # asked a moment apart
