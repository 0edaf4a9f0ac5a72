"""A tournament over REST (Flask test client, real Redis): creation, registration, Swiss
rounds whose tables are real games started by the server, one entrant token that is its seat
token at every table, results flowing into the standings, drops and no-shows, amendments
after the end, and the finish that reveals the seed. The server's bot plays the tables here
(house entrants); the job that carries a result over is run as the worker would run it."""
from __future__ import annotations

import pytest

from service.bots import seat_bots
from service.tournaments import results
from tests.api.conftest import problem
from tests.support.bots import bearer

BODY = {"name": "Thursday Swiss", "ruleset": "bootleggers", "rounds": 2, "table_size": {"min": 4, "max": 5},
        "game_options": {"rounds": 8}, "bot_strategy": "random"}


def create(client, **over) -> dict:
    answer = client.post("/v1/tournaments", json={**BODY, **over})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def register(client, tid: str, name: str, organizer: str | None = None, bot: str | None = None) -> dict:
    body = {"name": name, **({"bot": bot} if bot else {})}
    answer = client.post(f"/v1/tournaments/{tid}/entrants", json=body, headers=bearer(organizer) if organizer else {})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def command(client, tid: str, token: str, body: dict, status: int = 201):
    answer = client.post(f"/v1/tournaments/{tid}/commands", json=body, headers=bearer(token))
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


def play_round(app, tid: str) -> None:
    """What the worker does: the server's bot plays every seat given to it, and each table's end
    reaches the tournament (the sweep stands in for the jobs the hook enqueued)."""
    games, tournaments = app.extensions["games"], app.extensions["tournaments"]
    state = tournaments.load(tid)
    for table in [t for t in state["tables"] if t["round"] == state["round"]]:
        seat_bots.play_bot_seats(games, table["game_id"], max_moves=100_000)
        assert games.load(table["game_id"])["status"] == "finished"
    results.sweep(tournaments, games)


@pytest.fixture
def house(client):
    """A Swiss tournament of nine house entrants (the server's bot plays them)."""
    made = create(client)
    entrants = [register(client, made["tournament_id"], f"House {n}", made["organizer_token"], bot="random")
                for n in range(1, 10)]
    return made, entrants


def test_creation_is_checked_against_the_ruleset(client):
    problem(client.post("/v1/tournaments", json={**BODY, "ruleset": "chess"}), 422, "unknown_ruleset")
    too_big = problem(client.post("/v1/tournaments", json={**BODY, "table_size": {"min": 4, "max": 7}}), 422)
    assert "3 to 6" in too_big["detail"]
    problem(client.post("/v1/tournaments", json={**BODY, "table_size": {"min": 5, "max": 4}}), 422, "invalid_fields")
    scripted = problem(client.post("/v1/tournaments", json={**BODY, "game_options": {"rng": {"mode": "scripted"}}}),
                       422, "invalid_options")
    assert "seeded" in scripted["detail"]
    made = create(client)
    assert made["organizer_token"] and len(made["seed_commitment"]) == 64
    listed = client.get("/v1/tournaments?status=registering").get_json()["tournaments"]
    assert [t["tournament_id"] for t in listed] == [made["tournament_id"]]


def test_registration_names_tokens_and_house_players(client):
    made = create(client)
    tid = made["tournament_id"]
    ada = register(client, tid, "Ada")
    assert ada["entrant"] == 1 and ada["entrant_token"]
    problem(client.post(f"/v1/tournaments/{tid}/entrants", json={"name": " ada "}), 409, "name_taken")
    house = client.post(f"/v1/tournaments/{tid}/entrants", json={"name": "Bot", "bot": "greedy"},
                        headers=bearer(ada["entrant_token"]))
    problem(house, 403, "organizer_only")
    state = client.get(f"/v1/tournaments/{tid}").get_json()
    assert state["entrants"] == [{"entrant": 1, "name": "Ada", "dropped": False}]
    assert "auth" not in state and "token_hash" not in str(client.get(f"/v1/tournaments/{tid}/events").get_json())


