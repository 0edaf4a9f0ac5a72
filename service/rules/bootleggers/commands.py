"""decide: check who may send a command now, run its handler, then the automatic work.

Routing reads the step table: a command is either the current step's (for a seat the step
waits for) or a "free" one allowed whenever Muscle cards are displayed. Nothing here mutates
the caller's state — the Emitter works on a deep copy.
"""
from __future__ import annotations

from service.rules.common.commands import require_player, seat_of, started
from service.rules.errors import Message, RuleViolation

from . import flow, forfeits, rulings, words
from .handlers import HANDLERS, run_command
from .emitter import Emitter
from .model import muscle, muscle_displayed
from .steps import ANYTIME_INFLUENCE, DEAL_COMMANDS, FREE_COMMANDS, STEPS, pending

STEP_WORDS = {
    "bid": "Phase 1 sealed bidding", "choose_offer": "Phase 1 offer choices",
    "place_influence": "Phase 2 influence placement", "deals": "the Phase 4 deals step",
    "load": "Phase 4 loading", "dispatch": "Phase 4 dispatch",
    "public_dock": "a Phase 5 Public-dock question", "finished": "the end of the game",
    "thug_window": "a Thug card window", "reaction": "a Thug card's reaction window",
    "vigorish": "a Vigorish question",
}
WHERE = {
    "bid": "in Phase 1 bidding", "take_offer": "on your turn in Phase 1",
    "place_influence": "on your turn in Phase 2", "load": "in Phase 4 loading",
    "dispatch": "on your turn in Phase 4 dispatch", "allow_public": "when asked in Phase 5",
    "pass": "when it is your part of a step", "answer_vigorish": "when a Vigorish asks you",
}


def is_free(game: dict, kind: str) -> bool:
    """Free commands: back-room dice/improvements, and influence under the anytime rule."""
    return kind in FREE_COMMANDS or (kind == ANYTIME_INFLUENCE
                                     and game["influence_mode"] == "anytime")


def check_allowed(game: dict, seat: int, kind: str) -> None:
    if game.get("finished"):
        winner = game["winner"]
        raise RuleViolation("game_finished", f"the game is over (seat {winner} won); "
                            "no more commands are accepted",
                            message=Message("problem-bl-game-over", seat=str(winner),
                                            player=words.who(game, winner)))
    if kind not in HANDLERS and kind != "pass":
        raise RuleViolation("unknown_command", f"{kind!r} is not a Bootleggers command",
                            status=422, message=Message("problem-bl-unknown-command", command=kind))
    require_player(game, seat)
    step = STEPS.get(game["step"] or "")
    if is_free(game, kind) and not (step and kind in step.commands):
        if not muscle_displayed(game):
            raise RuleViolation("wrong_step", f"{kind} is allowed only while Muscle cards are "
                                "displayed (from the Phase 1 reveal to the end of Phase 5)",
                                message=Message("problem-bl-muscle-displayed-only", command=kind))
        if kind in DEAL_COMMANDS and game["step"] in ("reaction", "vigorish"):
            raise RuleViolation("thug_pending", "a Thug card or a Vigorish answer is pending; "
                                "deals wait until it is settled",
                                message=Message("problem-bl-deals-wait"))
        return
    here = STEP_WORDS.get(game["step"] or "", "automatic work")
    at = words.step(game["step"] if game["step"] in STEP_WORDS else None)
    if step is None or kind not in step.commands:
        takes = f", which takes {' or '.join(step.commands)}" if step else ""
        said = (Message("problem-bl-wrong-step", step=at, takes=" / ".join(step.commands), command=kind,
                        where=Message("problem-bl-where", command=kind)) if step else
                Message("problem-bl-wrong-step-auto", step=at, command=kind,
                        where=Message("problem-bl-where", command=kind)))
        raise RuleViolation("wrong_step", f"the game is at {here}{takes}; {kind} is sent "
                            f"{WHERE.get(kind, 'at another time')}", message=said)
    waiting = pending(game)
    if seat not in waiting:
        if seat in game["step_done"]:
            raise RuleViolation("not_your_turn", f"you have already acted in {here}",
                                message=Message("problem-bl-already-acted", step=at))
        if seat not in game["step_seats"]:
            raise RuleViolation("not_your_turn", f"{here} does not involve you this round "
                                "(nothing to do)", message=Message("problem-bl-not-involved", step=at))
        order = ", ".join(f"seat {s} ({muscle(game, s)})"
                          for s in game["step_seats"])
        named = ", ".join(f"{words.who(game, s)} ({muscle(game, s)})" for s in game["step_seats"])
        raise RuleViolation("not_your_turn", f"it is seat {waiting[0]}'s turn in {here}; the "
                            f"order is by Muscle: {order}",
                            message=Message("problem-bl-not-your-turn", seat=str(waiting[0]),
                                            player=words.who(game, waiting[0]), step=at, order=named))


def decide(state: dict, actor: dict, command: dict, oracle) -> list[dict]:
    game = started(state)
    if game.get("finished"):
        check_allowed(game, 0, command.get("type", ""))
    if command["type"] == "ruling":                 # organizer only (rulings.py)
        em = Emitter(state, oracle)
        rulings.rule(em, actor, command)
        flow.advance(em)
        return em.drafts
    seat = seat_of(actor)
    check_allowed(game, seat, command["type"])
    em = Emitter(state, oracle)
    run_command(em, seat, command)
    flow.advance(em)
    return em.drafts


def forfeit(state: dict, seat: int, oracle) -> list[dict]:
    """The ruleset hook (service/rules/interface.py): `state` already holds the forfeit."""
    g = state["game"]
    if state["status"] == "finished":
        if g is None or not g.get("finished"):
            return []
        order = forfeits.ranking(g, g["final_cash"], set(state.get("forfeited") or ()))
        winner = order[0] if order[0] not in (state.get("forfeited") or ()) else None
        if winner == state.get("winner"):
            return []
        return [{"type": "result_amended", "payload": {"winner": winner, "winner_was": state.get("winner")}}]
    em = Emitter(state, oracle)
    flow.advance(em)
    return em.drafts
