"""decide: check who may send a command now (the step table), run its handler, then the
automatic work. Nothing here mutates the caller's state — the Emitter works on a copy."""
from __future__ import annotations

from service.rules.common.commands import require_player, seat_of, started
from service.rules.common.names import who
from service.rules.errors import Message, RuleViolation

from . import flow
from .actions import HANDLERS
from .emitter import Emitter
from .steps import STEPS, pending

STEP_WORDS = {"move": "the Move Phase (sealed Movement cards)",
              "action": "the Action Phase", "follow_up": "the end of a Tail (Steal or Expose)"}
WHERE = {"choose_move": "in the Move Phase", "deliver": "on your turn in the Action Phase",
         "tail": "on your turn in the Action Phase",
         "trigger_event": "on your turn in the Action Phase",
         "pass_turn": "on your turn in the Action Phase",
         "steal": "right after your Tail", "expose": "right after your Tail",
         "drop_tail": "right after your Tail"}


def check_allowed(g: dict, seat: int, kind: str) -> None:
    if g.get("finished"):
        won = (g.get("result") or {}).get("winners") or [g["winner"]]
        raise RuleViolation("game_finished", f"the game is over ({g['winner']} won); no more "
                            "commands are accepted",
                            message=Message("problem-bb-game-over", count=len(won),
                                            mobs=[Message("problem-bb-mob", mob=str(m)) for m in won]))
    if kind not in HANDLERS:
        raise RuleViolation("unknown_command", f"{kind!r} is not a Booze Baron command",
                            status=422, message=Message("problem-bb-unknown-command", command=kind))
    require_player(g, seat)
    step = STEPS.get(g.get("step") or "")
    here = STEP_WORDS.get(g.get("step") or "", "automatic work")
    if step is None or kind not in step.commands:
        takes = f", which takes {' or '.join(step.commands)}" if step else ""
        step_said = Message("problem-bb-step", step=str(g.get("step") or "automatic"))
        where = Message("problem-bb-where", command=kind)
        raise RuleViolation("wrong_step", f"the game is at {here}{takes}; {kind} is sent "
                            f"{WHERE[kind]}",
                            message=Message("problem-bb-wrong-step", step=step_said, takes=" / ".join(step.commands),
                                            command=kind, where=where) if step else
                            Message("problem-bb-wrong-step-auto", step=step_said, command=kind, where=where))
    waiting = pending(g)
    if seat not in waiting:
        if step.mode == "all" or seat in g["step_done"]:
            raise RuleViolation("not_your_turn", f"you have already acted in {here}",
                                message=Message("problem-bb-already-acted",
                                                step=Message("problem-bb-step", step=str(g["step"]))))
        raise RuleViolation("not_your_turn", f"it is seat {waiting[0]}'s turn in {here}",
                            message=Message("problem-bb-not-your-turn", seat=str(waiting[0]),
                                            player=who(g, waiting[0]),
                                            step=Message("problem-bb-step", step=str(g["step"]))))


def run_command(em, seat: int, cmd: dict) -> None:
    HANDLERS[cmd["type"]](em, seat, cmd)


def decide(state: dict, actor: dict, command: dict, oracle) -> list[dict]:
    g = started(state)
    if g.get("finished"):
        check_allowed(g, 0, command.get("type", ""))
    seat = seat_of(actor)
    check_allowed(g, seat, command["type"])
    em = Emitter(state, oracle)
    run_command(em, seat, command)
    flow.advance(em)
    return em.drafts