def test_a_swiss_round_seats_real_games_the_entrants_tokens_open(client, app, house):
    made, entrants = house
    tid, org = made["tournament_id"], made["organizer_token"]
    answer = command(client, tid, org, {"type": "seat_round"})
    seated = answer["events"][0]
    assert seated["type"] == "round_seated" and sorted(seated["payload"]["order"]) == list(range(1, 10))
    state = client.get(f"/v1/tournaments/{tid}").get_json()
    assert state["status"] == "running" and state["round"] == 1
    assert [len(t["entrants"]) for t in state["tables"]] == [5, 4]
    assert sorted(s["entrant"] for t in state["tables"] for s in t["entrants"]) == list(range(1, 10))
    for table in state["tables"]:
        game = client.get(f"/v1/games/{table['game_id']}", headers=bearer(org)).get_json()
        assert game["status"] == "running" and game["tournament"] == {"tournament_id": tid, "round": 1,
                                                                      "table": table["table"], "organizer_blind": True}
        first = table["entrants"][0]
        token = entrants[first["entrant"] - 1]["entrant_token"]
        mine = client.get(f"/v1/games/{table['game_id']}", headers=bearer(token)).get_json()
        assert mine["viewer"] == {"kind": "seat", "seat": first["seat"]}
        me = client.get(f"/v1/tournaments/{tid}/me", headers=bearer(token)).get_json()
        assert me["table"] == {"round": 1, "table": table["table"], "game_id": table["game_id"],
                               "seat": first["seat"], "status": "playing"}
    problem(client.post(f"/v1/tournaments/{tid}/entrants", json={"name": "Late"}), 409, "registration_closed")
    problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "seat_round"}, headers=bearer(org)),
            409, "round_in_play")
    problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "seat_round"},
                        headers=bearer(entrants[0]["entrant_token"])), 403, "organizer_only")


def test_results_flow_into_the_standings_and_the_finish_reveals_the_seed(client, app, house):
    made, entrants = house
    tid, org = made["tournament_id"], made["organizer_token"]
    command(client, tid, org, {"type": "seat_round"})
    play_round(app, tid)
    state = client.get(f"/v1/tournaments/{tid}").get_json()
    assert all(t["status"] == "finished" and t["result"]["places"] for t in state["tables"])
    standings = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    assert standings["explained"] and len(standings["rows"]) == 9
    # tables of 4 and 5 (sizes differ): placement points by default, the winner 1 and the last
    # 0 at either size, so a table of k hands out k/2
    assert standings["explained"].startswith("At each table every player scores the share")
    assert sum(r["points"] for r in standings["rows"]) == pytest.approx(5 / 2 + 4 / 2)
    assert standings["rows"][0]["rank"] == 1 and standings["rows"][0]["points"] >= standings["rows"][-1]["points"]
    problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "finish"}, headers=bearer(org)),
            409, "rounds_left")
    command(client, tid, org, {"type": "seat_round"})
    play_round(app, tid)
    problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "seat_round"}, headers=bearer(org)),
            409, "no_rounds_left")
    finished = command(client, tid, org, {"type": "finish"})
    assert [e["type"] for e in finished["events"]] == ["tournament_finished", "seed_revealed"]
    state = client.get(f"/v1/tournaments/{tid}").get_json()
    assert state["status"] == "finished" and state["seed"]
    rows = client.get(f"/v1/tournaments/{tid}/standings").get_json()["rows"]
    assert all(r["tables_played"] == 2 for r in rows)
    record = client.get(f"/v1/tournaments/{tid}/events?limit=1000").get_json()["events"]
    assert "token_hash" in record[1]["payload"]  # public as stored once finished: its chain checks


