"""Deadline arithmetic in-process, with the clock frozen (freezegun) and a real Redis:
which batch sets a deadline, pause / resume / extend, firing on time and never early."""
from __future__ import annotations


import pytest
from freezegun import freeze_time

from service.desk import history
from service.runtime import timeutil
from service.clock.fire import fire, reconcile, sweep
from service.clock.schedule import DEADLINES_KEY, DeadlineIndex
from tests.conftest import bearer

T0 = "2030-01-01T12:00:00.000000Z"


def at(seconds: float) -> str:
    return timeutil.shift(T0, seconds)


def state_of(games, game):
    return games.load(game)


def types_after(games, game, version):
    return [e["type"] for e in games.events(game, after=version, limit=1000)]


def problem(response, status, code):
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["code"] == code


@pytest.fixture
def frozen():
    with freeze_time(T0) as clock:
        yield clock


def test_start_sets_a_deadline_for_the_first_step(new_game, games, redis_client, frozen):
    game, _, _ = new_game(deadlines={"default": 30})
    state = state_of(games, game)
    deadline = state["deadline"]
    assert deadline["step"] == "bid" and deadline["seats"] == [1]
    assert deadline["due_at"] == at(30) and deadline["round"] == 1
    events = games.events(game, after=0, limit=100)
    assert events[-1]["type"] == "deadline_set" and events[-1]["version"] == deadline["step_version"]
    assert events[-1]["payload"]["seconds"] == 30
    assert redis_client.zscore(DEADLINES_KEY, game) == timeutil.epoch(at(30))
    assert "paused_at" not in deadline


def test_no_deadline_when_the_step_has_none(new_game, games, redis_client, frozen):
    for options in ({}, {"default": 0}, {"default": 30, "bid": 0}):
        game, _, _ = new_game(deadlines=options)
        assert state_of(games, game).get("deadline") is None
        assert "deadline_set" not in types_after(games, game, 0)
        assert redis_client.zscore(DEADLINES_KEY, game) is None
    game, _, _ = new_game(deadlines={"default": 0, "bid": 5})
    assert state_of(games, game)["deadline"]["due_at"] == at(5)


def test_each_turn_is_a_new_step_with_its_own_deadline(api, new_game, games, frozen):
    game, _, tokens = new_game(deadlines={"default": 30})
    first = state_of(games, game)["deadline"]
    frozen.tick(10)
    assert api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(tokens[0])).status_code == 201
    second = state_of(games, game)["deadline"]
    assert second["seats"] == [2] and second["step_version"] > first["step_version"]
    assert second["due_at"] == at(40)


def test_a_step_taken_all_at_once_keeps_its_deadline_as_seats_act(api, new_game, games, frozen):
    game, _, tokens = new_game(deadlines={"default": 30}, influence="anytime")
    first = state_of(games, game)["deadline"]
    assert first["seats"] == [1, 2, 3]
    frozen.tick(10)
    before = state_of(games, game)["version"]
    api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(tokens[1]))
    assert state_of(games, game)["deadline"] == first
    assert "deadline_set" not in types_after(games, game, before)
    # the last roll opens round 2: a new step, a new deadline from now
    api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(tokens[0]))
    api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(tokens[2]))
    second = state_of(games, game)["deadline"]
    assert second["round"] == 2 and second["seats"] == [1, 2, 3] and second["due_at"] == at(40)


