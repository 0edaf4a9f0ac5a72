"""One seat played by its legal examples until the game ends."""
from __future__ import annotations

import random
from typing import Any, Callable

from bootleggers_client import AuthenticatedClient
from bootleggers_client.api.play import get_legal_actions
from bootleggers_client.models import CommandAnswer, GetLegalActionsLookAhead, LegalActions, ProblemDetail, SayCommand
from bootleggers_client.types import UNSET, Unset

from bootleggers_play.retries import Refused, Stale, send
from bootleggers_play.stream import events

#: (the seat's legal examples, its legal-actions answer) -> the example to send, or None to
#: send nothing now (wait for the next event)
Strategy = Callable[[list[Any], LegalActions], Any]


def RANDOM(examples: list[Any], legal: LegalActions) -> Any:  # noqa: N802 (a strategy's name)
    """Any legal example while the game waits for the seat; off-turn nothing (a random seat that
    proposed deals whenever it could would flood the table with offers and stall the game)."""
    return random.choice(examples) if legal.awaited else None


class Greedy:
    """The example that leaves the seat the most cash right after it (the first listed on a
    tie; any, at random, where the referee counts no cash). While the game does not wait for
    the seat (`awaited` false: someone else's turn) it sends only what raises its cash (say,
    accepting a paying deal), else it waits. It asks legal-actions with `look_ahead=cash`:
    the referee works each example out on a stand-in of the game that deals again whatever
    the seat cannot see, so greedy learns nothing a player may not."""

    look_ahead = GetLegalActionsLookAhead.CASH

    def __call__(self, examples: list[Any], legal: LegalActions) -> Any:
        counted = [(cash, example) for action in legal.actions if not isinstance(action.cash_after, Unset)
                   for cash, example in zip(action.cash_after, action.examples)
                   if cash is not None and not isinstance(example, SayCommand)]
        if not counted:
            return RANDOM(examples, legal)
        most = max(cash for cash, _ in counted)
        if not legal.awaited and not (isinstance(legal.cash, int) and most > legal.cash):
            return None
        return next(example for cash, example in counted if cash == most)


GREEDY = Greedy()


def play_seat(base_url: str, game_id: str, token: str, strategy: Strategy = RANDOM,
              httpx_args: dict[str, Any] | None = None, on_move: Callable[[Any], None] | None = None,
              on_answer: Callable[[Any, CommandAnswer], None] | None = None) -> int:
    """Send one of the seat's legal examples whenever it is awaited, wait on the event stream
    when it is not; returns the game's last version once it has ended. A strategy with a
    `look_ahead` attribute (GREEDY) gets legal-actions with that look-ahead. `on_answer(command,
    answer)` gets each accepted command's answer (its `receipt`, to keep: see `receipt_of`).

    Raises `Refused` when the referee refuses the seat itself: 401 once the organizer gave the
    seat to another player (its token stopped working), 403 when the seat forfeited or was
    handed to the server's bot."""
    client = AuthenticatedClient(base_url=base_url, token=token, httpx_args=httpx_args or {})
    look_ahead: GetLegalActionsLookAhead | Unset = getattr(strategy, "look_ahead", UNSET)
    looked = False      # whether the seat was checked for a forfeit since it last had something to do
    while True:
        asked = get_legal_actions.sync_detailed(game_id, client=client, look_ahead=look_ahead)
        legal = asked.parsed
        if not isinstance(legal, LegalActions):
            raise Refused(legal if isinstance(legal, ProblemDetail) else None, int(asked.status_code))
        examples = [e for action in legal.actions for e in action.examples if not isinstance(e, SayCommand)]
        if not examples:
            if not legal.actions:  # not even `say`: the game is over
                return legal.version
            if not looked:     # a forfeited seat is offered nothing, ever: say so rather than wait
                refuse_if_forfeited(client, game_id, legal.seat)
                looked = True
            if event_type(wait_for_next_event(base_url, game_id, token, legal.version, httpx_args)) == "seat_forfeited":
                looked = False
            continue
        looked = False
        command = strategy(examples, legal)
        if command is None:  # the strategy sends nothing now
            wait_for_next_event(base_url, game_id, token, legal.version, httpx_args)
            continue
        try:
            answer = send(client, game_id, command, legal.version)
        except Stale:
            continue  # another seat moved first: look again
        if on_move is not None:
            on_move(command)
        if on_answer is not None:
            on_answer(command, answer)


def refuse_if_forfeited(client: AuthenticatedClient, game_id: str, seat: int) -> None:
    """Raise `Refused` (403 `seat_forfeited`, as the referee answers its commands) when the
    organizer has ruled that `seat` forfeits: the referee makes its moves from then on."""
    state = client.get_httpx_client().get(f"/v1/games/{game_id}")
    if state.status_code == 200 and seat in (state.json().get("forfeited") or ()):
        raise Refused(ProblemDetail.from_dict({
            "code": "seat_forfeited", "status": 403, "title": "Forbidden",
            "detail": f"seat {seat} has forfeited this game; its moves are made for it"}), 403)


def event_type(event: Any) -> str | None:
    """An event's type, typed model or dict."""
    kind = event.get("type") if isinstance(event, dict) else getattr(event, "type", None)
    return getattr(kind, "value", kind)


def wait_for_next_event(base_url: str, game_id: str, token: str, version: int,
                        httpx_args: dict[str, Any] | None) -> Any:
    """The next event after `version` (None if the stream ends first: the game is over)."""
    for event in events(base_url, game_id, token, after=version, httpx_args=httpx_args):
        return event
    return None


def receipt_of(answer: CommandAnswer) -> dict | None:
    """The answer's receipt as `bootleggers verify --receipts` reads it, `{version, receipt}`;
    None when it carries none (a scripted game without a seed)."""
    kept = answer.receipt
    if kept is None or isinstance(kept, Unset):
        return None
    kept = kept.to_dict() if hasattr(kept, "to_dict") else kept
    return dict(kept) if isinstance(kept, dict) and kept.get("receipt") else None