def test_a_dropped_entrants_seat_goes_to_the_bot_and_no_later_round_seats_it(client, app):
    made = create(client, rounds=2, table_size={"min": 3, "max": 4})
    tid, org = made["tournament_id"], made["organizer_token"]
    people = [register(client, tid, name) for name in ("Ada", "Bix", "Cora", "Dov")]
    command(client, tid, org, {"type": "seat_round"})
    table = client.get(f"/v1/tournaments/{tid}").get_json()["tables"][0]
    seat_of_bix = next(s["seat"] for s in table["entrants"] if s["entrant"] == 2)
    dropped = command(client, tid, people[1]["entrant_token"], {"type": "drop", "entrant": 2})
    assert [e["type"] for e in dropped["events"]] == ["entrant_dropped", "entrant_no_show"]
    game = app.extensions["games"].load(table["game_id"])
    assert game["bots"] == {str(seat_of_bix): "random"}
    problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "drop", "entrant": 3},
                        headers=bearer(people[0]["entrant_token"])), 403, "forbidden")


def test_an_amended_result_after_the_end_reaches_the_standings(client, app, house):
    made, entrants = house
    tid, org = made["tournament_id"], made["organizer_token"]
    command(client, tid, org, {"type": "seat_round"})
    play_round(app, tid)
    tournaments, games = app.extensions["tournaments"], app.extensions["games"]
    table = tournaments.load(tid)["tables"][0]
    winner_seat = int(min(table["result"]["places"], key=lambda s: table["result"]["places"][s]))
    winner = table["seats"][winner_seat - 1]["entrant"]
    before = {r["entrant"]: r["points"] for r in tournaments.load(tid)["standings"]}
    game_id = table["game_id"]
    # a dispute after the end (filed for a house player's seat, which nobody holds a token of), upheld with a
    # forfeit of the winner
    other = next(s["seat"] for s in table["seats"] if s["seat"] != winner_seat)
    games.command(game_id, {"kind": "seat", "seat": other, "bot": False},
                  {"type": "dispute", "version": games.load(game_id)["version"], "text": "he cheated"})
    answer = client.post(f"/v1/games/{game_id}/commands", headers=bearer(org), json={
        "type": "resolve_dispute", "dispute": 1, "decision": "upheld", "text": "forfeit",
        "rulings": [{"kind": "forfeit", "seat": winner_seat, "reason": "cheated"}]})
    assert answer.status_code == 201, answer.get_json()
    assert results.table_result(tournaments, games, tid, game_id) == "recorded"
    assert results.table_result(tournaments, games, tid, game_id) == "unchanged"
    state = tournaments.load(tid)
    kinds = [e["type"] for e in tournaments.events(tid, 0, 1000)]
    assert kinds.count("table_result_amended") == 1
    after = {r["entrant"]: r["points"] for r in state["standings"]}
    assert after[winner] < before[winner]


def finished_tournament(client, app, **over) -> tuple[dict, dict]:
    made = create(client, **over)
    tid, org = made["tournament_id"], made["organizer_token"]
    for n in range(1, 10):
        register(client, tid, f"House {n}", org, bot="random")
    for _ in range(over.get("rounds", BODY["rounds"])):
        command(client, tid, org, {"type": "seat_round"})
        play_round(app, tid)
    command(client, tid, org, {"type": "finish"})
    return made, client.get(f"/v1/tournaments/{tid}/export").get_json()


def test_a_finished_tournaments_record_verifies_offline_and_a_forgery_does_not(client, app):
    from service.rules.registry import rulesets
    from service.tournaments import record

    made, exported = finished_tournament(client, app)
    assert exported["complete"] is True and len(exported["tables"]) == 4
    report = record.verify(exported, rulesets().get)
    assert report.ok, report.as_dict()
    assert [c.name for c in report.checks] == ["chain", "seed", "seatings", "tables", "standings"]

    # a seating the seed does not give, re-chained so that the chain itself holds
    import copy

    forged = copy.deepcopy(exported)
    seated = next(e for e in forged["events"] if e["type"] == "round_seated")
    tables = seated["payload"]["tables"]
    tables[0]["seats"][0]["entrant"], tables[1]["seats"][0]["entrant"] = \
        tables[1]["seats"][0]["entrant"], tables[0]["seats"][0]["entrant"]
    forged["events"] = rechain(forged["events"])
    bad = record.verify(forged, rulesets().get)
    assert not bad.ok and bad.first_bad == seated["version"]
    assert next(c for c in bad.checks if c.name == "seatings").ok is False

    # a table result its game does not give
    forged = copy.deepcopy(exported)
    finished = next(e for e in forged["events"] if e["type"] == "table_finished")
    places = finished["payload"]["places"]
    first, last = min(places, key=places.get), max(places, key=places.get)
    places[first], places[last] = places[last], places[first]
    forged["events"] = rechain(forged["events"])
    bad = record.verify(forged, rulesets().get)
    assert next(c for c in bad.checks if c.name == "tables").ok is False


