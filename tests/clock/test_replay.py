"""The replay (rebuild + chain check) in-process; the job over HTTP is in test_worker."""
from __future__ import annotations

from events.canonical import dumps
from events.store import head_key, stream_key
from service.jobs.replay import replay
from service.streams.snapshots import snapshot_key
from tests.conftest import bearer


def played(api, new_game, turns: int = 1):
    game, org, tokens = new_game(deadlines={})
    for token in tokens * turns:
        assert api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(token)).status_code == 201
    return game


def test_an_intact_game_replays_equal_with_progress(api, new_game, games):
    game = played(api, new_game)
    seen = []
    result = replay(games, game, lambda done, total: seen.append((done, total)))
    version = games.load(game)["version"]
    assert result == {"equal": True, "version": version, "events": version,
                      "chain": {"intact": True, "first_break": None}, "state": {"equal": True}}
    assert seen[0] == (0, version) and seen[-1] == (version, version)


def test_a_hand_edit_is_found_at_its_version(api, new_game, games, redis_client):
    """An edit below the snapshot: the live state (from the snapshot) still reads, and the
    replay's refold differs from it at the edited die."""
    game = played(api, new_game)
    games.snapshots.save(game, games.load(game))  # at the head, as the writes leave it every 8 events
    events = list(games.store.iter_all(game))
    snapshot = int(redis_client.hget(snapshot_key(game), "v"))
    forged = max(e["version"] for e in events if e["type"] == "dice_rolled" and e["version"] <= snapshot)
    redis_client.delete(stream_key(game))
    for event in events:
        if event["version"] == forged:
            event = {**event, "payload": {**event["payload"], "dice": [7 - d for d in event["payload"]["dice"]]}}
        redis_client.xadd(stream_key(game), {"e": dumps(event)}, id=f"{event['version']}-0")
    result = replay(games, game)
    assert result["equal"] is False and result["first_difference"] == forged
    assert result["chain"]["first_break"] == forged
    assert result["state"]["equal"] is False and "game" in result["state"]["keys"]


def test_an_edit_the_rules_cannot_apply_is_reported_not_crashed_on(api, new_game, games, redis_client):
    game = played(api, new_game)
    events = list(games.store.iter_all(game))
    forged = next(e["version"] for e in events if e["type"] == "dice_rolled")
    for edit in ({"payload": {}}, {"type": "no_such_event"}):
        redis_client.delete(stream_key(game))
        for event in events:
            if event["version"] == forged:
                event = {**event, **edit}
            redis_client.xadd(stream_key(game), {"e": dumps(event)}, id=f"{event['version']}-0")
        result = replay(games, game)
        assert result["equal"] is False and result["first_difference"] == forged
        assert result["chain"]["first_break"] == forged and result["events"] == len(events)
        assert result["state"]["first_difference"] == forged and result["state"]["unfoldable"]


def test_a_wrong_live_state_with_an_intact_chain_is_reported_at_the_head(api, new_game, games, redis_client):
    game = played(api, new_game)
    live = games.load(game)
    # A poisoned snapshot is caught on read (tests/events/test_integrity.py); one forged with
    # its digest recomputed checks on read, and the replay still finds it.
    games.snapshots.save(game, {**live, "winner": 99}, replace=True)
    result = replay(games, game)
    assert result["equal"] is False and result["chain"]["intact"] is True
    assert result["state"] == {"equal": False, "first_difference": live["version"], "keys": ["winner"]}
    assert result["first_difference"] == live["version"]


def finished(api, new_game, games) -> str:
    """A toy game played to its end: the seed is out."""
    game, _, tokens = new_game(deadlines={})
    for token in tokens * 2:  # two rounds: the game ends and reveals its seed
        assert api.post(f"/v1/games/{game}/commands", json={"type": "roll"}, headers=bearer(token)).status_code == 201
    assert games.load(game)["rng"]["seed"]
    return game


def reforge(redis_client, game: str, events: list[dict], version: int, edit) -> None:
    """Whoever holds the whole store: event `version`'s payload edited, every hash after it
    redone, the head key too."""
    from events.envelope import event_hash

    prev = None
    redis_client.delete(stream_key(game))
    for event in events:
        if event["version"] == version:
            event = {**event, "payload": edit(dict(event["payload"]))}
        if event["version"] >= version:
            event = {**event, "prev_hash": prev or event["prev_hash"]}
            event["hash"] = prev = event_hash(event)
        redis_client.xadd(stream_key(game), {"e": dumps(event)}, id=f"{event['version']}-0")
    redis_client.hset(head_key(game), "head", prev)


def test_once_the_seed_is_out_a_reforged_chain_still_shows_the_first_wrong_die(api, new_game, games, redis_client):
    """Whoever holds the store can rewrite a die and recompute every hash after it; the
    revealed seed still proves which die is not the one the server rolled."""
    game = finished(api, new_game, games)
    events = list(games.store.iter_all(game))
    assert replay(games, game)["dice"] == {"proven": True, "first_unproven": None}

    forged = next(e["version"] for e in events if e["type"] == "dice_rolled")
    reforge(redis_client, game, events, forged, lambda p: {**p, "dice": [7 - d for d in p["dice"]]})
    result = replay(games, game)
    assert result["chain"]["intact"] is True
    assert result["dice"] == {"proven": False, "first_unproven": forged}
    assert result["equal"] is False and result["first_difference"] == forged


def test_once_the_seed_is_out_a_reforged_deck_order_is_found(api, new_game, games, redis_client):
    """As for a die: a deck order rewritten and re-chained is still not the seed's shuffle."""
    game = finished(api, new_game, games)
    events = list(games.store.iter_all(game))
    assert replay(games, game)["shuffles"] == {"proven": True, "first_unproven": None}

    forged = next(e["version"] for e in events if e["type"] == "deck_shuffled")
    reforge(redis_client, game, events, forged, lambda p: {**p, "order": sorted(p["order"])})
    result = replay(games, game)
    assert result["chain"]["intact"] is True and result["dice"]["proven"] is True
    assert result["shuffles"] == {"proven": False, "first_unproven": forged}
    assert result["equal"] is False and result["first_difference"] == forged


def test_shuffles_a_ruleset_cannot_start_are_reported_unchecked_not_unequal(api, new_game, games, monkeypatch):
    from tests.streams.toy import Toy

    game = finished(api, new_game, games)
    monkeypatch.setattr(Toy, "shuffle_start", None)  # a ruleset that publishes no starting orders
    result = replay(games, game)
    assert result["shuffles"] == {"proven": None, "first_unproven": None}
    assert result["equal"] is True and "first_difference" not in result
