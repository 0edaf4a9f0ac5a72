"""A dispute's text is its filer's and the organizer's, on every read path
(docs/service-decisions.md, "Disputes are private").

One tournament of four people (one table, its game running): Bix files a dispute about the
tournament and one at its table, the organizer answers both. Then every way to read the
tournament and the table — state (now and `?at=`), events, event streams (caught up, and live
as the disputes are filed), disputes, log, talk, export, report, audit, standings, CSVs, the
pages — is read as a spectator, as another entrant (Ada, at the same table), as the filer and
as the organizer. A unique marker in each text must reach only the filer and the organizer.
"""
from __future__ import annotations

import threading
import time
import uuid

from tests.support.bots import bearer

BODY = {"name": "Private Thursday", "ruleset": "bootleggers", "rounds": 1, "table_size": {"min": 4, "max": 4},
        "game_options": {"rounds": 8}, "bot_strategy": "random"}
#: who may read the texts: the filer and the organizer
ALLOWED = {"filer", "organizer"}


def ok(response, status: int = 201) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    return response.get_json()


def read(client, path: str, token: str | None) -> str:
    return client.get(path, headers=bearer(token) if token else {}).get_data(as_text=True)


def test_a_disputes_text_reaches_only_its_filer_and_the_organizer_on_every_read_path(client, app):
    made = ok(client.post("/v1/tournaments", json=BODY))
    tid, org = made["tournament_id"], made["organizer_token"]
    people = {name: ok(client.post(f"/v1/tournaments/{tid}/entrants", json={"name": name}))
              for name in ("Ada", "Bix", "Cora", "Dov")}
    ok(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "seat_round"}, headers=bearer(org)))
    table = client.get(f"/v1/tournaments/{tid}").get_json()["tables"][0]
    gid = table["game_id"]
    roles = {"spectator": None, "another entrant": people["Ada"]["entrant_token"],
             "filer": people["Bix"]["entrant_token"], "organizer": org}
    marks = {what: f"PRIVATE-{uuid.uuid4().hex}-{what}" for what in ("t-filed", "t-answer", "g-filed", "g-answer")}

    # live streams, one per role, open before anything is filed (the fan-out's per-viewer rendering)
    live: dict[tuple[str, str], str] = {}
    t_head = client.get(f"/v1/tournaments/{tid}").get_json()["version"]
    g_head = client.get(f"/v1/games/{gid}", headers=bearer(org)).get_json()["version"]

    def listen(key, path, token, last):
        headers = {"Last-Event-ID": str(last), **(bearer(token) if token else {})}
        live[key] = app.test_client().get(path, headers=headers).get_data(as_text=True)

    listeners = [threading.Thread(target=listen, args=((role, what), path, token, last))
                 for role, token in roles.items()
                 for what, path, last in (("tournament", f"/v1/tournaments/{tid}/events/stream?timeout=4", t_head),
                                          ("game", f"/v1/games/{gid}/events/stream?timeout=4", g_head))]
    for listener in listeners:
        listener.start()
    time.sleep(0.5)

    bix = roles["filer"]
    filed = ok(client.post(f"/v1/tournaments/{tid}/commands", headers=bearer(bix),
                           json={"type": "dispute", "version": 1, "text": marks["t-filed"]}))
    assert marks["t-filed"] in str(filed["events"])  # the filer's own answer shows what it filed
    ok(client.post(f"/v1/tournaments/{tid}/commands", headers=bearer(org),
                   json={"type": "resolve_dispute", "dispute": 1, "decision": "upheld", "text": marks["t-answer"]}))
    g_filed = ok(client.post(f"/v1/games/{gid}/commands", headers=bearer(bix),
                             json={"type": "dispute", "version": 2, "text": marks["g-filed"]}))
    ok(client.post(f"/v1/games/{gid}/commands", headers=bearer(org),
                   json={"type": "resolve_dispute", "dispute": 1, "decision": "rejected", "text": marks["g-answer"]}))
    for listener in listeners:
        listener.join()
    head = client.get(f"/v1/games/{gid}", headers=bearer(org)).get_json()["version"]
    assert client.get(f"/v1/games/{gid}").get_json()["status"] == "running"

    t, g = f"/v1/tournaments/{tid}", f"/v1/games/{gid}"
    paths = [t, f"{t}/events?limit=1000", f"{t}/events/stream?timeout=0", f"{t}/export", f"{t}/report",
             f"{t}/disputes", f"{t}/me", f"{t}/standings", f"{t}/standings.csv", f"{t}/pairings.csv?round=1",
             f"/viewer/tournaments/{tid}",
             g, *(f"{g}?at={v}" for v in (g_filed["version"], g_filed["version"] + 1, head)),
             f"{g}/events?limit=1000", f"{g}/events/stream?timeout=1", f"{g}/disputes", f"{g}/log?limit=1000",
             f"{g}/talk?limit=1000", f"{g}/export", f"{g}/report", f"{g}/audit", f"{g}/legal-actions", f"{g}/clock",
             f"/viewer/{gid}", f"/play/{gid}"]
    seen: dict[tuple[str, str], str] = {(role, path): read(client, path, token)
                                        for role, token in roles.items() for path in paths}
    seen.update({(role, f"live {what} stream"): body for (role, what), body in live.items()})

    leaks = sorted({(role, path, what) for (role, path), body in seen.items() if role not in ALLOWED
                    for what, mark in marks.items() if mark in body})
    assert leaks == [], "a dispute's text reached someone it is not for: " + "; ".join(map(str, leaks))
    # ...and the filer and the organizer do read them, on the record and live
    for role in ALLOWED:
        for path, which in ((f"{t}/events?limit=1000", ("t-filed", "t-answer")),
                            (f"{t}/events/stream?timeout=0", ("t-filed", "t-answer")),
                            (f"{g}/events?limit=1000", ("g-filed", "g-answer")), (f"{g}/disputes", ("g-filed",)),
                            (f"{g}/log?limit=1000", ("g-filed", "g-answer")),
                            ("live tournament stream", ("t-filed", "t-answer")),
                            ("live game stream", ("g-filed", "g-answer"))):
            assert all(marks[w] in seen[role, path] for w in which), (role, path, seen[role, path][:400])
    assert marks["t-filed"] in seen["organizer", f"{t}/disputes"] and marks["g-answer"] in seen["organizer", f"{g}/report"]
    # the decisions themselves are public: what a ruling publishes
    assert '"decision":"upheld"' in seen["spectator", f"{t}/events?limit=1000"].replace(" ", "")
    assert '"decision":"rejected"' in seen["another entrant", f"{g}/events?limit=1000"].replace(" ", "")