def rechain(events: list[dict]) -> list[dict]:
    """The events hashed again from the first, as a forger who rewrites history would."""
    from events.envelope import GENESIS_HASH, event_hash
    prev = GENESIS_HASH
    out = []
    for event in events:
        event = {**event, "prev_hash": prev}
        event["hash"] = event_hash(event)
        prev = event["hash"]
        out.append(event)
    return out


def test_a_running_tournaments_export_is_the_organizers_reading_copy(client, app, house):
    made, _ = house
    tid, org = made["tournament_id"], made["organizer_token"]
    command(client, tid, org, {"type": "seat_round"})
    problem(client.get(f"/v1/tournaments/{tid}/export"), 401, "token_required")
    copy = client.get(f"/v1/tournaments/{tid}/export", headers=bearer(org)).get_json()
    assert copy["complete"] is False and "token_hash" not in str(copy["events"])
    assert len(copy["tables"]) == 2


def test_before_the_end_an_entrant_may_not_export_the_tournament(client):
    made = create(client)
    ada = register(client, made["tournament_id"], "Ada")
    refused = problem(client.get(f"/v1/tournaments/{made['tournament_id']}/export", headers=bearer(ada["entrant_token"])),
                      403, "forbidden")
    assert refused["detail"] == "only the organizer may export a tournament before it finishes"


def test_a_tables_end_enqueues_its_result_and_the_sweeper_records_it_when_the_job_is_lost(client, app, house,
                                                                                         redis_client):
    from rq import Queue
    from rq.serializers import JSONSerializer

    made, _ = house
    tid, org = made["tournament_id"], made["organizer_token"]
    command(client, tid, org, {"type": "seat_round"})
    games, tournaments = app.extensions["games"], app.extensions["tournaments"]
    tables = tournaments.load(tid)["tables"]
    for table in tables:
        seat_bots.play_bot_seats(games, table["game_id"], max_moves=100_000)
    queue = Queue("clock", connection=redis_client, serializer=JSONSerializer)
    jobs = [j for j in queue.get_jobs() if j.func_name == results.JOB]
    assert sorted(j.args[1] for j in jobs) == sorted(t["game_id"] for t in tables)
    # nobody runs them (a worker crashed after the games' appends): the tournament knows nothing yet
    assert all(t["result"] is None for t in tournaments.load(tid)["tables"])
    assert results.sweep(tournaments, games) == len(tables)
    assert all(t["status"] == "finished" for t in tournaments.load(tid)["tables"])
    # the lost jobs, run at last, append nothing more
    version = tournaments.load(tid)["version"]
    for job in jobs:
        assert results.table_result(tournaments, games, *job.args) == "unchanged"
    assert tournaments.load(tid)["version"] == version
    assert results.sweep(tournaments, games) == 0


def test_a_fixed_tournament_is_seated_as_the_organizer_says(client, app):
    made = create(client, format="fixed", rounds=1, table_size={"min": 3, "max": 3})
    tid, org = made["tournament_id"], made["organizer_token"]
    for n in range(1, 7):
        register(client, tid, f"P{n}")
    problem(client.post(f"/v1/tournaments/{tid}/commands", json={"type": "seat_round"}, headers=bearer(org)),
            422, "tables_required")
    bad = problem(client.post(f"/v1/tournaments/{tid}/commands", headers=bearer(org),
                              json={"type": "seat_round", "tables": [[1, 2, 3], [4, 5, 5]]}), 422, "invalid_seating")
    assert "5" in bad["detail"]
    command(client, tid, org, {"type": "seat_round", "tables": [[6, 1, 2], [3, 4, 5]]})
    tables = client.get(f"/v1/tournaments/{tid}").get_json()["tables"]
    assert [[s["entrant"] for s in t["entrants"]] for t in tables] == [[6, 1, 2], [3, 4, 5]]