def test_fire_is_never_early_and_applies_the_defaults_once(new_game, games, redis_client, frozen):
    game, _, _ = new_game(deadlines={"default": 30})
    deadline = state_of(games, game)["deadline"]
    version = state_of(games, game)["version"]
    frozen.tick(29.999)
    assert fire(games, game, deadline["step_version"]).outcome == "early"
    assert sweep(games) == []  # the index says not yet either
    assert state_of(games, game)["version"] == version
    frozen.tick(0.001)
    result = fire(games, game, deadline["step_version"])
    assert result.outcome == "fired"
    events = games.events(game, after=version, limit=100)
    assert [e["type"] for e in events] == ["deadline_expired", "dice_rolled", "deadline_set"]
    expired, rolled, following = events
    assert expired["payload"]["seats"] == [1] and expired["payload"]["step"] == "bid"
    assert expired["actor"] == {"kind": "system"} and expired["recorded_at"] >= deadline["due_at"]
    assert rolled["actor"] == {"kind": "system"} and rolled["payload"]["seat"] == 1 and rolled["payload"]["timeout"]
    assert following["payload"]["seats"] == [2] and following["payload"]["due_at"] == at(60)
    state = state_of(games, game)
    assert history.timeouts(games, state["game_id"], state["version"]) == [{"version": expired["version"], "at": expired["recorded_at"], "step": "bid",
                                  "seats": [1], "round": 1, "due_at": at(30)}]
    # a second firing for the same step (a duplicate job, a late sweeper) changes nothing
    again = fire(games, game, deadline["step_version"])
    assert again.outcome == "moved_on" and state_of(games, game)["version"] == state["version"]
    assert redis_client.zscore(DEADLINES_KEY, game) == timeutil.epoch(at(60))


def test_a_job_for_an_older_step_changes_nothing(api, new_game, games, frozen):
    game, _, tokens = new_game(deadlines={"default": 30})
    old = state_of(games, game)["deadline"]
    api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(tokens[0]))
    frozen.tick(3600)  # both the old and the new deadline are long past
    version = state_of(games, game)["version"]
    assert fire(games, game, old["step_version"]).outcome == "moved_on"
    assert state_of(games, game)["version"] == version


def test_pause_and_resume_shift_the_deadline_by_the_paused_time(api, new_game, games, redis_client, frozen):
    game, org, tokens = new_game(deadlines={"default": 30})
    step_version = state_of(games, game)["deadline"]["step_version"]
    frozen.tick(10)
    r = api.post(f"/v1/games/{game}/clock/pause", headers=bearer(org))
    assert r.status_code == 201 and r.get_json()["events"][0]["type"] == "clock_paused"
    state = state_of(games, game)
    assert state["clock_paused_at"] == at(10) and state["deadline"]["paused_at"] == at(10)
    assert redis_client.zscore(DEADLINES_KEY, game) is None  # nothing fires while paused
    frozen.tick(100)
    assert fire(games, game, step_version).outcome == "paused"
    problem(api.post(f"/v1/games/{game}/clock/pause", headers=bearer(org)), 409, "clock_paused")
    r = api.post(f"/v1/games/{game}/clock/resume", headers=bearer(org))
    assert r.status_code == 201
    payload = r.get_json()["events"][0]["payload"]
    assert payload["paused_seconds"] == 100 and payload["due_at"] == at(130)
    deadline = state_of(games, game)["deadline"]
    assert deadline["due_at"] == at(130) and "paused_at" not in deadline
    assert state_of(games, game)["clock_paused_at"] is None
    assert redis_client.zscore(DEADLINES_KEY, game) == timeutil.epoch(at(130))
    problem(api.post(f"/v1/games/{game}/clock/resume", headers=bearer(org)), 409, "clock_running")
    frozen.tick(19.5)
    assert fire(games, game, step_version).outcome == "early"
    frozen.tick(0.5)
    assert fire(games, game, step_version).outcome == "fired"


def test_a_step_opened_while_paused_counts_from_the_resume(api, new_game, games, frozen):
    game, org, tokens = new_game(deadlines={"default": 30})
    api.post(f"/v1/games/{game}/clock/pause", headers=bearer(org))
    frozen.tick(50)
    api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(tokens[0]))
    deadline = state_of(games, game)["deadline"]
    assert deadline["seats"] == [2] and deadline["paused_at"] == at(50) and deadline["due_at"] == at(80)
    frozen.tick(20)
    api.post(f"/v1/games/{game}/clock/resume", headers=bearer(org))
    assert state_of(games, game)["deadline"]["due_at"] == at(100)  # 30 s from the resume at 70


