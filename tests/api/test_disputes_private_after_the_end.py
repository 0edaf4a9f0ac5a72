"""A dispute's text stays its filer's and the organizer's for good: after its game and its
tournament have finished, and after both have left for the archive, on every read path — while
the public record still verifies (docs/service-decisions.md, "Disputes are private").

One tournament of four people, one table. Bix files a dispute about the tournament and one at
the table; the organizer answers both, the table's answer annulling the game (which ends it).
Bix files again at the ended table, within its window, and about the tournament once it has
finished; the organizer answers both. Every read path is then read as a spectator, as another
entrant at the table (Ada), as the filer and as the organizer: a unique marker in each of the
eight texts reaches only the filer and the organizer. Then the same once both are archived.
"""
from __future__ import annotations

import json
import time
import uuid

import pytest
from click.testing import CliRunner

from events.engine_events import ENGINE_EVENT_SCHEMAS, DisputeFiledV1, DisputeResolvedV1
from events.registry import EventRegistry
from service.app import create_app
from service.desk.verification import verify as verify_game
from service.streams import archive
from service.table.games import Games
from service.tournaments import results
from service.tournaments.archive import archivers_for
from tests.api.conftest import kernel_rulesets
from tests.api.test_disputes_private import BODY, ok, read
from tests.support.bots import bearer

DAY = 86400
MARKS = ("t-filed", "t-answer", "g-filed", "g-answer", "g-late", "g-late-answer", "t-late", "t-late-answer")
#: what each text is about: the tournament's own record (t-) or the table's game (g-)
GAME_MARKS = tuple(m for m in MARKS if m.startswith("g-"))
TOURNAMENT_MARKS = tuple(m for m in MARKS if m.startswith("t-"))


@pytest.fixture
def app(redis_url, redis_client, tmp_path):
    return create_app({"REDIS_URL": redis_url, "TESTING": True, "ARCHIVE_URL": (tmp_path / "archive").as_uri(),
                       "RULESETS": kernel_rulesets()})


@pytest.fixture
def client(app):
    return app.test_client()


def paths(tid: str, gid: str) -> list[str]:
    t, g = f"/v1/tournaments/{tid}", f"/v1/games/{gid}"
    return [t, f"{t}/events?limit=1000", f"{t}/events/stream?timeout=0", f"{t}/export", f"{t}/report",
            f"{t}/disputes", f"{t}/me", f"{t}/standings", f"{t}/standings.csv", f"{t}/pairings.csv?round=1",
            f"/viewer/tournaments/{tid}", "/v1/tournaments?status=finished",
            g, f"{g}?at=5", f"{g}/events?limit=1000", f"{g}/events/stream?timeout=1", f"{g}/disputes",
            f"{g}/log?limit=1000", f"{g}/talk?limit=1000", f"{g}/export", f"{g}/report", f"{g}/audit",
            f"{g}/result", f"{g}/legal-actions", f"{g}/clock", f"/viewer/{gid}", f"/play/{gid}",
            "/v1/games?status=finished"]


def scan(client, roles: dict, tid: str, gid: str, marks: dict) -> dict:
    """Every path as every role; asserts no marker reaches a role other than the filer and the
    organizer, and returns the bodies."""
    seen = {(role, path): read(client, path, token) for role, token in roles.items() for path in paths(tid, gid)}
    leaks = sorted({(role, path, what) for (role, path), body in seen.items() if role not in ("filer", "organizer")
                    for what, mark in marks.items() if mark in body})
    assert leaks == [], "a dispute's text reached someone it is not for: " + "; ".join(map(str, leaks))
    return seen


def readable(seen: dict, marks: dict, role: str, tid: str, gid: str) -> None:
    """The filer and the organizer read every text where a reader looks for them."""
    tournament_texts = [marks[m] for m in TOURNAMENT_MARKS]
    game_texts = [marks[m] for m in GAME_MARKS]
    for path, texts in (("/v1/games/{gid}/disputes", game_texts), ("/v1/games/{gid}/log?limit=1000", game_texts),
                        ("/v1/games/{gid}/report", game_texts), ("/v1/games/{gid}/export", game_texts),
                        ("/v1/games/{gid}/events?limit=1000", game_texts),
                        ("/v1/tournaments/{tid}", tournament_texts),
                        ("/v1/tournaments/{tid}/events?limit=1000", tournament_texts),
                        ("/v1/tournaments/{tid}/export", tournament_texts + game_texts)):
        body = seen[role, path.format(tid=tid, gid=gid)]
        missing = [t for t in texts if t not in body]
        assert not missing, (role, path, missing, body[:300])
    if role == "organizer":
        filings = [marks[m] for m in ("t-filed", "t-late", "g-filed", "g-late")]  # (the desk's list: no answers)
        for path, texts in (("/v1/tournaments/{tid}/disputes", filings),
                            ("/v1/tournaments/{tid}/report", tournament_texts + game_texts)):
            body = seen[role, path.format(tid=tid, gid=gid)]
            missing = [t for t in texts if t not in body]
            assert not missing, (role, path, missing, body[:300])


