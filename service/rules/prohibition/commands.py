"""decide: who may send a command now (read from the step table), its handler, then the
automatic work. Nothing here mutates the caller's state (the Emitter works on a copy)."""
from __future__ import annotations

from service.rules.common.commands import require_player, seat_of, started
from service.rules.common.names import who as name_of
from service.rules.errors import Message, RuleViolation

from . import actions, flow
from .emitter import Emitter
from .steps import STEPS, pending

HANDLERS = {"move": actions.move, "buy": actions.buy, "sell": actions.sell,
            "end_turn": actions.end_turn}
STEP_WORDS = {"move": "the Action phase (use a die or end your turn)",
              "buy": "a question: how many Cases to buy", "sell": "a question: sell your Cases?"}


def check_allowed(game: dict, seat: int, kind: str) -> None:
    if game.get("finished"):
        won = game.get("winners") or [game["winner"]]
        who = " and ".join(f"seat {s}" for s in won)
        raise RuleViolation("game_finished", f"the game is over ({who} "
                            f"{'won' if len(won) == 1 else 'share the win'}); "
                            "no more commands are accepted",
                            message=Message("problem-pr-game-over", winners=", ".join(name_of(game, s) for s in won),
                                            count=len(won)))
    if kind not in HANDLERS:
        raise RuleViolation("unknown_command", f"{kind!r} is not a Prohibition command",
                            status=422, message=Message("problem-pr-unknown-command", command=kind))
    require_player(game, seat)
    waiting = pending(game)
    if seat not in waiting:
        who = f"seat {waiting[0]}'s" if waiting else "nobody's"
        raise RuleViolation("not_your_turn", f"it is {who} turn; you play when your turn comes",
                            message=Message("problem-pr-not-your-turn", seat=str(waiting[0]),
                                            player=name_of(game, waiting[0])) if waiting else
                            Message("problem-pr-nobodys-turn"))
    step = STEPS[game["step"]]
    if kind not in step.commands:
        raise RuleViolation("wrong_step", f"the game waits for {STEP_WORDS[step.name]}, which "
                            f"takes {' or '.join(step.commands)}, not {kind}",
                            message=Message("problem-pr-wrong-step", step=step.name,
                                            takes=" / ".join(step.commands), command=kind))


def run_command(em, seat: int, cmd: dict) -> None:
    HANDLERS[cmd["type"]](em, seat, cmd)


def decide(state: dict, actor: dict, command: dict, oracle) -> list[dict]:
    game = started(state)
    seat = seat_of(actor)
    check_allowed(game, seat, command["type"])
    em = Emitter(state, oracle)
    run_command(em, seat, command)
    flow.advance(em)
    return em.drafts