def test_extend_pushes_the_current_deadline_back(api, new_game, games, redis_client, frozen):
    game, org, tokens = new_game(deadlines={"default": 30})
    r = api.post(f"/v1/games/{game}/clock/extend", json={"seconds": 45}, headers=bearer(org))
    assert r.status_code == 201
    assert r.get_json()["events"][0]["payload"]["due_at"] == at(75)
    assert state_of(games, game)["deadline"]["due_at"] == at(75)
    assert redis_client.zscore(DEADLINES_KEY, game) == timeutil.epoch(at(75))
    frozen.tick(31)
    assert fire(games, game).outcome == "early"
    # extend while paused: shifts too, still paused
    api.post(f"/v1/games/{game}/clock/pause", headers=bearer(org))
    api.post(f"/v1/games/{game}/clock/extend", json={"seconds": 5}, headers=bearer(org))
    frozen.tick(10)
    api.post(f"/v1/games/{game}/clock/resume", headers=bearer(org))
    assert state_of(games, game)["deadline"]["due_at"] == at(90)
    problem(api.post(f"/v1/games/{game}/clock/extend", json={"seconds": 0}, headers=bearer(org)), 422, "invalid_fields")
    problem(api.post(f"/v1/games/{game}/clock/extend", json={}, headers=bearer(org)), 422, "invalid_fields")


def test_a_deadline_whose_timeout_fails_is_retried_30_seconds_from_now(new_game, games, redis_client,
                                                                         frozen, monkeypatch):
    """The sweeper found it long overdue (workers were down); a failure must not make it
    due again at once — the retry is 30 s from the attempt, not from the old due time."""
    from tests.clock.timed_toy import TIMED_TOY

    game, _, _ = new_game(deadlines={"default": 30})
    frozen.tick(600)

    def broken(state, oracle):
        raise RuntimeError("a broken ruleset")

    monkeypatch.setattr(TIMED_TOY, "timeout", broken)
    assert [r.outcome for r in sweep(games)] == ["failed"]
    assert redis_client.zscore(DEADLINES_KEY, game) == timeutil.now().timestamp() + 30
    assert sweep(games) == []
    monkeypatch.undo()
    frozen.tick(30)
    assert [r.outcome for r in sweep(games)] == ["fired"]


def test_extending_a_passed_deadline_counts_from_now(api, new_game, games, redis_client, frozen):
    """The worker was down: the deadline passed unfired. Extending it by 20 s gives the
    seats 20 s from now, not a due time still in the past that fires at once."""
    game, org, _ = new_game(deadlines={"default": 30})
    frozen.tick(50)
    r = api.post(f"/v1/games/{game}/clock/extend", json={"seconds": 20}, headers=bearer(org))
    assert r.status_code == 201 and r.get_json()["events"][0]["payload"]["due_at"] == at(70)
    assert fire(games, game).outcome == "early"
    # paused after it passed: the extension counts from the pause, then shifts at resume
    frozen.tick(25)  # at 75 — passed again
    api.post(f"/v1/games/{game}/clock/pause", headers=bearer(org))
    frozen.tick(5)
    api.post(f"/v1/games/{game}/clock/extend", json={"seconds": 10}, headers=bearer(org))
    assert state_of(games, game)["deadline"]["due_at"] == at(85)
    frozen.tick(5)
    api.post(f"/v1/games/{game}/clock/resume", headers=bearer(org))  # at 85, paused 10 s
    assert state_of(games, game)["deadline"]["due_at"] == at(95)


def test_a_game_without_deadlines_has_no_clock_to_pause(api, new_game, games, frozen):
    game, org, _ = new_game(deadlines={})
    version = state_of(games, game)["version"]
    problem(api.post(f"/v1/games/{game}/clock/pause", headers=bearer(org)), 409, "no_deadlines")
    problem(api.post(f"/v1/games/{game}/clock/resume", headers=bearer(org)), 409, "no_deadlines")
    assert state_of(games, game)["version"] == version