def test_a_disputes_text_stays_its_filers_and_the_organizers_after_the_end_and_in_the_archive(
        app, client, redis_client, tmp_path):
    games, tournaments = app.extensions["games"], app.extensions["tournaments"]
    made = ok(client.post("/v1/tournaments", json=BODY))
    tid, org = made["tournament_id"], made["organizer_token"]
    people = {name: ok(client.post(f"/v1/tournaments/{tid}/entrants", json={"name": name}))
              for name in ("Ada", "Bix", "Cora", "Dov")}
    ok(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "seat_round"}, headers=bearer(org)))
    gid = client.get(f"/v1/tournaments/{tid}").get_json()["tables"][0]["game_id"]
    roles = {"spectator": None, "another entrant": people["Ada"]["entrant_token"],
             "filer": people["Bix"]["entrant_token"], "organizer": org}
    marks = {what: f"PRIVATE-{uuid.uuid4().hex}-{what}" for what in MARKS}
    bix = roles["filer"]

    def tournament(token, body):
        return ok(client.post(f"/v1/tournaments/{tid}/commands", headers=bearer(token), json=body))

    def table(token, body):
        return ok(client.post(f"/v1/games/{gid}/commands", headers=bearer(token), json=body))

    tournament(bix, {"type": "dispute", "version": 1, "text": marks["t-filed"]})
    tournament(org, {"type": "resolve_dispute", "dispute": 1, "decision": "upheld", "text": marks["t-answer"]})
    table(bix, {"type": "dispute", "version": 2, "text": marks["g-filed"]})
    table(org, {"type": "resolve_dispute", "dispute": 1, "decision": "upheld", "text": marks["g-answer"],
                "rulings": [{"kind": "annul", "reason": "the deal went wrong"}]})
    assert games.load(gid)["status"] == "finished"
    table(bix, {"type": "dispute", "version": 3, "text": marks["g-late"]})  # after the end, in the window
    table(org, {"type": "resolve_dispute", "dispute": 2, "decision": "rejected", "text": marks["g-late-answer"]})
    results.sweep(tournaments, games)
    tournament(org, {"type": "finish"})
    tournament(bix, {"type": "dispute", "version": 2, "text": marks["t-late"]})
    tournament(org, {"type": "resolve_dispute", "dispute": 2, "decision": "rejected", "text": marks["t-late-answer"]})
    assert tournaments.load(tid)["status"] == "finished"

    seen = scan(client, roles, tid, gid, marks)
    for role in ("filer", "organizer"):
        readable(seen, marks, role, tid, gid)
    # what a ruling publishes stays public: the decisions
    assert '"decision":"upheld"' in seen["spectator", f"/v1/tournaments/{tid}/events?limit=1000"].replace(" ", "")
    assert '"decision":"rejected"' in seen["another entrant", f"/v1/games/{gid}/events?limit=1000"].replace(" ", "")

    # the public record: stored as recorded, sealed texts in it, and it verifies without the key
    public = json.loads(seen["spectator", f"/v1/games/{gid}/export"])
    assert public["complete"] and "dispute_texts" not in public
    filed = [e for e in public["events"] if e["type"] in ("dispute_filed", "dispute_resolved")]
    assert [e["schema_version"] for e in filed] == [2, 2, 2, 2]
    assert all("text" not in e["payload"] and e["payload"]["text_sealed"].startswith("v1.") for e in filed)
    report = verify_game(public["events"], games.rulesets.get)
    assert report.ok, report.as_dict()
    (tmp_path / "tournament.json").write_text(seen["spectator", f"/v1/tournaments/{tid}/export"])
    from service.cli import main
    verified = CliRunner().invoke(main, ["verify", str(tmp_path / "tournament.json")])
    assert verified.exit_code == 0, verified.output
    # ...and the sealed text opens under the server's key, for the organizer: beside the record
    assert [games.dispute_texts.open_event(e) for e in filed] == [marks[m] for m in GAME_MARKS]
    mine = json.loads(seen["organizer", f"/v1/games/{gid}/export"])
    assert mine["events"] == public["events"]  # the events exactly as recorded: the chain verifies
    assert [(t["version"], t["text"]) for t in mine["dispute_texts"]] == [(e["version"], marks[m])
                                                                         for e, m in zip(filed, GAME_MARKS)]
    # nothing of the words is in what the store holds
    stored = json.dumps([list(games.store.iter_all(gid)), list(tournaments.store.iter_all(tid))])
    assert not [m for m in marks.values() if m in stored]

    # the archive: both leave Redis, and every read answers as before
    archivers = archivers_for(games, tournaments, now=lambda: time.time() + 2 * DAY)
    done = dict((m, r.outcome) for m, r in archive.sweep(archivers, redis_client, now=time.time() + 2 * DAY))
    assert games.store.is_archived(gid), done
    done = dict((m, r.outcome) for m, r in archive.sweep(archivers, redis_client, now=time.time() + 2 * DAY))
    assert tournaments.store.is_archived(tid), done
    games.cache.clear()
    tournaments.cache.clear()
    games.store.archive.forget()
    archived = scan(client, roles, tid, gid, marks)
    for role in ("filer", "organizer"):
        readable(archived, marks, role, tid, gid)


