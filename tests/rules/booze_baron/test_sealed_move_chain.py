"""A sealed Movement card is hidden from the organizer too (he may be playing), so no hash
that covers it may reach him before the reveal: with the event's other fields, its hash
would give the Location away in six tries. Players get no chain while the game runs (their
secrets — Booze cards of three Mobs — would fall to a brute force even faster)."""
from __future__ import annotations

from events.envelope import event_hash
from events.store import EventStore
from service.rules.booze_baron import data
from tests.support.bots import bearer

from .rest import open_booze_table


def everything_seen(table, token, at: int) -> str:
    c, gid, h = table.client, table.game_id, bearer(token)
    answers = [c.get(f"/v1/games/{gid}", headers=h), c.get(f"/v1/games/{gid}?at={at}", headers=h),
               c.get(f"/v1/games/{gid}/events?limit=1000", headers=h),
               c.get(f"/v1/games/{gid}/events/stream?timeout=1", headers=h)]
    assert all(r.status_code == 200 for r in answers)
    return "\n".join(r.get_data(as_text=True) for r in answers)


def test_no_hash_covering_a_sealed_movement_card_reaches_the_organizer(app, redis_client):
    table = open_booze_table(app.test_client(), 3)
    answer = table.send(1, {"type": "choose_move", "location": "casino"})
    assert answer.status_code == 201
    chosen_at = answer.get_json()["version"]
    raw = list(EventStore(redis_client).iter_all(table.game_id))
    chosen = raw[chosen_at - 1]
    assert chosen["type"] == "movement_chosen" and chosen["payload"]["location"] == "casino"

    for token in (table.organizer, table.tokens[2]):
        seen = everything_seen(table, token, chosen_at)
        for loc in data.HOUSE_LOCATIONS:
            guess = {**chosen, "payload": {**chosen["payload"], "location": loc["id"]}}
            assert event_hash(guess) not in seen, f"the hash of a move to {loc['id']} is shown"
    assert raw[chosen_at - 2]["hash"] in everything_seen(table, table.organizer, chosen_at)
    audit = table.client.get(f"/v1/games/{table.game_id}/audit", headers=bearer(table.organizer)).get_json()
    assert audit["head_hash"] is None and audit["chain_withheld_from"] == chosen_at

    for seat, loc in ((2, "docks"), (3, "docks")):
        assert table.send(seat, {"type": "choose_move", "location": loc}).status_code == 201
    audit = table.client.get(f"/v1/games/{table.game_id}/audit", headers=bearer(table.organizer)).get_json()
    assert audit["chain_withheld_from"] is None and audit["head_hash"] is not None
    events = table.client.get(f"/v1/games/{table.game_id}/events?limit=1000",
                              headers=bearer(table.organizer)).get_json()["events"]
    assert events[chosen_at - 1]["hash"] == chosen["hash"]
    assert events[chosen_at - 1]["payload"]["location"] is None       # the card itself stays sealed
    players = table.client.get(f"/v1/games/{table.game_id}/events?limit=1000",
                               headers=bearer(table.tokens[2])).get_json()["events"]
    assert not any("hash" in e for e in players)