def test_a_deadline_is_cleared_when_the_step_has_none(api, new_game, games, redis_client, frozen):
    game, _, tokens = new_game(deadlines={"default": 30})
    # (no command changes options mid-game; the closer is checked on such a state directly)
    from service.clock import deadlines
    from tests.clock.timed_toy import TIMED_TOY
    state = state_of(games, game)
    after = {**state, "options": {**state["options"], "deadlines": {"default": 0}}}
    drafts = deadlines.closer_drafts(TIMED_TOY, state, after, at(1))
    assert drafts == [{"type": "deadline_cleared", "actor": {"kind": "system"},
                       "payload": {"step_version": state["deadline"]["step_version"]}}]


def test_extend_needs_a_deadline_and_controls_need_a_running_game(api, new_game, frozen):
    game, org, _ = new_game(deadlines={})
    problem(api.post(f"/v1/games/{game}/clock/extend", json={"seconds": 5}, headers=bearer(org)), 409, "no_deadline")
    lobby, org2, _ = new_game(deadlines={"default": 30}, start=False)
    problem(api.post(f"/v1/games/{lobby}/clock/pause", headers=bearer(org2)), 409, "game_not_running")


def test_only_the_organizer_controls_the_clock(api, new_game, frozen):
    game, org, tokens = new_game(deadlines={"default": 30})
    for path in ("pause", "resume", "extend"):
        problem(api.post(f"/v1/games/{game}/clock/{path}", json={"seconds": 5}, headers=bearer(tokens[0])), 403, "forbidden")
        problem(api.post(f"/v1/games/{game}/clock/{path}", json={"seconds": 5}), 401, "token_required")
    problem(api.post("/v1/games/nosuch/clock/pause", headers=bearer(org)), 404, "game_not_found")


def test_clock_view_and_game_view_show_deadline_and_timeouts(api, new_game, games, frozen):
    game, org, _ = new_game(deadlines={"default": 30})
    frozen.tick(30)
    assert fire(games, game).outcome == "fired"
    body = api.get(f"/v1/games/{game}/clock").get_json()
    assert body["deadline"]["seats"] == [2] and body["paused_at"] is None
    assert [(t["step"], t["seats"]) for t in body["timeouts"]] == [("bid", [1])]
    assert api.get(f"/v1/games/{game}").get_json()["deadline"] == body["deadline"]


def test_a_game_of_absent_players_ends_by_timeouts_and_clears_its_deadline(new_game, games, redis_client, frozen):
    game, _, _ = new_game(deadlines={"default": 30})
    for _ in range(10):
        frozen.tick(30)
        if not sweep(games):
            break
    state = state_of(games, game)
    assert state["status"] == "finished" and state["deadline"] is None
    assert len(history.timeouts(games, state["game_id"], state["version"])) == 6  # 3 seats x 2 rounds, one turn each
    # the last timeout consumed the last deadline: nothing is left to clear
    assert types_after(games, game, state["version"] - 4) == ["deadline_expired", "dice_rolled", "toy_finished",
                                                              "seed_revealed"]
    assert redis_client.zscore(DEADLINES_KEY, game) is None


def test_reconcile_indexes_deadlines_an_append_hook_missed(new_game, games, redis_client, frozen):
    game, _, _ = new_game(deadlines={"default": 30})
    redis_client.delete(DEADLINES_KEY, "clock:synced")
    assert reconcile(games) == 1
    assert redis_client.zscore(DEADLINES_KEY, game) == timeutil.epoch(at(30))


def test_the_index_never_takes_an_older_view_over_a_newer_one(new_game, games, redis_client, frozen):
    game, _, _ = new_game(deadlines={"default": 30})
    index = DeadlineIndex(redis_client)
    state = state_of(games, game)
    stale = {**state, "version": state["version"] - 1, "deadline": None}
    assert not index.sync(game, stale)
    assert redis_client.zscore(DEADLINES_KEY, game) is not None