@pytest.mark.parametrize("ruleset, size", [("prohibition", {"min": 2, "max": 3}), ("booze_baron", {"min": 3, "max": 4})])
def test_every_ruleset_runs_as_a_tournament(client, app, ruleset, size):
    made = create(client, ruleset=ruleset, rounds=1, table_size=size, game_options={})
    tid, org = made["tournament_id"], made["organizer_token"]
    for n in range(1, 8):
        register(client, tid, f"House {n}", org, bot="random")
    command(client, tid, org, {"type": "seat_round"})
    play_round(app, tid)
    state = client.get(f"/v1/tournaments/{tid}").get_json()
    assert state["tables"] and all(t["status"] in ("finished", "annulled") for t in state["tables"])
    rows = client.get(f"/v1/tournaments/{tid}/standings").get_json()["rows"]
    assert len(rows) == 7 and rows[0]["points"] > 0
    command(client, tid, org, {"type": "finish"})
    from service.rules.registry import rulesets
    from service.tournaments import record
    exported = client.get(f"/v1/tournaments/{tid}/export").get_json()
    assert record.verify(exported, rulesets().get).ok


def test_the_tournaments_event_stream_sends_its_record_and_closes_once_finished(client, app):
    made, _ = finished_tournament(client, app, rounds=1)
    tid = made["tournament_id"]
    body = client.get(f"/v1/tournaments/{tid}/events/stream").get_data(as_text=True)
    frames = [f for f in body.split("\n\n") if f.startswith("id: ")]
    state = client.get(f"/v1/tournaments/{tid}").get_json()
    assert len(frames) == state["version"] and "event: tournament_finished" in body
    resumed = client.get(f"/v1/tournaments/{tid}/events/stream", headers={"Last-Event-ID": str(state["version"] - 1)})
    assert resumed.get_data(as_text=True).count("id: ") == 1


def test_a_registration_arrives_live_on_the_tournaments_stream(client, app):
    import threading
    import time

    made = create(client)
    tid = made["tournament_id"]

    def later():
        time.sleep(0.4)
        app.test_client().post(f"/v1/tournaments/{tid}/entrants", json={"name": "Late Larry"})

    writer = threading.Thread(target=later)
    writer.start()
    body = app.test_client().get(f"/v1/tournaments/{tid}/events/stream?timeout=2",
                                 headers={"Last-Event-ID": "1"}).get_data(as_text=True)
    writer.join()
    assert "event: entrant_registered" in body and "Late Larry" in body and "token_hash" not in body


def test_a_finished_tournament_moves_to_another_server_whole(client, app, redis_client):
    made, exported = finished_tournament(client, app, rounds=1)
    tid, org = made["tournament_id"], made["organizer_token"]
    problem(client.post("/v1/tournaments/import", json=exported, headers=bearer("not-the-organizer")), 403, "forbidden")
    problem(client.post("/v1/tournaments/import", json=exported, headers=bearer(org)), 409, "tournament_exists")
    forged = {**exported, "standings": exported["standings"][::-1]}
    problem(client.post("/v1/tournaments/import", json=forged, headers=bearer(org)), 422, "invalid_record")
    standings = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    redis_client.flushdb()  # another server
    fresh = app.test_client()
    answer = fresh.post("/v1/tournaments/import", json=exported, headers=bearer(org))
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["tables"] == 2
    assert fresh.get(f"/v1/tournaments/{tid}/standings").get_json()["rows"] == standings["rows"]
    for game_id in exported["tables"]:
        assert fresh.get(f"/v1/games/{game_id}").get_json()["status"] == "finished"


