"""A bot written only against the Python client openapi-python-client generates from
api_spec/openapi.json (the package `client`): no hand-written HTTP, no dicts, every answer
a typed model. tests/contract/test_generated_client.py generates the client, checks this
file with `mypy --strict` and lets it play whole games; docs/clients.md "Writing a client" shows it.
"""
from __future__ import annotations

import random
from typing import Any, TypeVar

from client import AuthenticatedClient, Client
from client.api.games import create_game, join_game, start_game
from client.api.play import get_legal_actions, get_state, send_command
from client.models import CreateGame, JoinSeat, ProblemDetail, SayCommand


class Refused(Exception):
    """The server said no (a ProblemDetail) or answered nothing the document describes."""


T = TypeVar("T")


def checked(answer: T | ProblemDetail | None) -> T:
    """The answer's model, typed; a refusal raised."""
    if answer is None or isinstance(answer, ProblemDetail):
        raise Refused(answer.to_dict() if answer is not None else "an undocumented answer")
    return answer


def play(base_url: str, ruleset: str, seats: int, seed: int, httpx_args: dict[str, Any] | None = None) -> int:
    """Create, fill and start a game, then send a legal example for an awaited seat until
    the game is over; returns the final version."""
    args = httpx_args or {}
    anyone = Client(base_url=base_url, httpx_args=args)
    created = checked(create_game.sync(client=anyone, body=CreateGame(ruleset=ruleset, seats=seats)))
    game_id: str = created.game_id
    organizer = AuthenticatedClient(base_url=base_url, token=created.organizer_token, httpx_args=args)
    players: dict[int, AuthenticatedClient] = {}
    for n in range(seats):
        seat = checked(join_game.sync(game_id, client=anyone, body=JoinSeat(name=f"Bot {n + 1}")))
        players[seat.seat] = AuthenticatedClient(base_url=base_url, token=seat.player_token, httpx_args=args)
    checked(start_game.sync(game_id, client=organizer))
    rng = random.Random(seed)
    while True:
        # typed Any among the variants: the document's 304 (If-None-Match) answer has no body
        state = checked(get_state.sync(game_id, client=anyone))
        if state.status.value == "finished":
            return int(state.version)
        seat_no: int = rng.choice(list(state.waiting_for))
        legal = checked(get_legal_actions.sync(game_id, client=players[seat_no]))
        examples = [e for action in legal.actions for e in action.examples if not isinstance(e, SayCommand)]
        if not examples:
            raise Refused(f"seat {seat_no} is awaited but has nothing to send at version {legal.version}")
        checked(send_command.sync(game_id, client=players[seat_no], body=rng.choice(examples),
                                  if_match=str(legal.version)))