def test_a_dispute_recorded_before_sealing_reads_as_it_always_did(app, client, redis_client):
    """A version 1 `dispute_filed` (an older server's, its text in the open) still folds and
    reads as before: its filer's and the organizer's while the game runs, everyone's once it is
    over (its hash covers the text); a dispute filed after it is sealed for good."""
    games = app.extensions["games"]
    created = ok(client.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3}))
    gid, org = created["game_id"], created["organizer_token"]
    seats = [ok(client.post(f"/v1/games/{gid}/seats", json={"name": n}))["player_token"] for n in ("Ada", "Bix", "Cy")]
    ok(client.post(f"/v1/games/{gid}/start", headers=bearer(org)))
    old, new = f"OLD-{uuid.uuid4().hex}", f"NEW-{uuid.uuid4().hex}"
    older = Games(redis_client, games.rulesets)  # a server from before version 2 of the dispute events
    older.registry = EventRegistry()
    older.registry.register_all({**ENGINE_EVENT_SCHEMAS, "dispute_filed": (DisputeFiledV1, 1),
                                 "dispute_resolved": (DisputeResolvedV1, 1)})
    for ruleset in games.rulesets.values():
        older.registry.register_all(ruleset.event_schemas, owner=ruleset.name)
    older.execute(gid, {"kind": "seat", "seat": 2}, lambda state, oracle: [{"type": "dispute_filed", "payload": {
        "dispute": 1, "seat": 2, "about": 2, "text": old}}])
    games.cache.clear()

    def events(token):
        return read(client, f"/v1/games/{gid}/events?limit=1000", token)

    assert old not in events(seats[0]) and old in events(seats[1]) and old in events(org)
    ok(client.post(f"/v1/games/{gid}/commands", headers=bearer(org),
                   json={"type": "ruling", "kind": "annul", "reason": "start again"}))
    ok(client.post(f"/v1/games/{gid}/commands", headers=bearer(seats[1]),
                   json={"type": "dispute", "version": 2, "text": new}))
    for path in ("events?limit=1000", "disputes", "log?limit=1000", "export"):
        body = read(client, f"/v1/games/{gid}/{path}", None)
        assert old in body and new not in body, path
        assert new in read(client, f"/v1/games/{gid}/{path}", seats[1]), path
    record = client.get(f"/v1/games/{gid}/export").get_json()
    assert [e["schema_version"] for e in record["events"] if e["type"] == "dispute_filed"] == [1, 2]
    assert verify_game(record["events"], games.rulesets.get).ok


def test_an_idempotency_key_remembers_a_dispute_without_its_words(app, client, redis_client):
    """A dispute sent with an `Idempotency-Key` is recorded once and answered again the same; what
    the key keeps in Redis for a day names the command by an HMAC under the server key."""
    created = ok(client.post("/v1/games", json={"ruleset": "bootleggers", "seats": 3}))
    gid, org = created["game_id"], created["organizer_token"]
    seats = [ok(client.post(f"/v1/games/{gid}/seats", json={"name": n}))["player_token"] for n in ("Ada", "Bix", "Cy")]
    ok(client.post(f"/v1/games/{gid}/start", headers=bearer(org)))
    words = f"WORDS-{uuid.uuid4().hex}"

    def send(text):
        return client.post(f"/v1/games/{gid}/commands", json={"type": "dispute", "version": 2, "text": text},
                           headers={**bearer(seats[1]), "Idempotency-Key": "file-it-once"})

    first, again = send(words), send(words)
    assert first.status_code == again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["events"] == first.get_json()["events"] and words in str(again.get_json()["events"])
    assert send("other words").get_json()["code"] == "idempotency_key_reused"
    kept = [redis_client.get(k) for k in redis_client.scan_iter(f"game:{{{gid}}}:*idem*")]
    assert kept and not [v for v in kept if words.encode() in v]
