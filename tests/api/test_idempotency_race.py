"""A retried Idempotency-Key gets the first answer, whatever races it.

Twelve threads send one command with one key and the same If-Match at once, 24 times over:
every answer is the first one (same status, version and events), and exactly one command
was recorded per key. Before the key was looked up in every attempt, some of the retries
that loaded the state after the first append answered 409 (`version_conflict`).
"""
from __future__ import annotations

import threading

from events.canonical import dumps
from tests.api.conftest import bearer, new_game

THREADS, ROUNDS = 12, 24


def test_twelve_threads_retrying_one_key_all_get_the_first_answer(toy_app, api):
    game = new_game(api)
    gid, token = game["id"], game["players"][0]
    for round_ in range(ROUNDS):
        version = api.get(f"/v1/games/{gid}").get_json()["version"]
        barrier, answers = threading.Barrier(THREADS), [None] * THREADS

        def send(n: int) -> None:
            client = toy_app.test_client()
            barrier.wait()
            r = client.post(f"/v1/games/{gid}/commands", json={"type": "roll", "count": 2},
                            headers={**bearer(token), "Idempotency-Key": f"k{round_}", "If-Match": str(version)})
            answers[n] = (r.status_code, dumps(r.get_json()))

        threads = [threading.Thread(target=send, args=(n,)) for n in range(THREADS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert {status for status, _ in answers} == {201}, answers
        assert len({body for _, body in answers}) == 1, answers
        assert api.get(f"/v1/games/{gid}").get_json()["version"] == version + 1
