"""A command decided on the latest state (service/table/latest.py): who asks is settled once,
outside the write lock, on this process's copy; a copy that is behind is set aside for a
checked read, and who asks is asked again only when the token table changed meanwhile."""
from __future__ import annotations

from service.table.games import Games
from service.streams.ledger import token_hash
from tests.streams.toy import TOY


class Refused(Exception):
    pass


def asker(token: str, asked: list):
    """An `authorize` that counts its calls and refuses a token the state does not know."""
    def authorize(state: dict):
        asked.append(state["version"])
        actor = (state.get("auth") or {}).get(token_hash(token))
        if actor is None:
            raise Refused(token)
        return actor, {"type": "say", "text": "hello"}
    return authorize


def two_processes(redis_client) -> tuple[Games, Games, str, str]:
    """Two processes' services on one store, a game in its lobby (the organizer's token), and
    this process (the first) holding its copy of it."""
    here, there = Games(redis_client, {"toy": TOY}), Games(redis_client, {"toy": TOY})
    created = here.create("toy", 3, {})
    here.load(created["game_id"])
    return here, there, created["game_id"], created["organizer_token"]


def test_a_current_copy_is_asked_once_and_decided_on(redis_client):
    here, _, game, organizer = two_processes(redis_client)
    asked, again = [], []
    outcome, actor = here.command_on_latest(game, asker(organizer, asked), refusals=(Refused,),
                                            again=lambda: again.append(1))
    assert actor == {"kind": "organizer"} and outcome.events[0]["type"] == "said"
    assert len(asked) == 1 and again == []


def test_a_copy_behind_is_set_aside_without_asking_again_while_the_tokens_are_the_same(redis_client):
    here, there, game, organizer = two_processes(redis_client)
    there.command(game, {"kind": "organizer"}, {"type": "say", "text": "first"})
    asked, again = [], []
    outcome, _ = here.command_on_latest(game, asker(organizer, asked), refusals=(Refused,),
                                        again=lambda: again.append(1))
    assert outcome.version == there.load(game)["version"] and outcome.events[0]["payload"]["text"] == "hello"
    assert len(asked) == 1 and again == [1]


def test_a_token_the_copy_does_not_know_yet_is_asked_about_on_a_checked_read(redis_client):
    here, there, game, _ = two_processes(redis_client)
    _, token, _ = there.join(game, "Alice")
    asked, again = [], []
    outcome, actor = here.command_on_latest(game, asker(token, asked), refusals=(Refused,),
                                            again=lambda: again.append(1))
    assert actor == {"kind": "seat", "seat": 1} and outcome.events[0]["type"] == "said"
    assert len(asked) == 2 and again == [1]


def test_a_token_table_changed_meanwhile_is_asked_about_again(redis_client):
    here, there, game, organizer = two_processes(redis_client)
    there.join(game, "Alice")  # a new token: what a token grants may have changed
    asked = []
    here.command_on_latest(game, asker(organizer, asked), refusals=(Refused,))
    assert len(asked) == 2 and asked[0] < asked[1]