def test_an_annulled_table_scores_nobody_and_a_forfeit_no_show_is_recorded_in_the_game(client, app):
    made = create(client, rounds=1, table_size={"min": 3, "max": 4}, no_show="forfeit")
    tid, org = made["tournament_id"], made["organizer_token"]
    for name in ("Ada", "Bix", "Cora", "Dov", "Eve", "Fay", "Gus"):
        register(client, tid, name)
    command(client, tid, org, {"type": "seat_round"})
    tables = client.get(f"/v1/tournaments/{tid}").get_json()["tables"]
    first, second = tables[0], tables[1]
    absent = first["entrants"][0]["entrant"]
    marked = command(client, tid, org, {"type": "no_show", "entrant": absent})
    assert marked["events"][0]["payload"]["policy"] == "forfeit"
    games, tournaments = app.extensions["games"], app.extensions["tournaments"]
    assert games.load(first["game_id"])["forfeited"] == [first["entrants"][0]["seat"]]
    assert not client.get(f"/v1/tournaments/{tid}").get_json()["entrants"][absent - 1]["dropped"]
    annulled = client.post(f"/v1/games/{second['game_id']}/commands", headers=bearer(org),
                           json={"type": "ruling", "kind": "annul", "reason": "the table was disrupted"})
    assert annulled.status_code == 201, annulled.get_json()
    assert results.table_result(tournaments, games, tid, second["game_id"]) == "recorded"
    state = client.get(f"/v1/tournaments/{tid}").get_json()
    assert state["tables"][1]["status"] == "annulled"
    rows = {r["entrant"]: r for r in client.get(f"/v1/tournaments/{tid}/standings").get_json()["rows"]}
    for seat in second["entrants"]:
        assert rows[seat["entrant"]]["points"] == 0 and rows[seat["entrant"]]["tables_played"] == 0


def test_two_directors_racing_to_open_a_table_make_one_whole_game_on_its_committed_seed(client, app, house,
                                                                                      redis_client):
    import threading

    from service.streams import rng
    from service.streams.keys import seed_key
    from service.tournaments import director, kernel

    made, _ = house
    tid, org = made["tournament_id"], made["organizer_token"]
    tournaments, games = app.extensions["tournaments"], app.extensions["games"]
    seated = tournaments.command(tid, {"kind": "organizer"}, {"type": "seat_round"})  # appended, no games yet
    state = seated.state
    table = state["tables"][0]
    assert not games.exists(table["game_id"])
    barrier = threading.Barrier(2)

    def direct():
        barrier.wait()
        director.open_table(games, state, table)

    racers = [threading.Thread(target=direct) for _ in range(2)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    game = games.load(table["game_id"])
    assert [s["name"] for s in game["seats"]] == [state["entrants"][s["entrant"] - 1]["name"] for s in table["seats"]]
    seed = bytes.fromhex(redis_client.get(seed_key(table["game_id"])).decode())
    assert rng.commitment(seed) == game["rng"]["seed_commitment"]
    assert game["status"] == "running" and kernel.table_for_game(state, table["game_id"]) == table
    assert org


def test_a_tournaments_events_are_the_documented_tournament_events_before_and_after_its_end(client, app):
    """GET /tournaments/{id}/events answers TournamentEventsPage (not a game's EventsPage):
    a running tournament's record without its token hashes, a finished one's as stored."""
    from tests.support.spec_validation import problems as undocumented

    created, _ = finished_tournament(client, app)
    tid = created["tournament_id"]
    page = client.get(f"/v1/tournaments/{tid}/events?limit=500").get_json()
    assert {e["type"] for e in page["events"]} >= {"tournament_created", "entrant_registered", "round_seated",
                                                   "table_finished", "tournament_finished", "seed_revealed"}
    assert undocumented("TournamentEventsPage", page) == []
    running = create(client)
    ada = register(client, running["tournament_id"], "Ada")
    command(client, running["tournament_id"], ada["entrant_token"], {"type": "say", "text": "good luck"})
    page = client.get(f"/v1/tournaments/{running['tournament_id']}/events").get_json()
    assert page["events"][-1]["type"] == "said" and page["events"][-1]["actor"]["kind"] == "entrant"
    assert "organizer_token_hash" not in page["events"][0]["payload"]
    assert undocumented("TournamentEventsPage", page) == []
