"""Decisions the engine takes itself, before and around a ruleset: seats, start, talk, who
may send a ruleset's command.

Pure like the rules kernel: state in, drafts out, RuleViolation for a refusal.
"""
from __future__ import annotations

from service.rules import disputes
from service.rules.errors import RuleViolation
from service.table.disputes import GAME


def require_status(state: dict, *allowed: str) -> None:
    status = state["status"]
    if status in allowed:
        return
    if status == "finished":
        raise RuleViolation("game_finished", "this game is over; it accepts no more commands")
    if status == "lobby":
        raise RuleViolation("game_not_started", "the game has not started yet; the organizer starts it once every seat is filled")
    raise RuleViolation("game_started", "the game has already started")


def decide_join(state: dict, name: str, token_hash: str) -> list[dict]:
    require_status(state, "lobby")
    taken = len(state["seats"])
    if taken >= state["seats_total"]:
        raise RuleViolation("game_full", f"all {state['seats_total']} seats of this game are taken")
    return [{"type": "seat_joined", "payload": {"seat": taken + 1, "name": name, "token_hash": token_hash}}]


def check_start(state: dict, actor: dict) -> None:
    if actor["kind"] != "organizer":
        raise RuleViolation("organizer_only", "only the game's organizer may start it", status=403)
    require_status(state, "lobby")
    missing = state["seats_total"] - len(state["seats"])
    if missing:
        raise RuleViolation("seats_empty", f"{missing} of {state['seats_total']} seats are still empty; "
                            "the game starts when every seat is filled")


def decide_say(state: dict, actor: dict, text: str) -> list[dict]:
    """Talk as in every kind of stream (service/rules/disputes.py), while the game is in its
    lobby or running."""
    require_status(state, "lobby", "running")
    return disputes.decide_say(GAME, state, actor, text)


def check_sender(state: dict, actor: dict, kind: str, organizers) -> None:
    """Whether `actor` may send the ruleset's command `kind` now: the game running, the
    organizer only its `organizers` commands, a seat the others, and only while the seat is
    its own (not forfeited, not handed to the server's bot)."""
    require_status(state, "running")
    if actor["kind"] == "organizer" and kind not in organizers:
        raise RuleViolation("seat_only", f"only a seated player may send {kind}", status=403)
    if actor["kind"] == "seat" and kind in organizers:
        raise RuleViolation("organizer_only", f"only the organizer may send {kind}", status=403)
    if actor["kind"] == "seat" and actor["seat"] in (state.get("forfeited") or ()):
        raise RuleViolation("seat_forfeited", f"seat {actor['seat']} has forfeited this game; "
                            "its moves are made for it", status=403)
    if actor["kind"] == "seat" and str(actor["seat"]) in (state.get("bots") or {}) and not actor.get("bot"):
        raise RuleViolation("seat_played_by_bot", f"the organizer has handed seat {actor['seat']} to the "
                            "server's bot; ask the organizer for it back (a seat_to_player ruling)",
                            status=403)
