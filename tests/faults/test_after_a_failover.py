"""After a failover that lost the last events (DURABILITY=local, or an append never confirmed),
another writer may append at the same version on the promoted replica: a process whose copy of
the game still holds the lost events must read the game again, not answer 500."""
from __future__ import annotations

from service.streams.snapshots import snapshot_key
from tests.support.bots import bearer, open_table


def test_a_copy_on_a_chain_a_failover_replaced_is_read_again(make_app, redis_client):
    first, second = make_app().test_client(), make_app().test_client()
    table = open_table(first, 3)
    talk = lambda api, text: api.post(f"/v1/games/{table.game_id}/commands", json={"type": "say", "text": text},  # noqa: E731
                                      headers=bearer(table.tokens[1]))
    head, snapshot = f"game:{{{table.game_id}}}:head", snapshot_key(table.game_id)
    before = (redis_client.hgetall(head), redis_client.hgetall(snapshot))
    lost = talk(first, "lost in the failover").get_json()["version"]  # the first app's copy holds it
    # The failover: the promoted replica never had that event (nor the head and snapshot after it).
    stream = f"game:{{{table.game_id}}}:events"
    kept = redis_client.xrange(stream, "-", f"{lost - 1}-0")
    redis_client.delete(stream)
    for entry_id, fields in kept:
        redis_client.xadd(stream, fields, id=entry_id)
    for key, fields in zip((head, snapshot), before):
        redis_client.delete(key)
        redis_client.hset(key, mapping=fields)
    after = talk(second, "said after it")
    assert after.get_json().get("version") == lost, after.get_data(as_text=True)  # the same version, another chain
    again = talk(first, "and then")
    assert again.status_code == 201, again.get_data(as_text=True)
    assert again.get_json()["version"] == lost + 1
