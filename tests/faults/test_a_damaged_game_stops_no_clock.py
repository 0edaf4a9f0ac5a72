"""A game whose record a failover (or a hand) damaged waits for its repair alone: the worker's
sweep of the bots' owed moves goes on to the other games, and so the deadline sweep after it
runs (one damaged game used to stop every game's clock)."""
from __future__ import annotations

from service.bots.seat_bots import OwedMoves
from tests.support.bots import bearer, open_table


def test_the_owed_moves_sweep_passes_a_damaged_game_by(client, app, redis_client):
    games = app.extensions["games"]
    tables = [open_table(client, 3) for _ in range(2)]
    for table in tables:
        ruled = client.post(f"/v1/games/{table.game_id}/commands", headers=bearer(table.organizer),
                            json={"type": "ruling", "kind": "seat_to_bot", "seat": 1, "reason": "gone"})
        assert ruled.status_code == 201
    damaged, healthy = tables
    version = int(redis_client.hget(f"game:{{{damaged.game_id}}}:head", "version"))
    redis_client.xdel(f"game:{{{damaged.game_id}}}:events", f"{version}-0")  # its last event cut
    games.cache.clear()
    sweep = OwedMoves(games, stall=0)
    sweep.sweep(everything=True)  # (raised RecordDamaged for the damaged game)
    assert sweep.seen[damaged.game_id].settled  # left for its repair
    assert healthy.game_id in sweep.seen
