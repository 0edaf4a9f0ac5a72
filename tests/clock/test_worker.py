"""The clock with a real Redis and a real `rq worker --with-scheduler` process (ClockWorker)."""
from __future__ import annotations

import time
from datetime import timedelta

import pytest

from events.canonical import dumps
from events.store import stream_key
from service.desk import history
from service.runtime import timeutil
from tests.conftest import bearer

pytestmark = pytest.mark.slow


def wait_for(predicate, timeout: float, interval: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return predicate()


def expired_events(games, game):
    return [e for e in games.events(game, after=0, limit=1000) if e["type"] == "deadline_expired"]


def test_a_two_second_deadline_fires_after_two_and_before_three_and_a_half_seconds(
        api, new_game, games, start_worker):
    start_worker()
    game, _, _ = new_game(deadlines={"default": 2})
    set_event = [e for e in games.events(game, after=0, limit=100) if e["type"] == "deadline_set"][-1]
    # set = the moment the closer computed it (the event is sealed microseconds later)
    set_at = timeutil.parse(set_event["payload"]["due_at"]) - timedelta(seconds=2)
    assert 0 <= (timeutil.parse(set_event["recorded_at"]) - set_at).total_seconds() < 0.1
    # never before: poll while it is not yet due
    while timeutil.now() < timeutil.parse(set_event["payload"]["due_at"]):
        assert not expired_events(games, game), "fired before the deadline"
        time.sleep(0.02)
    fired = wait_for(lambda: expired_events(games, game), timeout=3.0)
    assert fired, "the deadline never fired"
    delay = (timeutil.parse(fired[0]["recorded_at"]) - set_at).total_seconds()
    assert 2.0 <= delay <= 3.5, delay
    assert fired[0]["payload"]["step_version"] == set_event["version"]


def test_a_game_whose_seats_never_act_ends_by_timeouts(api, new_game, games, start_worker):
    start_worker()
    game, org, tokens = new_game(deadlines={"default": 1})
    # seat 2 plays its first turn, nobody else ever does
    assert wait_for(lambda: games.load(game)["deadline"]["seats"] == [2], timeout=4)
    assert api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(tokens[1])).status_code == 201
    finished = wait_for(lambda: games.load(game)["status"] == "finished", timeout=15, interval=0.1)
    assert finished, games.load(game).get("deadline")
    state = games.load(game)
    assert [t["seats"] for t in history.timeouts(games, state["game_id"], state["version"])] == [[1], [3], [1], [2], [3]]
    assert state["deadline"] is None and state["rng"]["seed"]
    record = api.get(f"/v1/games/{game}/clock").get_json()["timeouts"]
    assert [(t["round"], t["seats"]) for t in record] == [(1, [1]), (1, [3]), (2, [1]), (2, [2]), (2, [3])]


def test_a_deadline_passed_while_every_worker_was_down_fires_once_after_restart(
        api, new_game, games, start_worker, redis_client):
    worker = start_worker()
    game, _, _ = new_game(deadlines={"default": 3})
    worker.kill()  # SIGKILL, the whole process group (scheduler included)
    time.sleep(3.5)  # the deadline passes while nobody watches
    assert not expired_events(games, game)
    restarted_at = time.monotonic()
    start_worker(ready=False)
    fired = wait_for(lambda: expired_events(games, game), timeout=5.0)
    assert fired and time.monotonic() - restarted_at <= 5.0
    time.sleep(1.5)  # the job scheduled for it meanwhile, the sweeper again: nothing more
    assert len(expired_events(games, game)) == 1
    assert [t["seats"] for t in history.timeouts(games, game)] == [[1]]


def test_the_job_for_an_older_step_changes_nothing(api, new_game, games, start_worker, redis_client):
    from rq import Queue
    from rq.serializers import JSONSerializer

    game, _, tokens = new_game(deadlines={"default": 600})
    old = games.load(game)["deadline"]
    api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(tokens[0]))
    version = games.load(game)["version"]
    queue = Queue("clock", connection=redis_client, serializer=JSONSerializer)
    job = queue.enqueue("service.jobs.clock.fire_deadline", game, old["step_version"])
    start_worker()
    assert wait_for(lambda: job.get_status(refresh=True) == "finished", timeout=10)
    assert job.return_value()["outcome"] == "moved_on"
    assert games.load(game)["version"] == version
    # and an early job for the current step re-schedules instead of acting
    current = games.load(game)["deadline"]
    early = queue.enqueue("service.jobs.clock.fire_deadline", game, current["step_version"])
    assert wait_for(lambda: early.get_status(refresh=True) == "finished", timeout=10)
    assert early.return_value()["outcome"] == "early"
    assert games.load(game)["version"] == version


def test_replay_reports_equal_for_an_intact_game(api, new_game, games, start_worker):
    start_worker()
    game, org, tokens = new_game(deadlines={})
    for token in tokens:
        api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(token))
    r = api.post(f"/v1/games/{game}/replays", headers=bearer(org))
    assert r.status_code == 202 and r.headers["Location"] == f"/v1/jobs/{r.get_json()['job_id']}"
    body = wait_for(lambda: (lambda b: b if b["status"] == "finished" else None)(
        api.get(r.headers["Location"], headers=bearer(org)).get_json()), timeout=10)
    assert body, api.get(r.headers["Location"], headers=bearer(org)).get_json()
    version = games.load(game)["version"]
    assert body["result"]["equal"] is True and body["result"]["version"] == version
    assert body["progress"] == {"done": version, "total": version}
    # only the organizer of that game
    assert api.get(r.headers["Location"], headers=bearer(tokens[0])).status_code == 403
    assert api.get(r.headers["Location"]).status_code == 401
    other, other_org, _ = new_game(deadlines={}, start=False)
    assert api.get(r.headers["Location"], headers=bearer(other_org)).status_code == 401
    missing = api.get("/v1/jobs/no-such-job", headers=bearer(org))
    assert missing.status_code == 404 and missing.mimetype == "application/problem+json"
    assert missing.get_json()["code"] == "job_not_found"
    assert api.post(f"/v1/games/{game}/replays", headers=bearer(tokens[0])).status_code == 403


def test_replay_finds_the_version_of_a_hand_edited_event(api, new_game, games, start_worker, redis_client):
    start_worker()
    game, org, tokens = new_game(deadlines={})
    for token in tokens:
        api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(token))
    events = list(games.store.iter_all(game))
    forged_version = next(e["version"] for e in events if e["type"] == "dice_rolled")
    key = stream_key(game)
    redis_client.delete(key)
    for event in events:
        if event["version"] == forged_version:
            event = {**event, "payload": {**event["payload"], "dice": [7 - d for d in event["payload"]["dice"]]}}
        redis_client.xadd(key, {"e": dumps(event)}, id=f"{event['version']}-0")
    r = api.post(f"/v1/games/{game}/replays", headers=bearer(org))
    location = r.headers["Location"]
    body = wait_for(lambda: (lambda b: b if b["status"] == "finished" else None)(
        api.get(location, headers=bearer(org)).get_json()), timeout=10)
    assert body, api.get(location, headers=bearer(org)).get_json()
    result = body["result"]
    assert result["equal"] is False and result["first_difference"] == forged_version
    assert result["chain"] == {"intact": False, "first_break": forged_version}
