"""A sealed bid is hidden from the organizer too, so no hash that covers it may reach him
before the reveal: with the event's other fields (all shown to him) and the bidder's hand
(also shown to him), its hash would give the card away in at most 12 tries."""
from __future__ import annotations

import json

from events.envelope import event_hash
from events.store import EventStore
from tests.support.bots import bearer, open_table


def organizer_sees(table, bid_version: int) -> str:
    """Everything the organizer can read while the bid is sealed, as one text."""
    c, gid, org = table.client, table.game_id, bearer(table.organizer)
    answers = [
        c.get(f"/v1/games/{gid}", headers=org),
        c.get(f"/v1/games/{gid}?at={bid_version}", headers=org),
        c.get(f"/v1/games/{gid}/events?limit=1000", headers=org),
        c.get(f"/v1/games/{gid}/events/stream?timeout=1", headers=org),
        c.get(f"/v1/games/{gid}/audit", headers=org),
    ]
    assert all(r.status_code == 200 for r in answers)
    return "\n".join(r.get_data(as_text=True) for r in answers)


def test_no_hash_covering_a_sealed_bid_reaches_the_organizer(app, redis_client):
    table = open_table(app.test_client(), 3)
    hand = table.state(table.tokens[1])["players"][0]["muscle_hand"]
    answer = table.send(1, {"type": "bid", "card": hand[0]})
    assert answer.status_code == 201
    bid_version = answer.get_json()["version"]
    raw = list(EventStore(redis_client).iter_all(table.game_id))
    bid = raw[bid_version - 1]
    assert bid["type"] == "bid_placed" and bid["payload"]["card"] == hand[0]

    seen = organizer_sees(table, bid_version)
    # The brute force the organizer could try: every card of the bidder's hand.
    for card in hand:
        guess = {**bid, "payload": {**bid["payload"], "card": card}}
        assert event_hash(guess) not in seen, f"the hash of a bid of {card} is shown"
    assert raw[bid_version - 2]["hash"] in seen            # the chain before the bid stays visible

    audit = table.client.get(f"/v1/games/{table.game_id}/audit", headers=bearer(table.organizer)).get_json()
    assert audit["head_hash"] is None and audit["chain_withheld_from"] == bid_version
    assert all(cp["version"] < bid_version for cp in audit["checkpoints"])
    events = table.client.get(f"/v1/games/{table.game_id}/events?limit=1000",
                              headers=bearer(table.organizer)).get_json()["events"]
    assert [e["version"] for e in events if "hash" in e] == list(range(1, bid_version))

    # The reveal opens the chain again, the earlier bids' hashes included.
    for seat in (2, 3):
        own = table.state(table.tokens[seat])["players"][seat - 1]["muscle_hand"]
        assert table.send(seat, {"type": "bid", "card": own[0]}).status_code == 201
    audit = table.client.get(f"/v1/games/{table.game_id}/audit", headers=bearer(table.organizer)).get_json()
    assert audit["chain_withheld_from"] is None and audit["head_hash"] is not None
    events = table.client.get(f"/v1/games/{table.game_id}/events?limit=1000",
                              headers=bearer(table.organizer)).get_json()["events"]
    assert all("hash" in e and "prev_hash" in e for e in events)
    assert json.loads(json.dumps(events))[bid_version - 1]["hash"] == bid["hash"]
